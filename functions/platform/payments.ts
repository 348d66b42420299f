import { LOOPBACK_HOSTS } from "./dev-pages.ts";
import { hmacSha256Hex, verifyHmacSha256Hex } from "./hmac.ts";
import {
  deliverDueSandboxWebhooks,
  attemptWebhook,
  paymentEntity,
  refundEntity,
  SANDBOX_KEY_ID,
  SANDBOX_PATH,
  sandboxCreateOrder,
  sandboxPayment,
  sandboxPayments,
  sandboxRefund,
  SandboxRefundRefused,
  sandboxPhoneOrigin,
  sandboxSecret,
  WEBHOOK_PATH,
  type SandboxAccess,
  type SandboxEnv,
} from "./sandbox-gateway.ts";
import { log } from "./log.ts";

/**
 * The payments adapter: one contract, two implementations chosen by configuration (issue 11,
 * docs/decisions/0017-payments.md).
 * - Razorpay (RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET + RAZORPAY_WEBHOOK_SECRET): the Orders API,
 *   Hosted Checkout, payment signatures and signed webhooks.
 * - The local sandbox gateway (without keys, only where SANDBOX_GATEWAY="on" on a loopback host: local
 *   development and tests; sandboxGatewayEnabled): the same order and
 *   payment ids, the same signatures, a checkout page served by this Worker where the payer
 *   approves or declines, and webhooks sent back to the app with retries (sandbox-gateway.ts).
 * The domain (functions/domain/billing/payments.ts) never asks which one it has.
 */

/** A gateway order, as Razorpay's Orders API returns it (amounts in paise). */
export type GatewayOrder = { id: string; amount: number; currency: string; receipt: string; status: "created" | "attempted" | "paid" };

/** A gateway payment, as Razorpay's Payments API returns it (amounts in paise). */
export type GatewayPayment = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  method: string | null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  fee: number | null;
  tax: number | null;
  errorCode: string | null;
  errorDescription: string | null;
  /** Added by the money helper: the payment's notes (the order's notes: our vendor, subscription and payment ids). */
  notes?: Record<string, string>;
  /** Added by the money helper: Razorpay's error_reason (e.g. "payment_cancelled"), null when it did not fail. */
  errorReason?: string | null;
  /** Added by the money helper: when the payment was created at the gateway (epoch ms). */
  createdAt?: number | null;
};

/** A gateway refund, as Razorpay's Refunds API and refund.* webhooks show it (amounts in paise). */
export type GatewayRefund = { id: string; paymentId: string; amount: number; currency: string; status: "pending" | "processed" | "failed" };

/** Razorpay's refund id format: rfnd_ + 14 base62 characters. */
export const REFUND_ID = /^rfnd_[A-Za-z0-9]{14}$/;

type RazorpayRefundEntity = { id: string; payment_id: string; amount: number; currency: string; status: string };

/** A refund entity (POST /payments/{id}/refund's answer, or a webhook's payload.refund.entity) in the contract's shape. */
export function refundFromEntity(e: RazorpayRefundEntity): GatewayRefund {
  const status = e.status === "processed" || e.status === "failed" ? e.status : "pending";
  return { id: String(e.id), paymentId: String(e.payment_id), amount: Number(e.amount), currency: String(e.currency), status };
}

/**
 * What the browser needs to pay: a form POSTed (top-level, works without JavaScript) to
 * `action` with `fields` as hidden inputs; the gateway later POSTs the outcome to the
 * callback_url given in `fields`.
 */
export type CheckoutForm = { action: string; fields: Record<string, string> };

export type CheckoutInput = {
  order: GatewayOrder;
  /** Shown on the gateway's page. */
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  /** Absolute URL the gateway POSTs razorpay_payment_id / razorpay_order_id / razorpay_signature (or error[...]) to. */
  callbackUrl: string;
  /** Absolute URL the payer returns to when they cancel. */
  cancelUrl: string;
};

