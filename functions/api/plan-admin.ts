import { z } from "zod";
import {
  adminPlans,
  createPlan,
  GatewayUnavailable,
  restorePlan,
  retirePlan,
  refundPayment,
  updatePlan,
  listTransactions,
  reconciliationFlags,
  resolveReconciliationFlag,
  transactionsCsv,
} from "#domain/billing/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { planInput, refundInput, resolveFlagInput, transactionFilters } from "#shared/plan-schemas.ts";
import { Resource } from "./endpoint.ts";

/**
 * Plans as admins manage them (functions/domain/billing/plan-admin.ts) and every payment to Mandap
 * (functions/domain/billing/transactions.ts): admins and super admins only. The vendors' list, GET /plan,
 * lives with the subscription calls.
 */
const planParams = z.object({ id: z.string().min(1).max(64) });
const planResponses = { 200: "The plan", 404: "No such plan" };

export const planAdminApi = new Resource("/plan", "Plans")
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "Create a plan",
      description:
        "Price in whole rupees (0 only for the trial plan; paid plans at least 1), duration 1 to 1,095 days, up to 12 features, maxActiveServices null for unlimited. A name is unique among active plans (ignoring case); at most one active trial plan (400 with field messages otherwise).",
      body: planInput,
      access: ACCESS.admin,
      responses: { 201: "The new plan" },
    },
    async (c, { body }) => {
      const { message, ...plan } = await createPlan(c.get("domain"), body);
      return c.json({ success: true, message, plan }, 201);
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/:id",
      summary: "Edit a plan",
      description:
        "The whole plan, as for create. New purchases get the new price and duration; existing subscriptions keep their dates. A plan with subscriptions cannot switch between trial and paid.",
      params: planParams,
      body: planInput,
      access: ACCESS.admin,
      responses: planResponses,
    },
    async (c, { params, body }) => {
      const { message, ...plan } = await updatePlan(c.get("domain"), params.id, body);
      return c.json({ success: true, message, plan });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/retire",
      summary: "Retire a plan",
      description: "Vendors no longer see it or buy it; its subscriptions are not touched and run to their end. 409 when already retired.",
      params: planParams,
      access: ACCESS.admin,
      responses: { ...planResponses, 409: "Already retired" },
    },
    async (c, { params }) => {
      const { message, ...plan } = await retirePlan(c.get("domain"), params.id);
      return c.json({ success: true, message, plan });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/restore",
      summary: "Restore a retired plan",
      description: "Listed and buyable again. 409 when already active, when an active plan has its name, or (a trial plan) when another trial plan is active.",
      params: planParams,
      access: ACCESS.admin,
      responses: { ...planResponses, 409: "Already active, or its name or the trial is taken" },
    },
    async (c, { params }) => {
      const { message, ...plan } = await restorePlan(c.get("domain"), params.id);
      return c.json({ success: true, message, plan });
    },
  );

const filterDescription =
  "from and to are days (YYYY-MM-DD) in India time, both included; status is PENDING, SUCCESS, FAILED, REFUNDED, PARTIALLY_REFUNDED or REFUND_DUE (received for an expired order, not credited); purpose is SUBSCRIPTION (a vendor's plan) or TEMPLATE (a couple's invitation design; each row's designName names it); page (50 a page) for the JSON list.";

export const adminBillingApi = new Resource("/admin", "Admin")
  .endpoint(
    {
      method: "get",
      path: "/plans",
      summary: "Every plan, active and retired, with subscriber counts",
      description: "subscribers: subscriptions in force now; subscriptions: every subscription ever made on the plan.",
      access: ACCESS.admin,
    },
    async (c) => c.json({ success: true, plans: await adminPlans(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/transactions",
      summary: "Every payment, newest first, with who paid, plan or design, gateway ids and invoice; filters and totals",
      description: `${filterDescription} totals.count and totals.successAmount (the rupees received and kept: successful payments less what was refunded of them) cover the whole filter, and totals.byPurpose splits them into plans (SUBSCRIPTION) and designs (TEMPLATE) as { count, received }; totals.byStatus covers the days (and purpose) with every status.`,
      query: transactionFilters,
      access: ACCESS.admin,
    },
    async (c, { query }) => c.json({ success: true, ...(await listTransactions(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/transactions.csv",
      summary: "The filtered payments as a CSV download",
      description: `${filterDescription} All pages (newest first, at most 50,000 rows); the Kind column says Plan or Design, the Design column names the design. Text cells that would start a spreadsheet formula begin with an apostrophe.`,
      query: transactionFilters,
      access: ACCESS.admin,
      responses: { 200: "text/csv attachment" },
    },
    async (c, { query }) => {
      const { filename, body } = await transactionsCsv(c.get("domain"), query);
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/transactions/:id/refund",
      summary: "Refund a payment in full or in part, with a reason (issue 30)",
      description:
        "amount: whole rupees, at most what is left to refund (absent or empty: all of it); reason: 3 to 300 characters. The gateway is asked at once (Razorpay: POST /v1/payments/{id}/refund, speed normal); refund.status is PROCESSED when it has confirmed, else PENDING until its refund.processed or refund.failed webhook. payment.status becomes PARTIALLY_REFUNDED or REFUNDED with payment.refundedAmount; refunded in full, a plan's subscription ends and its limits apply, a template stops being the couple's for new cards. 400 for an amount over what is left, 409 for a payment that is not a successful one (or already refunded in full, or another refund of it is being made), 502 when the gateway refuses or cannot be reached (nothing is recorded). Each refund is written to the admin audit log (action payment.refund, the reason as its reason) in the batch that records it.",
      params: planParams,
      body: refundInput,
      access: ACCESS.admin,
      responses: {
        200: "The refund and the payment after it",
        400: "Bad amount or reason, or more than is left",
        404: "No such payment",
        409: "Not refundable now",
        502: "The gateway refused or could not be reached",
        503: "No gateway configured",
      },
    },
    async (c, { params, body }) => {
      try {
        return c.json({ success: true, ...(await refundPayment(c.get("domain"), params.id, body)) });
      } catch (e) {
        if (e instanceof GatewayUnavailable) return c.json({ success: false, message: e.message }, e.status);
        throw e;
      }
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/transactions/reconciliation",
      summary: "What the daily reconciliation with the gateway flagged (issue 30), newest first",
      description:
        "Open flags only (resolved ones leave the list). kind NOT_CAPTURED: credited here but not captured at the gateway (gatewayStatus says what it is there: failed, authorized, unknown); SECOND_PAYMENT: captured at the gateway for an order another payment already paid; MISMATCH: captured for another amount or currency, not credited. Payments captured at the gateway but never credited here are credited by the run itself and not listed. At most 50.",
      access: ACCESS.admin,
    },
    async (c) => c.json({ success: true, flags: await reconciliationFlags(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/transactions/reconciliation/:gatewayPaymentId/resolve",
      summary: "Mark a reconciliation flag resolved, with a note (issue 30)",
      description:
        "note: 3 to 500 characters, what was found or done (written to the admin audit log as the reason, action payment.resolve-flag). The flag leaves GET /admin/transactions/reconciliation and a later run does not raise it again. 404 for an unknown flag, 409 when it is already resolved.",
      params: z.object({ gatewayPaymentId: z.string().min(1).max(64) }),
      body: resolveFlagInput,
      access: ACCESS.admin,
      responses: { 200: "Resolved", 400: "No note, or too long", 404: "No such flag", 409: "Already resolved" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await resolveReconciliationFlag(c.get("domain"), params.gatewayPaymentId, body)) }),
  );
