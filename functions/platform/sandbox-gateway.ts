import type { sandboxGatewayWebhooks } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { isDomainError, PayloadTooLarge } from "#domain/core/errors.ts";
import { renderSVG } from "uqr";
import { gatewayId, hmacSha256Hex, verifyHmacSha256Hex } from "./hmac.ts";
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
 *   plain HTML that works without JavaScript, where the payer pays as people in India do: UPI by
 *   intent on a phone (GPay, PhonePe, Paytm, BHIM: pressing one stands for the app approving), UPI
 *   by QR code on a computer (a phone on the same network scans it and approves), card or
 *   netbanking (the test bank declines), or declines; no UPI ID "collect" box; a card payment may
 *   be made with "lose the confirmation" (test only: taken, but no webhook and no callback, as when
 *   both are lost on the way; the app's reconciliation finds it);
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

export type SandboxEnv = {
  DB: D1Database;
  SANDBOX_GATEWAY_SECRET?: string;
  /** Where a phone on the same network reaches this server (e.g. http://192.168.1.20:8787): the UPI QR code points there. */
  SANDBOX_PHONE_ORIGIN?: string;
};

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
  /** Netbanking's bank code (Razorpay's: HDFC, SBIN...). */
  bank: string | null;
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
const PAYMENT_COLUMNS = `id, order_id AS orderId, amount, currency, status, method, vpa, card_last4 AS cardLast4, bank, email, contact, fee, tax, notes,
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

/** GET /v1/payments: the payments created from `from` to before `to` (epoch ms), oldest first, a page at a time (count, skip). */
export async function sandboxPayments(db: D1Database, page: { from: number; to: number; count: number; skip: number }): Promise<SandboxPayment[]> {
  const { results } = await db
    .prepare(`SELECT ${PAYMENT_COLUMNS} FROM sandbox_gateway_payments WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id LIMIT ? OFFSET ?`)
    .bind(page.from, page.to, page.count, page.skip)
    .all<SandboxPayment>();
  return results;
}

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
    bank: p.bank,
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
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
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
// The checkout page: how people in India pay (issue 30). UPI by intent on a phone (the payer picks
// their UPI app; here pressing it stands for the app approving), UPI by QR code on a computer (a
// phone on the same network scans it and approves on the page it opens), cards and netbanking.
// There is no UPI ID "collect" box: NPCI is phasing collect requests out.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The UPI apps the phone view offers, and the VPA handle a payment through each shows (as Razorpay's payment entity does). */
export const UPI_APPS = [
  { id: "gpay", name: "Google Pay", handle: "okaxis", mark: "G", colour: "#1a73e8" },
  { id: "phonepe", name: "PhonePe", handle: "ybl", mark: "Pe", colour: "#5f259f" },
  { id: "paytm", name: "Paytm", handle: "ptyes", mark: "P", colour: "#00baf2" },
  { id: "bhim", name: "BHIM", handle: "upi", mark: "B", colour: "#f47b20" },
] as const;

/** Netbanking's banks (Razorpay's bank codes); the test bank declines, as failure@razorpay once did. */
export const NETBANKING_BANKS = [
  { code: "SBIN", name: "State Bank of India" },
  { code: "HDFC", name: "HDFC Bank" },
  { code: "ICIC", name: "ICICI Bank" },
  { code: "UTIB", name: "Axis Bank" },
  { code: "KKBK", name: "Kotak Mahindra Bank" },
  { code: "FAIL", name: "Test bank: declines the payment" },
] as const;

const UPI_PATH = `${SANDBOX_PATH}/upi`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f0ea;color:#1f1a17}
.bar{background:#1f1a17;color:#f3f0ea;font-size:13px;padding:8px 16px;text-align:center}
main{max-width:480px;margin:16px auto;padding:0 12px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 14px rgba(0,0,0,.08);padding:20px}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:17px;margin:0 0 8px}
.muted{color:#6b625b;font-size:14px;margin:0;overflow-wrap:anywhere}
.amount{font-size:32px;font-weight:700;margin:12px 0}
form{margin:0}
.method{border:1px solid #ddd5cc;border-radius:10px;margin:0 0 12px;padding:12px 14px}
summary{font-weight:600;cursor:pointer;padding:4px 0}
label{display:block;font-size:14px;margin:8px 0 4px}
input[type=text],select{width:100%;font:inherit;padding:10px 12px;border:1px solid #bdb2a7;border-radius:8px;background:#fff}
.row{display:flex;gap:10px}.row>div{flex:1}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 16px;cursor:pointer;width:100%;min-height:44px}
.pay{background:#b3261e;color:#fff;margin-top:12px}
.secondary{background:#efe9e2;color:#1f1a17;margin-top:8px}
.decline{background:#efe9e2;color:#1f1a17;margin-top:4px}
.apps{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.app{display:flex;flex-direction:column;align-items:center;gap:6px;background:#faf7f3;border:1px solid #ddd5cc;color:#1f1a17;padding:12px 8px}
.logo{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;color:#fff;font-weight:700}
.qr{display:flex;justify-content:center;margin:8px 0}
.qr svg{width:220px;height:220px;border:1px solid #ddd5cc;border-radius:8px}
.error{background:#fdecea;color:#8c1d18;border-radius:8px;padding:10px 12px;margin:12px 0}
.hint{font-size:13px;color:#6b625b;margin:6px 0 0}
a{color:#8c1d18}
.foot{text-align:center;margin-top:16px;font-size:14px}
label.lose{display:flex;gap:8px;align-items:flex-start;font-size:13px;color:#6b625b;margin-top:10px}
label.lose input{margin-top:3px;flex:none}
.on-computer{display:none}
@media (min-width:700px) and (hover:hover) and (pointer:fine){.on-phone{display:none}.on-computer{display:block}main{margin-top:48px}}
`;

function page(title: string, body: string, init: { status?: number; nonce?: string; formTarget?: string; connect?: boolean; csp?: string } = {}): Response {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    init.nonce ? `script-src 'nonce-${init.nonce}'` : null,
    init.connect ? "connect-src 'self'" : null,
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

const nonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

type Checkout = { order: SandboxOrder; callbackUrl: string; cancelUrl: string; name: string; description: string; email: string; contact: string };

/**
 * Reads and checks what the form carries: our key, a known order, and URLs back to this site only.
 * A paid order is refused, except when the computer's QR view asks how the phone's payment went.
 */
async function readCheckout(env: SandboxEnv, request: Request, form: FormData, allowPaid = false): Promise<Checkout | Response> {
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
  if (order.status === "paid" && !allowPaid) return problem(409, "This order has already been paid.", back);
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

/** The origin a phone on the same network reaches this server by (SANDBOX_PHONE_ORIGIN: a private address), or null. */
export function sandboxPhoneOrigin(env: Pick<SandboxEnv, "SANDBOX_PHONE_ORIGIN">): string | null {
  const value = env.SANDBOX_PHONE_ORIGIN?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    const host = url.hostname;
    const lan = /^(10\.\d+|192\.168|172\.(1[6-9]|2\d|3[01]))\.\d+\.\d+$/.test(host) || host.endsWith(".local");
    return (url.protocol === "http:" || url.protocol === "https:") && lan ? url.origin : null;
  } catch {
    return null;
  }
}

/** What the QR code's link is signed over: the order and where its webhooks go (the checkout page's origin, this Worker on a loopback host). */
const qrMessage = (orderId: string, appOrigin: string) => `upi-qr|${orderId}|${appOrigin}`;

/** The link the QR code holds: the phone's approval page for the order, on the phone's origin (SANDBOX_PHONE_ORIGIN) or this one. */
export async function upiQrLink(env: SandboxEnv, orderId: string, appOrigin: string): Promise<string> {
  const base = sandboxPhoneOrigin(env) ?? appOrigin;
  const s = await hmacSha256Hex(sandboxSecret(env), qrMessage(orderId, appOrigin));
  return `${base}${UPI_PATH}/${orderId}?o=${encodeURIComponent(appOrigin)}&s=${s}`;
}

/** The QR code of `text` as inline SVG (uqr), labelled for screen readers. */
function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: 2 }).replace("<svg ", `<svg role="img" aria-label="UPI QR code for this payment" `);
}

