import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionBox } from "#app/components/SubscriptionBox.tsx";
import type { VendorSubscription } from "#domain/billing/index.ts";
import { withLocale } from "#platform/locale.ts";

/**
 * The sidebar's subscription box as the server streams it: 'Loading subscription...' first, then
 * the status line when the subscriptions arrive, or the 'Get Plan' link when there are none or
 * their promise rejects (never an error screen).
 */
const now = Date.parse("2026-11-23T10:00:00+05:30");
const DAY = 86_400_000;

async function render(subscriptions: Promise<VendorSubscription[]>, { wait }: { wait: boolean }) {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(SubscriptionBox, { subscriptions, now }) }]);
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(createElement(Stub, { initialEntries: ["/"] }), { onError: (e) => void errors.push(e) });
  if (!wait) {
    // Only the shell (what the browser shows before the data arrives).
    const reader = stream.getReader();
    const first = await reader.read();
    await reader.cancel();
    return { html: new TextDecoder().decode(first.value), errors };
  }
  await stream.allReady;
  return { html: await new Response(stream).text(), errors };
}

const sub = (fields: Partial<VendorSubscription>): VendorSubscription => ({
  id: "s1",
  plan_id: "p1",
  plan_name: "Free trial",
  status: "ACTIVE",
  is_trial: true,
  start_date: now,
  end_date: now + 14 * DAY,
  trial_end_date: now + 14 * DAY,
  failure_reason: null,
  created_at: now,
  ...fields,
});

describe("the subscription box", () => {
  it("shows 'Loading subscription...' while the subscriptions load", async () => {
    const { html } = await render(new Promise<VendorSubscription[]>(() => {}), { wait: false });
    expect(html).toContain("Loading subscription...");
    expect(html).not.toContain("Get Plan");
  });

  it("fills in the status line when they arrive, with a link to the plans", async () => {
    const { html, errors } = await render(Promise.resolve([sub({})]), { wait: true });
    expect(html).toContain("Trial ends in 14 days");
    expect(html).toContain('href="/VendorDashboard/Plan"');
    expect(html).not.toContain("Get Plan");
    expect(errors).toEqual([]);
  });

  it("shows the Get Plan link with none", async () => {
    const { html } = await render(Promise.resolve([sub({ status: "EXPIRED" })]), { wait: true });
    expect(html).toContain("Get Plan");
    expect(html).not.toContain("Trial");
  });

  it("shows the Get Plan link, not an error, when loading them fails", async () => {
    const failing = Promise.reject(new Error("D1 is down"));
    failing.catch(() => {});
    const { html, errors } = await render(failing, { wait: true });
    expect(html).toContain("Get Plan");
    expect(html).toContain('href="/VendorDashboard/Plan"');
    expect(html).not.toContain("D1 is down");
    expect(errors).toEqual([]);
  });
});

describe("the subscription box in Hindi (issue 32)", () => {
  const hindi = <T>(work: () => Promise<T>) => withLocale("hi", work);

  it("says each status in Hindi, with the same day count", async () => {
    const trial = await hindi(() => render(Promise.resolve([sub({})]), { wait: true }));
    expect(trial.html).toContain("ट्रायल 14 दिन में खत्म होगा");
    expect(trial.html).toContain("सब्सक्रिप्शन");
    const paid = await hindi(() => render(Promise.resolve([sub({ is_trial: false, end_date: now + 90 * DAY })]), { wait: true }));
    expect(paid.html).toContain("90 दिन बाकी");
    const none = await hindi(() => render(Promise.resolve([]), { wait: true }));
    expect(none.html).toContain("प्लान लें");
    expect(none.html).not.toContain("Get Plan");
  });

  it("keeps the spec's English word for word in English", async () => {
    for (const [subscriptions, text] of [
      [[sub({ status: "PENDING" })], "Subscription Pending"],
      [[sub({ end_date: now + DAY, trial_end_date: now + DAY })], "Trial ends in 1 day"],
      [[sub({ is_trial: false, end_date: now - 1 })], "Subscription has ended"],
    ] as const) {
      const { html } = await render(Promise.resolve([...subscriptions]), { wait: true });
      expect(html).toContain(text);
    }
  });
});