export interface PaymentGateway {
  /** "razorpay" or "sandbox", for logs and the admin's view only: never branch on it. */
  readonly name: string;
  /** The public key id the checkout form carries. */
  readonly keyId: string;
  /** Creates an order for `amount` paise. Throws PaymentGatewayError when the gateway refuses or cannot be reached. */
  createOrder(input: { amount: number; currency: "INR"; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Throws PaymentGatewayError (status 404 for an unknown payment) when the gateway refuses or cannot be reached. */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /**
   * Refunds `amount` paise of a captured payment (Razorpay: POST /payments/{id}/refund, speed
   * normal). The outcome also arrives as a refund.processed or refund.failed webhook. Throws
   * PaymentGatewayError (with the gateway's status and words) when refused or unreachable.
   */
  refundPayment(input: { paymentId: string; amount: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
  /**
   * Every payment created at the gateway from `from` up to `to` (epoch ms), oldest first (Razorpay:
   * GET /payments with from/to in seconds, fetched a page of PAYMENTS_PAGE at a time with count and
   * skip). The daily reconciliation compares them with ours. Throws PaymentGatewayError.
   */
  listPayments(input: { from: number; to: number }): Promise<GatewayPayment[]>;
  checkoutForm(input: CheckoutInput): CheckoutForm;
  /** HMAC-SHA256(order_id + "|" + payment_id, key secret), compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): Promise<boolean>;
  /** HMAC-SHA256(raw body, webhook secret), compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string): Promise<boolean>;
  /** Origins the pages must allow as form targets and frames (Content-Security-Policy). */
  readonly checkoutOrigins: string[];
}

export class PaymentGatewayError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
    this.name = "PaymentGatewayError";
  }
}

/** Razorpay's largest page of GET /payments (its `count`); the adapter asks page after page with `skip`. */
export const PAYMENTS_PAGE = 100;
/** A day's payments beyond this many pages is refused rather than read forever. */
const MAX_PAYMENT_PAGES = 500;

/** Reads every page of a collection: `page(skip)` answers at most PAYMENTS_PAGE items; a shorter page is the last. */
async function allPages<T>(page: (skip: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < MAX_PAYMENT_PAGES; i++) {
    const items = await page(i * PAYMENTS_PAGE);
    all.push(...items);
    if (items.length < PAYMENTS_PAGE) return all;
  }
  throw new PaymentGatewayError(`More than ${MAX_PAYMENT_PAGES * PAYMENTS_PAGE} payments in one window: ask for a shorter one`);
}

/** Razorpay's id formats: order_ / pay_ + 14 base62 characters. */
export const ORDER_ID = /^order_[A-Za-z0-9]{14}$/;
export const PAYMENT_ID = /^pay_[A-Za-z0-9]{14}$/;

/** The payment signature Razorpay (and the sandbox) sends to the callback: hex HMAC-SHA256 of "order_id|payment_id". */
export const paymentSignature = (secret: string, orderId: string, paymentId: string) => hmacSha256Hex(secret, `${orderId}|${paymentId}`);

/** The form fields of a checkout (Razorpay Hosted Checkout's names), shared by both gateways. */
export function checkoutFields(keyId: string, input: CheckoutInput): Record<string, string> {
  const fields: Record<string, string> = {
    key_id: keyId,
    order_id: input.order.id,
    amount: String(input.order.amount),
    currency: input.order.currency,
    name: input.name,
    description: input.description,
  };
  for (const [k, v] of Object.entries(input.prefill)) if (v) fields[`prefill[${k}]`] = v;
  for (const [k, v] of Object.entries(input.notes ?? {})) fields[`notes[${k}]`] = v;
  fields.callback_url = input.callbackUrl;
  fields.cancel_url = input.cancelUrl;
  return fields;
}

// -------------------------------------------------------------------------------------------------
// Razorpay

export const RAZORPAY_API = "https://api.razorpay.com/v1";

type RazorpayKeys = { keyId: string; keySecret: string; webhookSecret: string };

type RazorpayPaymentEntity = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: GatewayPayment["status"];
  method?: string | null;
  vpa?: string | null;
  email?: string | null;
  contact?: string | number | null;
  fee?: number | null;
  tax?: number | null;
  error_code?: string | null;
  error_description?: string | null;
  error_reason?: string | null;
  notes?: Record<string, string> | unknown[] | null;
  created_at?: number | null;
};

/** A payment entity (GET /payments/{id}, or a webhook's payload.payment.entity) in the contract's shape. */
export function paymentFromEntity(e: RazorpayPaymentEntity): GatewayPayment {
  const str = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    id: String(e.id),
    orderId: String(e.order_id ?? ""),
    amount: Number(e.amount),
    currency: String(e.currency),
    status: e.status,
    method: str(e.method),
    vpa: str(e.vpa),
    email: str(e.email),
    contact: str(e.contact),
    fee: num(e.fee),
    tax: num(e.tax),
    errorCode: str(e.error_code),
    errorDescription: str(e.error_description),
    errorReason: str(e.error_reason),
    notes: e.notes && !Array.isArray(e.notes) ? Object.fromEntries(Object.entries(e.notes).map(([k, v]) => [k, String(v)])) : {},
    createdAt: typeof e.created_at === "number" ? e.created_at * 1000 : null,
  };
}

