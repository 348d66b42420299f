import { z } from "zod";

/**
 * Moderation (issue 14): admins archive or restore any service with a reason its vendor sees,
 * verify vendors (the only source of the "Verified vendor" badge), and decide vendors' disputes of
 * reviews. Every decision is written to the audit log in the same batch as the change. The audit
 * log's reading side (super admins) is in this area too.
 *
 * This file holds what the moderation jobs share: their messages and input schemas
 * (service-moderation.ts, vendor-verification.ts, disputed-reviews.ts, record-pages.ts and
 * audit-log-view.ts do the jobs).
 */

/** A row read with a wide join; its columns are named where they are used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WideRead = Record<string, any>;

export const MODERATION_MESSAGES = {
  serviceNotFound: "We could not find that service.",
  vendorNotFound: "We could not find that vendor.",
  reviewNotFound: "We could not find that review.",
  disputeNotFound: "We could not find that dispute.",
  alreadyArchived: "This service is already archived by the Mandap team.",
  notArchived: "This service is not archived by the Mandap team.",
  alreadyVerified: "This vendor is already verified.",
  notVerified: "This vendor is not verified.",
  disputeOpen: "This review is already being reviewed by the Mandap team.",
  alreadyDecided: "This dispute has already been decided.",
  disputed: "Thank you. The Mandap team will look at this review; it stays on your page until they decide.",
} as const;

const reason = (what: string) =>
  z.string(`Say why ${what}.`).trim().min(5, `Say why ${what} (at least 5 characters).`).max(500, "Keep the reason under 500 characters.");
const optionalReason = z.string().trim().max(500, "Keep the reason under 500 characters.").optional();

export const archiveInput = z.object({ reason: reason("the service is archived") }).strict();
export const restoreInput = z.object({ reason: optionalReason }).strict();
export const verifyInput = z.object({ reason: optionalReason }).strict();
export const disputeInput = z.object({ reason: reason("the review should be looked at") }).strict();
export const decisionInput = z.object({ reason: reason("you decided this way") }).strict();
