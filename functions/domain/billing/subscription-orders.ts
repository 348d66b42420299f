import type { Row } from "#db/rows.ts";
import type { plans } from "#db/schema/index.ts";
import { type DomainContext, requireRole, ACCESS, NotFound, Conflict, newId } from "../core/index.ts";
import type { CheckoutForm } from "#platform/payments.ts";
import { PAYMENT_MESSAGES, PLAN_PAGE } from "./payment-records.ts";
import { checkoutFor, openOrder } from "./checkout-orders.ts";
import { planPurpose } from "./plan-purpose.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Buying a plan (issue 11, docs/decisions/0017-payments.md): the money path, exactly once.
 *
 * - `createSubscriptionOrder` (POST /subscribe/create-order/{planId} and the Plan page's "Buy"):
 *   a paid, active plan only; through the one checkout (checkout-orders.ts `openOrder`, purpose
 *   planPurpose): the gateway order for the plan's charge with a receipt, a PENDING subscription and
 *   a PENDING payment in one batch; the checkout form the browser POSTs to the
 *   gateway, whose callback ends at /VendorDashboard/Plan?order={orderId}.
 * - `confirmCheckout` (the gateway's callback, checkout-callback.ts) and `handleWebhook` (its
 *   webhooks, payment-webhooks.ts) both end in `creditPayment` (payment-credits.ts), the one
 *   crediting function: a single D1 batch that records the credit (its
 *   primary key refuses a second one), marks the payment SUCCESS, the subscription ACTIVE for its
 *   stacked period, and issues the invoice. Whichever path comes first credits; the other, and
 *   every replay, is answered as already credited and changes nothing.
 * The gateway is whatever `ctx.payments` is (Razorpay or the local sandbox): nothing here asks.
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

type PlanRow = Row<typeof plans, "id" | "name" | "price" | "duration_days" | "is_trial" | "is_active">;

export async function createSubscriptionOrder(ctx: DomainContext, planId: string): Promise<SubscriptionOrder> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, m.api_only_vendors_buy_plan());
  const plan = await ctx.db.prepare("SELECT id, name, price, duration_days, is_trial, is_active FROM plans WHERE id = ?").bind(planId).first<PlanRow>();
  if (!plan) throw new NotFound(PAYMENT_MESSAGES.noPlan);
  if (!plan.is_active) throw new Conflict(PAYMENT_MESSAGES.retiredPlan);
  if (plan.is_trial || plan.price <= 0) throw new Conflict(PAYMENT_MESSAGES.trialPlan);
  const vendor = await ctx.db
    .prepare(
      "SELECT u.user_name AS userName, u.email, COALESCE(v.phone, u.phone) AS phone, v.business_name AS businessName FROM users u JOIN vendors v ON v.user_id = u.id WHERE u.id = ?",
    )
    .bind(actor.id)
    .first<{ userName: string; email: string; phone: string | null; businessName: string }>();
  if (!vendor) throw new NotFound(PAYMENT_MESSAGES.noVendor);

  const subscriptionId = newId(ctx.now);
  const { paymentId, receipt, order } = await openOrder(ctx, planPurpose, {
    payerId: actor.id,
    amount: plan.price,
    purchaseId: subscriptionId,
    notes: (paymentId) => ({ vendor_id: actor.id, subscription_id: subscriptionId, payment_id: paymentId, plan_id: plan.id }),
    pendingRows: (order) => ({
      before: [
        ctx.db
          .prepare(
            `INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, is_trial, duration_days, plan_name, created_at, updated_at)
             VALUES (?, ?, ?, 'PENDING', ?, 0, ?, ?, ?, ?)`,
          )
          // The plan's terms as offered now (issue 28): the price is the payment's amount, the length and name are kept here.
          .bind(subscriptionId, actor.id, plan.id, order.id, plan.duration_days, plan.name, ctx.now, ctx.now),
      ],
    }),
    what: "an order",
  });
  const checkout = checkoutFor(ctx, order, {
    description: `${plan.name} plan, ${plan.duration_days} days`,
    prefill: { name: vendor.userName, email: vendor.email, phone: vendor.phone },
    notes: { vendor: vendor.businessName.slice(0, 200) },
    cancelPath: PLAN_PAGE,
  });
  return {
    subscriptionId,
    paymentId,
    orderId: order.id,
    amount: planPurpose.chargedPaise(ctx, plan.price),
    currency: "INR",
    receipt,
    planName: plan.name,
    keyId: ctx.payments.keyId,
    checkout,
  };
}
