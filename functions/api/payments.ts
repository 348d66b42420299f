import { z } from "zod";
import { ACCESS } from "#domain/core/index.ts";
import { confirmCheckout, createSubscriptionOrder, GatewayUnavailable, handleWebhook, returnPageFor } from "#domain/billing/index.ts";
import { JSON_BODY_MAX, readCappedText, readFormData } from "#platform/request-body.ts";
import type { ApiContext } from "./context.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/** The gateway is down or refused (502), or none is configured (503): the domain's message (nothing was charged). */
async function gatewayAware(c: ApiContext, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof GatewayUnavailable) return c.json({ success: false, message: e.message }, e.status);
    throw e;
  }
}

/** Buying a plan (spec section 7, issue 11): the order the browser takes to the gateway's checkout. */
export const subscribeOrdersApi = new Resource("/subscribe", "Payments").endpoint(
  {
    method: "post",
    path: "/create-order/:planId",
    summary: "Create a gateway order for a paid plan (vendors)",
    description:
      "Creates the gateway order for the plan's price in paise with a receipt, and a PENDING subscription and payment. Answers the checkout form (`checkout.action`, `checkout.fields`) the browser POSTs to the gateway; the gateway's callback ends at /VendorDashboard/Plan?order={orderId}.",
    params: z.object({ planId: z.string().min(1).max(64) }),
    access: ACCESS.vendor,
    refusal: m.api_only_vendors_buy_plan,
    responses: {
      200: "The order and its checkout form",
      404: "No such plan",
      409: "The plan is retired, or is the free trial",
      502: "The payment gateway could not be reached",
      503: "No payment gateway is configured on this site",
    },
  },
  (c, { params }) => gatewayAware(c, async () => c.json({ success: true, ...(await createSubscriptionOrder(c.get("domain"), params.planId)) })),
);

/**
 * The gateway's side: the Checkout callback (a cross-site browser form POST, authorised by its
 * signature: the only path the CSRF origin check lets through, functions/platform/security.ts) and
 * the webhooks (signed over the raw body).
 */
export const paymentsApi = new Resource("/payments", "Payments")
  .endpoint(
    {
      method: "post",
      path: "/callback",
      summary: "The payment gateway's Checkout callback (form POST)",
      description:
        "The gateway POSTs (application/x-www-form-urlencoded) razorpay_payment_id, razorpay_order_id and razorpay_signature after a payment, or error[code], error[description], error[source], error[step], error[reason] and error[metadata] after a failure. Authorised by the signature, not a session. A verified outcome answers 303 to /VendorDashboard/Plan?order={orderId} for a plan and /success?order={orderId} for an invitation template, paid or failed alike.",
      access: ACCESS.public,
      bodyTypes: "form",
      responses: {
        303: "To the Plan page (or /success for a template) with the order",
        400: "Malformed, or the signature is not valid",
        404: "No such order (or another account's)",
        409: "The payment does not match the order",
        415: "Not a form",
      },
    },
    async (c) => {
      const form = await readFormData(c.req.raw);
      const fields: Record<string, string> = {};
      for (const [k, v] of form.entries()) if (typeof v === "string" && k.length <= 64) fields[k] = v.slice(0, 2_000);
      const domain = c.get("domain");
      const { orderId } = await confirmCheckout(domain, fields);
      return c.redirect(await returnPageFor(domain, orderId), 303);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/webhook",
      summary: "The payment gateway's webhooks",
      description:
        "Razorpay's webhook events (payment.captured, order.paid, payment.failed) as JSON, signed in X-Razorpay-Signature (hex HMAC-SHA256 of the raw body with the webhook secret), idempotent by X-Razorpay-Event-Id. 2xx once handled or a duplicate; 401 for a missing or wrong signature (as the mail webhook); 400 for a signed body that is not JSON; 5xx only when our database failed (the gateway retries).",
      access: ACCESS.public,
      responses: {
        200: "Handled (credited, failed, duplicate, ignored or refused and logged)",
        400: "Signed but not JSON",
        401: "The signature is missing or not valid",
      },
    },
    async (c) => {
      const rawBody = await readCappedText(c.req.raw, JSON_BODY_MAX);
      const result = await handleWebhook(c.get("domain"), {
        rawBody,
        signature: c.req.header("x-razorpay-signature") ?? null,
        eventId: c.req.header("x-razorpay-event-id") ?? null,
      });
      return c.json({ success: true, ...result });
    },
  );
