import { z } from "zod";
import { m } from "#shared/paraglide/messages.js";

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
  get serviceNotFound() {
    return m.api_e_we_could_not_find_that_service();
  },
  get vendorNotFound() {
    return m.api_e_we_could_not_find_that_vendor();
  },
  get reviewNotFound() {
    return m.api_moderation_review_not_found();
  },
  get disputeNotFound() {
    return m.api_moderation_dispute_not_found();
  },
  get alreadyArchived() {
    return m.api_moderation_already_archived();
  },
  get notArchived() {
    return m.api_moderation_not_archived();
  },
  get alreadyVerified() {
    return m.api_moderation_already_verified();
  },
  get notVerified() {
    return m.api_moderation_not_verified();
  },
  get disputeOpen() {
    return m.api_moderation_dispute_open();
  },
  get alreadyDecided() {
    return m.api_moderation_already_decided();
  },
  get disputed() {
    return m.api_moderation_disputed();
  },
};

const reason = (what: string) =>
  z
    .string(`Say why ${what}.`)
    .trim()
    .min(5, `Say why ${what} (at least 5 characters).`)
    .max(500, { error: () => m.api_v_keep_the_reason_under_500_characters() });
const optionalReason = z
  .string()
  .trim()
  .max(500, { error: () => m.api_v_keep_the_reason_under_500_characters() })
  .optional();

export const archiveInput = z.object({ reason: reason("the service is archived") }).strict();
export const restoreInput = z.object({ reason: optionalReason }).strict();
export const verifyInput = z.object({ reason: optionalReason }).strict();
export const disputeInput = z.object({ reason: reason("the review should be looked at") }).strict();
export const decisionInput = z.object({ reason: reason("you decided this way") }).strict();
