import { z } from "zod";
import { ACCESS } from "#domain/core/index.ts";
import { GatewayUnavailable } from "#domain/billing/index.ts";
import { couplePayments, createTemplateOrder, TEMPLATE_PURCHASE_MESSAGES, templatePaymentStatus } from "#domain/invitations/index.ts";
import { Resource } from "./endpoint.ts";

/**
 * Issue 13, purchases: POST /template/create-order/{tempId}, GET /template/payment-status/{tempId};
 * issue 30, the couple's Payments: GET /template/payments. Rules live in
 * functions/domain/invitations/template-purchases.ts and purchase-history.ts.
 */
const params = z.object({ tempId: z.string().min(1).max(64) });

export const templatePurchasesApi = new Resource("/template", "Template purchases")
  .endpoint(
    {
      method: "post",
      path: "/create-order/:tempId",
      summary: "Create a gateway order for a paid invitation template (couples)",
      description:
        "Creates the gateway order for the template's price in paise (GST included: couples pay the price they see), a pending template purchase and a PENDING payment. Answers the checkout form (`checkout.action`, `checkout.fields`) the browser POSTs to the gateway; the gateway's callback ends at /success?order={orderId}.",
      params,
      access: ACCESS.planner,
      refusal: () => TEMPLATE_PURCHASE_MESSAGES.refusal,
      responses: {
        200: "The order and its checkout form",
        404: "No such published template",
        409: "The template is free, or already yours",
        502: "The payment gateway could not be reached",
        503: "No payment gateway is configured on this site",
      },
    },
    async (c, { params }) => {
      try {
        const order = await createTemplateOrder(c.get("domain"), params.tempId);
        return c.json({ success: true, ...order });
      } catch (e) {
        if (e instanceof GatewayUnavailable) return c.json({ success: false, message: e.message }, e.status);
        throw e;
      }
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/payment-status/:tempId",
      summary: "The couple's latest order for a template and whether they own it",
      description:
        "`owned`: a completed purchase of theirs; `canUse`: whether they may use the design (free, owned, or an admin); `orderStatus` (pending, failed, completed), `paymentStatus` (initiated, failed, successful), `amount` (whole rupees) and `orderId` of their latest order, null without one.",
      params,
      access: ACCESS.planner,
      refusal: () => TEMPLATE_PURCHASE_MESSAGES.refusal,
      responses: { 200: "The status", 404: "No such template" },
    },
    async (c, { params }) => c.json({ success: true, ...(await templatePaymentStatus(c.get("domain"), params.tempId)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/payments",
      summary: "The signed-in couple's payments for invitation designs, newest first, with invoices and refunds (the /profile/payments page)",
      description:
        "Each payment: `designName`, `date` (epoch ms), `amount` (whole rupees, GST included), `status` (PENDING, SUCCESS, FAILED, REFUNDED, PARTIALLY_REFUNDED, REFUND_DUE), `refundedAmount` (whole rupees), `note` (why it failed or what became of it), `invoice` ({ id, number, url, pdfUrl } or null), `creditNotes` (the GST credit note of each processed refund of an invoiced payment: [{ id, number, url, pdfUrl }], oldest first; each readable only by the couple and admins) and `refunds` ([{ id, amount, status PENDING/PROCESSED/FAILED, date }]). At most 100.",
      access: ACCESS.planner,
      refusal: () => TEMPLATE_PURCHASE_MESSAGES.refusal,
    },
    async (c) => c.json({ success: true, payments: await couplePayments(c.get("domain")) }),
  );
