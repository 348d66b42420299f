import { type DomainContext, requireRole, ACCESS, parseInput, NotFound, Conflict, auditEntry } from "../core/index.ts";
import { verifyInput, MODERATION_MESSAGES } from "./moderation-records.ts";

/**
 * Admins verify a vendor (the only source of the "Verified vendor" badge) or take the badge away,
 * with the audit entry in the same batch.
 */

/** Verifies a vendor (true) or takes the badge away (false). */
export async function setVendorVerified(ctx: DomainContext, vendorId: string, verified: boolean, raw: unknown): Promise<{ message: string }> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(verifyInput, raw ?? {});
  const vendor = await ctx.db.prepare("SELECT user_id, business_name, is_verified FROM vendors WHERE user_id = ?").bind(vendorId).first<{
    user_id: string;
    business_name: string;
    is_verified: number;
  }>();
  if (!vendor) throw new NotFound(MODERATION_MESSAGES.vendorNotFound);
  if (Boolean(vendor.is_verified) === verified) throw new Conflict(verified ? MODERATION_MESSAGES.alreadyVerified : MODERATION_MESSAGES.notVerified);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE vendors SET is_verified = ?, updated_at = ? WHERE user_id = ? AND is_verified = ?")
      .bind(verified ? 1 : 0, ctx.now, vendorId, verified ? 0 : 1),
    auditEntry(
      ctx,
      {
        action: verified ? "vendor.verify" : "vendor.unverify",
        subject: { type: "vendor", id: vendorId },
        summary: `${verified ? "Verified" : "Took the verified badge from"} ${vendor.business_name}`,
        reason: input.reason || null,
        before: { verified: !verified },
        after: { verified },
      },
      { ifChanged: true },
    ),
  ]);
  return { message: verified ? `${vendor.business_name} is verified: the badge shows on their pages.` : `${vendor.business_name} is no longer verified.` };
}
