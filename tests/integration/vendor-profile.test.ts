import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { vendorPage } from "#domain/catalogue/index.ts";
import {
  DEFAULT_NOTIFICATION_PREFS,
  deletionTerms,
  deleteVendorAccount,
  SETTINGS_MESSAGES,
  vendorNotificationPrefs,
  PLACE_MESSAGES,
} from "#domain/accounts/index.ts";
import { invoiceStatements } from "#domain/billing/index.ts";
const BUSINESS_CATEGORY_MESSAGE = "Choose your business category from the list.";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import {
  call,
  createLead,
  createReview,
  createService,
  createUser,
  createVendor,
  sessionCookieFor,
  snapshot,
  vendorSignUpBody,
  createSubscription,
} from "#tests/support/factories.ts";

/**
 * The vendor's business profile (PATCH /vendors/update, shown on the public page), vendor sign-up
 * with a category and a place from the location data, notification preferences and deleting a
 * vendor account (what happens to services, enquiries, bookings and reviews).
 */
type Json = { success: boolean; message?: string; errors?: Record<string, string>; [k: string]: unknown };

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const res = await call(`/api/v1${path}`, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), body: init.body, cookie: init.cookie });
  return { status: res.status, json: (await res.json()) as Json };
}

async function vendor() {
  const v = await createVendor();
  return { ...v, cookie: await sessionCookieFor(v.id) };
}

