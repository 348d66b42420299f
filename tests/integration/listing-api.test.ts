import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WISHLIST } from "#shared/strings.ts";
import { REVIEW_COMMENT_MIN, REVIEWS_PAGE_MAX, reviewsPageFrom } from "#shared/listing-rules.ts";
import { PAGE_MAX, PAGE_SIZE_MAX } from "#shared/service-filters.ts";
import { readCookie } from "#platform/cookies.ts";
import {
  countView,
  viewDecision,
  VIEW_COOKIES,
  searchServices,
  topTestimonials,
  TESTIMONIALS_SQL,
  serviceReviews,
  servicePage,
} from "#domain/catalogue/index.ts";
import { refreshReplyTime } from "#domain/enquiries/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { listingContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { pngOf } from "#tests/support/invitations.ts";

const COMMENT = "The food was wonderful, the team arrived early and every guest asked for the caterer's number afterwards.";
const review = (over: Record<string, unknown> = {}) => ({
  rating: 5,
  quality: 5,
  responsiveness: 4,
  professionalism: 5,
  value: 4,
  flexibility: 3,
  comment: COMMENT,
  ...over,
});

async function couple() {
  const user = await createUser({ role: "USER" });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

async function vendorWithService(over: { status?: "active" | "archived" } = {}) {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, ...over });
  return { vendor, vendorCookie: await sessionCookieFor(vendor.id), serviceId: service.id };
}

async function serviceRow(id: string) {
  return env.DB.prepare("SELECT rating, review_count, view_count, lead_count, wishlist_count FROM services WHERE id = ?")
    .bind(id)
    .first<{ rating: number; review_count: number; view_count: number; lead_count: number; wishlist_count: number }>();
}

/** A day relative to today in India (yyyy-mm-dd); a booking's date is a past day unless a test says otherwise. */
const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function book(
  userId: string,
  vendorId: string,
  serviceId: string,
  status: "CONFIRMED" | "COMPLETED" | "CANCELLED",
  dates: { eventDate: string | null; eventEndDate?: string | null } = { eventDate: day(-3) },
) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO bookings (id, service_id, vendor_id, user_id, agreed_price, status, event_date, event_end_date, created_at, updated_at) VALUES (?, ?, ?, ?, 100000, ?, ?, ?, ?, ?)",
  )
    .bind(`bk-${crypto.randomUUID()}`, serviceId, vendorId, userId, status, dates.eventDate, dates.eventEndDate ?? null, now, now)
    .run();
}

/** A real 40 x 30 PNG (review photos are decoded), padded with zeros to `size` bytes when asked. */
async function pngBytes(size = 0): Promise<Uint8Array<ArrayBuffer>> {
  const image = await pngOf(40, 30);
  if (size <= image.length) return image;
  const padded = new Uint8Array(size);
  padded.set(image);
  return padded;
}

