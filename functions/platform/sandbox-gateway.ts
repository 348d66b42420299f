import type { sandboxGatewayWebhooks } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { isDomainError, PayloadTooLarge } from "#domain/core/errors.ts";
import { gatewayId, hmacSha256Hex } from "./hmac.ts";
import { readFormData } from "./request-body.ts";
import { log } from "./log.ts";

/**
 * The local sandbox gateway (issue 11, docs/decisions/0017-payments.md): the payment gateway of
 * development, tests and local demos. It takes no money, so it runs only where explicitly enabled
 * on a loopback host (SANDBOX_GATEWAY="on", no Razorpay keys, not production: payments.ts
 * sandboxGatewayEnabled); a deploy without keys takes no orders at all (issue 28). It
 * behaves like Razorpay where the app can see it:
 * - orders and payments with Razorpay's ids (order_ / pay_ + 14 base62 characters) and shapes
 *   (amounts in paise), kept in its own D1 tables (migration 0047);
 * - a checkout page at the Hosted Checkout form's action (POST /sandbox-gateway/v1/checkout/embedded),
 *   plain HTML that works without JavaScript, where the payer pays by UPI (like Razorpay's test
 *   mode, "failure@razorpay" fails and any other VPA succeeds) or card, or declines;
 * - the outcome POSTed to the callback_url exactly like Razorpay's redirect mode (razorpay_payment_id,
 *   razorpay_order_id, razorpay_signature; or error[code], error[description], error[source],
 *   error[step], error[reason], error[metadata]) through an auto-submitting form;
 * - webhooks (payment.captured and order.paid, or payment.failed) in Razorpay's payload shape,
 *   signed in X-Razorpay-Signature with X-Razorpay-Event-Id, sent to the app's webhook URL (on the
 *   origin the checkout page was served from: this Worker) at once
 *   and retried with back-off by the 5-minute cron until the app answers 2xx.
 * Signatures are Razorpay's, with SANDBOX_GATEWAY_SECRET (a fixed local default: the sandbox only
 * runs on loopback hosts) as both the key secret and the webhook secret.
 */

export type SandboxEnv = { DB: D1Database; SANDBOX_GATEWAY_SECRET?: string };

/** The sandbox's public key id (the checkout form's key_id). */
export const SANDBOX_KEY_ID = "rzp_test_MandapSandbox1";
export const SANDBOX_PATH = "/sandbox-gateway/v1";
const CHECKOUT_PATH = `${SANDBOX_PATH}/checkout/embedded`;
const PAY_PATH = `${SANDBOX_PATH}/checkout/pay`;
/** Where the app receives webhooks (functions/api/payments.ts). */
export const WEBHOOK_PATH = "/api/v1/payments/webhook";
const DEFAULT_SECRET = "mandap-local-sandbox-gateway-secret";
const ACCOUNT_ID = "acc_MandapSandbox01";

export const sandboxSecret = (env: Pick<SandboxEnv, "SANDBOX_GATEWAY_SECRET">) => env.SANDBOX_GATEWAY_SECRET?.trim() || DEFAULT_SECRET;

export type SandboxOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: string;
  status: "created" | "attempted" | "paid";
  attempts: number;
  amountPaid: number;
  createdAt: number;
};

export type SandboxPayment = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: "captured" | "failed";
  method: string;
  vpa: string | null;
  cardLast4: string | null;
  email: string | null;
  contact: string | null;
  fee: number | null;
  tax: number | null;
  notes: string;
  errorCode: string | null;
  errorDescription: string | null;
  errorSource: string | null;
  errorStep: string | null;
  errorReason: string | null;
  createdAt: number;
  capturedAt: number | null;
  /** Paise refunded so far (sandbox_gateway_refunds). */
  amountRefunded?: number;
};

