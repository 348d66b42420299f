import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { VendorSubscription } from "#domain/billing/index.ts";
import { subscriptionStatus, type SubscriptionStatus } from "#shared/subscription-status.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The status line of shared/subscription-status.ts in the page's language: its English is the
 * spec's text (`status.text`) word for word; the Hindi comes from the vendor catalogue.
 */
export function subscriptionLine(status: Exclude<SubscriptionStatus, { kind: "none" }>): string {
  if (status.kind === "pending") return m.vendor_subscription_pending();
  if (status.kind === "trial") return status.ended ? m.vendor_subscription_trial_ended() : m.vendor_subscription_trial_ends({ days: status.days });
  return status.ended ? m.vendor_subscription_ended() : m.vendor_subscription_days_left({ days: status.days });
}

/**
 * The sidebar's subscription status box (spec sections 2 and 4): 'Loading subscription...' while
 * the subscriptions stream in, then the status line (shared/subscription-status.ts, the rule the
 * Plan page uses too) with a link to the plans, or a 'Get Plan' link with none or on error.
 */
export function SubscriptionBox({ subscriptions, now }: { subscriptions: Promise<VendorSubscription[]>; now: number }) {
  const getPlan = (
    <Link to="/VendorDashboard/Plan" className="mt-1 inline-block font-semibold text-maroon-700 underline">
      {m.vendor_subscription_get_plan()}
    </Link>
  );
  return (
    <div className="rounded-xl border border-marigold-300 bg-marigold-300/15 p-3 text-sm" data-testid="subscription-box">
      <p className="font-semibold">{m.vendor_subscription()}</p>
      <Suspense fallback={<p className="mt-1 text-ink/75">{m.vendor_subscription_loading()}</p>}>
        <Await resolve={subscriptions} errorElement={getPlan}>
          {(list) => {
            const status = subscriptionStatus(list, now);
            if (status.kind === "none") return getPlan;
            return (
              <>
                <p className="mt-1" data-testid="subscription-status">
                  {subscriptionLine(status)}
                </p>
                <Link to="/VendorDashboard/Plan" className="mt-1 inline-block font-semibold text-maroon-700 underline">
                  {status.kind === "pending" ? m.vendor_subscription_see_plans() : m.vendor_subscription_your_plan()}
                </Link>
              </>
            );
          }}
        </Await>
      </Suspense>
    </div>
  );
}
