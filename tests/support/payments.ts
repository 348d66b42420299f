import { env } from "cloudflare:workers";
import { createHmac } from "node:crypto";
import { ORIGIN, worker } from "./factories.ts";

/** Helpers of the payments suites: plans, the sandbox gateway's pages as a browser uses them, signed webhooks. */

/** The sandbox gateway's signing secret in tests (SANDBOX_GATEWAY_SECRET is unset: the local default). */
export const SANDBOX_SECRET = "mandap-local-sandbox-gateway-secret";

/** Hex HMAC-SHA256, computed with node:crypto (independently of the Web Crypto code under test). */
export const hmacHex = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

let seq = 0;
export async function createPlan(input: { price?: number; days?: number; trial?: boolean; active?: boolean; name?: string } = {}): Promise<string> {
  const id = `plan-${Date.now().toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at)
     VALUES (?, ?, '', ?, ?, ?, '[]', 10, 0, 'FULL', ?, ?, ?)`,
  )
    .bind(id, input.name ?? "Silver", input.price ?? 4999, input.days ?? 90, input.trial ? 1 : 0, input.active === false ? 0 : 1, now, now)
    .run();
  return id;
}

const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);

/** The hidden inputs of the first form of an HTML page, and its action. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = decode(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? "");
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[decode(m[1]!)] = decode(m[2]!);
  return { action, fields };
}

/** A browser form POST (urlencoded). */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return worker.fetch(url.startsWith("http") ? url : `${ORIGIN}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export type OrderAnswer = {
  success: true;
  orderId: string;
  paymentId: string;
  subscriptionId: string;
  amount: number;
  currency: string;
  receipt: string;
  keyId: string;
  checkout: { action: string; fields: Record<string, string> };
};

/** How the payer pays on the sandbox checkout: a UPI app (the phone view's intent buttons), a card, netbanking, or declines. */
export type SandboxChoice = {
  method?: "upi" | "card" | "netbanking";
  /** The UPI app pressed (gpay, phonepe, paytm, bhim). */
  app?: string;
  card?: string;
  /** Netbanking's bank code; FAIL is the test bank that declines. */
  bank?: string;
  decision?: "approve" | "decline";
};

/** A test card's fields on the sandbox checkout (any number that passes the Luhn check pays). */
export const TEST_CARD = { method: "card", card_number: "4111 1111 1111 1111", card_expiry: "12/30", card_cvv: "123" } as const;

/** The sandbox checkout as the payer uses it: open the page from the checkout form, then pay or decline; returns the form that goes back to the callback. */
export async function payInSandbox(order: OrderAnswer, choice: SandboxChoice = {}): Promise<{ action: string; fields: Record<string, string>; html: string }> {
  const page = await postForm(order.checkout.action, order.checkout.fields);
  const pageHtml = await page.text();
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}: ${pageHtml.slice(0, 300)}`);
  const { action, fields } = formOf(pageHtml);
  const method = choice.method ?? "upi";
  const res = await postForm(action, {
    ...fields,
    method,
    ...(method === "upi" ? { upi_app: choice.app ?? "gpay" } : {}),
    ...(method === "card" ? { card_number: choice.card ?? "4111 1111 1111 1111", card_expiry: "12/30", card_cvv: "123" } : {}),
    ...(method === "netbanking" ? { bank: choice.bank ?? "HDFC" } : {}),
    decision: choice.decision ?? "approve",
  });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`pay answered ${res.status}: ${html.slice(0, 300)}`);
  return { ...formOf(html), html };
}

/** The gateway's callback, cross-site as Razorpay's redirect posts it (no session cookie). */
export const callback = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm("/api/v1/payments/callback", fields, { Origin: "https://api.razorpay.com", ...headers });

/** A webhook POSTed as the gateway sends it (signed with `secret` unless a signature is given). */
export function sendWebhook(body: string, eventId: string, options: { secret?: string; signature?: string } = {}) {
  return worker.fetch(`${ORIGIN}/api/v1/payments/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": options.signature ?? hmacHex(options.secret ?? SANDBOX_SECRET, body),
      "X-Razorpay-Event-Id": eventId,
    },
    body,
  });
}

export type WebhookRow = {
  id: string;
  event: string;
  url: string;
  body: string;
  status: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
};

/** The sandbox's webhooks about an order, oldest first. */
export async function webhooksOf(orderId: string): Promise<WebhookRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, event, url, body, status, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError FROM sandbox_gateway_webhooks WHERE body LIKE ? ORDER BY created_at, event DESC",
  )
    .bind(`%"order_id":"${orderId}"%`)
    .all<WebhookRow>();
  return results;
}

/** Waits until the sandbox's deferred first attempts at the order's webhooks are over. */
export async function settleWebhooks(orderId: string, count: number): Promise<WebhookRow[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await webhooksOf(orderId);
    if (rows.length === count && rows.every((r) => r.attempts > 0 && (r.status !== "PENDING" || r.lastError !== null))) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the webhooks of ${orderId} did not settle`);
}

export type Row = Record<string, unknown>;
export const paymentOf = (orderId: string) => env.DB.prepare("SELECT * FROM payments WHERE gateway_order_id = ?").bind(orderId).first<Row>();
export const subscriptionOf = (orderId: string) => env.DB.prepare("SELECT * FROM subscriptions WHERE gateway_order_id = ?").bind(orderId).first<Row>();
export const creditsOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT c.* FROM payment_credits c JOIN payments p ON p.id = c.payment_id WHERE p.gateway_order_id = ?").bind(orderId).all<Row>())
    .results;
