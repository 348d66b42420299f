import { Form, Link } from "react-router";
import type { Route } from "./+types/plan";
import { activePlans, type PlanSummary, orderOutcome, vendorSubscriptions, type OrderOutcome, type VendorSubscription } from "#domain/billing/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { buyPlan, type CheckoutSection } from "./plan.server.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { FormAlert } from "#app/components/ui/index.ts";
import { GatewayCheckout } from "#app/components/payments/GatewayCheckout.tsx";
import { appContext } from "#functions/page-context.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { shownSubscription, subscriptionStatus } from "#shared/subscription-status.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { subscriptionLine } from "#app/components/SubscriptionBox.tsx";
import { rich } from "#app/components/rich.tsx";

/**
 * /VendorDashboard/Plan: the plans on offer (as admins set them up) with what each includes, the
 * vendor's current subscription and its status line (the sidebar box's rule), the outcome of an
 * order when the gateway's callback sends the vendor back here (?order={orderId}), and a "Buy"
 * form per paid plan. Buying (functions/domain/billing/subscription-orders.ts) answers with the gateway's checkout
 * form, shown as "Pay ₹X to Mandap": a plain form POSTed to the gateway, so it works without
 * JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_plan_title()) }, { name: "robots", content: "noindex" }];

/** What the page states about buying during the trial (the periods-stack rule, docs/decisions/0017). */
const TRIAL_STACKING = () => m.vendor_plan_trial_stacking();

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const order = new URL(request.url).searchParams.get("order");
  return loadOrRespond(request, async () => {
    const [plans, subscriptions, outcome] = await Promise.all([activePlans(domain), vendorSubscriptions(domain), order ? orderOutcome(domain, order) : null]);
    return { plans, subscriptions, outcome, now: domain.now };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return buyPlan(request, context.get(appContext).domain);
}

function Outcome({ outcome }: { outcome: OrderOutcome }) {
  if (outcome.status === "paid")
    return (
      <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="order-outcome">
        {rich(m.vendor_plan_paid, {
          plan: <span translate="no">{outcome.planName}</span>,
          from: outcome.startDate ? m.vendor_plan_paid_from({ date: formatDate(outcome.startDate) }) : "",
          until: outcome.endDate ? m.vendor_plan_paid_until({ date: formatDate(outcome.endDate) }) : "",
          link: (
            <Link to="/VendorDashboard/payments" className="font-semibold underline">
              {m.vendor_plan_payments_link()}
            </Link>
          ),
        })}
      </p>
    );
  if (outcome.status === "failed")
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="order-outcome">
        {rich(m.vendor_plan_failed, { plan: <span translate="no">{outcome.planName}</span>, reason: <span lang="en">{outcome.reason}</span> })}
      </p>
    );
  return (
    <p role="status" className="mt-4 rounded-lg bg-marigold-300/20 px-3 py-2 text-sm" data-testid="order-outcome">
      {rich(m.vendor_plan_waiting, {
        plan: <span translate="no">{outcome.planName}</span>,
        link: (
          <Link to={`/VendorDashboard/Plan?order=${encodeURIComponent(outcome.orderId)}`} className="font-semibold underline" reloadDocument>
            {m.vendor_plan_check_again()}
          </Link>
        ),
      })}
    </p>
  );
}

