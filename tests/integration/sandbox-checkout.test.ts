import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSVG } from "uqr";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { DAILY, runScheduled } from "#functions/cron/index.ts";
import { call, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import {
  callback,
  createPlan,
  creditsOf,
  formOf,
  type OrderAnswer,
  paymentOf,
  payInSandbox,
  postForm,
  settleWebhooks,
  TEST_CARD,
  webhooksOf,
} from "#tests/support/payments.ts";

/**
 * Issue 30, "how Indians pay": the sandbox checkout offers UPI by intent (GPay, PhonePe, Paytm,
 * BHIM buttons in the phone view), UPI by QR code in the computer view (a real QR code of a signed
 * link a phone opens to approve or decline), cards and netbanking, and no UPI ID "collect" box.
 * Declining and cancelling still work.
 */

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  // The sandbox's webhooks are not delivered here (the callback or the QR flow is what is tested).
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

async function buy(cookie: string): Promise<OrderAnswer> {
  const res = await call(`/api/v1/subscribe/create-order/${await createPlan({ price: 4999 })}`, { method: "POST", cookie });
  const body = (await res.json()) as OrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function checkoutPage(order: OrderAnswer) {
  const res = await postForm(order.checkout.action, order.checkout.fields);
  expect(res.status).toBe(200);
  return { html: await res.text(), csp: res.headers.get("content-security-policy") ?? "" };
}

const decode = (s: string) => s.replace(/&amp;/g, "&");
/** The link the computer view's QR code holds (also offered as "open it here"). */
const qrLinkOf = (html: string) => decode(/<a href="([^"]*\/sandbox-gateway\/v1\/upi\/[^"]*)"/.exec(html)![1]!);
const pathOf = (svg: string) => /<path[^>]* d="([^"]+)"/.exec(svg)![1];
const statusOf = async (html: string) => {
  const url = decode(/fetch\("([^"]+)"/.exec(html)![1]!);
  return ((await (await worker.fetch(`${ORIGIN}${url}`)).json()) as { status: string }).status;
};
/** The computer view's "I have paid in the app" form. */
const qrCheckForm = (html: string) => {
  const at = html.indexOf('<form id="upi-qr"');
  return formOf(html.slice(at, html.indexOf("</form>", at)));
};

