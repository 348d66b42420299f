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
import { dayCount, shownSubscription, subscriptionStatus } from "#shared/subscription-status.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * /VendorDashboard/Plan: the plans on offer (as admins set them up) with what each includes, the
 * vendor's current subscription and its status line (the sidebar box's rule), the outcome of an
 * order when the gateway's callback sends the vendor back here (?order={orderId}), and a "Buy"
 * form per paid plan. Buying (functions/domain/billing/subscription-orders.ts) answers with the gateway's checkout
 * form, shown as "Pay ₹X to Mandap": a plain form POSTed to the gateway, so it works without
 * JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Plans") }, { name: "robots", content: "noindex" }];

/** What the page states about buying during the trial (the periods-stack rule, docs/decisions/0017). */
const TRIAL_STACKING = "A plan bought during your free trial starts when the trial ends: you keep every trial day; its limits apply at once.";

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
        Payment received: your {outcome.planName} plan runs
        {outcome.startDate ? ` from ${formatDate(outcome.startDate)}` : ""}
        {outcome.endDate ? ` until ${formatDate(outcome.endDate)}` : ""}. Your invoice is in{" "}
        <Link to="/VendorDashboard/payments" className="font-semibold underline">
          Payments
        </Link>
        .
      </p>
    );
  if (outcome.status === "failed")
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="order-outcome">
        The payment for {outcome.planName} did not go through: {outcome.reason} Nothing was charged for it; you can try again below.
      </p>
    );
  return (
    <p role="status" className="mt-4 rounded-lg bg-marigold-300/20 px-3 py-2 text-sm" data-testid="order-outcome">
      We are waiting for the payment for {outcome.planName} to be confirmed. This usually takes a few seconds:{" "}
      <Link to={`/VendorDashboard/Plan?order=${encodeURIComponent(outcome.orderId)}`} className="font-semibold underline" reloadDocument>
        check again
      </Link>
      .
    </p>
  );
}

function CurrentSubscription({ subscriptions, now }: { subscriptions: VendorSubscription[]; now: number }) {
  const status = subscriptionStatus(subscriptions, now);
  const shown = shownSubscription(subscriptions);
  return (
    <div className="mt-4 rounded-xl border border-marigold-300 bg-marigold-300/15 p-4" aria-labelledby="current-heading">
      <h2 id="current-heading" className="font-semibold">
        Your subscription
      </h2>
      {status.text === null || !shown ? (
        <p className="mt-1 text-sm">You have no plan at the moment. Choose one below.</p>
      ) : (
        <>
          <p className="mt-1 text-lg font-bold" data-testid="plan-status">
            {status.text}
          </p>
          <p className="text-sm text-ink/75">
            {shown.plan_name}
            {shown.status === "ACTIVE" && shown.start_date && shown.end_date
              ? `: ${formatDate(shown.start_date)} to ${formatDate(shown.end_date)}`
              : shown.status === "PENDING"
                ? ": waiting for payment"
                : ""}
          </p>
          {shown.status === "PENDING" && shown.failure_reason && <p className="mt-1 text-sm text-red-800">Last attempt: {shown.failure_reason}</p>}
        </>
      )}
      <Link to="/VendorDashboard/payments" className="mt-2 inline-block text-sm font-semibold text-maroon-700 underline">
        Payment history and invoices
      </Link>
    </div>
  );
}

function includes(plan: PlanSummary): string[] {
  return [
    plan.maxActiveServices === null
      ? "Unlimited active services"
      : `Up to ${plan.maxActiveServices} active ${plan.maxActiveServices === 1 ? "service" : "services"}`,
    plan.featuredPlacement ? "Featured placement in search" : "No featured placement",
    plan.analyticsDepth === "FULL" ? "Full analytics: per-service figures and history" : "Basic analytics: totals only",
    ...plan.features,
  ];
}

function Checkout({ section }: { section: CheckoutSection }) {
  return (
    <GatewayCheckout rupees={section.rupees} action={section.action} fields={section.fields}>
      {section.planName}. You will pay on the payment gateway&apos;s page (UPI or card) and come back here.
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
      <h1 className="text-3xl font-bold text-maroon-700">Plans</h1>
      {outcome && <Outcome outcome={outcome} />}
      <CurrentSubscription subscriptions={subscriptions} now={now} />
      {checkout && <Checkout section={checkout} />}
      <p className="mt-4 text-sm text-ink/75">{TRIAL_STACKING}</p>
      {failure && (
        <div className="mt-4">
          <FormAlert message={failure.message} />
        </div>
      )}
      {plans.length === 0 ? (
        <p className="mt-4 text-sm text-ink/75">No plans are on offer right now.</p>
      ) : (
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan.id} className="flex flex-col rounded-xl border border-maroon-100 p-4" data-testid="plan">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-xl font-semibold">{plan.name}</h2>
                {plan.id === currentPlanId && <span className="rounded-full bg-maroon-50 px-2 py-0.5 text-xs font-semibold text-maroon-700">Your plan</span>}
              </div>
              <p className="mt-1 text-lg font-bold text-maroon-700">
                {plan.price === 0 ? "Free" : formatRupees(plan.price)} / {dayCount(plan.durationDays)}
              </p>
              {plan.isTrial && <p className="text-sm">Trial: {dayCount(plan.durationDays)}</p>}
              {plan.description && <p className="mt-2 text-sm text-ink/75">{plan.description}</p>}
              <ul className="mt-2 list-disc pl-5 text-sm">
                {includes(plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <div className="mt-auto pt-3">
                {plan.isTrial || plan.price === 0 ? (
                  <p className="text-sm text-ink/75">Starts by itself when you verify your e-mail address, once per address.</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="buy" />
                    <SubmitButton name="planId" value={plan.id} pendingText="Starting the payment...">
                      Buy {plan.name}
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
