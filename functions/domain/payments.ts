import type { DomainContext } from "./context.ts";
import type { CheckoutForm } from "#platform/payments.ts";

/**
 * Buying a plan (issue 11). FOUNDATION STUB: the money-path helper replaces this file.
 *
 * `createSubscriptionOrder` (POST /subscribe/create-order/{planId} and the Plan page's "Buy"):
 * refuses a missing or retired plan; creates the gateway order for price x 100 paise with a
 * receipt; stores a PENDING subscription and a PENDING payment in one batch; returns the checkout
 * form the browser POSTs to the gateway. The gateway's callback ends at
 * /VendorDashboard/Plan?order={orderId}.
 */
export type SubscriptionOrder = {
  subscriptionId: string;
  paymentId: string;
  orderId: string;
  /** Paise, as the gateway sees it. */
  amount: number;
  currency: "INR";
  receipt: string;
  planName: string;
  keyId: string;
  checkout: CheckoutForm;
};

export async function createSubscriptionOrder(_ctx: DomainContext, _planId: string): Promise<SubscriptionOrder> {
  throw new Error("Buying plans is not built yet.");
}