async function postMultipart(path: string, form: FormData, cookie: string) {
  return worker.fetch(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
}

describe("reviews: one per couple per service, rating and five sub-scores, comment of 60+ characters", () => {
  it("a couple reviews a service and the service's rating and review count follow", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const b = await couple();
    const first = await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ rating: 5 }), cookie: a.cookie });
    expect(first.status).toBe(201);
    const body = await first.json<{
      success: boolean;
      feedback: { id: string; rating: number; quality: number; verified_booking: boolean; user_name: string };
    }>();
    expect(body.success).toBe(true);
    expect(body.feedback).toMatchObject({ rating: 5, quality: 5, verified_booking: false, user_name: a.userName });
    expect(await serviceRow(serviceId)).toMatchObject({ rating: 5, review_count: 1 });

    expect((await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ rating: 2 }), cookie: b.cookie })).status).toBe(201);
    expect(await serviceRow(serviceId)).toMatchObject({ rating: 3.5, review_count: 2 });

    const list = await (
      await call(`/api/v1/services/feedback/${serviceId}`)
    ).json<{ reviews: unknown[]; summary: { count: number; rating: number; responsiveness: number } }>();
    expect(list.reviews).toHaveLength(2);
    expect(list.summary).toMatchObject({ count: 2, rating: 3.5, responsiveness: 4 });
  });

  it("a second review of the same service is refused with 409 and the first can be edited instead", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const created = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ rating: 4 }), cookie: a.cookie })
    ).json<{ feedback: { id: string } }>();
    const again = await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ rating: 1 }), cookie: a.cookie });
    expect(again.status).toBe(409);
    expect(await serviceRow(serviceId)).toMatchObject({ rating: 4, review_count: 1 });

    const edited = await call(`/api/v1/services/feedback/${serviceId}/${created.feedback.id}`, {
      method: "POST",
      body: review({ rating: 2, flexibility: 1 }),
      cookie: a.cookie,
    });
    expect(edited.status).toBe(200);
    expect((await edited.json<{ feedback: { rating: number; flexibility: number } }>()).feedback).toMatchObject({ rating: 2, flexibility: 1 });
    expect(await serviceRow(serviceId)).toMatchObject({ rating: 2, review_count: 1 });
  });

  it("the same couple may review different services (the original allowed one review ever)", async () => {
    const { serviceId: one } = await vendorWithService();
    const { serviceId: two } = await vendorWithService();
    const a = await couple();
    expect((await call(`/api/v1/services/feedback/${one}`, { method: "POST", body: review(), cookie: a.cookie })).status).toBe(201);
    expect((await call(`/api/v1/services/feedback/${two}`, { method: "POST", body: review(), cookie: a.cookie })).status).toBe(201);
  });

  it("only the author can edit a review; others get 404", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const b = await couple();
    const created = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: a.cookie })
    ).json<{ feedback: { id: string } }>();
    const res = await call(`/api/v1/services/feedback/${serviceId}/${created.feedback.id}`, { method: "POST", body: review({ rating: 1 }), cookie: b.cookie });
    expect(res.status).toBe(404);
    expect(await serviceRow(serviceId)).toMatchObject({ rating: 5 });
  });

  it("rejects a comment shorter than 60 characters and sub-scores outside 1-5 with field messages", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const short = await call(`/api/v1/services/feedback/${serviceId}`, {
      method: "POST",
      body: review({ comment: "x".repeat(REVIEW_COMMENT_MIN - 1) }),
      cookie: a.cookie,
    });
    expect(short.status).toBe(400);
    expect((await short.json<{ errors: Record<string, string> }>()).errors.comment).toContain("60");
    for (const [field, value] of [
      ["quality", 0],
      ["value", 6],
      ["rating", 4.5],
      ["flexibility", "great"],
    ] as const) {
      const res = await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ [field]: value }), cookie: a.cookie });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await res.json<{ errors: Record<string, string> }>()).errors)).toContain(field);
    }
    const missing = await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: { rating: 5, comment: COMMENT }, cookie: a.cookie });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json<{ errors: Record<string, string> }>()).errors)).toEqual(
      expect.arrayContaining(["quality", "responsiveness", "professionalism", "value", "flexibility"]),
    );
    expect(await serviceRow(serviceId)).toMatchObject({ review_count: 0 });
  });

  it("only couples review: visitors get 401, vendors and admins 403", async () => {
    const { serviceId, vendorCookie } = await vendorWithService();
    const admin = await createUser({ role: "ADMIN" });
    expect((await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review() })).status).toBe(401);
    expect((await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: vendorCookie })).status).toBe(403);
    expect((await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: await sessionCookieFor(admin.id) })).status).toBe(
      403,
    );
  });

  it("an unknown or archived service cannot be reviewed (404)", async () => {
    const a = await couple();
    const { serviceId } = await vendorWithService({ status: "archived" });
    expect((await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: a.cookie })).status).toBe(404);
    expect((await call(`/api/v1/services/feedback/no-such-service`, { method: "POST", body: review(), cookie: a.cookie })).status).toBe(404);
  });

  it("carries the Verified booking badge only once a booking of that service has happened: completed, or confirmed with its date passed", async () => {
    const { vendor, serviceId } = await vendorWithService();
    const other = await vendorWithService();
    const sibling = await createService({ vendorId: vendor.id });
    const confirmed = await couple();
    const completed = await couple();
    const cancelled = await couple();
    const elsewhere = await couple();
    const siblingOnly = await couple();
    const months = await couple();
    const today = await couple();
    const midEvent = await couple();
    const undated = await couple();
    const completedEarly = await couple();
    await book(confirmed.id, vendor.id, serviceId, "CONFIRMED");
    await book(completed.id, vendor.id, serviceId, "COMPLETED");
    await book(cancelled.id, vendor.id, serviceId, "CANCELLED");
    await book(elsewhere.id, other.vendor.id, other.serviceId, "CONFIRMED");
    await book(siblingOnly.id, vendor.id, sibling.id, "CONFIRMED");
    // Booked months before the wedding: not verified yet (issue 28), nor on the day, nor before the last day of a long event.
    await book(months.id, vendor.id, serviceId, "CONFIRMED", { eventDate: day(120) });
    await book(today.id, vendor.id, serviceId, "CONFIRMED", { eventDate: day(0) });
    await book(midEvent.id, vendor.id, serviceId, "CONFIRMED", { eventDate: day(-2), eventEndDate: day(2) });
    await book(undated.id, vendor.id, serviceId, "CONFIRMED", { eventDate: null });
    // The vendor marked it completed: that is proof enough whatever the date.
    await book(completedEarly.id, vendor.id, serviceId, "COMPLETED", { eventDate: day(30) });
    const badge = async (cookie: string) =>
      (
        await (
          await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie })
        ).json<{ feedback: { verified_booking: boolean } }>()
      ).feedback.verified_booking;
    expect(await badge(confirmed.cookie)).toBe(true);
    expect(await badge(completed.cookie)).toBe(true);
    expect(await badge(cancelled.cookie)).toBe(false);
    expect(await badge(elsewhere.cookie)).toBe(false);
    expect(await badge(siblingOnly.cookie)).toBe(false);
    expect(await badge(months.cookie)).toBe(false);
    expect(await badge(today.cookie)).toBe(false);
    expect(await badge(midEvent.cookie)).toBe(false);
    expect(await badge(undated.cookie)).toBe(false);
    expect(await badge(completedEarly.cookie)).toBe(true);
    const list = await (await call(`/api/v1/services/feedback/${serviceId}`)).json<{ summary: { verifiedCount: number } }>();
    expect(list.summary.verifiedCount).toBe(3);
  });

  it("the owning vendor replies once; another vendor cannot", async () => {
    const { serviceId, vendorCookie } = await vendorWithService();
    const stranger = await vendorWithService();
    const a = await couple();
    const created = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: a.cookie })
    ).json<{ feedback: { id: string } }>();
    const path = `/api/v1/services/feedback/${serviceId}/${created.feedback.id}/reply`;
    expect((await call(path, { method: "POST", body: { reply: "Thank you!" }, cookie: stranger.vendorCookie })).status).toBe(404);
    // A couple can never reply (the endpoint is for vendors and admins): refused by the declared access.
    expect((await call(path, { method: "POST", body: { reply: "Thank you!" }, cookie: a.cookie })).status).toBe(403);
    const ok = await call(path, { method: "POST", body: { reply: "Thank you for celebrating with us!" }, cookie: vendorCookie });
    expect(ok.status).toBe(200);
    expect((await ok.json<{ feedback: { vendor_reply: string } }>()).feedback.vendor_reply).toBe("Thank you for celebrating with us!");
    expect((await call(path, { method: "POST", body: { reply: "Second try" }, cookie: vendorCookie })).status).toBe(409);
    expect((await call(path, { method: "POST", body: { reply: "" }, cookie: vendorCookie })).status).toBe(400);
  });

  it("says truthfully who replied: the vendor by name, or the Mandap team for an admin", async () => {
    const { vendor, serviceId, vendorCookie } = await vendorWithService();
    const admin = await createUser({ role: "ADMIN" });
    const a = await couple();
    const b = await couple();
    const first = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: a.cookie })
    ).json<{ feedback: { id: string } }>();
    const second = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: b.cookie })
    ).json<{ feedback: { id: string } }>();
    type Reply = { text: string; by: string; author: string; replied_at: number };
    type Feedback = { id: string; reply: Reply | null; vendor_reply: string | null };

    const byVendor = await call(`/api/v1/services/feedback/${serviceId}/${first.feedback.id}/reply`, {
      method: "POST",
      body: { reply: "Thank you from the caterers!" },
      cookie: vendorCookie,
    });
    expect((await byVendor.json<{ feedback: Feedback }>()).feedback).toMatchObject({
      reply: { text: "Thank you from the caterers!", by: "VENDOR", author: vendor.businessName },
      vendor_reply: "Thank you from the caterers!",
    });
    const byAdmin = await call(`/api/v1/services/feedback/${serviceId}/${second.feedback.id}/reply`, {
      method: "POST",
      body: { reply: "We have asked the vendor to call you." },
      cookie: await sessionCookieFor(admin.id),
    });
    expect(byAdmin.status).toBe(200);
    // The admin's reply is not the vendor's: vendor_reply stays empty and the reply is signed by the Mandap team.
    expect((await byAdmin.json<{ feedback: Feedback }>()).feedback).toMatchObject({
      reply: { text: "We have asked the vendor to call you.", by: "ADMIN", author: "the Mandap team" },
      vendor_reply: null,
    });
    const stored = await env.DB.prepare("SELECT reply_by, reply_user_id FROM reviews WHERE id = ?").bind(second.feedback.id).first();
    expect(stored).toEqual({ reply_by: "ADMIN", reply_user_id: admin.id });

    const list = await (await call(`/api/v1/services/feedback/${serviceId}`)).json<{ reviews: Feedback[] }>();
    const authors = Object.fromEntries(list.reviews.map((r) => [r.id, r.reply?.author]));
    expect(authors).toEqual({ [first.feedback.id]: vendor.businessName, [second.feedback.id]: "the Mandap team" });
  });

  it("derives Verified booking when reviews are read: a booking cancelled later takes the badge away", async () => {
    const { vendor, serviceId } = await vendorWithService();
    const a = await couple();
    await book(a.id, vendor.id, serviceId, "CONFIRMED");
    const created = await (
      await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review(), cookie: a.cookie })
    ).json<{ feedback: { id: string; verified_booking: boolean } }>();
    expect(created.feedback.verified_booking).toBe(true);
    const read = async () =>
      (await call(`/api/v1/services/feedback/${serviceId}`)).json<{ reviews: { verified_booking: boolean }[]; summary: { verifiedCount: number } }>();
    expect(await read()).toMatchObject({ reviews: [{ verified_booking: true }], summary: { verifiedCount: 1 } });
    await env.DB.prepare("UPDATE bookings SET status = 'CANCELLED' WHERE user_id = ?").bind(a.id).run();
    expect(await read()).toMatchObject({ reviews: [{ verified_booking: false }], summary: { verifiedCount: 0 } });
  });

  it("the home page's testimonials carry Verified booking only from a booking", async () => {
    const { vendor, serviceId } = await vendorWithService();
    const booked = await couple();
    const unbooked = await couple();
    await book(booked.id, vendor.id, serviceId, "COMPLETED");
    const ids: Record<string, string> = {};
    for (const [key, c] of [
      ["unbooked", unbooked],
      ["booked", booked],
    ] as const) {
      ids[key] = (
        await (
          await call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: review({ rating: 5 }), cookie: c.cookie })
        ).json<{ feedback: { id: string } }>()
      ).feedback.id;
    }
    const list = await topTestimonials(listingContext({ now: Date.now() + 24 * 60 * 60 * 1000 }), 6);
    const badge = Object.fromEntries(list.filter((t) => Object.values(ids).includes(t.id)).map((t) => [t.id, t.verifiedBooking]));
    expect(badge).toEqual({ [ids.booked!]: true, [ids.unbooked!]: false });
  });

  it("the home page's testimonials: best, then newest, of active services, read in the index's order without a sort", async () => {
    const { serviceId } = await vendorWithService();
    const { serviceId: archivedId } = await vendorWithService();
    const posted: Record<string, string> = {};
    const postReview = async (key: string, service: string, over: Record<string, unknown>) => {
      const c = await couple();
      const res = await call(`/api/v1/services/feedback/${service}`, { method: "POST", body: review(over), cookie: c.cookie });
      posted[key] = (await res.json<{ feedback: { id: string } }>()).feedback.id;
    };
    await postReview("older5", serviceId, { rating: 5 });
    await postReview("newer5", serviceId, { rating: 5 });
    await postReview("newest4", serviceId, { rating: 4 });
    await postReview("three", serviceId, { rating: 3 });
    await postReview("archived", archivedId, { rating: 5 });
    const base = Date.now() + 365 * 24 * 60 * 60 * 1000;
    for (const [key, at] of [
      ["older5", base],
      ["newer5", base + 60_000],
      ["newest4", base + 120_000],
      ["three", base + 180_000],
      ["archived", base + 240_000],
    ] as const)
      await env.DB.prepare("UPDATE reviews SET created_at = ? WHERE id = ?").bind(at, posted[key]).run();
    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(archivedId).run();
    const { results } = await env.DB.prepare(TESTIMONIALS_SQL).bind(1000).all<{ id: string; rating: number }>();
    const ids = results.map((r) => r.id);
    // Newer than every other test's reviews: these two five-star ones lead, the newest first; the
    // four-star one follows every five-star review; three stars and an archived service's never show.
    expect(ids.slice(0, 2)).toEqual([posted.newer5, posted.older5]);
    expect(results.findIndex((r) => r.rating === 4)).toBe(ids.indexOf(posted.newest4!));
    expect(ids).not.toContain(posted.three);
    expect(ids).not.toContain(posted.archived);
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${TESTIMONIALS_SQL}`).bind(3).all<{ detail: string }>()).results.map((r) => r.detail);
    expect(plan[0]).toMatch(/reviews_testimonial_idx/);
    expect(plan.join(" / ")).not.toMatch(/TEMP B-TREE/);
  });

  it("takes photos as multipart: images are stored under u/, other files are refused and nothing is saved", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const bad = new FormData();
    for (const [k, v] of Object.entries(review())) bad.set(k, String(v));
    bad.append("photos", new File(["<html>not an image</html>"], "photo.png", { type: "image/png" }));
    const refused = await postMultipart(`/api/v1/services/feedback/${serviceId}`, bad, a.cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ errors: Record<string, string> }>()).errors.photos).toContain("not a JPEG");
    expect(await serviceRow(serviceId)).toMatchObject({ review_count: 0 });

    const big = new FormData();
    for (const [k, v] of Object.entries(review())) big.set(k, String(v));
    big.append("photos", new File([await pngBytes(5 * 1024 * 1024 + 1)], "huge.png"));
    expect((await postMultipart(`/api/v1/services/feedback/${serviceId}`, big, a.cookie)).status).toBe(400);

    const good = new FormData();
    for (const [k, v] of Object.entries(review())) good.set(k, String(v));
    good.append("photos", new File([await pngBytes()], "../../etc/passwd.png"));
    const saved = await postMultipart(`/api/v1/services/feedback/${serviceId}`, good, a.cookie);
    expect(saved.status).toBe(201);
    const photos = (await saved.json<{ feedback: { photos: { key: string; path: string }[] } }>()).feedback.photos;
    expect(photos).toHaveLength(1);
    // Stored as the pipeline's WebP under a key the server made (never the uploaded bytes or name).
    expect(photos[0]?.key).toMatch(/^u\/reviews\/[0-9a-f]{32}\.webp$/);
    const object = await env.MEDIA.get(photos[0]?.key ?? "");
    expect(object?.httpMetadata?.contentType).toBe("image/webp");
  });
});

describe("service views: counted at most once a day per browser", () => {
  const pageRequest = (cookie?: string) => new Request("https://mandap.example/service/x", { headers: cookie ? { Cookie: cookie } : {} });
  /** The service page's call: the browser's view cookie from the request, the domain decides. */
  const viewService = (serviceId: string, request: Request, now = Date.now()) =>
    countView(listingContext({ now, url: request.url }), {
      kind: "service",
      id: serviceId,
      ownerId: "someone-else",
      seen: readCookie(request, VIEW_COOKIES.service),
    });
  const viewsOf = async (id: string) => ({
    total: (await serviceRow(id))?.view_count,
    daily: await env.DB.prepare("SELECT sum(views) AS n FROM service_daily_stats WHERE service_id = ?").bind(id).first<number>("n"),
  });

  it("the first view of the day counts and sets a one-day cookie; the same browser again does not count", async () => {
    const { serviceId } = await vendorWithService();
    const now = Date.UTC(2026, 10, 22, 6, 0);
    const setCookie = await viewService(serviceId, pageRequest(), now);
    expect(setCookie).toMatch(/^mandap_sv=2026-11-22%7C.+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = (setCookie ?? "").split(";")[0] ?? "";
    expect(await viewService(serviceId, pageRequest(cookie), now + 60_000)).toBeNull();
    expect(await viewsOf(serviceId)).toEqual({ total: 1, daily: 1 });
    // Another browser counts; the next day (India time) the same browser counts again.
    await viewService(serviceId, pageRequest(), now);
    await viewService(serviceId, pageRequest(cookie), Date.UTC(2026, 10, 22, 19, 0));
    expect(await viewsOf(serviceId)).toEqual({ total: 3, daily: 3 });
  });

  it("one cookie remembers many services; archived services are not counted", async () => {
    const { serviceId: one } = await vendorWithService();
    const { serviceId: two } = await vendorWithService();
    const { serviceId: archived } = await vendorWithService({ status: "archived" });
    const first = viewDecision(null, one, "2026-11-22");
    const second = viewDecision(first.cookieValue, two, "2026-11-22");
    expect(second).toEqual({ record: true, cookieValue: `2026-11-22|${one},${two}` });
    expect(viewDecision(second.cookieValue, one, "2026-11-22").record).toBe(false);
    expect(viewDecision(second.cookieValue, one, "2026-11-23").record).toBe(true);
    expect(viewDecision("garbage", one, "2026-11-22").record).toBe(true);
    await viewService(archived, pageRequest());
    expect(await viewsOf(archived)).toEqual({ total: 0, daily: null });
  });

  it("GET /services/{id} shows archived services only to their vendor", async () => {
    const { serviceId, vendorCookie } = await vendorWithService({ status: "archived" });
    const a = await couple();
    expect((await call(`/api/v1/services/${serviceId}`)).status).toBe(404);
    expect((await call(`/api/v1/services/${serviceId}`, { cookie: a.cookie })).status).toBe(404);
    expect((await call(`/api/v1/services/${serviceId}`, { cookie: vendorCookie })).status).toBe(200);
  });
});

describe("vendor profile views: PATCH /vendors/viewUpdate/{vendorId}", () => {
  it("counts once per browser per day, remembered in a one-day cookie", async () => {
    const vendor = await createVendor();
    const first = await call(`/api/v1/vendors/viewUpdate/${vendor.id}`, { method: "PATCH" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, recorded: true });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("Max-Age=86400");
    const cookie = setCookie.split(";")[0] ?? "";
    const again = await call(`/api/v1/vendors/viewUpdate/${vendor.id}`, { method: "PATCH", cookie });
    expect(await again.json()).toEqual({ success: true, recorded: false });
    const views = await env.DB.prepare("SELECT profile_views FROM vendors WHERE user_id = ?").bind(vendor.id).first<number>("profile_views");
    expect(views).toBe(1);
    const daily = await env.DB.prepare("SELECT sum(views) AS n FROM vendor_profile_views WHERE vendor_id = ?").bind(vendor.id).first<number>("n");
    expect(daily).toBe(1);

    // Another browser (no cookie) counts; the same cookie with another vendor counts too.
    expect(await (await call(`/api/v1/vendors/viewUpdate/${vendor.id}`, { method: "PATCH" })).json()).toMatchObject({ recorded: true });
    const other = await createVendor();
    expect(await (await call(`/api/v1/vendors/viewUpdate/${other.id}`, { method: "PATCH", cookie })).json()).toMatchObject({ recorded: true });
    expect(await env.DB.prepare("SELECT profile_views FROM vendors WHERE user_id = ?").bind(vendor.id).first<number>("profile_views")).toBe(2);
  });

  it("an unknown vendor is a 404 and counts nothing", async () => {
    const res = await call(`/api/v1/vendors/viewUpdate/no-such-vendor`, { method: "PATCH" });
    expect(res.status).toBe(404);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("follows the pages' rule: the vendor's own account and crawlers are not counted", async () => {
    const vendor = await createVendor();
    const views = () => env.DB.prepare("SELECT profile_views FROM vendors WHERE user_id = ?").bind(vendor.id).first<number>("profile_views");
    const own = await call(`/api/v1/vendors/viewUpdate/${vendor.id}`, { method: "PATCH", cookie: await sessionCookieFor(vendor.id) });
    expect(await own.json()).toEqual({ success: true, recorded: false });
    expect(own.headers.get("set-cookie") ?? "").not.toContain("mandap_pv");
    const crawler = await call(`/api/v1/vendors/viewUpdate/${vendor.id}`, {
      method: "PATCH",
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    });
    expect(await crawler.json()).toEqual({ success: true, recorded: false });
    expect(await views()).toBe(0);
  });
});

describe("the service page's data: what the viewer may do comes from the permissions module", () => {
  const actorOf = (u: { id: string; email: string; userName: string; role: string }) => u as unknown as Actor;

  it("hands booleans for each role, never a role name", async () => {
    const { serviceId, vendor } = await vendorWithService();
    const viewerOf = async (actor: Actor | null) => (await servicePage(listingContext({ actor }), serviceId))?.viewer;
    const pick = (v: Awaited<ReturnType<typeof viewerOf>>) =>
      v && {
        signedIn: v.signedIn,
        canEnquire: v.canEnquire,
        canReview: v.canReview,
        canUseCart: v.canUseCart,
        canReply: v.canReply,
        repliesAsTeam: v.repliesAsTeam,
      };
    expect(pick(await viewerOf(null))).toEqual({
      signedIn: false,
      canEnquire: false,
      canReview: false,
      canUseCart: false,
      canReply: false,
      repliesAsTeam: false,
    });
    expect(pick(await viewerOf(actorOf(await couple())))).toEqual({
      signedIn: true,
      canEnquire: true,
      canReview: true,
      canUseCart: true,
      canReply: false,
      repliesAsTeam: false,
    });
    expect(pick(await viewerOf(actorOf(vendor)))).toEqual({
      signedIn: true,
      canEnquire: false,
      canReview: false,
      canUseCart: false,
      canReply: true,
      repliesAsTeam: false,
    });
    expect(pick(await viewerOf(actorOf(await createUser({ role: "ADMIN" }))))).toEqual({
      signedIn: true,
      canEnquire: false,
      canReview: false,
      canUseCart: true,
      canReply: true,
      repliesAsTeam: true,
    });
  });

  it("the owner's own view of a service is not counted (the page calls the same countView as the API)", async () => {
    const { serviceId, vendor } = await vendorWithService();
    const ctx = listingContext({ actor: actorOf(vendor) });
    expect(await countView(ctx, { kind: "service", id: serviceId, ownerId: vendor.id, seen: null })).toBeNull();
    expect((await serviceRow(serviceId))?.view_count).toBe(0);
  });
});

describe("paging: one rule for pages, API and domain", () => {
  it("a reviews page past REVIEWS_PAGE_MAX is refused by the API and by the domain, and nothing is read", async () => {
    const { serviceId } = await vendorWithService();
    expect((await call(`/api/v1/services/feedback/${serviceId}?page=${REVIEWS_PAGE_MAX}`)).status).toBe(200);
    const past = await call(`/api/v1/services/feedback/${serviceId}?page=${REVIEWS_PAGE_MAX + 1}`);
    expect(past.status).toBe(400);
    await expect(serviceReviews(listingContext(), serviceId, REVIEWS_PAGE_MAX + 1)).rejects.toThrow(`Page must be between 1 and ${REVIEWS_PAGE_MAX}.`);
    // The service page reads ?reviews= with the same rule and shows the first page for anything else.
    expect([reviewsPageFrom("2"), reviewsPageFrom(String(REVIEWS_PAGE_MAX + 1)), reviewsPageFrom("x"), reviewsPageFrom(null)]).toEqual([2, 1, 1, 1]);
  });

  it("the service search refuses a page size or page beyond the list rule for every caller", async () => {
    await expect(searchServices(listingContext(), { limit: PAGE_SIZE_MAX + 1 })).rejects.toThrow(`Limit must be between 1 and ${PAGE_SIZE_MAX}.`);
    await expect(searchServices(listingContext(), { page: PAGE_MAX + 1 })).rejects.toThrow("Page must be between 1 and");
    expect((await call(`/api/v1/services?limit=${PAGE_SIZE_MAX + 1}`)).status).toBe(400);
    expect((await call(`/api/v1/services?page=${PAGE_MAX + 1}`)).status).toBe(400);
    expect((await searchServices(listingContext(), { limit: PAGE_SIZE_MAX })).limit).toBe(PAGE_SIZE_MAX);
  });
});

describe("favourites: toggle, list and merge", () => {
  it("toggles with the spec's messages and keeps wishlist_count", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const added = await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: a.cookie });
    expect(await added.json()).toEqual({ success: true, message: WISHLIST.added, favorited: true });
    expect((await serviceRow(serviceId))?.wishlist_count).toBe(1);
    expect(await (await call(`/api/v1/favorites`, { cookie: a.cookie })).json()).toEqual({ success: true, favorites: [serviceId] });
    const removed = await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: a.cookie });
    expect(await removed.json()).toEqual({ success: true, message: WISHLIST.removed, favorited: false });
    expect((await serviceRow(serviceId))?.wishlist_count).toBe(0);
  });

  it("a favourite can be removed after the service was archived, but an archived service cannot be added", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: a.cookie });
    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(serviceId).run();
    expect(await (await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: a.cookie })).json()).toMatchObject({ favorited: false });
    expect((await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: a.cookie })).status).toBe(404);
    expect((await serviceRow(serviceId))?.wishlist_count).toBe(0);
  });

  it("visitors get 401, vendors 403, unknown services 404", async () => {
    const { serviceId, vendorCookie } = await vendorWithService();
    const a = await couple();
    const visitor = await call(`/api/v1/favorites/${serviceId}`, { method: "POST" });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await call(`/api/v1/favorites/${serviceId}`, { method: "POST", cookie: vendorCookie })).status).toBe(403);
    expect((await call(`/api/v1/favorites/nope`, { method: "POST", cookie: a.cookie })).status).toBe(404);
  });

  it("merges browser favourites at login: existing ones are not counted twice, unknown ids are skipped", async () => {
    const { serviceId: one } = await vendorWithService();
    const { serviceId: two } = await vendorWithService();
    const a = await couple();
    await call(`/api/v1/favorites/${one}`, { method: "POST", cookie: a.cookie });
    const merged = await call(`/api/v1/favorites/merge`, { method: "POST", body: { ids: [one, two, two, "ghost"] }, cookie: a.cookie });
    expect(merged.status).toBe(200);
    expect((await merged.json<{ favorites: string[] }>()).favorites.sort()).toEqual([one, two].sort());
    expect((await serviceRow(one))?.wishlist_count).toBe(1);
    expect((await serviceRow(two))?.wishlist_count).toBe(1);
    expect((await call(`/api/v1/favorites/merge`, { method: "POST", body: { ids: "nope" }, cookie: a.cookie })).status).toBe(400);
  });
});

describe("cart: toggle, read (also as a POST), clear", () => {
  it("toggles, reads and clears", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const added = await (
      await call(`/api/v1/cart`, { method: "POST", body: { id: serviceId }, cookie: a.cookie })
    ).json<{ inCart: boolean; cart: { id: string }[] }>();
    expect(added.inCart).toBe(true);
    expect(added.cart.map((c) => c.id)).toEqual([serviceId]);
    const readAsPost = await (await call(`/api/v1/cart`, { method: "POST", body: {}, cookie: a.cookie })).json<{ cart: { id: string; min_price: number }[] }>();
    expect(readAsPost.cart).toHaveLength(1);
    expect(readAsPost.cart[0]).toMatchObject({ id: serviceId, min_price: 1000 });
    const readEmptyBody = await call(`/api/v1/cart`, { method: "POST", cookie: a.cookie });
    expect((await readEmptyBody.json<{ cart: unknown[] }>()).cart).toHaveLength(1);
    const removed = await (
      await call(`/api/v1/cart`, { method: "POST", body: { id: serviceId }, cookie: a.cookie })
    ).json<{ inCart: boolean; cart: unknown[] }>();
    expect(removed).toMatchObject({ inCart: false, cart: [] });
    await call(`/api/v1/cart`, { method: "POST", body: { id: serviceId }, cookie: a.cookie });
    expect((await call(`/api/v1/cart/clear`, { method: "DELETE", cookie: a.cookie })).status).toBe(200);
    expect(await (await call(`/api/v1/cart`, { cookie: a.cookie })).json()).toEqual({ success: true, cart: [] });
  });

  it("is for couples and admins: visitors 401, vendors 403", async () => {
    const { serviceId, vendorCookie } = await vendorWithService();
    const admin = await createUser({ role: "ADMIN" });
    expect((await call(`/api/v1/cart`)).status).toBe(401);
    expect((await call(`/api/v1/cart/clear`, { method: "DELETE" })).status).toBe(401);
    expect((await call(`/api/v1/cart`, { method: "POST", body: { id: serviceId }, cookie: vendorCookie })).status).toBe(403);
    expect((await call(`/api/v1/cart`, { method: "POST", body: { id: serviceId }, cookie: await sessionCookieFor(admin.id) })).status).toBe(200);
  });
});

describe("enquiries: PUT /services/makeLead/{id}", () => {
  const enquiry = {
    message: "We are looking for a caterer for 300 guests for our reception in Jaipur.",
    eventDate: "2099-02-14",
    guestCount: 300,
    budget: 450000,
  };

  it("creates a NEW lead for the vendor, counts it and notifies the vendor by e-mail", async () => {
    const { vendor, serviceId } = await vendorWithService();
    const a = await couple();
    const res = await call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body: enquiry, cookie: a.cookie });
    expect(res.status).toBe(201);
    const body = await res.json<{ success: boolean; lead: { id: string; status: string } }>();
    expect(body).toMatchObject({ success: true, lead: { status: "NEW" } });
    const lead = await env.DB.prepare("SELECT vendor_id, user_id, guest_count, budget, event_date, status FROM leads WHERE id = ?").bind(body.lead.id).first();
    expect(lead).toEqual({ vendor_id: vendor.id, user_id: a.id, guest_count: 300, budget: 450000, event_date: "2099-02-14", status: "NEW" });
    expect((await serviceRow(serviceId))?.lead_count).toBe(1);
    expect(await env.DB.prepare("SELECT sum(leads) AS n FROM service_daily_stats WHERE service_id = ?").bind(serviceId).first<number>("n")).toBe(1);
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC")
      .bind(vendor.email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toContain("New enquiry");
    expect(mail?.text).toContain(enquiry.message);
    // A second open enquiry for the same service is a conflict.
    expect((await call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body: enquiry, cookie: a.cookie })).status).toBe(409);
  });

  it("validates the message, date, guest count and budget and writes nothing when they are wrong", async () => {
    const { serviceId } = await vendorWithService();
    const a = await couple();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...enquiry, message: "hi" }, "message"],
      [{ ...enquiry, eventDate: "2020-01-01" }, "eventDate"],
      [{ ...enquiry, eventDate: "2099-02-30" }, "eventDate"],
      [{ ...enquiry, eventDate: "14/02/2099" }, "eventDate"],
      [{ ...enquiry, guestCount: 0 }, "guestCount"],
      [{ ...enquiry, guestCount: "lots" }, "guestCount"],
      [{ ...enquiry, budget: -5 }, "budget"],
    ];
    for (const [body, field] of cases) {
      const res = await call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body, cookie: a.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json<{ errors: Record<string, string> }>()).errors)).toContain(field);
    }
    const optional = await call(`/api/v1/services/makeLead/${serviceId}`, {
      method: "PUT",
      body: { message: enquiry.message, eventDate: "", guestCount: "", budget: "" },
      cookie: a.cookie,
    });
    expect(optional.status).toBe(201);
    expect((await serviceRow(serviceId))?.lead_count).toBe(1);
  });

  it("only couples enquire: 401 for visitors, 403 for vendors, 404 for archived services", async () => {
    const { serviceId, vendorCookie } = await vendorWithService();
    const archived = await vendorWithService({ status: "archived" });
    const a = await couple();
    expect((await call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body: enquiry })).status).toBe(401);
    expect((await call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body: enquiry, cookie: vendorCookie })).status).toBe(403);
    expect((await call(`/api/v1/services/makeLead/${archived.serviceId}`, { method: "PUT", body: enquiry, cookie: a.cookie })).status).toBe(404);
    expect((await serviceRow(serviceId))?.lead_count).toBe(0);
  });
});

describe("the vendor's reply time comes only from real replies", () => {
  it("is the median minutes to a first reply over at least 3 answered leads, and nothing with fewer", async () => {
    const { vendor, serviceId } = await vendorWithService();
    const replyTime = () =>
      env.DB.prepare("SELECT reply_minutes_median FROM vendors WHERE user_id = ?").bind(vendor.id).first<number | null>("reply_minutes_median");
    const lead = async (minutes: number | null, statusOpen = false) => {
      const u = await createUser();
      const created = Date.UTC(2026, 10, 1);
      await env.DB.prepare(
        "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, first_reply_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'm', ?, ?, ?, ?)",
      )
        .bind(
          `lead-${crypto.randomUUID()}`,
          serviceId,
          vendor.id,
          u.id,
          statusOpen ? "NEW" : "CONTACTED",
          minutes === null ? null : created + minutes * 60_000,
          created,
          created,
        )
        .run();
    };
    await lead(30);
    await lead(90);
    await lead(null, true);
    await refreshReplyTime(env.DB, vendor.id).run();
    expect(await replyTime()).toBeNull();
    await lead(600);
    await refreshReplyTime(env.DB, vendor.id).run();
    expect(await replyTime()).toBe(90);
  });
});

describe("the API document", () => {
  it("lists the listing endpoints", async () => {
    const doc = await (await call("/api/v1/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = Object.keys(doc.paths).join(" ");
    for (const p of ["/api/v1/services/makeLead/", "/api/v1/services/feedback/", "/api/v1/favorites", "/api/v1/cart", "/api/v1/vendors/viewUpdate/"])
      expect(paths).toContain(p);
  });
});