const ORDER_COLUMNS = "id, amount, currency, receipt, notes, status, attempts, amount_paid AS amountPaid, created_at AS createdAt";
const PAYMENT_COLUMNS = `id, order_id AS orderId, amount, currency, status, method, vpa, card_last4 AS cardLast4, email, contact, fee, tax, notes,
  error_code AS errorCode, error_description AS errorDescription, error_source AS errorSource, error_step AS errorStep, error_reason AS errorReason,
  created_at AS createdAt, captured_at AS capturedAt,
  (SELECT COALESCE(SUM(r.amount), 0) FROM sandbox_gateway_refunds r WHERE r.payment_id = sandbox_gateway_payments.id) AS amountRefunded`;

const parseNotes = (json: string): Record<string, string> => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** Creates an order as POST /v1/orders does. */
export async function sandboxCreateOrder(
  db: D1Database,
  input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> },
  now = Date.now(),
): Promise<SandboxOrder> {
  const order: SandboxOrder = {
    id: gatewayId("order"),
    amount: input.amount,
    currency: input.currency,
    receipt: input.receipt,
    notes: JSON.stringify(input.notes ?? {}),
    status: "created",
    attempts: 0,
    amountPaid: 0,
    createdAt: now,
  };
  await db
    .prepare(
      "INSERT INTO sandbox_gateway_orders (id, amount, currency, receipt, notes, status, attempts, amount_paid, created_at) VALUES (?, ?, ?, ?, ?, 'created', 0, 0, ?)",
    )
    .bind(order.id, order.amount, order.currency, order.receipt, order.notes, now)
    .run();
  return order;
}

export const sandboxOrder = (db: D1Database, id: string) =>
  db.prepare(`SELECT ${ORDER_COLUMNS} FROM sandbox_gateway_orders WHERE id = ?`).bind(id).first<SandboxOrder>();
export const sandboxPayment = (db: D1Database, id: string) =>
  db.prepare(`SELECT ${PAYMENT_COLUMNS} FROM sandbox_gateway_payments WHERE id = ?`).bind(id).first<SandboxPayment>();

/** The payment as Razorpay's API and webhooks show it (snake_case, paise, seconds). */
export function paymentEntity(p: SandboxPayment) {
  return {
    id: p.id,
    entity: "payment",
    amount: p.amount,
    currency: p.currency,
    // Razorpay: a captured payment refunded in full is "refunded"; refund_status partial or full.
    status: p.status === "captured" && (p.amountRefunded ?? 0) >= p.amount ? ("refunded" as const) : p.status,
    order_id: p.orderId,
    invoice_id: null,
    international: false,
    method: p.method,
    amount_refunded: p.amountRefunded ?? 0,
    refund_status: !p.amountRefunded ? null : p.amountRefunded >= p.amount ? "full" : "partial",
    captured: p.status === "captured",
    description: null,
    card_id: null,
    card: p.cardLast4 ? { entity: "card", last4: p.cardLast4, network: "Visa", type: "credit", international: false } : null,
    bank: null,
    wallet: null,
    vpa: p.vpa,
    email: p.email,
    contact: p.contact,
    notes: parseNotes(p.notes),
    fee: p.fee,
    tax: p.tax,
    error_code: p.errorCode,
    error_description: p.errorDescription,
    error_source: p.errorSource,
    error_step: p.errorStep,
    error_reason: p.errorReason,
    created_at: Math.floor(p.createdAt / 1000),
  };
}

function orderEntity(o: SandboxOrder) {
  return {
    id: o.id,
    entity: "order",
    amount: o.amount,
    amount_paid: o.amountPaid,
    amount_due: o.amount - o.amountPaid,
    currency: o.currency,
    receipt: o.receipt,
    status: o.status,
    attempts: o.attempts,
    notes: parseNotes(o.notes),
    created_at: Math.floor(o.createdAt / 1000),
  };
}

// -------------------------------------------------------------------------------------------------
// Refunds (POST /v1/payments/{id}/refund)

export type SandboxRefund = {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: "processed";
  speed: string;
  notes: string;
  receipt: string | null;
  createdAt: number;
};

