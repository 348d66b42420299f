import { ACCESS } from "#domain/core/index.ts";
import { activePlans, paymentHistory, vendorSubscriptions } from "#domain/billing/index.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/** The plans on offer (spec section 7, "Payments"): what GET /plan lists is public pricing, nothing of anyone's. */
export const plansApi = new Resource("/plan", "Plans").endpoint(
  {
    method: "get",
    path: "/",
    summary: "The active plans, cheapest first: price in whole rupees per duration_days, trial or paid, and what each includes",
    access: "public",
  },
  async (c) => c.json({ success: true, plans: await activePlans(c.get("domain")) }),
);

/** The signed-in vendor's own subscriptions and payments (spec section 7, "Payments"); buying is in payments. */
export const subscriptionsApi = new Resource("/subscribe", "Plans")
  .endpoint(
    {
      method: "get",
      path: "/subscription",
      summary:
        "The signed-in vendor's subscriptions, newest first (status, is_trial, trial_end_date, end_date, start_date, plan_name; times in epoch milliseconds)",
      access: ACCESS.vendor,
      refusal: m.api_only_vendors_subscriptions,
    },
    async (c) => c.json({ success: true, subscriptions: await vendorSubscriptions(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/payment-history",
      summary:
        "The signed-in vendor's payments to Mandap, newest first: date, plan, amount (whole rupees), status, gateway payment id, failure reason, invoice link and the GST credit notes of its refunds",
      access: ACCESS.vendor,
      refusal: m.api_only_vendors_plan_payments,
    },
    async (c) => c.json({ success: true, payments: await paymentHistory(c.get("domain")) }),
  );
