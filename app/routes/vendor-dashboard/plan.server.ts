import { data } from "react-router";
import { type DomainContext, isDomainError } from "#domain/core/index.ts";
import { createSubscriptionOrder, GatewayUnavailable } from "#domain/billing/index.ts";
import { readPageForm } from "#platform/request-body.ts";
import { formFailure, type PageFailure } from "#app/lib/page-errors.server.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/** What the Plan page shows after "Buy": the gateway's checkout form as "Pay ₹X to Mandap". */
export type CheckoutSection = { ok: true; intent: "buy"; planName: string; rupees: number; action: string; fields: Record<string, string> };

/** Said when the gateway could not be reached ("Nothing was charged"), in the request's language. */
export const buyFailed = () => m.couple_pay_failed_to_start();

/**
 * The Plan page's "Buy" (a form with intent=buy and planId): one call to createSubscriptionOrder
 * (functions/domain/billing/subscription-orders.ts), answered with the checkout form to render. A refusal (unknown or
 * retired plan...) is the form's failure with its status; anything else (the gateway cannot be
 * reached) is logged and shown as a plain 503 message on the form, never the error screen.
 * `order` is the domain call, replaceable in tests.
 */
export async function buyPlan(request: Request, domain: DomainContext, order: typeof createSubscriptionOrder = createSubscriptionOrder) {
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const planId = String(form.get("planId") ?? "");
  if (intent !== "buy" || !planId || planId.length > 64)
    return data<PageFailure>({ ok: false, intent: "buy", message: m.vendor_plan_choose_one_to_buy(), errors: {} }, { status: 400 });
  try {
    const made = await order(domain, planId);
    const section: CheckoutSection = {
      ok: true,
      intent: "buy",
      planName: made.planName,
      rupees: made.amount / 100,
      action: made.checkout.action,
      fields: made.checkout.fields,
    };
    return section;
  } catch (e) {
    if (isDomainError(e)) return formFailure(e, request, { intent: "buy" });
    // No payment gateway on this site (503) or the gateway refused (502): the domain's message says which.
    if (e instanceof GatewayUnavailable) return data<PageFailure>({ ok: false, intent: "buy", message: e.message, errors: {} }, { status: e.status });
    log.error("plan purchase failed", {}, e);
    return data<PageFailure>({ ok: false, intent: "buy", message: buyFailed(), errors: {} }, { status: 503 });
  }
}
