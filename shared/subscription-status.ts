import { indiaDay } from "./india-time.ts";
/**
 * The vendor's subscription as the spec displays it (section 4, "Vendor subscription display"):
 * one pure rule, used by the dashboard's sidebar box and by the Plan page.
 *
 * - Which subscription: the ACTIVE one with the latest end_date; otherwise a PENDING one (the
 *   newest); otherwise none. CANCELLED and EXPIRED ones are never shown.
 * - What it says: PENDING -> 'Subscription Pending'; an ACTIVE trial -> 'Trial ends in N days', or
 *   'Trial has ended' once its end has passed; an ACTIVE paid one -> 'N days remaining', or
 *   'Subscription has ended'. None -> a 'Get Plan' link (also on error); 'Loading subscription...'
 *   while it loads.
 */

export const SUBSCRIPTION_TEXT = {
  pending: "Subscription Pending",
  trialEnded: "Trial has ended",
  ended: "Subscription has ended",
  getPlan: "Get Plan",
  loading: "Loading subscription...",
} as const;

/** The fields the rule reads (GET /subscribe/subscription returns them, snake_case as the spec names them). */
export type SubscriptionFacts = {
  status: string;
  is_trial: boolean;
  /** Epoch milliseconds; null only for a PENDING subscription that has no period yet. */
  end_date: number | null;
  trial_end_date: number | null;
  created_at?: number;
};

export { indiaDay };

/**
 * Days left until `end`, counted in India time: the number of calendar days from today's date in
 * Asia/Kolkata to the end's date in Asia/Kolkata, rounded up to 1 while the end is still ahead
 * later today (a part of a day left is a day), and 0 (never negative) once `now` has reached the
 * end. A subscription is in force while end_date > now, so at the end's exact millisecond it is 0.
 *
 * Examples (IST): now 23 Nov 10:00, end 7 Dec 10:00 (a 14-day trial just started) -> 14;
 * end 24 Nov 00:00 -> 1 (the rest of today); end 23 Nov 22:00 -> 1; now = end -> 0.
 * Calendar days rather than 24-hour blocks, so the number changes at midnight in India for every
 * vendor at once, the way a person counts "days left", and the same way whatever the server's or
 * browser's time zone is.
 */
export function daysRemaining(end: number | null, now: number): number {
  if (end === null || end <= now) return 0;
  return Math.max(1, indiaDay(end) - indiaDay(now));
}

/**
 * "1 day", "2 days". The spec writes its strings with N in the plural ('N days remaining'); for
 * N = 1 we use the singular, as English does: "1 days remaining" reads as a mistake to a vendor,
 * and every other N gives exactly the spec's string.
 */
export const dayCount = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The subscription the vendor's status shows: the ACTIVE one with the latest end_date, else the newest PENDING one, else null. */
export function shownSubscription<T extends SubscriptionFacts>(subscriptions: readonly T[]): T | null {
  let active: T | null = null;
  let pending: T | null = null;
  for (const s of subscriptions) {
    if (s.status === "ACTIVE") {
      if (!active || (s.end_date ?? -Infinity) > (active.end_date ?? -Infinity)) active = s;
    } else if (s.status === "PENDING") {
      if (!pending || (s.created_at ?? 0) > (pending.created_at ?? 0)) pending = s;
    }
  }
  return active ?? pending;
}

export type SubscriptionStatus =
  { kind: "none"; text: null } | { kind: "pending"; text: string } | { kind: "trial" | "paid"; text: string; days: number; ended: boolean };

/** The status line for a vendor's subscriptions at `now` (null text: show the 'Get Plan' link). */
export function subscriptionStatus(subscriptions: readonly SubscriptionFacts[] | null | undefined, now: number): SubscriptionStatus {
  const shown = subscriptions ? shownSubscription(subscriptions) : null;
  if (!shown) return { kind: "none", text: null };
  if (shown.status === "PENDING") return { kind: "pending", text: SUBSCRIPTION_TEXT.pending };
  if (shown.is_trial) {
    const days = daysRemaining(shown.trial_end_date ?? shown.end_date, now);
    return { kind: "trial", days, ended: days === 0, text: days === 0 ? SUBSCRIPTION_TEXT.trialEnded : `Trial ends in ${dayCount(days)}` };
  }
  const days = daysRemaining(shown.end_date, now);
  return { kind: "paid", days, ended: days === 0, text: days === 0 ? SUBSCRIPTION_TEXT.ended : `${dayCount(days)} remaining` };
}