/** A refund the sandbox refused, with Razorpay's status and wording. */
export class SandboxRefundRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "SandboxRefundRefused";
  }
}

/** The refund as Razorpay's API and webhooks show it. */
export function refundEntity(r: SandboxRefund) {
  return {
    id: r.id,
    entity: "refund",
    amount: r.amount,
    currency: r.currency,
    payment_id: r.paymentId,
    notes: parseNotes(r.notes),
    receipt: r.receipt,
    acquirer_data: { arn: null },
    created_at: Math.floor(r.createdAt / 1000),
    batch_id: null,
    status: r.status,
    speed_processed: r.speed,
    speed_requested: r.speed,
  };
}

/**
 * Refunds a captured payment as POST /v1/payments/{id}/refund does (amount in paise, at most what
 * is left; at least ₹1): processed at once, and its refund.processed webhook (refund and payment
 * entities, signed like the others) queued to `webhookUrl` in the same batch. Two refunds at once
 * cannot both pass the amount left: the insert checks it.
 */
export async function sandboxRefund(
  env: SandboxEnv,
  input: { paymentId: string; amount: number; speed: string; receipt?: string; notes?: Record<string, string> },
  webhookUrl: string | null,
  now = Date.now(),
): Promise<{ refund: SandboxRefund; webhooks: string[] }> {
  const payment = await sandboxPayment(env.DB, input.paymentId);
  if (!payment) throw new SandboxRefundRefused("The id provided does not exist", 404);
  if (payment.status !== "captured") throw new SandboxRefundRefused("The payment has not been captured, so it cannot be refunded.", 400);
  if (!Number.isInteger(input.amount) || input.amount < 100) throw new SandboxRefundRefused("The amount must be at least INR 1.00.", 400);
  const left = payment.amount - (payment.amountRefunded ?? 0);
  if (input.amount > left) throw new SandboxRefundRefused("The total refund amount is greater than the refund payment amount.", 400);
  const refund: SandboxRefund = {
    id: gatewayId("rfnd"),
    paymentId: payment.id,
    amount: input.amount,
    currency: payment.currency,
    status: "processed",
    speed: input.speed,
    notes: JSON.stringify(input.notes ?? {}),
    receipt: input.receipt ?? null,
    createdAt: now,
  };
  const after: SandboxPayment = { ...payment, amountRefunded: (payment.amountRefunded ?? 0) + refund.amount };
  const event = {
    id: gatewayId("evt"),
    name: "refund.processed",
    body: JSON.stringify({
      entity: "event",
      account_id: ACCOUNT_ID,
      event: "refund.processed",
      contains: ["refund", "payment"],
      payload: { refund: { entity: refundEntity(refund) }, payment: { entity: paymentEntity(after) } },
      created_at: Math.floor(now / 1000),
    }),
  };
  const db = env.DB;
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO sandbox_gateway_refunds (id, payment_id, amount, currency, status, speed, notes, receipt, created_at)
         SELECT ?1, ?2, ?3, ?4, 'processed', ?5, ?6, ?7, ?8
         WHERE (SELECT COALESCE(SUM(amount), 0) FROM sandbox_gateway_refunds WHERE payment_id = ?2) + ?3 <= ?9`,
      )
      .bind(refund.id, refund.paymentId, refund.amount, refund.currency, refund.speed, refund.notes, refund.receipt, now, payment.amount),
    ...(webhookUrl
      ? [
          db
            .prepare(
              "INSERT INTO sandbox_gateway_webhooks (id, event, url, body, status, attempts, next_attempt_at, created_at) SELECT ?, ?, ?, ?, 'PENDING', 0, ?, ? WHERE EXISTS (SELECT 1 FROM sandbox_gateway_refunds WHERE id = ?)",
            )
            .bind(event.id, event.name, webhookUrl, event.body, now, now, refund.id),
        ]
      : []),
  ]);
  if (!results[0]?.meta.changes) throw new SandboxRefundRefused("The total refund amount is greater than the refund payment amount.", 400);
  return { refund, webhooks: webhookUrl ? [event.id] : [] };
}

// -------------------------------------------------------------------------------------------------
// Webhooks

/** Back-off after the nth failed attempt; given up after the last (about a day, like Razorpay). */
const BACKOFF_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480, 720];
export const WEBHOOK_MAX_ATTEMPTS = BACKOFF_MINUTES.length + 1;
/** A claimed attempt holds its row this long, so the cron and a deferred attempt never send it twice at once. */
const LEASE_MS = 60_000;

type WebhookRow = Row<typeof sandboxGatewayWebhooks, "id" | "url" | "body" | "attempts">;

export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped";

/** One attempt to deliver a due webhook: claimed first, then POSTed with Razorpay's headers. */
export async function attemptWebhook(
  env: SandboxEnv,
  id: string,
  now = Date.now(),
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<DeliveryOutcome> {
  const row = await env.DB.prepare(
    "UPDATE sandbox_gateway_webhooks SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND status = 'PENDING' AND next_attempt_at <= ? RETURNING id, url, body, attempts",
  )
    .bind(now + LEASE_MS, id, now)
    .first<WebhookRow>();
  if (!row) return "skipped";
  let error: string | null = null;
  try {
    const res = await fetcher(row.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": await hmacSha256Hex(sandboxSecret(env), row.body),
        "X-Razorpay-Event-Id": row.id,
        "User-Agent": "Mandap-Sandbox-Gateway-Webhook/1",
      },
      body: row.body,
    });
    if (!res.ok) error = `HTTP ${res.status}`;
    await res.body?.cancel();
  } catch (e) {
    error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
  }
  if (error === null) {
    await env.DB.prepare("UPDATE sandbox_gateway_webhooks SET status = 'DELIVERED', delivered_at = ?, last_error = NULL WHERE id = ?")
      .bind(Date.now(), row.id)
      .run();
    return "delivered";
  }
  if (row.attempts >= WEBHOOK_MAX_ATTEMPTS) {
    await env.DB.prepare("UPDATE sandbox_gateway_webhooks SET status = 'FAILED', last_error = ? WHERE id = ?").bind(error, row.id).run();
    log.warn("sandbox gateway: gave up delivering webhook", { webhookId: row.id }, error);
    return "failed";
  }
  const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1]! * 60_000;
  await env.DB.prepare("UPDATE sandbox_gateway_webhooks SET next_attempt_at = ?, last_error = ? WHERE id = ?")
    .bind(now + wait, error, row.id)
    .run();
  return "retrying";
}

/**
 * The cron's job: every due webhook gets an attempt. Fails (after attempting all) when one was given
 * up in this run, so the invocation is recorded as failed.
 */
export async function deliverDueSandboxWebhooks(env: SandboxEnv, now: number, fetcher?: typeof fetch) {
  const { results } = await env.DB.prepare(
    "SELECT id FROM sandbox_gateway_webhooks WHERE status = 'PENDING' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT 100",
  )
    .bind(now)
    .all<{ id: string }>();
  const run = { attempted: 0, delivered: 0, retrying: 0, failed: [] as string[] };
  for (const { id } of results) {
    const outcome = await attemptWebhook(env, id, now, fetcher);
    if (outcome === "skipped") continue;
    run.attempted++;
    if (outcome === "delivered") run.delivered++;
    else if (outcome === "retrying") run.retrying++;
    else run.failed.push(id);
  }
  if (run.failed.length) throw new Error(`sandbox gateway: gave up delivering ${run.failed.length} webhook(s): ${run.failed.join(", ")}`);
  return run;
}

// -------------------------------------------------------------------------------------------------
// The checkout page

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f0ea;color:#1f1a17}
.bar{background:#1f1a17;color:#f3f0ea;font-size:13px;padding:8px 16px;text-align:center}
main{max-width:460px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 14px rgba(0,0,0,.08);padding:24px}
h1{font-size:20px;margin:0 0 4px}
.muted{color:#6b625b;font-size:14px;margin:0}
.amount{font-size:32px;font-weight:700;margin:16px 0}
form{margin-top:16px}
fieldset{border:1px solid #ddd5cc;border-radius:10px;margin:0 0 12px;padding:12px 14px}
legend{font-weight:600;padding:0 6px}
label{display:block;font-size:14px;margin:8px 0 4px}
input[type=text]{width:100%;font:inherit;padding:10px 12px;border:1px solid #bdb2a7;border-radius:8px}
.choice{display:flex;gap:8px;align-items:center;font-weight:600;margin:0}
.row{display:flex;gap:10px}.row>div{flex:1}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 16px;cursor:pointer;width:100%}
.pay{background:#b3261e;color:#fff;margin-top:8px}
.decline{background:#efe9e2;color:#1f1a17;margin-top:8px}
.error{background:#fdecea;color:#8c1d18;border-radius:8px;padding:10px 12px;margin:12px 0}
.hint{font-size:13px;color:#6b625b;margin:4px 0 0}
a{color:#8c1d18}
.foot{text-align:center;margin-top:16px;font-size:14px}
@media (min-width:800px){main{margin-top:64px}}
`;

function page(title: string, body: string, init: { status?: number; nonce?: string; formTarget?: string } = {}): Response {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    init.nonce ? `script-src 'nonce-${init.nonce}'` : null,
    `form-action 'self'${init.formTarget ? ` ${init.formTarget}` : ""}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join("; ");
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><div class="bar">Test payment gateway: no real money moves</div><main>${body}</main></body></html>`;
  return new Response(html, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": csp, "Referrer-Policy": "no-referrer" },
  });
}

