import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { markLeadRead, unreadLeadCount } from "#domain/enquiries/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * markLeadRead (what the conversation page calls before its loaders, so the sidebar's unread count
 * of the same page already leaves the enquiry out): only the enquiry's own vendor or couple mark
 * it read; anyone else changes nothing and is told nothing.
 */
const as = (id: string, role: Actor["role"]): Actor => ({ id, role, email: `${id}@example.com`, userName: "Someone", profilePhoto: null, isVerified: true });
const readAt = async (id: string) =>
  env.DB.prepare("SELECT vendor_read_at, couple_read_at FROM leads WHERE id = ?")
    .bind(id)
    .first<{ vendor_read_at: number | null; couple_read_at: number | null }>();

async function enquiry() {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, serviceName: "Saffron Kitchen" });
  const couple = await createUser({ role: "USER", userName: "Meera Iyer" });
  const res = await call(`/api/v1/services/makeLead/${service.id}`, {
    method: "PUT",
    body: { message: "Could you cook a South Indian lunch for 120 guests?", eventDate: todayInIndia(Date.now() + 50 * 86_400_000) },
    cookie: await sessionCookieFor(couple.id),
  });
  expect(res.status).toBe(201);
  return { vendor, couple, leadId: ((await res.json()) as { lead: { id: string } }).lead.id };
}

describe("marking an enquiry read", () => {
  it("another vendor, another couple or a visitor change nothing; its vendor's call clears the unread count", async () => {
    const { vendor, couple, leadId } = await enquiry();
    const stranger = await createVendor();
    const otherCouple = await createUser({ role: "USER" });
    const owner = testContext({ actor: as(vendor.id, "VENDOR") });
    expect(await unreadLeadCount(owner)).toBe(1);

    await markLeadRead(testContext({ actor: as(stranger.id, "VENDOR") }), leadId);
    await markLeadRead(testContext({ actor: as(otherCouple.id, "USER") }), leadId);
    await markLeadRead(testContext({ actor: null }), leadId);
    expect(await readAt(leadId)).toEqual({ vendor_read_at: null, couple_read_at: null });
    expect(await unreadLeadCount(owner)).toBe(1);

    await markLeadRead(owner, leadId);
    expect((await readAt(leadId))!.vendor_read_at).toBeGreaterThan(0);
    expect((await readAt(leadId))!.couple_read_at).toBeNull();
    expect(await unreadLeadCount(owner)).toBe(0);

    await markLeadRead(testContext({ actor: as(couple.id, "USER") }), leadId);
    expect((await readAt(leadId))!.couple_read_at).toBeGreaterThan(0);
  });
});
