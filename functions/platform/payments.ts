/**
 * The payments adapter: one contract, two implementations chosen by configuration (issue 11).
 * - Razorpay (RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET + RAZORPAY_WEBHOOK_SECRET): the Orders API,
 *   Hosted Checkout, payment signatures and signed webhooks.
 * - The local sandbox gateway (the default without keys): the same order and payment ids, the same
 *   signatures, a checkout page served by this Worker where the payer approves or declines, and
 *   webhooks sent back to the app with retries.
 * The domain (functions/domain/payments.ts) never asks which one it has.
 *
 * FOUNDATION STUB: the types are the contract; the implementations are being built.
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
};

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
  /** Creates an order for `amount` paise. Throws PaymentGatewayError when the gateway refuses or cannot be reached. */
  createOrder(input: { amount: number; currency: "INR"; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  checkoutForm(input: CheckoutInput): CheckoutForm;
  /** HMAC-SHA256(order_id + "|" + payment_id, key secret), compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): Promise<boolean>;
  /** HMAC-SHA256(raw body, webhook secret), compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string): Promise<boolean>;
  /** Origins the pages must allow as form targets and frames (Content-Security-Policy). */
  readonly checkoutOrigins: string[];
}

export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

/** Until the adapters land: every call fails loudly. */
export function paymentGatewayFor(_env: unknown): PaymentGateway {
  const missing = async (): Promise<never> => {
    throw new PaymentGatewayError("The payments adapter is not built yet.");
  };
  return {
    name: "unbuilt",
    createOrder: missing,
    fetchPayment: missing,
    checkoutForm: () => {
      throw new PaymentGatewayError("The payments adapter is not built yet.");
    },
    verifyPaymentSignature: async () => false,
    verifyWebhookSignature: async () => false,
    checkoutOrigins: [],
  };
}