/** Razorpay: the Orders API and the Payments API with basic auth (key id : key secret), Hosted Checkout, signatures. */
export function razorpayGateway(keys: RazorpayKeys, fetcher: typeof fetch = (...args) => fetch(...args)): PaymentGateway {
  const auth = `Basic ${btoa(`${keys.keyId}:${keys.keySecret}`)}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetcher(`${RAZORPAY_API}${path}`, {
        method,
        headers: { Authorization: auth, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      throw new PaymentGatewayError(`Razorpay could not be reached (${e instanceof Error ? e.message : String(e)})`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (an outage page): the status says enough.
    }
    if (!res.ok) {
      const description = (json as { error?: { description?: string } } | null)?.error?.description;
      throw new PaymentGatewayError(`Razorpay ${method} ${path.split("/")[1]} answered ${res.status}${description ? `: ${description}` : ""}`, res.status);
    }
    if (!json || typeof json !== "object")
      throw new PaymentGatewayError(`Razorpay ${method} ${path.split("/")[1]} answered ${res.status} without JSON`, res.status);
    return json as T;
  }

  return {
    name: "razorpay",
    keyId: keys.keyId,
    checkoutOrigins: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
    async createOrder(input) {
      const order = await call<{ id: string; amount: number; currency: string; receipt: string; status: GatewayOrder["status"] }>("POST", "/orders", {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes ?? {},
      });
      return { id: order.id, amount: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
    },
    async fetchPayment(paymentId) {
      if (!PAYMENT_ID.test(paymentId)) throw new PaymentGatewayError("Not a Razorpay payment id", 400);
      return paymentFromEntity(await call<RazorpayPaymentEntity>("GET", `/payments/${paymentId}`));
    },
    async refundPayment(input) {
      if (!PAYMENT_ID.test(input.paymentId)) throw new PaymentGatewayError("Not a Razorpay payment id", 400);
      return refundFromEntity(
        await call<RazorpayRefundEntity>("POST", `/payments/${input.paymentId}/refund`, {
          amount: input.amount,
          speed: "normal",
          receipt: input.receipt,
          notes: input.notes ?? {},
        }),
      );
    },
    async listPayments({ from, to }) {
      // from and to are Unix seconds, both inclusive at Razorpay: `to` is the second before the window's end.
      const range = `from=${Math.floor(from / 1000)}&to=${Math.ceil(to / 1000) - 1}&count=${PAYMENTS_PAGE}`;
      const payments = await allPages(
        async (skip) => (await call<{ entity: string; count: number; items: RazorpayPaymentEntity[] }>("GET", `/payments?${range}&skip=${skip}`)).items ?? [],
      );
      return payments.map(paymentFromEntity).sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
    },
    checkoutForm: (input) => ({ action: `${RAZORPAY_API}/checkout/embedded`, fields: checkoutFields(keys.keyId, input) }),
    verifyPaymentSignature: ({ orderId, paymentId, signature }) => verifyHmacSha256Hex(keys.keySecret, `${orderId}|${paymentId}`, signature),
    verifyWebhookSignature: (rawBody, signature) => verifyHmacSha256Hex(keys.webhookSecret, rawBody, signature),
  };
}

// -------------------------------------------------------------------------------------------------
// The local sandbox gateway (sandbox-gateway.ts keeps its tables, pages and webhooks)

/**
 * The sandbox as a gateway: orders, payments and refunds in its D1 tables, its checkout page on the
 * callback's origin, Razorpay's signatures. `origin` is where its refund webhooks go (the request's
 * origin: this Worker); `defer` runs their first attempt after the answer (the 5-minute cron retries).
 */
export function sandboxGateway(env: SandboxEnv, origin: string | null = null, defer?: (work: Promise<unknown>) => void): PaymentGateway {
  const secret = sandboxSecret(env);
  return {
    name: "sandbox",
    keyId: SANDBOX_KEY_ID,
    // Served by this Worker: the pages' form-action 'self' already allows it.
    checkoutOrigins: [],
    async createOrder(input) {
      try {
        const order = await sandboxCreateOrder(env.DB, input);
        return { id: order.id, amount: order.amount, currency: order.currency, receipt: order.receipt, status: order.status };
      } catch (e) {
        throw new PaymentGatewayError(`The sandbox gateway could not create the order (${e instanceof Error ? e.message : String(e)})`);
      }
    },
    async fetchPayment(paymentId) {
      const row = PAYMENT_ID.test(paymentId) ? await sandboxPayment(env.DB, paymentId) : null;
      if (!row) throw new PaymentGatewayError("The id provided does not exist", 404);
      return paymentFromEntity(paymentEntity(row));
    },
    async refundPayment(input) {
      try {
        const now = Date.now();
        const { refund, webhooks } = await sandboxRefund(env, { ...input, speed: "normal" }, origin ? `${origin}${WEBHOOK_PATH}` : null, now);
        if (webhooks.length && defer)
          defer(
            (async () => {
              for (const id of webhooks) await attemptWebhook(env, id, now);
            })().catch((e: unknown) => log.error("sandbox gateway: webhook attempt failed", {}, e)),
          );
        return refundFromEntity(refundEntity(refund));
      } catch (e) {
        if (e instanceof SandboxRefundRefused) throw new PaymentGatewayError(e.message, e.status);
        throw new PaymentGatewayError(`The sandbox gateway could not refund the payment (${e instanceof Error ? e.message : String(e)})`);
      }
    },
    async listPayments({ from, to }) {
      try {
        const rows = await allPages((skip) => sandboxPayments(env.DB, { from, to, count: PAYMENTS_PAGE, skip }));
        return rows.map((row) => paymentFromEntity(paymentEntity(row)));
      } catch (e) {
        if (e instanceof PaymentGatewayError) throw e;
        throw new PaymentGatewayError(`The sandbox gateway could not list payments (${e instanceof Error ? e.message : String(e)})`);
      }
    },
    checkoutForm: (input) => ({
      action: `${new URL(input.callbackUrl).origin}${SANDBOX_PATH}/checkout/embedded`,
      fields: checkoutFields(SANDBOX_KEY_ID, input),
    }),
    verifyPaymentSignature: ({ orderId, paymentId, signature }) => verifyHmacSha256Hex(secret, `${orderId}|${paymentId}`, signature),
    verifyWebhookSignature: (rawBody, signature) => verifyHmacSha256Hex(secret, rawBody, signature),
  };
}

// -------------------------------------------------------------------------------------------------
// Choosing one

export type PaymentsEnv = SandboxEnv & {
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  APP_ENV?: string;
  /** "on" lets the local sandbox gateway run (on loopback hosts only); set by the local scripts and the test pool, never by wrangler.jsonc. */
  SANDBOX_GATEWAY?: string;
};

/** No gateway can take money as configured: the domain refuses orders with a clear message (issue 28). */
export class PaymentsNotConfigured extends PaymentGatewayError {
  constructor(message: string) {
    super(message);
    this.name = "PaymentsNotConfigured";
  }
}

const razorpayKeyCount = (env: PaymentsEnv) =>
  [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET].filter((k) => (k ?? "").trim() !== "").length;

/**
 * Whether the local sandbox gateway may run: it takes no money, so (like /dev/*,
 * functions/platform/dev-pages.ts) it fails closed. Only with no Razorpay key at all,
 * SANDBOX_GATEWAY="on" (set by `npm start`, `npm run dev`, the e2e script and the test pool, never
 * by wrangler.jsonc), outside production, and for a request on a loopback host. `origin` is the
 * request's origin; null for the cron, which has no request (the webhooks it retries were queued
 * by a checkout served on a loopback host).
 */
export function sandboxGatewayEnabled(env: PaymentsEnv, origin: string | null): boolean {
  if (razorpayKeyCount(env) > 0 || env.SANDBOX_GATEWAY !== "on" || env.APP_ENV === "production") return false;
  if (origin === null) return true;
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** Why no gateway works as configured for a request from `origin`, or null when one does. */
function misconfiguration(env: PaymentsEnv, origin: string | null): string | null {
  const keys = razorpayKeyCount(env);
  if (keys > 0 && keys < 3)
    return "Razorpay is half configured: set all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (docs/deploy.md, Payments)";
  if (keys === 0 && !sandboxGatewayEnabled(env, origin))
    return "No payment gateway is configured: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (docs/deploy.md, Payments); the local sandbox gateway runs only with SANDBOX_GATEWAY=on on localhost";
  return null;
}

/** Whether the local sandbox gateway is the gateway for a request from `origin` (it serves its pages and sends its webhooks only then). */
export function usesSandboxGateway(env: PaymentsEnv, origin: string | null): boolean {
  return razorpayKeyCount(env) === 0 && sandboxGatewayEnabled(env, origin);
}

/**
 * Which of the sandbox gateway's pages a request from `origin` may reach: all on a loopback host
 * where it is the gateway; only the phone's UPI pages on SANDBOX_PHONE_ORIGIN (a private address a
 * phone on the same network uses to scan the checkout's QR code); none anywhere else.
 */
export function sandboxGatewayAccess(env: PaymentsEnv, origin: string): SandboxAccess {
  if (usesSandboxGateway(env, origin)) return "all";
  if (usesSandboxGateway(env, null) && sandboxPhoneOrigin(env) === origin) return "phone";
  return "none";
}

/** A gateway that cannot work as configured: every call fails loudly with the reason, nothing verifies. */
function misconfiguredGateway(reason: string): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new PaymentsNotConfigured(reason);
  };
  return {
    name: "misconfigured",
    keyId: "",
    checkoutOrigins: [],
    createOrder: fail,
    fetchPayment: fail,
    refundPayment: fail,
    listPayments: fail,
    checkoutForm: () => {
      throw new PaymentsNotConfigured(reason);
    },
    verifyPaymentSignature: async () => false,
    verifyWebhookSignature: async () => false,
  };
}

/**
 * Razorpay with all three keys; the local sandbox gateway with none where it is enabled
 * (sandboxGatewayEnabled: local development and tests); anywhere else (a plain deploy or a preview
 * without keys, production, or only some of the keys) a gateway whose every call fails with the
 * reason: a site that silently took sandbox "payments" would hand out plans and designs for free.
 * `origin` is the request's origin (null for the cron).
 */
export function paymentGatewayFor(env: PaymentsEnv, origin: string | null, defer?: (work: Promise<unknown>) => void): PaymentGateway {
  const problem = misconfiguration(env, origin);
  if (problem) return misconfiguredGateway(problem);
  if (env.RAZORPAY_KEY_ID?.trim())
    return razorpayGateway({
      keyId: env.RAZORPAY_KEY_ID.trim(),
      keySecret: env.RAZORPAY_KEY_SECRET!.trim(),
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!.trim(),
    });
  return sandboxGateway(env, origin, defer);
}

/**
 * The gateway's own scheduled work (the 5-minute cron): the sandbox retries the webhooks it could not
 * deliver; Razorpay retries its own, so there is nothing to do.
 */
export async function runGatewayHousekeeping(env: PaymentsEnv, now: number, fetcher?: typeof fetch) {
  if (!usesSandboxGateway(env, null)) return { attempted: 0, delivered: 0, retrying: 0, failed: [] as string[] };
  return deliverDueSandboxWebhooks(env, now, fetcher);
}
