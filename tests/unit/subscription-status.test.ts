import { describe, expect, it } from "vitest";
import {
  dayCount,
  daysRemaining,
  indiaDay,
  shownSubscription,
  subscriptionStatus,
  SUBSCRIPTION_TEXT,
  type SubscriptionFacts,
} from "#shared/subscription-status.ts";

/** The spec's vendor subscription display (section 4): one rule for the sidebar box and the Plan page. */
const DAY = 86_400_000;
/** An instant given as India time (UTC+05:30). */
const ist = (local: string) => Date.parse(`${local}+05:30`);

const active = (end: number | null, extra: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status: "ACTIVE",
  is_trial: false,
  end_date: end,
  trial_end_date: null,
  ...extra,
});
const trial = (end: number): SubscriptionFacts => ({ status: "ACTIVE", is_trial: true, end_date: end, trial_end_date: end });
const pending = (createdAt = 1): SubscriptionFacts => ({ status: "PENDING", is_trial: false, end_date: null, trial_end_date: null, created_at: createdAt });

describe("days remaining, in India time", () => {
  const now = ist("2026-11-23T10:00:00");

  it("counts calendar days between today and the end's date in Asia/Kolkata", () => {
    expect(daysRemaining(ist("2026-12-07T10:00:00"), now)).toBe(14);
    expect(daysRemaining(ist("2026-11-25T00:30:00"), now)).toBe(2);
    expect(daysRemaining(ist("2026-11-24T09:59:00"), now)).toBe(1);
  });

  it("rounds a part of a day up: an end later today is 1 day, not 0", () => {
    expect(daysRemaining(ist("2026-11-23T22:00:00"), now)).toBe(1);
    expect(daysRemaining(now + 1, now)).toBe(1);
  });

  it("is 1 ms before the end 1, at the end and after it 0 (never negative)", () => {
    const end = ist("2026-11-30T15:00:00");
    expect(daysRemaining(end, end - 1)).toBe(1);
    expect(daysRemaining(end, end)).toBe(0);
    expect(daysRemaining(end, end + 1)).toBe(0);
    expect(daysRemaining(end, end + 400 * DAY)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });

  it("turns over at midnight in India, not at midnight UTC", () => {
    const end = ist("2026-11-26T12:00:00");
    // 23:59:59.999 IST on the 24th is 18:29 UTC on the 24th; one millisecond later it is the 25th in India.
    expect(daysRemaining(end, ist("2026-11-24T23:59:59.999"))).toBe(2);
    expect(daysRemaining(end, ist("2026-11-25T00:00:00"))).toBe(1);
    // 05:29 IST on the 25th is still the 24th in UTC: India's date counts.
    expect(daysRemaining(end, ist("2026-11-25T05:29:00"))).toBe(1);
    expect(indiaDay(ist("2026-11-25T00:00:00"))).toBe(indiaDay(ist("2026-11-24T23:59:59.999")) + 1);
  });

  it("an end at India midnight leaves the rest of the day before it", () => {
    const end = ist("2026-11-24T00:00:00");
    expect(daysRemaining(end, ist("2026-11-23T00:00:00"))).toBe(1);
    expect(daysRemaining(end, ist("2026-11-22T23:59:59.999"))).toBe(2);
    expect(daysRemaining(end, end - 1)).toBe(1);
    expect(daysRemaining(end, end)).toBe(0);
  });
});

describe("which subscription is shown", () => {
  it("prefers the ACTIVE one with the latest end_date over earlier ones and over PENDING", () => {
    const early = active(ist("2026-12-01T00:00:00"));
    const late = active(ist("2027-03-01T00:00:00"));
    expect(shownSubscription([early, pending(), late, trial(ist("2026-12-07T00:00:00"))])).toBe(late);
  });

  it("takes an ACTIVE one even when it has ended (before the daily job expires it)", () => {
    const ended = active(ist("2026-01-01T00:00:00"));
    expect(shownSubscription([pending(), ended])).toBe(ended);
  });

  it("else the newest PENDING one, else none; CANCELLED and EXPIRED are never shown", () => {
    const older = pending(1);
    const newer = pending(2);
    expect(shownSubscription([older, newer, { ...active(ist("2027-01-01T00:00:00")), status: "EXPIRED" }])).toBe(newer);
    expect(
      shownSubscription([
        { ...pending(), status: "CANCELLED" },
        { ...active(ist("2027-01-01T00:00:00")), status: "EXPIRED" },
      ]),
    ).toBeNull();
    expect(shownSubscription([])).toBeNull();
  });
});

describe("the status line", () => {
  const now = ist("2026-11-23T10:00:00");

  it("'Trial ends in N days' for a running trial, 'Trial has ended' after it", () => {
    expect(subscriptionStatus([trial(now + 14 * DAY)], now).text).toBe("Trial ends in 14 days");
    expect(subscriptionStatus([trial(now + 1)], now).text).toBe("Trial ends in 1 day");
    expect(subscriptionStatus([trial(now)], now).text).toBe("Trial has ended");
    expect(subscriptionStatus([trial(now - DAY)], now)).toMatchObject({ kind: "trial", ended: true, days: 0, text: SUBSCRIPTION_TEXT.trialEnded });
  });

  it("'N days remaining' for a paid one, 'Subscription has ended' after it", () => {
    expect(subscriptionStatus([active(ist("2027-02-21T10:00:00"))], now).text).toBe("90 days remaining");
    expect(subscriptionStatus([active(ist("2026-11-24T08:00:00"))], now).text).toBe("1 day remaining");
    expect(subscriptionStatus([active(now - 1)], now).text).toBe("Subscription has ended");
    expect(subscriptionStatus([active(null)], now).text).toBe("Subscription has ended");
  });

  it("'Subscription Pending' for a PENDING one", () => {
    expect(subscriptionStatus([pending()], now)).toEqual({ kind: "pending", text: "Subscription Pending" });
  });

  it("a paid plan bought during a trial (its period stacked after the trial) is the one shown", () => {
    const trialEnd = now + 14 * DAY;
    const status = subscriptionStatus([trial(trialEnd), active(trialEnd + 90 * DAY)], now);
    expect(status.text).toBe("104 days remaining");
  });

  it("none, or nothing loaded (an error), has no text: the Get Plan link", () => {
    expect(subscriptionStatus([], now)).toEqual({ kind: "none", text: null });
    expect(subscriptionStatus(null, now)).toEqual({ kind: "none", text: null });
    expect(SUBSCRIPTION_TEXT.getPlan).toBe("Get Plan");
    expect(SUBSCRIPTION_TEXT.loading).toBe("Loading subscription...");
  });

  it("says '1 day' in the singular and 'N days' otherwise", () => {
    expect(dayCount(1)).toBe("1 day");
    expect(dayCount(2)).toBe("2 days");
    expect(dayCount(365)).toBe("365 days");
  });
});