describe("the sandbox checkout as people in India pay", () => {
  it("offers UPI apps, a UPI QR code, cards and netbanking, and no UPI ID box", async () => {
    const vendor = await signedIn("VENDOR");
    const { html, csp } = await checkoutPage(await buy(vendor.cookie));
    for (const app of ["Google Pay", "PhonePe", "Paytm", "BHIM"])
      expect(html).toMatch(new RegExp(`<button class="app"[^>]*name="upi_app"[^>]*>.*${app}</button>`));
    expect(html).toContain("Pay ₹4,999 by card");
    expect(html).toContain("Pay ₹4,999 by netbanking");
    expect(html).toContain('<option value="HDFC">HDFC Bank</option>');
    expect(html).toContain("Decline payment");
    expect(html).toContain("Cancel and go back");
    // No "collect" request: nowhere to type a UPI ID.
    expect(html).not.toContain('name="vpa"');
    expect(html).not.toMatch(/UPI ID/i);
    // The QR code is the QR code of the signed approval link (uqr renders the same modules).
    const link = qrLinkOf(html);
    expect(link).toMatch(/^http:\/\/localhost\/sandbox-gateway\/v1\/upi\/order_[A-Za-z0-9]{14}\?o=http%3A%2F%2Flocalhost&s=[0-9a-f]{64}$/);
    expect(html).toContain('<svg role="img" aria-label="UPI QR code for this payment"');
    expect(pathOf(html)).toBe(pathOf(renderSVG(link, { ecc: "M", border: 2 })));
    // The computer view asks for the phone's answer (fetch to its own origin, a nonce'd script).
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
  });

  it("pressing a UPI app (the phone view) pays by UPI; the callback credits it with the app's VPA", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const back = await payInSandbox(order, { app: "phonepe" });
    expect(back.fields.razorpay_order_id).toBe(order.orderId);
    expect((await callback(back.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", method: "upi", vpa: "payer@ybl" });
    const [captured] = await settleWebhooks(order.orderId, 2);
    expect(JSON.parse(captured!.body).payload.payment.entity).toMatchObject({ method: "upi", vpa: "payer@ybl", status: "captured" });
  });

  it("an unknown app is sent back to the page; declining still fails the attempt", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const { html } = await checkoutPage(order);
    const { action, fields } = formOf(html);
    const bad = await postForm(action, { ...fields, method: "upi", upi_app: "collect", vpa: "someone@okaxis" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Choose your UPI app.");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_gateway_payments WHERE order_id = ?").bind(order.orderId).first("n")).toBe(0);
    const declined = await payInSandbox(order, { decision: "decline" });
    expect(declined.fields["error[reason]"]).toBe("payment_cancelled");
    expect((await callback(declined.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "FAILED", failure_reason: "Payment declined by the payer" });
  });

  it("netbanking pays with the bank named in the payment; the test bank declines", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const failed = await payInSandbox(order, { method: "netbanking", bank: "FAIL" });
    expect(failed.fields["error[description]"]).toBe("Payment failed at the payer's bank");
    const paid = await payInSandbox(order, { method: "netbanking", bank: "HDFC" });
    expect((await callback(paid.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", method: "netbanking", vpa: null });
    const hooks = await settleWebhooks(order.orderId, 3);
    expect(JSON.parse(hooks.at(-1)!.body).payload.payment.entity).toMatchObject({ method: "netbanking", bank: "HDFC" });
  });

  it("the QR code's link approves on the phone; the computer's page then takes the payer back to the merchant, and it is credited", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const { html } = await checkoutPage(order);
    const link = qrLinkOf(html);

    // Asked before the phone has answered: not yet, nothing recorded.
    const check = qrCheckForm(html);
    expect(check.fields).toMatchObject({ method: "upi_qr", order_id: order.orderId });
    const early = await postForm(check.action, { ...check.fields, decision: "check" });
    expect(early.status).toBe(422);
    expect(await early.text()).toContain("The payment has not been approved yet");
    expect(await statusOf(html)).toBe("pending");

    // The phone opens the link: the amount, Pay and Decline.
    const phone = await worker.fetch(link);
    const phoneHtml = await phone.text();
    expect(phone.status).toBe(200);
    expect(phoneHtml).toContain("₹4,999");
    expect(phoneHtml).toContain("Pay ₹4,999");
    const approve = await postForm(link, { decision: "approve" });
    expect(approve.status).toBe(200);
    expect(await approve.text()).toContain("You can go back to your computer now.");
    expect(await statusOf(html)).toBe("captured");
    // Its webhooks go to the app where the checkout was served.
    expect((await webhooksOf(order.orderId)).map((w) => [w.event, w.url])).toEqual([
      ["payment.captured", `${ORIGIN}/api/v1/payments/webhook`],
      ["order.paid", `${ORIGIN}/api/v1/payments/webhook`],
    ]);

    // The computer's page (its script, or the button) hears the answer: Razorpay's signed callback.
    const done = await postForm(check.action, { ...check.fields, decision: "check" });
    expect(done.status).toBe(200);
    const back = formOf(await done.text());
    expect(back.action).toBe(`${ORIGIN}/api/v1/payments/callback`);
    expect((await callback(back.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", method: "upi" });
    expect(await creditsOf(order.orderId)).toHaveLength(1);
    // Paid once: the link cannot pay it again.
    const again = await postForm(link, { decision: "approve" });
    expect(again.status).toBe(409);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_gateway_payments WHERE order_id = ?").bind(order.orderId).first("n")).toBe(1);
  });

  it("declined on the phone, the computer's page returns the failure; a forged link is refused", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const { html } = await checkoutPage(order);
    const link = qrLinkOf(html);
    const forged = link.replace(/s=[0-9a-f]{64}/, `s=${"0".repeat(64)}`);
    expect((await worker.fetch(forged)).status).toBe(404);
    expect((await postForm(forged, { decision: "approve" })).status).toBe(404);
    // Signed for another origin's webhooks: refused too.
    expect((await worker.fetch(link.replace("o=http%3A%2F%2Flocalhost", "o=https%3A%2F%2Fevil.example"))).status).toBe(404);

    expect((await postForm(link, { decision: "decline" })).status).toBe(200);
    expect(await statusOf(html)).toBe("failed");
    const check = qrCheckForm(html);
    const back = formOf(await (await postForm(check.action, { ...check.fields, decision: "check" })).text());
    expect(back.fields["error[reason]"]).toBe("payment_cancelled");
    expect((await callback(back.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "FAILED" });
  });
});

describe("lose the confirmation (the checkout's test option)", () => {
  it("takes the card payment but sends neither the webhook nor the payer back; the daily reconciliation credits it, once", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const { html } = await checkoutPage(order);
    expect(html).toContain('name="lose_confirmation"');
    const { action, fields } = formOf(html);
    const res = await postForm(action, {
      ...fields,
      ...TEST_CARD,
      decision: "approve",
      lose_confirmation: "on",
    });
    expect(res.status).toBe(200);
    const lost = await res.text();
    expect(lost).toContain("Payment taken; confirmation lost");
    // No form back to the callback, no webhook queued: the app knows nothing of it.
    expect(lost).not.toContain("/api/v1/payments/callback");
    expect(await webhooksOf(order.orderId)).toEqual([]);
    const atGateway = await env.DB.prepare("SELECT id, status, method FROM sandbox_gateway_payments WHERE order_id = ?").bind(order.orderId).all();
    expect(atGateway.results).toEqual([expect.objectContaining({ status: "captured", method: "card" })]);
    expect(lost).toContain((atGateway.results[0] as { id: string }).id);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });

    await runScheduled(DAILY, env as Env, Date.now());
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", method: "card" });
    await runScheduled(DAILY, env as Env, Date.now());
    expect(await creditsOf(order.orderId)).toHaveLength(1);
  });
});

describe("a phone on the same network (SANDBOX_PHONE_ORIGIN)", () => {
  const composed = createWorker(async () => new Response("pages"));
  const exec = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const lan = "http://192.168.1.20:8787";
  const withPhone = { ...env, SANDBOX_PHONE_ORIGIN: lan } as Env;
  const fetchAt = (url: string, init: RequestInit = {}, vars: Env = withPhone) => composed.fetch(new Request(url, init), vars, exec);
  const form = (fields: Record<string, string>, origin = ORIGIN): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });

  it("the QR code points at the phone's address, which serves the approval page and nothing else of the sandbox", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const page = await fetchAt(order.checkout.action, form(order.checkout.fields));
    const html = await page.text();
    const link = qrLinkOf(html);
    expect(link.startsWith(`${lan}/sandbox-gateway/v1/upi/${order.orderId}?o=http%3A%2F%2Flocalhost&s=`)).toBe(true);
    expect(pathOf(html)).toBe(pathOf(renderSVG(link, { ecc: "M", border: 2 })));
    // On the phone's address: the approval page answers, the checkout does not.
    expect((await fetchAt(link)).status).toBe(200);
    expect((await fetchAt(`${lan}/sandbox-gateway/v1/checkout/embedded`, form(order.checkout.fields, lan))).status).toBe(404);
    expect((await fetchAt(link, form({ decision: "approve" }, lan))).status).toBe(200);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect((await webhooksOf(order.orderId)).map((w) => w.url)).toEqual([`${ORIGIN}/api/v1/payments/webhook`, `${ORIGIN}/api/v1/payments/webhook`]);
    // A public address named as the phone's is ignored: the code stays on the checkout's origin, and that address serves nothing.
    const publicPhone = { ...env, SANDBOX_PHONE_ORIGIN: "https://mandap.example" } as Env;
    const other = await buy(vendor.cookie);
    const otherHtml = await (await fetchAt(other.checkout.action, form(other.checkout.fields), publicPhone)).text();
    expect(qrLinkOf(otherHtml).startsWith(`${ORIGIN}/sandbox-gateway/v1/upi/`)).toBe(true);
    expect((await fetchAt(qrLinkOf(otherHtml).replace(ORIGIN, "https://mandap.example"), {}, publicPhone)).status).toBe(404);
  });
});