const problem = (status: number, message: string, back?: string) =>
  page(
    "Payment problem",
    `<div class="card"><h1>We could not open this payment</h1><p class="error" role="alert">${esc(message)}</p>${back ? `<p class="foot"><a href="${esc(back)}">Go back</a></p>` : ""}</div>`,
    { status },
  );

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");

type Checkout = { order: SandboxOrder; callbackUrl: string; cancelUrl: string; name: string; description: string; email: string; contact: string };

/** Reads and checks what the form carries: our key, a known unpaid order, and URLs back to this site only. */
async function readCheckout(env: SandboxEnv, request: Request, form: FormData): Promise<Checkout | Response> {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  const origin = new URL(request.url).origin;
  const sameSite = (u: string) => {
    try {
      return new URL(u).origin === origin;
    } catch {
      return false;
    }
  };
  const cancelUrl = get("cancel_url");
  const back = sameSite(cancelUrl) ? cancelUrl : undefined;
  if (get("key_id") !== SANDBOX_KEY_ID) return problem(400, "This checkout was opened with an unknown key_id.", back);
  const callbackUrl = get("callback_url");
  if (!sameSite(callbackUrl) || !back) return problem(400, "The callback_url and cancel_url must be addresses on this site.");
  const orderId = get("order_id");
  const order = /^order_[A-Za-z0-9]{14}$/.test(orderId) ? await sandboxOrder(env.DB, orderId) : null;
  if (!order) return problem(404, "There is no such order.", back);
  if (order.status === "paid") return problem(409, "This order has already been paid.", back);
  return {
    order,
    callbackUrl,
    cancelUrl,
    name: get("name").slice(0, 80) || "Merchant",
    description: get("description").slice(0, 200),
    email: get("prefill[email]").slice(0, 200) || get("email").slice(0, 200),
    contact: get("prefill[contact]").slice(0, 20) || get("contact").slice(0, 20),
  };
}

