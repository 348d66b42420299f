import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { NotFound } from "#domain/core/index.ts";
import { GatewayUnavailable, PAYMENT_MESSAGES } from "#domain/billing/index.ts";
import { testContext } from "#tests/support/context.ts";
import { withLocale } from "#platform/locale.ts";
import PlanPage from "#app/routes/vendor-dashboard/plan.tsx";
import { buyPlan } from "#app/routes/vendor-dashboard/plan.server.ts";

/**
 * The Plan page's "Buy" (app/routes/vendor-dashboard/plan.tsx): its action calls
 * createSubscriptionOrder (functions/domain/billing/subscription-orders.ts, replaced here by a mock) and answers with
 * the gateway's checkout form, which the page renders as "Pay ₹X to Mandap" with a plain form to
 * the gateway; a refusal or a gateway failure is a form failure, never an error screen. The order
 * call is given to buyPlan (the page's action) as a test double.
 */
const order = {
  subscriptionId: "s1",
  paymentId: "p1",
  orderId: "order_Abc123",
  amount: 499_900,
  currency: "INR" as const,
  receipt: "rcpt_1",
  planName: "Silver",
  keyId: "rzp_test_x",
  checkout: { action: "https://gateway.example/checkout", fields: { key_id: "rzp_test_x", order_id: "order_Abc123", callback_url: "http://localhost/cb" } },
};

let calls: string[] = [];
let answerWith: () => Promise<typeof order> = async () => order;
const createSubscriptionOrder = async (_ctx: unknown, planId: string) => {
  calls.push(planId);
  return answerWith();
};

type Answer = { init: ResponseInit | null; data: Record<string, unknown> };
const buy = (fields: Record<string, string>) => {
  const request = new Request("http://localhost/VendorDashboard/Plan", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return buyPlan(request, testContext(), createSubscriptionOrder);
};

beforeEach(() => {
  calls = [];
  answerWith = async () => order;
});

describe("buying a plan on the Plan page", () => {
  it("asks for the plan the vendor chose and answers with the checkout form and the amount in rupees", async () => {
    const answer = await buy({ intent: "buy", planId: "plan-silver" });
    expect(calls).toEqual(["plan-silver"]);
    expect(answer).toEqual({ ok: true, intent: "buy", planName: "Silver", rupees: 4999, action: order.checkout.action, fields: order.checkout.fields });
  });

  it("shows a refusal (a retired or unknown plan) on the form with its status", async () => {
    answerWith = async () => {
      throw new NotFound("This plan is not on offer any more.");
    };
    const answer = (await buy({ intent: "buy", planId: "plan-old" })) as unknown as Answer;
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({ ok: false, intent: "buy", message: "This plan is not on offer any more." });
  });

  it("shows a gateway failure as a plain message on the form (503), not the error screen", async () => {
    answerWith = async () => {
      throw new Error("connect ECONNREFUSED api.razorpay.com");
    };
    const answer = (await buy({ intent: "buy", planId: "plan-silver" })) as unknown as Answer;
    expect(answer.init?.status).toBe(503);
    expect(answer.data.message).toBe("We could not start the payment just now. Nothing was charged; please try again in a few minutes.");
    expect(JSON.stringify(answer.data)).not.toContain("ECONNREFUSED");
  });

  it("says so when no payment gateway is set up on the site (503), rather than 'try again'", async () => {
    answerWith = async () => {
      throw new GatewayUnavailable(PAYMENT_MESSAGES.notConfigured, 503);
    };
    const answer = (await buy({ intent: "buy", planId: "plan-silver" })) as unknown as Answer;
    expect(answer.init?.status).toBe(503);
    expect(answer.data.message).toBe("Online payments are not set up on this site yet. Nothing was charged; please contact us to buy it.");
  });

  it("refuses a submission without a plan (400) and asks the gateway nothing", async () => {
    const answer = (await buy({ intent: "buy" })) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it("shows a failed order's reason in the gateway's own words marked as English, inside the reader's language", async () => {
    const Stub = createRoutesStub([{ id: "plan", path: "/", Component: PlanPage as never }]);
    const outcome = { status: "failed", orderId: "order_Abc123", planName: "Silver", reason: "Card declined by the bank" };
    const render = async () => {
      const stream = await renderToReadableStream(
        createElement(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { plan: { plans: [], subscriptions: [], outcome, now: Date.now() } } } }),
      );
      await stream.allReady;
      return new Response(stream).text();
    };
    expect(await withLocale("hi", render)).toContain('का भुगतान नहीं हो पाया: <span lang="en">Card declined by the bank</span> इसके लिए कोई पैसा नहीं कटा');
    expect(await withLocale("en", render)).toContain('did not go through: <span lang="en">Card declined by the bank</span> Nothing was charged');
  });

  it("renders the answer as 'Pay ₹4,999 to Mandap': a plain POST form to the gateway with the hidden fields and a Pay button", async () => {
    const Stub = createRoutesStub([{ id: "plan", path: "/", Component: PlanPage as never }]);
    const loaderData = { plans: [], subscriptions: [], outcome: null, now: Date.now() };
    const actionData = { ok: true, intent: "buy", planName: "Silver", rupees: 4999, action: order.checkout.action, fields: order.checkout.fields };
    const stream = await renderToReadableStream(
      createElement(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { plan: loaderData }, actionData: { plan: actionData } } }),
    );
    await stream.allReady;
    const html = await new Response(stream).text();

    expect(html).toMatch(/<h2 id="pay-heading"[^>]*>Pay ₹4,999 to Mandap<\/h2>/);
    expect(html).toMatch(/<form [^>]*action="https:\/\/gateway.example\/checkout" method="post">/);
    for (const [name, value] of Object.entries(order.checkout.fields)) expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    expect(html).toMatch(/<button type="submit"[^>]*>Pay ₹4,999<\/button>/);
    expect(html).toContain("A plan bought during your free trial starts when the trial ends: you keep every trial day; its limits apply at once.");
  });
});
