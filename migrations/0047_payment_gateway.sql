-- The money path (issue 11, docs/decisions/0017-payments.md).
-- payment_credits: one row per credited payment, written first in the crediting batch; its primary
-- key makes a second credit of the same payment (a racing callback and webhook, a replayed webhook)
-- fail as a whole, so a payment is credited exactly once.
CREATE TABLE payment_credits (
  payment_id TEXT PRIMARY KEY NOT NULL,
  gateway_payment_id TEXT NOT NULL,
  source TEXT NOT NULL,
  credited_at INTEGER NOT NULL,
  FOREIGN KEY (payment_id) REFERENCES payments(id) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX payment_credits_gateway_payment_unique ON payment_credits (gateway_payment_id);

-- The local sandbox gateway (functions/platform/sandbox-gateway.ts), the default without Razorpay
-- keys: its orders and payments in Razorpay's shape (amounts in paise), and the webhooks it sends
-- to the app with retries.
CREATE TABLE sandbox_gateway_orders (
  id TEXT PRIMARY KEY NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  receipt TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'created',
  attempts INTEGER NOT NULL DEFAULT 0,
  amount_paid INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE sandbox_gateway_payments (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  method TEXT NOT NULL,
  vpa TEXT,
  card_last4 TEXT,
  email TEXT,
  contact TEXT,
  fee INTEGER,
  tax INTEGER,
  notes TEXT NOT NULL DEFAULT '{}',
  error_code TEXT,
  error_description TEXT,
  error_source TEXT,
  error_step TEXT,
  error_reason TEXT,
  created_at INTEGER NOT NULL,
  captured_at INTEGER,
  FOREIGN KEY (order_id) REFERENCES sandbox_gateway_orders(id) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX sandbox_gateway_payments_order_idx ON sandbox_gateway_payments (order_id);
CREATE TABLE sandbox_gateway_webhooks (
  id TEXT PRIMARY KEY NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'PENDING',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX sandbox_gateway_webhooks_due_idx ON sandbox_gateway_webhooks (status, next_attempt_at);