function checkoutPage(c: Checkout, values: { method?: string; vpa?: string; card?: string; expiry?: string; error?: string } = {}, status = 200): Response {
  const method = values.method === "card" ? "card" : "upi";
  const carry = hidden({
    key_id: SANDBOX_KEY_ID,
    order_id: c.order.id,
    callback_url: c.callbackUrl,
    cancel_url: c.cancelUrl,
    name: c.name,
    description: c.description,
    email: c.email,
    contact: c.contact,
  });
  const body = `<div class="card">
<h1>${esc(c.name)}</h1>
<p class="muted">${esc(c.description)}</p>
<p class="amount">${rupees(c.order.amount)}</p>
<p class="muted">Order ${esc(c.order.id)}${c.email ? ` · ${esc(c.email)}` : ""}</p>
${values.error ? `<p class="error" role="alert">${esc(values.error)}</p>` : ""}
<form method="post" action="${PAY_PATH}">
${carry}
<fieldset><legend><label class="choice"><input type="radio" name="method" value="upi"${method === "upi" ? " checked" : ""}> UPI</label></legend>
<label for="vpa">UPI ID</label><input type="text" id="vpa" name="vpa" inputmode="email" autocomplete="off" value="${esc(values.vpa ?? "success@razorpay")}">
<p class="hint">success@razorpay pays; failure@razorpay fails.</p></fieldset>
<fieldset><legend><label class="choice"><input type="radio" name="method" value="card"${method === "card" ? " checked" : ""}> Card</label></legend>
<label for="card">Card number</label><input type="text" id="card" name="card_number" inputmode="numeric" autocomplete="off" value="${esc(values.card ?? "4111 1111 1111 1111")}">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="card_expiry" autocomplete="off" value="${esc(values.expiry ?? "12/30")}"></div>
<div><label for="cvv">CVV</label><input type="text" id="cvv" name="card_cvv" inputmode="numeric" autocomplete="off" value="123"></div></div>
<p class="hint">Any card number that passes the Luhn check pays.</p></fieldset>
<button class="pay" type="submit" name="decision" value="approve">Pay ${rupees(c.order.amount)}</button>
<button class="decline" type="submit" name="decision" value="decline">Decline payment</button>
</form>
<p class="foot"><a href="${esc(c.cancelUrl)}">Cancel and go back</a></p>
</div>`;
  return page(`Pay ${rupees(c.order.amount)} · Test gateway`, body, { status });
}

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

