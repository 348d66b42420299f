import { servicePath } from "#shared/catalogue.ts";
import { type DomainContext, requireRole, ACCESS, parseInput, NotFound, newId, Conflict, auditEntry } from "../core/index.ts";
import { refreshAggregates } from "../catalogue/index.ts";
import { disputeInput, MODERATION_MESSAGES, type WideRead, decisionInput } from "./moderation-records.ts";

/**
 * Disputed reviews: a vendor disputes a review of its own service, admins list the open disputes
 * and keep or hide the review.
 */

/** A vendor disputes a review on one of their own services; another vendor's review is a 404. */
export async function disputeReview(ctx: DomainContext, serviceId: string, reviewId: string, raw: unknown): Promise<{ message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.vendor);
  const input = parseInput(disputeInput, raw);
  const review = await ctx.db
    .prepare(
      "SELECT r.id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = ? AND r.service_id = ? AND s.vendor_id = ? AND r.status = 'PUBLISHED'",
    )
    .bind(reviewId, serviceId, actor.id)
    .first<{ id: string }>();
  if (!review) throw new NotFound(MODERATION_MESSAGES.reviewNotFound);
  try {
    await ctx.db
      .prepare("INSERT INTO review_disputes (id, review_id, vendor_id, reason, status, created_at) VALUES (?, ?, ?, ?, 'OPEN', ?)")
      .bind(newId(ctx.now), review.id, actor.id, input.reason, ctx.now)
      .run();
  } catch (e) {
    if (e instanceof Error && /UNIQUE constraint failed: review_disputes\.review_id/.test(e.message)) throw new Conflict(MODERATION_MESSAGES.disputeOpen);
    throw e;
  }
  return { message: MODERATION_MESSAGES.disputed };
}

export type OpenDispute = {
  id: string;
  reason: string;
  createdAt: number;
  review: { id: string; rating: number; comment: string; author: string; createdAt: number };
  service: { id: string; name: string; path: string };
  vendor: { id: string; name: string };
};

/** Admins: the open disputes, oldest first (first come, first decided). */
export async function openDisputes(ctx: DomainContext): Promise<OpenDispute[]> {
  requireRole(ctx.actor, ACCESS.admin);
  const { results } = await ctx.db
    .prepare(
      `SELECT d.id, d.reason, d.created_at, r.id AS review_id, r.rating, r.comment, r.created_at AS review_at, u.user_name AS author,
         s.id AS service_id, s.service_name, s.service_category, s.service_type, s.state, s.city, v.user_id AS vendor_id, v.business_name
       FROM review_disputes d JOIN reviews r ON r.id = d.review_id JOIN users u ON u.id = r.user_id JOIN services s ON s.id = r.service_id
       JOIN vendors v ON v.user_id = d.vendor_id
       WHERE d.status = 'OPEN' ORDER BY d.created_at, d.id LIMIT 100`,
    )
    .all<WideRead>();
  return results.map((r) => ({
    id: r.id,
    reason: r.reason,
    createdAt: r.created_at,
    review: { id: r.review_id, rating: r.rating, comment: r.comment, author: r.author, createdAt: r.review_at },
    service: {
      id: r.service_id,
      name: r.service_name,
      path: servicePath({ id: r.service_id, serviceCategory: r.service_category, serviceType: r.service_type, state: r.state, city: r.city }),
    },
    vendor: { id: r.vendor_id, name: r.business_name },
  }));
}

/** Admins keep the review (it stays) or hide it (it leaves the page, the rating and the count), with a reason. Once. */
export async function decideDispute(ctx: DomainContext, disputeId: string, decision: "keep" | "hide", raw: unknown): Promise<{ message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(decisionInput, raw);
  const dispute = await ctx.db
    .prepare("SELECT d.id, d.status, d.review_id, r.service_id, r.comment FROM review_disputes d JOIN reviews r ON r.id = d.review_id WHERE d.id = ?")
    .bind(disputeId)
    .first<{ id: string; status: string; review_id: string; service_id: string; comment: string }>();
  if (!dispute) throw new NotFound(MODERATION_MESSAGES.disputeNotFound);
  if (dispute.status !== "OPEN") throw new Conflict(MODERATION_MESSAGES.alreadyDecided);
  const status = decision === "hide" ? "HIDDEN" : "KEPT";
  const results = await ctx.db.batch([
    ctx.db
      .prepare("UPDATE review_disputes SET status = ?, decided_by = ?, decision_reason = ?, decided_at = ? WHERE id = ? AND status = 'OPEN'")
      .bind(status, actor.id, input.reason, ctx.now, disputeId),
    auditEntry(
      ctx,
      {
        action: decision === "hide" ? "review.hide" : "review.keep",
        subject: { type: "review", id: dispute.review_id },
        summary: `${decision === "hide" ? "Hid" : "Kept"} a disputed review: “${dispute.comment.slice(0, 80)}${dispute.comment.length > 80 ? "…" : ""}”`,
        reason: input.reason,
        before: { status: "PUBLISHED" },
        after: { status: decision === "hide" ? "HIDDEN" : "PUBLISHED" },
      },
      { ifChanged: true },
    ),
    ...(decision === "hide"
      ? [
          ctx.db
            .prepare(
              "UPDATE reviews SET status = 'HIDDEN', updated_at = ? WHERE id = ? AND EXISTS (SELECT 1 FROM review_disputes WHERE id = ? AND decided_at = ? AND status = 'HIDDEN')",
            )
            .bind(ctx.now, dispute.review_id, disputeId, ctx.now),
          refreshAggregates(ctx.db, dispute.service_id, ctx.now),
        ]
      : []),
  ]);
  if (!results[0]?.meta.changes) throw new Conflict(MODERATION_MESSAGES.alreadyDecided);
  return { message: decision === "hide" ? "The review is hidden: it no longer shows or counts in the rating." : "The review stays on the page." };
}
