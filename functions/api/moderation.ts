import { z } from "zod";
import { ACCESS } from "#domain/core/index.ts";
import {
  archiveInput,
  archiveServiceByAdmin,
  auditQuery,
  decideDispute,
  decisionInput,
  disputeInput,
  disputeReview,
  listAuditLog,
  openDisputes,
  restoreInput,
  restoreServiceByAdmin,
  serviceRecord,
  setVendorVerified,
  vendorRecord,
  verifyInput,
} from "#domain/admin/index.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Moderation (functions/domain/admin/moderation.ts, the same functions as the admin pages): archive and
 * restore services with a reason, verify vendors, decide review disputes, records with their
 * history, and the audit log (super admins). Every decision is written to the audit log.
 */
const idParams = z.object({ id: z.string().min(1).max(64) });
const decided = { 404: "No such dispute", 409: "Already decided" };

export const moderationApi = new Resource("/admin", "Moderation")
  .endpoint(
    {
      method: "get",
      path: "/services/:id",
      summary: "A service's record: fields, moderation, open disputes and history",
      params: idParams,
      access: ACCESS.admin,
      responses: { 404: "No such service" },
    },
    async (c, { params }) => c.json({ success: true, service: await serviceRecord(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/services/:id/archive",
      summary: "Archive a service with a reason its vendor sees ({reason}, 5-500 characters); only an admin restores it",
      params: idParams,
      body: archiveInput,
      access: ACCESS.admin,
      responses: { 404: "No such service", 409: "Already archived by an admin" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await archiveServiceByAdmin(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/services/:id/restore",
      summary: "List a service an admin archived again ({reason?})",
      params: idParams,
      body: restoreInput,
      access: ACCESS.admin,
      responses: { 404: "No such service", 409: "Not archived by an admin" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await restoreServiceByAdmin(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/vendors/:id",
      summary: "A vendor's record: business, services, counts and history",
      params: idParams,
      access: ACCESS.admin,
      responses: { 404: "No such vendor" },
    },
    async (c, { params }) => c.json({ success: true, vendor: await vendorRecord(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/vendors/:id/verify",
      summary: 'Verify a vendor: the "Verified vendor" badge shows on their pages ({reason?})',
      params: idParams,
      body: verifyInput,
      access: ACCESS.admin,
      responses: { 404: "No such vendor", 409: "Already verified" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setVendorVerified(c.get("domain"), params.id, true, body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/vendors/:id/unverify",
      summary: "Take a vendor's verified badge away ({reason?})",
      params: idParams,
      body: verifyInput,
      access: ACCESS.admin,
      responses: { 404: "No such vendor", 409: "Not verified" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setVendorVerified(c.get("domain"), params.id, false, body)) }),
  )
  .endpoint({ method: "get", path: "/review-disputes", summary: "Open review disputes, oldest first", access: ACCESS.admin }, async (c) =>
    c.json({ success: true, disputes: await openDisputes(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/review-disputes/:id/keep",
      summary: "Keep a disputed review on the page ({reason})",
      params: idParams,
      body: decisionInput,
      access: ACCESS.admin,
      responses: decided,
    },
    async (c, { params, body }) => c.json({ success: true, ...(await decideDispute(c.get("domain"), params.id, "keep", body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/review-disputes/:id/hide",
      summary: "Hide a disputed review: it leaves the page, the rating and the count ({reason})",
      params: idParams,
      body: decisionInput,
      access: ACCESS.admin,
      responses: decided,
    },
    async (c, { params, body }) => c.json({ success: true, ...(await decideDispute(c.get("domain"), params.id, "hide", body)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/audit-log",
      summary: "Every admin action, newest first (action, subjectType, subjectId, actor e-mail, page); super admins only",
      query: auditQuery,
      access: ACCESS.superAdmin,
      refusal: m.api_only_super_admins_audit,
    },
    async (c, { query }) => c.json({ success: true, ...(await listAuditLog(c.get("domain"), query)) }),
  );

/** A vendor disputes a review of one of their services (spec's review calls live under /services/feedback). */
export const reviewDisputeApi = new Resource("/services", "Reviews").endpoint(
  {
    method: "post",
    path: "/feedback/:id/:feedbackId/dispute",
    summary: "Ask the Mandap team to look at a review of your service ({reason}, 5-500 characters); it stays public until they decide",
    params: z.object({ id: z.string().min(1).max(64), feedbackId: z.string().min(1).max(64) }),
    body: disputeInput,
    access: ACCESS.vendor,
    responses: { 404: "Not a review of your service", 409: "Already being looked at" },
  },
  async (c, { params, body }) => c.json({ success: true, ...(await disputeReview(c.get("domain"), params.id, params.feedbackId, body)) }, 201),
);
