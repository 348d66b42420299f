import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createReview, createService, createUser, createVendor, sessionCookieFor, signedIn } from "#tests/support/factories.ts";

/**
 * Moderation (issue 14): admins archive and restore services with a reason the vendor sees (and
 * cannot undo), verify vendors, and decide review disputes; every decision lands in the audit log
 * in the same batch as the change; super admins read the log; nobody else may do any of it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const api = async (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) => json(await call(`/api/v1${path}`, init));
const serviceOf = (id: string) =>
  env.DB.prepare("SELECT status, moderation_reason, moderated_by, rating, review_count FROM services WHERE id = ?").bind(id).first<Loose>();
const auditOf = (id: string) =>
  env.DB.prepare("SELECT action, reason, before, after FROM admin_audit_log WHERE subject_id = ? ORDER BY created_at, id").bind(id).all<Loose>();

async function vendorWithService() {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, serviceName: "Royal Lawns" });
  return { vendor, cookie: await sessionCookieFor(vendor.id), serviceId: service.id };
}

describe("archiving a service", () => {
  it("archives with a reason the vendor sees; the vendor cannot bring it back; an admin restores it; both are audited", async () => {
    const admin = await signedIn("ADMIN");
    const { cookie, serviceId } = await vendorWithService();
    const archived = await api(`/admin/services/${serviceId}/archive`, {
      method: "POST",
      cookie: admin.cookie,
      body: { reason: "Photos are copied from another venue." },
    });
    expect(archived.status).toBe(200);
    expect(await serviceOf(serviceId)).toMatchObject({
      status: "archived",
      moderation_reason: "Photos are copied from another venue.",
      moderated_by: admin.id,
    });
    expect((await api(`/services/${serviceId}`)).status).toBe(404);

    const toggle = await api(`/services/serviceArchive/${serviceId}`, { method: "PUT", cookie });
    expect(toggle.status).toBe(409);
    expect(toggle.body.message).toContain("Photos are copied from another venue.");
    expect((await serviceOf(serviceId))?.status).toBe("archived");
    expect((await api(`/admin/services/${serviceId}/archive`, { method: "POST", cookie: admin.cookie, body: { reason: "Again and again" } })).status).toBe(409);

    expect((await api(`/admin/services/${serviceId}/restore`, { method: "POST", cookie: admin.cookie, body: { reason: "New photos uploaded" } })).status).toBe(
      200,
    );
    expect(await serviceOf(serviceId)).toMatchObject({ status: "active", moderation_reason: null });
    expect((await auditOf(serviceId)).results.map((r) => [r.action, r.reason])).toEqual([
      ["service.archive", "Photos are copied from another venue."],
      ["service.restore", "New photos uploaded"],
    ]);
    const record = await api(`/admin/services/${serviceId}`, { cookie: admin.cookie });
    expect(record.body.service.history.map((h: Loose) => h.action)).toEqual(["service.restore", "service.archive"]);
  });

  it("needs a reason, and nobody but an admin may archive; nothing changes", async () => {
    const admin = await signedIn("ADMIN");
    const { cookie, serviceId } = await vendorWithService();
    const bad = await api(`/admin/services/${serviceId}/archive`, { method: "POST", cookie: admin.cookie, body: { reason: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.reason).toBeTruthy();
    expect(
      (await api(`/admin/services/${serviceId}/archive`, { method: "POST", cookie: admin.cookie, body: { reason: "Fine reason", extra: 1 } })).status,
    ).toBe(400);
    const couple = await signedIn("USER");
    for (const who of [couple.cookie, cookie])
      expect((await api(`/admin/services/${serviceId}/archive`, { method: "POST", cookie: who, body: { reason: "Because I can" } })).status).toBe(403);
    expect((await api(`/admin/services/${serviceId}/archive`, { method: "POST", body: { reason: "Because I can" } })).status).toBe(401);
    expect((await serviceOf(serviceId))?.status).toBe("active");
    expect((await auditOf(serviceId)).results).toEqual([]);
  });
});

describe("verifying a vendor", () => {
  it("verifies and un-verifies, each once, with the badge on the vendor's data and the audit log", async () => {
    const admin = await signedIn("SUPER_ADMIN");
    const { vendor } = await vendorWithService();
    expect((await api(`/admin/vendors/${vendor.id}/verify`, { method: "POST", cookie: admin.cookie, body: {} })).status).toBe(200);
    expect((await env.DB.prepare("SELECT is_verified FROM vendors WHERE user_id = ?").bind(vendor.id).first<Loose>())?.is_verified).toBe(1);
    expect((await api(`/admin/vendors/${vendor.id}/verify`, { method: "POST", cookie: admin.cookie, body: {} })).status).toBe(409);
    expect((await api(`/admin/vendors/${vendor.id}/unverify`, { method: "POST", cookie: admin.cookie, body: { reason: "Licence expired" } })).status).toBe(200);
    expect((await auditOf(vendor.id)).results.map((r) => r.action)).toEqual(["vendor.verify", "vendor.unverify"]);
    const self = await api(`/admin/vendors/${vendor.id}/verify`, { method: "POST", cookie: await sessionCookieFor(vendor.id), body: {} });
    expect(self.status).toBe(403);
    expect((await env.DB.prepare("SELECT is_verified FROM vendors WHERE user_id = ?").bind(vendor.id).first<Loose>())?.is_verified).toBe(0);
    expect((await api("/admin/vendors/nobody/verify", { method: "POST", cookie: admin.cookie, body: {} })).status).toBe(404);
  });
});

describe("review disputes", () => {
  it("a vendor disputes a review of their service; it stays counted until an admin hides it; a decision is made once", async () => {
    const admin = await signedIn("ADMIN");
    const { cookie, serviceId } = await vendorWithService();
    const couple = await createUser();
    const review = await createReview({ serviceId, userId: couple.id, comment: "Terrible, they never came." });
    await env.DB.prepare("UPDATE services SET rating = 4, review_count = 1 WHERE id = ?").bind(serviceId).run();

    const other = await vendorWithService();
    expect(
      (await api(`/services/feedback/${serviceId}/${review.id}/dispute`, { method: "POST", cookie: other.cookie, body: { reason: "Not our customer at all" } }))
        .status,
    ).toBe(404);
    expect((await api(`/services/feedback/${serviceId}/${review.id}/dispute`, { method: "POST", cookie, body: { reason: "x" } })).status).toBe(400);
    const made = await api(`/services/feedback/${serviceId}/${review.id}/dispute`, {
      method: "POST",
      cookie,
      body: { reason: "This couple never booked us; the date was free." },
    });
    expect(made.status).toBe(201);
    expect(
      (await api(`/services/feedback/${serviceId}/${review.id}/dispute`, { method: "POST", cookie, body: { reason: "Once more, please look." } })).status,
    ).toBe(409);
    expect(await serviceOf(serviceId)).toMatchObject({ review_count: 1 });

    const open = await api("/admin/review-disputes", { cookie: admin.cookie });
    const dispute = (open.body.disputes as Loose[]).find((d) => d.review.id === review.id);
    expect(dispute).toMatchObject({ reason: "This couple never booked us; the date was free.", service: { id: serviceId } });
    const couples = await signedIn("USER");
    expect(
      (await api(`/admin/review-disputes/${dispute?.id}/hide`, { method: "POST", cookie: couples.cookie, body: { reason: "I do not like it" } })).status,
    ).toBe(403);

    expect(
      (
        await api(`/admin/review-disputes/${dispute?.id}/hide`, {
          method: "POST",
          cookie: admin.cookie,
          body: { reason: "No booking or enquiry from this couple." },
        })
      ).status,
    ).toBe(200);
    expect((await env.DB.prepare("SELECT status FROM reviews WHERE id = ?").bind(review.id).first<Loose>())?.status).toBe("HIDDEN");
    expect(await serviceOf(serviceId)).toMatchObject({ rating: 0, review_count: 0 });
    expect(
      (await api(`/admin/review-disputes/${dispute?.id}/keep`, { method: "POST", cookie: admin.cookie, body: { reason: "Changed my mind" } })).status,
    ).toBe(409);
    expect((await auditOf(review.id)).results.map((r) => r.action)).toEqual(["review.hide"]);
    expect((await api(`/services/feedback/${serviceId}`)).body.reviews).toEqual([]);
  });

  it("keeping a review leaves it public and counted", async () => {
    const admin = await signedIn("ADMIN");
    const { cookie, serviceId } = await vendorWithService();
    const couple = await createUser();
    const review = await createReview({ serviceId, userId: couple.id });
    await api(`/services/feedback/${serviceId}/${review.id}/dispute`, { method: "POST", cookie, body: { reason: "We think it is unfair." } });
    const id = ((await api("/admin/review-disputes", { cookie: admin.cookie })).body.disputes as Loose[]).find((d) => d.review.id === review.id)?.id;
    expect(
      (await api(`/admin/review-disputes/${id}/keep`, { method: "POST", cookie: admin.cookie, body: { reason: "An honest review of a real booking." } }))
        .status,
    ).toBe(200);
    expect((await env.DB.prepare("SELECT status FROM reviews WHERE id = ?").bind(review.id).first<Loose>())?.status).toBe("PUBLISHED");
  });
});

describe("the audit log", () => {
  it("is read by super admins only, filtered by action and record; role changes are in it", async () => {
    const superAdmin = await signedIn("SUPER_ADMIN");
    const admin = await signedIn("ADMIN");
    const target = await createUser();
    expect((await api(`/admin/give-admin/${target.id}`, { method: "PATCH", cookie: superAdmin.cookie })).status).toBe(200);
    const log = await api(`/admin/audit-log?subjectId=${target.id}`, { cookie: superAdmin.cookie });
    expect(log.status).toBe(200);
    expect(log.body.entries.map((e: Loose) => [e.action, e.before, e.after])).toEqual([["role.give-admin", { role: "USER" }, { role: "ADMIN" }]]);
    expect((await api(`/admin/audit-log?action=role&subjectId=${target.id}`, { cookie: superAdmin.cookie })).body.entries).toHaveLength(1);
    expect((await api(`/admin/audit-log?action=service&subjectId=${target.id}`, { cookie: superAdmin.cookie })).body.entries).toHaveLength(0);
    expect((await api("/admin/audit-log", { cookie: admin.cookie })).status).toBe(403);
    expect((await api("/admin/audit-log?page=0", { cookie: superAdmin.cookie })).status).toBe(400);
  });
});