type Outcome =
  | { status: "captured"; method: "upi" | "card"; vpa: string | null; cardLast4: string | null }
  | {
      status: "failed";
      method: "upi" | "card";
      vpa: string | null;
      cardLast4: string | null;
      code: string;
      description: string;
      source: string;
      step: string;
      reason: string;
    };

/** What the payer chose, or the message that sends them back to the form. */
function outcomeOf(form: FormData): Outcome | string {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  const method = get("method") === "card" ? "card" : "upi";
  const vpa = method === "upi" ? get("vpa").toLowerCase() : null;
  const digits = method === "card" ? get("card_number").replace(/[\s-]/g, "") : "";
  const cardLast4 = method === "card" && /^\d{12,19}$/.test(digits) ? digits.slice(-4) : null;
  if (get("decision") === "decline")
    return {
      status: "failed",
      method,
      vpa: vpa && /^[a-z0-9._-]{2,256}@[a-z]{2,64}$/.test(vpa) ? vpa : null,
      cardLast4,
      code: "BAD_REQUEST_ERROR",
      description: "Payment declined by the payer",
      source: "customer",
      step: "payment_authentication",
      reason: "payment_cancelled",
    };
  if (method === "upi") {
    if (!vpa || !/^[a-z0-9._-]{2,256}@[a-z]{2,64}$/.test(vpa)) return "Enter a UPI ID such as name@bank.";
    if (vpa === "failure@razorpay")
      return {
        status: "failed",
        method,
        vpa,
        cardLast4: null,
        code: "BAD_REQUEST_ERROR",
        description: "Payment failed at the payer's bank",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
      };
    return { status: "captured", method, vpa, cardLast4: null };
  }
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return "Enter a valid card number.";
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(get("card_expiry"))) return "Enter the card's expiry as MM/YY.";
  return { status: "captured", method, vpa: null, cardLast4: digits.slice(-4) };
}