function CurrentSubscription({ subscriptions, now }: { subscriptions: VendorSubscription[]; now: number }) {
  const status = subscriptionStatus(subscriptions, now);
  const shown = shownSubscription(subscriptions);
  return (
    <div className="mt-4 rounded-xl border border-marigold-300 bg-marigold-300/15 p-4" aria-labelledby="current-heading">
      <h2 id="current-heading" className="font-semibold">
        {m.vendor_plan_your_subscription()}
      </h2>
      {status.kind === "none" || !shown ? (
        <p className="mt-1 text-sm">{m.vendor_plan_none()}</p>
      ) : (
        <>
          <p className="mt-1 text-lg font-bold" data-testid="plan-status">
            {subscriptionLine(status)}
          </p>
          <p className="text-sm text-ink/75">
            <span translate="no">{shown.plan_name}</span>
            {shown.status === "ACTIVE" && shown.start_date && shown.end_date
              ? m.vendor_plan_period({ from: formatDate(shown.start_date), to: formatDate(shown.end_date) })
              : shown.status === "PENDING"
                ? m.vendor_plan_waiting_payment()
                : ""}
          </p>
          {shown.status === "PENDING" && shown.failure_reason && (
            <p className="mt-1 text-sm text-red-800">{rich(m.vendor_plan_last_attempt, { reason: <span lang="en">{shown.failure_reason}</span> })}</p>
          )}
        </>
      )}
      <Link to="/VendorDashboard/payments" className="mt-2 inline-block text-sm font-semibold text-maroon-700 underline">
        {m.vendor_plan_history()}
      </Link>
    </div>
  );
}

/** What a plan includes: the limits in the page's language. */
function limits(plan: PlanSummary): string[] {
  return [
    plan.maxActiveServices === null ? m.vendor_plan_unlimited() : m.vendor_plan_up_to({ count: plan.maxActiveServices }),
    plan.featuredPlacement ? m.vendor_plan_featured() : m.vendor_plan_not_featured(),
    plan.analyticsDepth === "FULL" ? m.vendor_plan_full_analytics() : m.vendor_plan_basic_analytics(),
  ];
}

function Checkout({ section }: { section: CheckoutSection }) {
  return (
    <GatewayCheckout rupees={section.rupees} action={section.action} fields={section.fields}>
      {rich(m.vendor_plan_checkout, { plan: <span translate="no">{section.planName}</span>, upi: <span translate="no">UPI</span> })}
    </GatewayCheckout>
  );
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, subscriptions, outcome, now } = loaderData;
  const currentPlanId = shownSubscription(subscriptions)?.plan_id ?? null;
  const checkout = actionData?.ok ? actionData : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_plan_title()}</h1>
      {outcome && <Outcome outcome={outcome} />}
      <CurrentSubscription subscriptions={subscriptions} now={now} />
      {checkout && <Checkout section={checkout} />}
      <p className="mt-4 text-sm text-ink/75">{TRIAL_STACKING()}</p>
      {failure && (
        <div className="mt-4">
          <FormAlert message={failure.message} />
        </div>
      )}
      {plans.length === 0 ? (
        <p className="mt-4 text-sm text-ink/75">{m.vendor_plan_none_on_offer()}</p>
      ) : (
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan.id} className="flex flex-col rounded-xl border border-maroon-100 p-4" data-testid="plan">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-xl font-semibold" translate="no">
                  {plan.name}
                </h2>
                {plan.id === currentPlanId && (
                  <span className="rounded-full bg-maroon-50 px-2 py-0.5 text-xs font-semibold text-maroon-700">{m.vendor_plan_current()}</span>
                )}
              </div>
              <p className="mt-1 text-lg font-bold text-maroon-700">
                {plan.price === 0 ? m.vendor_plan_free() : formatRupees(plan.price)} / {m.vendor_plan_days({ count: plan.durationDays })}
              </p>
              {plan.isTrial && <p className="text-sm">{m.vendor_plan_trial({ days: m.vendor_plan_days({ count: plan.durationDays }) })}</p>}
              {plan.description && (
                <p className="mt-2 text-sm text-ink/75" translate="no">
                  {plan.description}
                </p>
              )}
              <ul className="mt-2 list-disc pl-5 text-sm">
                {limits(plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {/* The features an admin wrote for the plan, as written. */}
                {plan.features.map((line) => (
                  <li key={line} translate="no">
                    {line}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-3">
                {plan.isTrial || plan.price === 0 ? (
                  <p className="text-sm text-ink/75">{m.vendor_plan_trial_starts()}</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="buy" />
                    <SubmitButton name="planId" value={plan.id} pendingText={m.vendor_plan_starting()}>
                      {rich(m.vendor_plan_buy, { plan: <span translate="no">{plan.name}</span> })}
                    </SubmitButton>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
