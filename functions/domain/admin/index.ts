/**
 * Running the platform: moderation, the admin console and the queue of enquiries reported as spam.
 *
 * Moderation, one job a file: service-moderation.ts (archive and restore a service),
 * vendor-verification.ts, disputed-reviews.ts, record-pages.ts (a service's or vendor's record),
 * audit-log-view.ts (reading the audit log); moderation-records.ts holds their messages and inputs.
 *
 * This file is the area's only face: code outside functions/domain/admin/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export {
  analyticsQuery,
  type SeriesPoint,
  generalAnalytics,
  vendorSearchInput,
  serviceSearchInput,
  userSearchInput,
  type SearchPage,
  type VendorHit,
  type ServiceHit,
  type UserHit,
  searchVendors,
  searchServices,
  searchUsers,
} from "./admin-console.ts";
export { SPAM_QUEUE_PAGE_SIZE, type ReportedLead, spamQueue, pendingSpamReports, confirmOptions, SPAM_FLAG_REASON, decideSpamReport } from "./spam-queue.ts";
export { archiveInput, decisionInput, disputeInput, restoreInput, verifyInput } from "./moderation-records.ts";
export { archiveServiceByAdmin, restoreServiceByAdmin } from "./service-moderation.ts";
export { setVendorVerified } from "./vendor-verification.ts";
export { decideDispute, disputeReview, openDisputes } from "./disputed-reviews.ts";
export { serviceRecord, vendorRecord } from "./record-pages.ts";
export { auditQuery, listAuditLog, type AuditLogEntry } from "./audit-log-view.ts";