/** Records the payment, moves the order on and queues its webhooks, in one batch; returns the payment. */
async function recordPayment(
  env: SandboxEnv,
  c: Checkout,
  outcome: Outcome,
  webhookUrl: string,
  now: number,
): Promise<{ payment: SandboxPayment; webhooks: string[] }> {
  const captured = outcome.status === "captured";
  const fee = captured ? Math.round(c.order.amount * 0.0236) : null;
  const payment: SandboxPayment = {
    id: gatewayId("pay"),
    orderId: c.order.id,
    amount: c.order.amount,
    currency: c.order.currency,
    status: outcome.status,
    method: outcome.method,
    vpa: outcome.vpa,
    cardLast4: outcome.cardLast4,
    email: c.email || null,
    contact: c.contact || null,
    fee,
    tax: fee === null ? null : Math.round((fee * 18) / 118),
    notes: c.order.notes,
    errorCode: captured ? null : outcome.code,
    errorDescription: captured ? null : outcome.description,
    errorSource: captured ? null : outcome.source,
    errorStep: captured ? null : outcome.step,
    errorReason: captured ? null : outcome.reason,
    createdAt: now,
    capturedAt: captured ? now : null,
  };
  const order: SandboxOrder = {
    ...c.order,
    status: captured ? "paid" : "attempted",
    attempts: c.order.attempts + 1,
    amountPaid: captured ? c.order.amount : c.order.amountPaid,
  };
  const seconds = Math.floor(now / 1000);
  const event = (name: string, contains: string[], payload: Record<string, unknown>) => ({
    id: gatewayId("evt"),
    name,
    body: JSON.stringify({ entity: "event", account_id: ACCOUNT_ID, event: name, contains, payload, created_at: seconds }),
  });
  const entity = paymentEntity(payment);
  const events = captured
    ? [
        event("payment.captured", ["payment"], { payment: { entity } }),
        event("order.paid", ["payment", "order"], { payment: { entity }, order: { entity: orderEntity(order) } }),
      ]
    : [event("payment.failed", ["payment"], { payment: { entity } })];
  const db = env.DB;
  const results = await db.batch([
    // Only an unpaid order moves on (two tabs paying the same order: the second changes nothing).
    db
      .prepare("UPDATE sandbox_gateway_orders SET status = ?, attempts = attempts + 1, amount_paid = ? WHERE id = ? AND status <> 'paid'")
      .bind(order.status, order.amountPaid, order.id),
    db
      .prepare(
        `INSERT INTO sandbox_gateway_payments (id, order_id, amount, currency, status, method, vpa, card_last4, email, contact, fee, tax, notes,
           error_code, error_description, error_source, error_step, error_reason, created_at, captured_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
      )
      .bind(
        payment.id,
        payment.orderId,
        payment.amount,
        payment.currency,
        payment.status,
        payment.method,
        payment.vpa,
        payment.cardLast4,
        payment.email,
        payment.contact,
        payment.fee,
        payment.tax,
        payment.notes,
        payment.errorCode,
        payment.errorDescription,
        payment.errorSource,
        payment.errorStep,
        payment.errorReason,
        payment.createdAt,
        payment.capturedAt,
      ),
    ...events.map((e) =>
      db
        .prepare(
          "INSERT INTO sandbox_gateway_webhooks (id, event, url, body, status, attempts, next_attempt_at, created_at) SELECT ?, ?, ?, ?, 'PENDING', 0, ?, ? WHERE EXISTS (SELECT 1 FROM sandbox_gateway_payments WHERE id = ?)",
        )
        .bind(e.id, e.name, webhookUrl, e.body, now, now, payment.id),
    ),
  ]);
  if (!results[1]?.meta.changes) throw new OrderAlreadyPaid();
  return { payment, webhooks: events.map((e) => e.id) };
}

class OrderAlreadyPaid extends Error {}

/** The auto-submitting form that takes the payer back to the merchant's callback_url, as Razorpay's redirect mode does. */
function redirectPage(callbackUrl: string, fields: Record<string, string>, paid: boolean): Response {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const body = `<div class="card"><h1>${paid ? "Payment successful" : "Payment failed"}</h1>
<p class="muted">Taking you back to the merchant…</p>
<form id="back" method="post" action="${esc(callbackUrl)}">${hidden(fields)}<button class="pay" type="submit">Return to the merchant</button></form></div>
<script nonce="${nonce}">document.getElementById("back").submit();</script>`;
  return page(paid ? "Payment successful" : "Payment failed", body, { nonce, formTarget: new URL(callbackUrl).origin });
}

/**
 * The sandbox gateway's pages, mounted by the Worker at /sandbox-gateway/ (functions/app.ts); 404
 * unless the sandbox is the configured gateway. `defer` runs the first webhook attempts after the
 * answer (the Worker's waitUntil).
 */
export async function serveSandboxGateway(request: Request, env: SandboxEnv, enabled: boolean, defer: (work: Promise<unknown>) => void): Promise<Response> {
  const url = new URL(request.url);
  if (!enabled || request.method !== "POST" || (url.pathname !== CHECKOUT_PATH && url.pathname !== PAY_PATH)) return problem(404, "Not found.");
  let form: FormData;
  try {
    // The one capped reader of forms (request-body.ts): at most FORM_BODY_MAX, 413 past it before it is read further.
    form = await readFormData(request);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return problem(e.status, e instanceof PayloadTooLarge ? e.message : "The checkout form could not be read.");
  }
  const checkout = await readCheckout(env, request, form);
  if (checkout instanceof Response) return checkout;
  if (url.pathname === CHECKOUT_PATH) return checkoutPage(checkout);

  const outcome = outcomeOf(form);
  const get = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");
  if (typeof outcome === "string")
    return checkoutPage(checkout, { method: get("method"), vpa: get("vpa"), card: get("card_number"), expiry: get("card_expiry"), error: outcome }, 422);
  const now = Date.now();
  // The app is served where its checkout page is: this Worker (SITE_ORIGIN may name another local
  // server's port, so it is not used).
  const webhookUrl = `${url.origin}${WEBHOOK_PATH}`;
  let recorded: Awaited<ReturnType<typeof recordPayment>>;
  try {
    recorded = await recordPayment(env, checkout, outcome, webhookUrl, now);
  } catch (e) {
    if (e instanceof OrderAlreadyPaid) return problem(409, "This order has already been paid.", checkout.cancelUrl);
    throw e;
  }
  const { payment, webhooks } = recorded;
  defer(
    (async () => {
      for (const id of webhooks) await attemptWebhook(env, id, now);
    })().catch((e: unknown) => log.error("sandbox gateway: webhook attempt failed", {}, e)),
  );
  if (payment.status === "captured") {
    const signature = await hmacSha256Hex(sandboxSecret(env), `${payment.orderId}|${payment.id}`);
    return redirectPage(checkout.callbackUrl, { razorpay_payment_id: payment.id, razorpay_order_id: payment.orderId, razorpay_signature: signature }, true);
  }
  return redirectPage(
    checkout.callbackUrl,
    {
      "error[code]": payment.errorCode ?? "BAD_REQUEST_ERROR",
      "error[description]": payment.errorDescription ?? "Payment failed",
      "error[source]": payment.errorSource ?? "customer",
      "error[step]": payment.errorStep ?? "payment_authentication",
      "error[reason]": payment.errorReason ?? "payment_failed",
      "error[metadata]": JSON.stringify({ order_id: payment.orderId, payment_id: payment.id }),
    },
    false,
  );
}
