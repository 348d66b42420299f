import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { VendorSubscription } from "#domain/billing/index.ts";
import { SUBSCRIPTION_TEXT, subscriptionStatus } from "#shared/subscription-status.ts";

/**
 * The sidebar's subscription status box (spec sections 2 and 4): 'Loading subscription...' while
 * the subscriptions stream in, then the status line (shared/subscription-status.ts, the rule the
 * Plan page uses too) with a link to the plans, or a 'Get Plan' link with none or on error.
 */
export function SubscriptionBox({ subscriptions, now }: { subscriptions: Promise<VendorSubscription[]>; now: number }) {
  const getPlan = (
    <Link to="/VendorDashboard/Plan" className="mt-1 inline-block font-semibold text-maroon-700 underline">
      {SUBSCRIPTION_TEXT.getPlan}
    </Link>
  );
  return (
    <div className="rounded-xl border border-marigold-300 bg-marigold-300/15 p-3 text-sm" data-testid="subscription-box">
      <p className="font-semibold">Subscription</p>
      <Suspense fallback={<p className="mt-1 text-ink/75">{SUBSCRIPTION_TEXT.loading}</p>}>
        <Await resolve={subscriptions} errorElement={getPlan}>
          {(list) => {
            const status = subscriptionStatus(list, now);
            if (status.text === null) return getPlan;
            return (
              <>
                <p className="mt-1" data-testid="subscription-status">
                  {status.text}
                </p>
                <Link to="/VendorDashboard/Plan" className="mt-1 inline-block font-semibold text-maroon-700 underline">
                  {status.kind === "pending" ? "See plans" : "Your plan"}
                </Link>
              </>
            );
          }}
        </Await>
      </Suspense>
    </div>
  );
}