type CheckoutValues = { method?: string; card?: string; expiry?: string; bank?: string; error?: string };

async function checkoutPage(env: SandboxEnv, request: Request, c: Checkout, values: CheckoutValues = {}, status = 200): Promise<Response> {
  const appOrigin = new URL(request.url).origin;
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
  const amount = rupees(c.order.amount);
  const link = await upiQrLink(env, c.order.id, appOrigin);
  const statusUrl = `${UPI_PATH}/${c.order.id}/status?${new URL(link).searchParams.toString()}&since=${Date.now()}`;
  const since = new URLSearchParams(statusUrl.split("?")[1]).get("since")!;
  const script = nonce();
  const apps = UPI_APPS.map(
    (a) =>
      `<button class="app" type="submit" name="upi_app" value="${a.id}"><span class="logo" style="background:${a.colour}" aria-hidden="true">${esc(a.mark)}</span>${esc(a.name)}</button>`,
  ).join("");
  const banks = NETBANKING_BANKS.map((b) => `<option value="${b.code}"${values.bank === b.code ? " selected" : ""}>${esc(b.name)}</option>`).join("");
  const body = `<div class="card">
<h1>${esc(c.name)}</h1>
<p class="muted">${esc(c.description)}</p>
<p class="amount">${amount}</p>
<p class="muted">Order ${esc(c.order.id)}${c.email ? ` · ${esc(c.email)}` : ""}</p>
${values.error ? `<p class="error" role="alert">${esc(values.error)}</p>` : ""}
<section class="method" aria-labelledby="upi-h" style="margin-top:16px">
<h2 id="upi-h">UPI</h2>
<div class="on-phone">
<p class="muted">Pay with a UPI app on this phone</p>
<form method="post" action="${PAY_PATH}">${carry}<input type="hidden" name="method" value="upi">
<div class="apps">${apps}</div></form>
<p class="hint">Test gateway: choosing an app stands for the app approving the payment.</p>
</div>
<div class="on-computer">
<p class="muted">Scan with any UPI app on your phone</p>
<div class="qr">${qrSvg(link)}</div>
<p class="hint">Test gateway: the code opens a page where you approve or decline this payment (a phone on the same network, or <a href="${esc(link)}" target="_blank" rel="noopener">open it here</a>). This page moves on once you have.</p>
<form id="upi-qr" method="post" action="${PAY_PATH}">${carry}${hidden({ method: "upi_qr", qr_since: since })}
<button class="secondary" type="submit" name="decision" value="check">I have paid in the app</button></form>
</div>
</section>
<details class="method"${values.method === "card" ? " open" : ""}><summary>Card</summary>
<form method="post" action="${PAY_PATH}">${carry}<input type="hidden" name="method" value="card">
<label for="card">Card number</label><input type="text" id="card" name="card_number" inputmode="numeric" autocomplete="off" value="${esc(values.card ?? "4111 1111 1111 1111")}">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="card_expiry" autocomplete="off" value="${esc(values.expiry ?? "12/30")}"></div>
<div><label for="cvv">CVV</label><input type="text" id="cvv" name="card_cvv" inputmode="numeric" autocomplete="off" value="123"></div></div>
<p class="hint">Any card number that passes the Luhn check pays.</p>
<label class="lose"><input type="checkbox" name="lose_confirmation" value="on"> Test: lose the confirmation (the gateway takes the payment but sends the shop neither its webhook nor you back; the shop's reconciliation finds it)</label>
<button class="pay" type="submit" name="decision" value="approve">Pay ${amount} by card</button></form>
</details>
<details class="method"${values.method === "netbanking" ? " open" : ""}><summary>Netbanking</summary>
<form method="post" action="${PAY_PATH}">${carry}<input type="hidden" name="method" value="netbanking">
<label for="bank">Your bank</label><select id="bank" name="bank">${banks}</select>
<p class="hint">Every bank pays except the test bank, which declines.</p>
<button class="pay" type="submit" name="decision" value="approve">Pay ${amount} by netbanking</button></form>
</details>
<form method="post" action="${PAY_PATH}">${carry}<input type="hidden" name="method" value="upi">
<button class="decline" type="submit" name="decision" value="decline">Decline payment</button></form>
<p class="foot"><a href="${esc(c.cancelUrl)}">Cancel and go back</a></p>
</div>
<script nonce="${script}">(()=>{const f=document.getElementById("upi-qr");const q=f.closest(".on-computer");const tick=async()=>{if(q&&getComputedStyle(q).display!=="none"){try{const r=await fetch(${JSON.stringify(statusUrl)},{cache:"no-store"});const j=await r.json();if(j.status!=="pending"){f.requestSubmit();return}}catch{}}setTimeout(tick,1500)};setTimeout(tick,1500)})();</script>`;
  return page(`Pay ${amount} · Test gateway`, body, { status, nonce: script, connect: true });
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

type PaidWith = { method: "upi" | "card" | "netbanking"; vpa: string | null; cardLast4: string | null; bank: string | null };
type Outcome =
  ({ status: "captured" } & PaidWith) | ({ status: "failed"; code: string; description: string; source: string; step: string; reason: string } & PaidWith);

const declined = (paid: PaidWith): Outcome => ({
  status: "failed",
  ...paid,
  code: "BAD_REQUEST_ERROR",
  description: "Payment declined by the payer",
  source: "customer",
  step: "payment_authentication",
  reason: "payment_cancelled",
});

/** What the payer chose, or the message that sends them back to the form. */
function outcomeOf(form: FormData): Outcome | string {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  const method = get("method") === "card" ? "card" : get("method") === "netbanking" ? "netbanking" : "upi";
  const none: PaidWith = { method, vpa: null, cardLast4: null, bank: null };
  if (get("decision") === "decline") return declined(none);
  if (method === "upi") {
    const app = UPI_APPS.find((a) => a.id === get("upi_app"));
    if (!app) return "Choose your UPI app.";
    return { status: "captured", ...none, vpa: `payer@${app.handle}` };
  }
  if (method === "netbanking") {
    const bank = NETBANKING_BANKS.find((b) => b.code === get("bank"));
    if (!bank) return "Choose your bank.";
    if (bank.code === "FAIL")
      return {
        status: "failed",
        ...none,
        bank: bank.code,
        code: "BAD_REQUEST_ERROR",
        description: "Payment failed at the payer's bank",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
      };
    return { status: "captured", ...none, bank: bank.code };
  }
  const digits = get("card_number").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return "Enter a valid card number.";
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(get("card_expiry"))) return "Enter the card's expiry as MM/YY.";
  return { status: "captured", ...none, cardLast4: digits.slice(-4) };
}