const vendorRow = (id: string) => snapshot("SELECT * FROM vendors WHERE user_id = ?", id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unique = (what: string) => `${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

async function mailTo(email: string, subject: RegExp, timeoutMs = 3000) {
  for (const start = Date.now(); ;) {
    const { results } = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC")
      .bind(email)
      .all<{ subject: string; text: string }>();
    const mail = results.find((m) => subject.test(m.subject));
    if (mail || Date.now() - start > timeoutMs) return mail ?? null;
    await sleep(25);
  }
}

const FULL_PROFILE = {
  name: "Kesar Royal Caterers",
  business_category: "wedding-photographers",
  tagline: "Royal feasts for royal weddings",
  description: "Three generations of Rajasthani cooks.\nWe cater from 50 to 5,000 guests.",
  phone_number: "+91 98290 11111",
  email: "Hello@Kesar.example",
  state: "maharashtra",
  city: "pune",
  facebook: "@kesar.caterers",
  instagram: "kesar_caterers",
  website: "https://kesar.example/menu",
};

describe("the business profile", () => {
  it("saves every field through PATCH /vendors/update and the public page shows them", async () => {
    const v = await vendor();
    const res = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: FULL_PROFILE });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      vendor: {
        name: "Kesar Royal Caterers",
        business_category: "Wedding Photographers",
        email: "hello@kesar.example",
        phone_number: "9829011111",
        state: "Maharashtra",
        city: "Pune",
        facebook: "https://www.facebook.com/kesar.caterers",
        instagram: "https://www.instagram.com/kesar_caterers",
        website: "https://kesar.example/menu",
      },
    });
    const page = await vendorPage(testContext(), v.slug);
    expect(page!.vendor).toMatchObject({
      name: "Kesar Royal Caterers",
      tagline: "Royal feasts for royal weddings",
      description: FULL_PROFILE.description,
      phone_number: "9829011111",
      email: "hello@kesar.example",
      city: "Pune",
      state: "Maharashtra",
      location: "pune",
      social_networks: {
        facebook: "https://www.facebook.com/kesar.caterers",
        instagram: "https://www.instagram.com/kesar_caterers",
        website: "https://kesar.example/menu",
      },
    });
  });

  it("clears optional fields with empty text (the page then shows the fallbacks)", async () => {
    const v = await vendor();
    await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { tagline: "Something", instagram: "kesar" } });
    const res = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { tagline: "", instagram: "", email: "" } });
    expect(res.status).toBe(200);
    const page = await vendorPage(testContext(), v.slug);
    expect(page!.vendor).toMatchObject({ tagline: null, email: null, social_networks: { instagram: null } });
  });

  it.each([
    [{ state: "Rajasthan", city: "Pune" }, "city", PLACE_MESSAGES.city],
    [{ state: "Atlantis", city: "Jaipur" }, "state", PLACE_MESSAGES.state],
    [{ city: "Mumbai" }, "city", PLACE_MESSAGES.city], // the stored state is Rajasthan
    [{ state: "Goa" }, "city", PLACE_MESSAGES.city], // the stored city Jaipur is not in Goa
    [{ business_category: "Space Tourism" }, "business_category", BUSINESS_CATEGORY_MESSAGE],
    [{ instagram: "not a handle!" }, "instagram", "Instagram"],
    [{ facebook: "javascript:alert(1)" }, "facebook", "Facebook"],
    [{ website: "kesar dot com" }, "website", "https://"],
    [{ email: "not-an-address" }, "email", "valid e-mail"],
    [{ phone_number: "12345" }, "phone_number", "10-digit"],
    [{ name: "K" }, "name", "business name"],
    [{ tagline: "x".repeat(121) }, "tagline", "at most 120"],
  ])("refuses %j with a 400 naming %s and changes nothing", async (body, field, text) => {
    const v = await vendor();
    const before = await vendorRow(v.id);
    const res = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.errors?.[field]).toContain(text);
    expect(await vendorRow(v.id)).toBe(before);
  });

  it("is refused to couples and visitors", async () => {
    const couple = await createUser();
    expect((await api("/vendors/update", { method: "PATCH", cookie: await sessionCookieFor(couple.id), body: { tagline: "x" } })).status).toBe(403);
    expect((await api("/vendors/update", { method: "PATCH", body: { tagline: "x" } })).status).toBe(401);
  });
});

describe("vendor sign-up", () => {
  it("keeps the business category and the place from the location data on the new vendor", async () => {
    const email = unique("vsignup");
    const started = await api("/vendors/register", { body: { ...vendorSignUpBody(email), business_category: "wedding decor", state: "goa", city: "PANAJI" } });
    expect(started.status).toBe(202);
    const mail = await mailTo(email, /Confirm your e-mail/);
    const token = /verify-email\?token=([a-z2-7]{32})/.exec(mail!.text)![1];
    const done = await api(`/users/verify-email?token=${token}`, { body: { password: vendorSignUpBody(email).password } });
    expect(done.status).toBe(201);
    const row = await env.DB.prepare("SELECT v.business_category, v.state, v.city FROM vendors v JOIN users u ON u.id = v.user_id WHERE u.email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ business_category: "Wedding Decor", state: "Goa", city: "Panaji" });
  });

  it.each([
    [{ city: "Mumbai" }, "city"],
    [{ state: "Narnia" }, "state"],
    [{ business_category: "" }, "business_category"],
    [{ business_category: "Space Tourism" }, "business_category"],
  ])("refuses %j with a 400 naming %s and starts nothing", async (over, field) => {
    const email = unique("vbad");
    const res = await api("/vendors/register", { body: { ...vendorSignUpBody(email), ...over } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors ?? {})).toContain(field);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM pending_signups WHERE email = ?").bind(email).first("n")).toBe(0);
  });
});

describe("notification preferences", () => {
  it("start from the defaults, are saved by PATCH and read back by GET and by the domain", async () => {
    const v = await vendor();
    expect((await api("/vendors/notifications", { cookie: v.cookie })).json.preferences).toEqual(DEFAULT_NOTIFICATION_PREFS);
    const saved = await api("/vendors/notifications", { method: "PATCH", cookie: v.cookie, body: { new_enquiry: false, weekly_summary: true } });
    expect(saved.status).toBe(200);
    const expected = { new_enquiry: false, couple_reply: true, booking_changes: true, weekly_summary: true };
    expect(saved.json.preferences).toEqual(expected);
    expect((await api("/vendors/notifications", { cookie: v.cookie })).json.preferences).toEqual(expected);
    expect(await vendorNotificationPrefs(testContext(), v.id)).toEqual(expected);
    // Another vendor's preferences are their own.
    const other = await vendor();
    expect(await vendorNotificationPrefs(testContext(), other.id)).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it.each([
    [{ new_enquiry: "sometimes" }, "new_enquiry"],
    [{ weekly_summary: 3 }, "weekly_summary"],
  ])("refuses %j with a 400 naming %s and saves nothing", async (body, field) => {
    const v = await vendor();
    const res = await api("/vendors/notifications", { method: "PATCH", cookie: v.cookie, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors ?? {})).toContain(field);
    expect(await snapshot("SELECT * FROM vendor_notification_prefs WHERE vendor_id = ?", v.id)).toBe("[]");
  });

  it("refuses unknown switches", async () => {
    const v = await vendor();
    const res = await api("/vendors/notifications", { method: "PATCH", cookie: v.cookie, body: { sms: true } });
    expect(res.status).toBe(400);
  });
});

async function booking(vendorId: string, serviceId: string, userId: string, status: string, eventDate: string | null) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO bookings (id, service_id, vendor_id, user_id, event_date, agreed_price, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 100000, ?, ?, ?)",
  )
    .bind(`bk-${crypto.randomUUID()}`, serviceId, vendorId, userId, eventDate, status, now, now)
    .run();
}

const dayFromToday = (n: number) => new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("deleting a vendor account", () => {
  it("is refused while a confirmed booking for today or later exists, and changes nothing", async () => {
    const v = await vendor();
    const s = await createService({ vendorId: v.id });
    const couple = await createUser();
    await booking(v.id, s.id, couple.id, "CONFIRMED", dayFromToday(0));
    const before = await snapshot("SELECT (SELECT count(*) FROM users WHERE id = ?1) AS u, (SELECT count(*) FROM services WHERE vendor_id = ?1) AS s", v.id);
    const res = await api("/vendors/delete", { method: "DELETE", cookie: v.cookie });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(SETTINGS_MESSAGES.upcomingBookings(1));
    expect(await snapshot("SELECT (SELECT count(*) FROM users WHERE id = ?1) AS u, (SELECT count(*) FROM services WHERE vendor_id = ?1) AS s", v.id)).toBe(
      before,
    );
  });

  it("removes services, enquiries, past bookings and reviews, and e-mails couples whose enquiry was open", async () => {
    const v = await vendor();
    const s1 = await createService({ vendorId: v.id, serviceName: "Dal Baati Feast" });
    const s2 = await createService({ vendorId: v.id });
    const waiting = await createUser({ userName: "Asha Rao" });
    const lost = await createUser();
    const past = await createUser();
    await createLead({ serviceId: s1.id, vendorId: v.id, userId: waiting.id });
    const closed = await createLead({ serviceId: s2.id, vendorId: v.id, userId: lost.id });
    await env.DB.prepare("UPDATE leads SET status = 'LOST' WHERE id = ?").bind(closed.id).run();
    await booking(v.id, s2.id, past.id, "CONFIRMED", dayFromToday(-3));
    await booking(v.id, s2.id, past.id, "CANCELLED", dayFromToday(30));
    await createReview({ serviceId: s2.id, userId: past.id });
    const ctx = testContext({ actor: { id: v.id, role: "VENDOR", email: v.email, userName: v.userName, profilePhoto: null, isVerified: true } });
    const result = await deleteVendorAccount(ctx);
    await ctx.settle();
    expect(result).toEqual({ message: SETTINGS_MESSAGES.deleted, couplesNotified: 1 });
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM users WHERE id = ?1) AS users, (SELECT count(*) FROM vendors WHERE user_id = ?1) AS vendors,
              (SELECT count(*) FROM services WHERE vendor_id = ?1) AS services, (SELECT count(*) FROM leads WHERE vendor_id = ?1) AS leads,
              (SELECT count(*) FROM bookings WHERE vendor_id = ?1) AS bookings, (SELECT count(*) FROM reviews WHERE service_id IN (?2, ?3)) AS reviews`,
    )
      .bind(v.id, s1.id, s2.id)
      .first();
    expect(left).toEqual({ users: 0, vendors: 0, services: 0, leads: 0, bookings: 0, reviews: 0 });
    const mail = await mailTo(waiting.email, /has left Mandap/);
    expect(mail!.subject).toBe(`${v.businessName} has left Mandap: your enquiry is closed`);
    expect(mail!.text).toContain('"Dal Baati Feast"');
    expect(await mailTo(lost.email, /has left Mandap/, 200)).toBeNull();
    // The couples keep their accounts.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id IN (?, ?, ?)").bind(waiting.id, lost.id, past.id).first("n")).toBe(3);
  });

  it("deletes the vendor's subscriptions and payments but keeps the GST invoice, as the deletion terms say", async () => {
    expect(deletionTerms().join(" ")).toContain("your GST invoices are kept");
    const v = await vendor();
    const sub = await createSubscription(v.id, { gatewayOrderId: `order_del${v.id.slice(-8)}` });
    const paymentId = `pay-del-${v.id}`;
    await env.DB.prepare(
      "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, 4999, 'SUCCESS', ?, 1, 1)",
    )
      .bind(paymentId, v.id, sub.id, `order_del${v.id.slice(-8)}`)
      .run();
    const ctx = testContext({ actor: { id: v.id, role: "VENDOR", email: v.email, userName: v.userName, profilePhoto: null, isVerified: true } });
    await env.DB.batch(await invoiceStatements(ctx, { id: paymentId, userId: v.id, amount: 4999, planName: "Silver" }, Date.now()));
    await deleteVendorAccount(ctx);
    await ctx.settle();
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM subscriptions WHERE vendor_id = ?1) AS subscriptions, (SELECT count(*) FROM payments WHERE user_id = ?1) AS payments,
              (SELECT count(*) FROM invoices WHERE payment_id = ?2) AS invoices`,
    )
      .bind(v.id, paymentId)
      .first();
    expect(left).toEqual({ subscriptions: 0, payments: 0, invoices: 1 });
  });

  it("holds through the couples' door too (DELETE /users/delete-user by a vendor)", async () => {
    const v = await vendor();
    const s = await createService({ vendorId: v.id });
    const couple = await createUser();
    await booking(v.id, s.id, couple.id, "CONFIRMED", dayFromToday(10));
    const res = await api("/users/delete-user", { method: "DELETE", cookie: v.cookie });
    expect(res.status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM services WHERE vendor_id = ?").bind(v.id).first("n")).toBe(1);
  });

  it("answers the API with the session cleared", async () => {
    const v = await vendor();
    const res = await call("/api/v1/vendors/delete", { method: "DELETE", cookie: v.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toContain("mandap_session=;");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(v.id).first("n")).toBe(0);
  });
});