/**
 * Records the payment, moves the order on and queues its webhooks, in one batch; returns the
 * payment. `loseConfirmation`: the payment is taken but no webhook is queued (the checkout's test
 * option that stands for a confirmation lost on the way: only reconciliation can find it).
 */
async function recordPayment(
  env: SandboxEnv,
  c: Pick<Checkout, "order" | "email" | "contact">,
  outcome: Outcome,
  webhookUrl: string,
  now: number,
  loseConfirmation = false,
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
    bank: outcome.bank,
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
  const events = loseConfirmation
    ? []
    : captured
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
        `INSERT INTO sandbox_gateway_payments (id, order_id, amount, currency, status, method, vpa, card_last4, bank, email, contact, fee, tax, notes,
           error_code, error_description, error_source, error_step, error_reason, created_at, captured_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
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
        payment.bank,
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
  const script = nonce();
  const body = `<div class="card"><h1>${paid ? "Payment successful" : "Payment failed"}</h1>
<p class="muted">Taking you back to the merchant…</p>
<form id="back" method="post" action="${esc(callbackUrl)}">${hidden(fields)}<button class="pay" type="submit">Return to the merchant</button></form></div>
<script nonce="${script}">document.getElementById("back").submit();</script>`;
  return page(paid ? "Payment successful" : "Payment failed", body, { nonce: script, formTarget: new URL(callbackUrl).origin });
}

/** The callback's fields for a payment: Razorpay's signed success, or its error[...] fields. */
async function outcomePage(env: SandboxEnv, callbackUrl: string, payment: SandboxPayment): Promise<Response> {
  if (payment.status === "captured") {
    const signature = await hmacSha256Hex(sandboxSecret(env), `${payment.orderId}|${payment.id}`);
    return redirectPage(callbackUrl, { razorpay_payment_id: payment.id, razorpay_order_id: payment.orderId, razorpay_signature: signature }, true);
  }
  return redirectPage(
    callbackUrl,
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

/** The newest UPI payment of an order made since the QR code was shown (the phone's answer), or null. */
const qrPayment = (db: D1Database, orderId: string, since: number) =>
  db
    .prepare(
      `SELECT ${PAYMENT_COLUMNS} FROM sandbox_gateway_payments WHERE order_id = ? AND method = 'upi' AND created_at >= ? ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(orderId, since)
    .first<SandboxPayment>();

function deferWebhooks(env: SandboxEnv, webhooks: string[], now: number, defer: (work: Promise<unknown>) => void) {
  defer(
    (async () => {
      for (const id of webhooks) await attemptWebhook(env, id, now);
    })().catch((e: unknown) => log.error("sandbox gateway: webhook attempt failed", {}, e)),
  );
}

/**
 * The phone's side of a UPI QR payment: GET /sandbox-gateway/v1/upi/{order}?o=&s= (the link in the
 * QR code, signed) shows the amount with Pay and Decline, standing in for the payer's UPI app; its
 * POST records the payment as a UPI payment and queues the webhooks to the checkout's origin. The
 * computer's checkout page sees it (…/status) and takes the payer back to the merchant.
 */
async function servePhone(request: Request, env: SandboxEnv, url: URL, defer: (work: Promise<unknown>) => void): Promise<Response> {
  const match = /^\/sandbox-gateway\/v1\/upi\/(order_[A-Za-z0-9]{14})(\/status)?$/.exec(url.pathname);
  const appOrigin = url.searchParams.get("o") ?? "";
  const signature = url.searchParams.get("s") ?? "";
  if (!match || !(await verifyHmacSha256Hex(sandboxSecret(env), qrMessage(match[1]!, appOrigin), signature)))
    return problem(404, "This payment link is not valid.");
  const order = await sandboxOrder(env.DB, match[1]!);
  if (!order) return problem(404, "There is no such order.");
  if (match[2]) {
    if (request.method !== "GET") return problem(405, "Not allowed.");
    const since = Number(url.searchParams.get("since"));
    const payment = Number.isFinite(since) ? await qrPayment(env.DB, order.id, since) : null;
    return new Response(JSON.stringify({ status: payment?.status ?? "pending" }), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  }
  const amount = rupees(order.amount);
  const done = (paid: boolean) =>
    page(
      paid ? "Payment successful" : "Payment declined",
      `<div class="card"><h1>${paid ? `Paid ${amount}` : "Payment declined"}</h1><p class="muted">${paid ? "The payment is approved." : "Nothing was paid."} You can go back to your computer now.</p></div>`,
    );
  if (request.method === "GET") {
    if (order.status === "paid") return done(true);
    return page(
      `Approve ${amount} · Test UPI app`,
      `<div class="card"><h1>Approve this payment</h1><p class="muted">Test UPI app: this page stands for your UPI app on this phone.</p>
<p class="amount">${amount}</p><p class="muted">Order ${esc(order.id)}</p>
<form method="post" action="${esc(url.pathname + url.search)}"><button class="pay" type="submit" name="decision" value="approve">Pay ${amount}</button>
<button class="decline" type="submit" name="decision" value="decline">Decline</button></form></div>`,
    );
  }
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return problem(e.status, "The form could not be read.");
  }
  const paid: PaidWith = { method: "upi", vpa: "payer@upi", cardLast4: null, bank: null };
  const outcome: Outcome = form.get("decision") === "decline" ? declined(paid) : { status: "captured", ...paid };
  const now = Date.now();
  try {
    const { webhooks } = await recordPayment(env, { order, email: "", contact: "" }, outcome, `${appOrigin}${WEBHOOK_PATH}`, now);
    deferWebhooks(env, webhooks, now, defer);
  } catch (e) {
    if (e instanceof OrderAlreadyPaid) return problem(409, "This order has already been paid.");
    throw e;
  }
  return done(outcome.status === "captured");
}

/** Which of the sandbox's pages a request may reach: all of them (a loopback host), the phone's QR pages only (SANDBOX_PHONE_ORIGIN), or none. */
export type SandboxAccess = "all" | "phone" | "none";

/**
 * The sandbox gateway's pages, mounted by the Worker at /sandbox-gateway/ (functions/app.ts); 404
 * unless the sandbox is the configured gateway. `defer` runs the first webhook attempts after the
 * answer (the Worker's waitUntil).
 */
export async function serveSandboxGateway(
  request: Request,
  env: SandboxEnv,
  access: SandboxAccess | boolean,
  defer: (work: Promise<unknown>) => void,
): Promise<Response> {
  const url = new URL(request.url);
  const allowed = access === true ? "all" : access === false ? "none" : access;
  if (allowed !== "none" && url.pathname.startsWith(`${UPI_PATH}/`) && (request.method === "GET" || request.method === "POST"))
    return servePhone(request, env, url, defer);
  if (allowed !== "all" || request.method !== "POST" || (url.pathname !== CHECKOUT_PATH && url.pathname !== PAY_PATH)) return problem(404, "Not found.");
  let form: FormData;
  try {
    // The one capped reader of forms (request-body.ts): at most FORM_BODY_MAX, 413 past it before it is read further.
    form = await readFormData(request);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return problem(e.status, e instanceof PayloadTooLarge ? e.message : "The checkout form could not be read.");
  }
  const get = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");
  const qrCheck = url.pathname === PAY_PATH && get("method") === "upi_qr";
  const checkout = await readCheckout(env, request, form, qrCheck);
  if (checkout instanceof Response) return checkout;
  if (url.pathname === CHECKOUT_PATH) return checkoutPage(env, request, checkout);
  if (qrCheck) {
    // The computer's QR view: the phone's answer, if it gave one since the code was shown.
    const payment = await qrPayment(env.DB, checkout.order.id, Number(get("qr_since")) || 0);
    if (payment) return outcomePage(env, checkout.callbackUrl, payment);
    return checkoutPage(env, request, checkout, { error: "The payment has not been approved yet: scan the code with a UPI app and approve it there." }, 422);
  }
  const outcome = outcomeOf(form);
  if (typeof outcome === "string")
    return checkoutPage(
      env,
      request,
      checkout,
      { method: get("method"), card: get("card_number"), expiry: get("card_expiry"), bank: get("bank"), error: outcome },
      422,
    );
  const now = Date.now();
  // The app is served where its checkout page is: this Worker (SITE_ORIGIN may name another local
  // server's port, so it is not used).
  const webhookUrl = `${url.origin}${WEBHOOK_PATH}`;
  // The test option "lose the confirmation": a payment taken whose webhook and callback never arrive.
  const lose = get("lose_confirmation") === "on" && outcome.status === "captured";
  let recorded: Awaited<ReturnType<typeof recordPayment>>;
  try {
    recorded = await recordPayment(env, checkout, outcome, webhookUrl, now, lose);
  } catch (e) {
    if (e instanceof OrderAlreadyPaid) return problem(409, "This order has already been paid.", checkout.cancelUrl);
    throw e;
  }
  if (lose) return lostPage(checkout, recorded.payment);
  deferWebhooks(env, recorded.webhooks, now, defer);
  return outcomePage(env, checkout.callbackUrl, recorded.payment);
}

/** What the payer sees when the confirmation was lost on purpose: the money is taken, the shop was told nothing. */
function lostPage(c: Checkout, payment: SandboxPayment): Response {
  const amount = rupees(payment.amount);
  return page(
    "Payment taken · confirmation lost",
    `<div class="card"><h1>Payment taken; confirmation lost</h1>
<p class="muted">The test gateway took ${amount} (payment <span data-testid="lost-payment">${esc(payment.id)}</span> for order ${esc(payment.orderId)}) but, as you asked, sent the shop neither its webhook nor you back. The shop does not know about it yet: its reconciliation with the gateway credits it.</p>
<p class="foot"><a href="${esc(c.cancelUrl)}">Back to the shop</a></p></div>`,
  );
}
