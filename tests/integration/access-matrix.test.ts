import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema/identity.ts";
import { hashPassword } from "#platform/password.ts";
import { sha256Hex } from "#domain/core/index.ts";
import { call, sessionCookieFor, snapshot, type ActorName } from "#tests/support/factories.ts";
import { apiOperations, fillPath, type Operation } from "#tests/support/openapi.ts";
import { indiaDateInDays } from "#shared/india-time.ts";

/**
 * The access matrix: every API operation that acts on an owner's records x every kind of caller.
 * Each cell builds a fresh world (a couple and a vendor who own records, another couple, another
 * vendor, an admin and a super admin), calls the operation as one caller, and asserts:
 * - the caller is allowed exactly when the matrix says (2xx), else 401 for a visitor and a
 *   4xx refusal for a signed-in account;
 * - a refused call changed nothing of the world in the database;
 * - an allowed call by someone who does not own the guarded records left them as they were
 *   (and the owner's own call did change them, so the guard can fail);
 * - nobody but the owner reads the owner's private data in an answer.
 * The operations come from the served OpenAPI document: one missing from MATRIX and NO_OWNER
 * fails with "add it to the matrix".
 */

const ACTORS: ActorName[] = ["anonymous", "couple", "otherCouple", "vendor", "otherVendor", "admin", "superAdmin"];
const SIGNED_IN = ACTORS.filter((a) => a !== "anonymous");
const SHOPPERS: ActorName[] = ["couple", "otherCouple", "admin", "superAdmin"]; // couples, and admins (spec: /profile is for user, admin, super_admin)
const VENDORS: ActorName[] = ["vendor", "otherVendor"];
const PASSWORD = "Mandap2027";
const NEW_PASSWORD = "Mandap2028";

type Account = { id: string; email: string; cookie: string };
type World = {
  who: Record<Exclude<ActorName, "anonymous">, Account>;
  /** The vendor's services (s1 reviewed by the couple, s3 unreviewed) and the other vendor's s2. */
  s1: string;
  s2: string;
  s3: string;
  /** The couple's review of s1, the other couple's review of s2, the couple's enquiry about s1. */
  review: string;
  otherReview: string;
  lead: string;
  /** A question and answer of s1. */
  faq: string;
  /** The couple's enquiry about the other vendor's s2 with a valid quote, and the couple's booking of s1 (past event, one deliverable). */
  quotedLead: string;
  booking: string;
  milestone: string;
  /** Two photos of s1 (m1 first, the cover; then m2). */
  m1: string;
  m2: string;
  /** The other couple's enquiry about s2, reported as spam by the other vendor and not reviewed yet (the admin queue). */
  spamLead: string;
  /** An active paid plan and a retired one (admins manage plans). */
  plan: string;
  retiredPlan: string;
  /** The vendor's GST invoice (of a credited payment). */
  invoice: string;
  /** A GST credit note of a refund of that invoice (issue 30). */
  creditNote: string;
  /** The couple's budget line (every planner in the world has a total budget). */
  budgetLine: string;
  /** The couple's wedding function (Sangeet) with one sub-event, one task, and the booked s3 linked (wedding planner). */
  weddingEvent: string;
  weddingTask: string;
  /** The couple's guest list (issue 12): a function, a household invited to it (its RSVP token) with one guest who has an e-mail and no answer yet. */
  guestEvent: string;
  household: string;
  guest: string;
  rsvpToken: string;
  /** The couple's invitation card and a library image (issue 13, cards). */
  card: string;
  asset: string;
  /** A published paid template (₹499) the couple bought and viewed (issue 13, the gallery); its canvas carries the text `design-{id}`. */
  galleryTemplate: string;
  /** A PUBLISHED paid invitation template and the couple's pending gateway order for it (issue 13, purchases). */
  paidTemplate: string;
  templateOrder: string;
  /** The couple's published e-invite card (issue 13), its share slug and a pending request from its public page (answering guestEvent). */
  inviteCard: string;
  inviteSlug: string;
  inviteRequest: string;
  /** A published blog post with a tag, and the couple's comment on it (issue 14). */
  blogPost: string;
  blogUrlTitle: string;
  blogTag: string;
  blogComment: string;
  /** A message a visitor sent through /contactus (issue 14). */
  contactMessage: string;
  /** The couple's wedding (issue 33) with a co-planner (a viewer, not one of the callers) and an invitation to plan it sent to the other couple's address. */
  wedding: string;
  coPlanner: string;
  coPlannerEmail: string;
  planInvitation: string;
  planToken: string;
};

let matrixPhones = 0;
/** A fresh Indian mobile number for each call (a code per number only every 30 seconds). */
const nextMatrixPhone = () => `+9196${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++matrixPhones % 100).padStart(2, "0")}`;

type Entry = {
  /** Path values and body for the call. */
  call: (w: World) => { params?: Record<string, string>; body?: unknown };
  /** Who gets a 2xx. Everyone else is refused and changes nothing. */
  allowed: ActorName[];
  /** Whose records `guard` covers; an allowed call by anyone else must leave them as they were. */
  owners?: ActorName[];
  guard?: (w: World) => Promise<string>;
  /** Whether an owner's call changes the guarded records (proves the guard looks at the right rows). */
  ownerChanges?: boolean;
  /** Private values of the owners that no one else may read in an answer. */
  secrets?: (w: World) => string[];
};

const mediaOf = (w: World) =>
  snapshot(
    "SELECT m.id, m.key, m.alt, m.position, s.cover_key FROM services s LEFT JOIN service_media m ON m.service_id = s.id WHERE s.id = ? ORDER BY m.id",
    w.s1,
  );
const MEDIA_MANAGERS: ActorName[] = ["vendor", "admin", "superAdmin"];
const reviewRow = (w: World) => snapshot("SELECT * FROM reviews WHERE id = ?", w.review);
const userRow = (id: string) => snapshot("SELECT id, email, password_hash, user_name, phone, role, is_verified, updated_at FROM users WHERE id = ?", id);
const checklistOf = (id: string) => snapshot("SELECT categories FROM checklists WHERE user_id = ?", id);
const checklistSecret = (w: World) => `Checklist secret ${w.who.couple.id}`;
const wishlistOf = (id: string) => snapshot("SELECT service_id FROM wishlist_items WHERE user_id = ? ORDER BY service_id", id);
const cartOf = (id: string) => snapshot("SELECT service_id FROM cart_items WHERE user_id = ? ORDER BY service_id", id);
const vendorRecords = (id: string) =>
  snapshot(
    "SELECT v.*, (SELECT json_group_array(id) FROM services WHERE vendor_id = v.user_id) AS services, (SELECT password_hash FROM users WHERE id = v.user_id) AS hash FROM vendors v WHERE user_id = ?",
    id,
  );

const budgetOf = (w: World) =>
  snapshot(
    "SELECT u.total_budget, (SELECT json_group_array(json_array(id, category, estimated, booking_id)) FROM budget_lines WHERE user_id = u.id) AS lines FROM users u WHERE id = ?",
    w.who.couple.id,
  );
const leadRow = (w: World) =>
  snapshot(
    "SELECT l.*, (SELECT json_group_array(body) FROM lead_messages WHERE lead_id = l.id) AS messages, (SELECT json_group_array(amount) FROM lead_quotes WHERE lead_id = l.id) AS quotes FROM leads l WHERE id = ?",
    w.lead,
  );
const bookingRow = (w: World) =>
  snapshot(
    "SELECT b.*, (SELECT json_group_array(done_at) FROM booking_milestones WHERE booking_id = b.id) AS milestones FROM bookings b WHERE id = ?",
    w.booking,
  );
const inDays = (n: number) => indiaDateInDays(n);
const BOTH: ActorName[] = ["couple", "vendor"];
const ADMINS: ActorName[] = ["admin", "superAdmin"];
const spamLeadRow = (w: World) =>
  snapshot(
    "SELECT l.*, (SELECT lead_count FROM services WHERE id = l.service_id) AS lead_count, (SELECT json_group_array(user_id) FROM account_flags WHERE user_id = l.user_id) AS flags FROM leads l WHERE id = ?",
    w.spamLead,
  );

const planRow = (id: string) => snapshot("SELECT * FROM plans WHERE id = ?", id);
const validPlan = (name: string) => ({
  name,
  price: 4999,
  durationDays: 90,
  isTrial: false,
  features: ["Full analytics"],
  maxActiveServices: 10,
  analyticsDepth: "FULL",
});

const validLead = { message: "We need catering for 250 guests on two evenings in February, please share menus." };
const validReview = {
  rating: 5,
  quality: 5,
  responsiveness: 4,
  professionalism: 5,
  value: 4,
  flexibility: 5,
  comment: "Wonderful food and very kind staff, every guest loved it and asked for the recipes.",
};
const validService = {
  service_name: "Saffron Kitchen Caterers",
  service_category: "Wedding Vendor",
  service_type: "Caterers",
  min_price: 900,
  service_unit: "Per Plate",
  description: "Rajasthani wedding menus with live counters, served by a team of forty.",
  state: "Rajasthan",
  city: "Jaipur",
};
const serviceRow = (id: string) => snapshot("SELECT * FROM services WHERE id = ?", id);
const faqsOf = (id: string) => snapshot("SELECT * FROM service_faqs WHERE service_id = ? ORDER BY id", id);
const passwordChange = { currentPassword: PASSWORD, pass: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

/** Operations acting on an owner's records, keyed as "METHOD /api/v1/path/{param}". */
const MATRIX: Record<string, Entry> = {
  "GET /api/v1/services/{id}": { call: (w) => ({ params: { id: w.s1 } }), allowed: ACTORS },
  "GET /api/v1/services/feedback/{id}": { call: (w) => ({ params: { id: w.s1 } }), allowed: ACTORS },
  "PUT /api/v1/services/makeLead/{id}": {
    call: (w) => ({ params: { id: w.s3 }, body: validLead }),
    allowed: ["couple", "otherCouple"],
    owners: ["couple"],
    guard: (w) => snapshot("SELECT id, service_id, message, status FROM leads WHERE user_id = ? ORDER BY id", w.who.couple.id),
    ownerChanges: true,
  },
  "POST /api/v1/services/feedback/{id}": {
    call: (w) => ({ params: { id: w.s3 }, body: validReview }),
    allowed: ["couple", "otherCouple"],
    owners: ["couple"],
    guard: (w) => snapshot("SELECT id, service_id, comment FROM reviews WHERE user_id = ? ORDER BY id", w.who.couple.id),
    ownerChanges: true,
  },
  "POST /api/v1/services/feedback/{id}/{feedbackId}": {
    call: (w) => ({
      params: { id: w.s1, feedbackId: w.review },
      body: { ...validReview, comment: "Edited: still wonderful, the dessert counter was the best part of the whole evening." },
    }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: reviewRow,
    ownerChanges: true,
  },
  "POST /api/v1/services/feedback/{id}/{feedbackId}/reply": {
    // The owning vendor answers; admins may too (moderation).
    call: (w) => ({ params: { id: w.s1, feedbackId: w.review }, body: { reply: "Thank you for celebrating with us!" } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: reviewRow,
    ownerChanges: true,
  },
  // A vendor's own services (functions/api/vendor-services.ts): the owning vendor or an admin;
  // another vendor is told 404 and nothing changes.
  "POST /api/v1/services": {
    call: () => ({ body: validService }),
    allowed: VENDORS,
    owners: ["vendor"],
    guard: (w) => snapshot("SELECT id FROM services WHERE vendor_id = ? ORDER BY id", w.who.vendor.id),
    ownerChanges: true,
  },
  "PUT /api/v1/services/{id}": {
    call: (w) => ({ params: { id: w.s1 }, body: validService }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => serviceRow(w.s1),
    ownerChanges: true,
  },
  "DELETE /api/v1/services/{id}": {
    call: (w) => ({ params: { id: w.s3 } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => serviceRow(w.s3),
    ownerChanges: true,
  },
  "PUT /api/v1/services/serviceArchive/{id}": {
    call: (w) => ({ params: { id: w.s1 } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => serviceRow(w.s1),
    ownerChanges: true,
  },
  "POST /api/v1/services/{id}/faq": {
    call: (w) => ({ params: { id: w.s1 }, body: { question: "Do you cater Jain food?", answer: "Yes, from a separate kitchen." } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => faqsOf(w.s1),
    ownerChanges: true,
  },
  "POST /api/v1/services/{id}/faq/{faqId}": {
    call: (w) => ({ params: { id: w.s1, faqId: w.faq }, body: { question: "Taken over?", answer: "Edited." } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => faqsOf(w.s1),
    ownerChanges: true,
  },
  "DELETE /api/v1/services/{id}/faq/{faqId}": {
    call: (w) => ({ params: { id: w.s1, faqId: w.faq } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    guard: (w) => faqsOf(w.s1),
    ownerChanges: true,
  },
  "GET /api/v1/favorites": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.s1] },
  "POST /api/v1/favorites/merge": {
    call: (w) => ({ body: { ids: [w.s3] } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => wishlistOf(w.who.couple.id),
    ownerChanges: true,
    secrets: (w) => [w.s1],
  },
  "POST /api/v1/favorites/{serviceId}": {
    call: (w) => ({ params: { serviceId: w.s1 } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => wishlistOf(w.who.couple.id),
    ownerChanges: true,
  },
  "GET /api/v1/checklist/get": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [checklistSecret(w)] },
  "POST /api/v1/checklist/save": {
    call: () => ({ body: [{ category: "Honeymoon", items: [{ name: "Book flights", done: false, scheduleDate: null }] }] }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => checklistOf(w.who.couple.id),
    ownerChanges: true,
  },
  "POST /api/v1/checklist/merge": {
    call: () => ({ body: { categories: [{ category: "Honeymoon", items: [{ name: "Book flights", done: true, scheduleDate: null }] }] } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => checklistOf(w.who.couple.id),
    ownerChanges: true,
    secrets: (w) => [checklistSecret(w)],
  },
  "GET /api/v1/cart": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.s1] },
  "POST /api/v1/cart": {
    call: (w) => ({ body: { id: w.s1 } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => cartOf(w.who.couple.id),
    ownerChanges: true,
  },
  "DELETE /api/v1/cart/clear": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], guard: (w) => cartOf(w.who.couple.id), ownerChanges: true },
  "PATCH /api/v1/vendors/viewUpdate/{vendorId}": { call: (w) => ({ params: { vendorId: w.who.vendor.id } }), allowed: ACTORS },
  "GET /api/v1/users/me": { call: () => ({}), allowed: ACTORS, owners: ["couple"], secrets: (w) => [w.who.couple.email, w.who.couple.id] },
  "POST /api/v1/users/logout": {
    call: () => ({}),
    allowed: ACTORS,
    owners: ["couple"],
    guard: (w) => snapshot("SELECT id FROM sessions WHERE user_id = ?", w.who.couple.id),
    ownerChanges: true,
  },
  "POST /api/v1/vendors/logout": {
    call: () => ({}),
    allowed: ACTORS,
    owners: ["vendor"],
    guard: (w) => snapshot("SELECT id FROM sessions WHERE user_id = ?", w.who.vendor.id),
    ownerChanges: true,
  },
  "POST /api/v1/users/resend-verification": { call: () => ({}), allowed: SIGNED_IN, owners: ["couple"], guard: (w) => userRow(w.who.couple.id) },
  "PATCH /api/v1/users/change-password": {
    call: () => ({ body: passwordChange }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
    ownerChanges: true,
  },
  "PATCH /api/v1/users": {
    call: () => ({ body: { user_name: "Someone Else" } }),
    allowed: SIGNED_IN,
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
    ownerChanges: true,
  },
  "DELETE /api/v1/users/delete-user": { call: () => ({}), allowed: SIGNED_IN, owners: ["couple"], guard: (w) => userRow(w.who.couple.id), ownerChanges: true },
  "PATCH /api/v1/vendors/update": {
    call: () => ({ body: { tagline: "Taken over" } }),
    allowed: VENDORS,
    owners: ["vendor"],
    guard: (w) => vendorRecords(w.who.vendor.id),
    ownerChanges: true,
  },
  "PATCH /api/v1/vendors/change-password": {
    call: () => ({ body: passwordChange }),
    allowed: VENDORS,
    owners: ["vendor"],
    guard: (w) => vendorRecords(w.who.vendor.id),
    ownerChanges: true,
  },
  "DELETE /api/v1/vendors/delete": { call: () => ({}), allowed: VENDORS, owners: ["vendor"], guard: (w) => vendorRecords(w.who.vendor.id), ownerChanges: true },
  // Issue 31: each signed-in person's own e-mail choices (tests/integration/mail-preferences.test.ts).
  "GET /api/v1/mail/preferences": { call: () => ({}), allowed: SIGNED_IN, owners: ["couple"], secrets: (w) => [w.who.couple.email] },
  "PUT /api/v1/mail/preferences": {
    call: () => ({ body: { "planning-reminder": true } }),
    allowed: SIGNED_IN,
    owners: ["couple"],
    guard: (w) => snapshot("SELECT planning_reminders FROM users WHERE id = ?", w.who.couple.id),
    ownerChanges: true,
  },
  "POST /api/v1/mail/preferences/confirm-address": { call: () => ({}), allowed: SIGNED_IN },
  // Issue 32: each signed-in person's own WhatsApp choice (tests/integration/whatsapp.test.ts).
  "GET /api/v1/whatsapp/preferences": { call: () => ({}), allowed: SIGNED_IN },
  "PUT /api/v1/whatsapp/preferences": {
    call: () => ({ body: { whatsapp: false } }),
    allowed: SIGNED_IN,
    owners: ["couple"],
    guard: (w) => snapshot("SELECT opted_in, source FROM whatsapp_optins WHERE user_id = ?", w.who.couple.id),
    ownerChanges: true,
  },
  // Issue 32: each signed-in person's own language (tests/integration/languages.test.ts).
  "PUT /api/v1/users/language": {
    call: () => ({ body: { locale: "hi" } }),
    allowed: SIGNED_IN,
    owners: ["couple"],
    guard: (w) => snapshot("SELECT locale FROM users WHERE id = ?", w.who.couple.id),
    ownerChanges: true,
  },
  "GET /api/v1/vendors/notifications": { call: () => ({}), allowed: VENDORS },
  "PATCH /api/v1/vendors/notifications": {
    call: () => ({ body: { new_enquiry: false } }),
    allowed: VENDORS,
    owners: ["vendor"],
    guard: (w) => snapshot("SELECT * FROM vendor_notification_prefs WHERE vendor_id = ?", w.who.vendor.id),
    ownerChanges: true,
  },
  "GET /api/v1/analytics/getViewData": { call: () => ({}), allowed: VENDORS },
  "GET /api/v1/subscribe/invoice/{id}": {
    call: (w) => ({ params: { id: w.invoice } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    secrets: (w) => [w.invoice],
  },
  "GET /api/v1/subscribe/credit-note/{id}": {
    call: (w) => ({ params: { id: w.creditNote } }),
    allowed: ["vendor", "admin", "superAdmin"],
    owners: ["vendor", "admin", "superAdmin"],
    secrets: (w) => [w.creditNote],
  },
  "GET /api/v1/analytics/getlead": {
    // The vendor's recent enquiries name the couple's first name; the other vendor sees none of them.
    call: () => ({}),
    allowed: VENDORS,
    owners: ["vendor"],
    secrets: (w) => [w.lead],
  },
  "GET /api/v1/services/{id}/availability": { call: (w) => ({ params: { id: w.s1 } }), allowed: ACTORS },
  "PUT /api/v1/services/{id}/availability": {
    call: (w) => ({ params: { id: w.s1 }, body: { day: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), blocked: true } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: (w) => snapshot("SELECT * FROM service_blocked_dates WHERE service_id = ?", w.s1),
    ownerChanges: true,
  },
  // The vendor's own subscription and payments (functions/api/subscriptions.ts); ids made in buildWorld.
  "GET /api/v1/subscribe/subscription": { call: () => ({}), allowed: VENDORS, owners: ["vendor"], secrets: (w) => [`m-sub-${w.who.vendor.id}`] },
  "GET /api/v1/subscribe/payment-history": {
    call: () => ({}),
    allowed: VENDORS,
    owners: ["vendor"],
    secrets: (w) => [`order_m${w.who.vendor.id}`, `pay_m${w.who.vendor.id}`],
  },
  "GET /api/v1/leads": { call: () => ({}), allowed: VENDORS, owners: ["vendor"], secrets: (w) => [w.lead] },
  "GET /api/v1/leads/mine": { call: () => ({}), allowed: ["couple", "otherCouple"], owners: ["couple"], secrets: (w) => [w.lead] },
  "GET /api/v1/leads/{id}": { call: (w) => ({ params: { id: w.lead } }), allowed: BOTH, owners: BOTH, secrets: (w) => [w.lead] },
  "POST /api/v1/leads/{id}/messages": {
    call: (w) => ({ params: { id: w.lead }, body: { body: "Which dates are you looking at?" } }),
    allowed: BOTH,
    owners: BOTH,
    guard: leadRow,
    ownerChanges: true,
  },
  "POST /api/v1/leads/{id}/quote": {
    call: (w) => ({ params: { id: w.lead }, body: { amount: 150000, includes: "Dinner for 200", validUntil: inDays(10) } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: leadRow,
    ownerChanges: true,
  },
  "PATCH /api/v1/leads/{id}/status": {
    call: (w) => ({ params: { id: w.lead }, body: { status: "LOST", reason: "Fully booked" } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: leadRow,
    ownerChanges: true,
  },
  "POST /api/v1/leads/{id}/booking": {
    call: (w) => ({ params: { id: w.lead }, body: { agreedPrice: 150000, eventDate: inDays(40) } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: leadRow,
    ownerChanges: true,
  },
  "POST /api/v1/leads/{id}/accept-quote": {
    call: (w) => ({ params: { id: w.quotedLead } }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: (w) => snapshot("SELECT status, (SELECT count(*) FROM bookings WHERE lead_id = l.id) AS n FROM leads l WHERE id = ?", w.quotedLead),
    ownerChanges: true,
  },
  "POST /api/v1/leads/{id}/withdraw": {
    call: (w) => ({ params: { id: w.lead } }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: leadRow,
    ownerChanges: true,
  },
  "GET /api/v1/bookings": { call: () => ({}), allowed: [...BOTH, "otherCouple", "otherVendor"], owners: BOTH, secrets: (w) => [w.booking] },
  "GET /api/v1/bookings/{id}": { call: (w) => ({ params: { id: w.booking } }), allowed: BOTH, owners: BOTH, secrets: (w) => [w.booking] },
  "PATCH /api/v1/bookings/{id}": {
    call: (w) => ({ params: { id: w.booking }, body: { advancePaid: 5000 } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: bookingRow,
    ownerChanges: true,
  },
  "POST /api/v1/bookings/{id}/cancel": {
    call: (w) => ({ params: { id: w.booking }, body: { reason: "Plans changed" } }),
    allowed: BOTH,
    owners: BOTH,
    guard: bookingRow,
    ownerChanges: true,
  },
  "PATCH /api/v1/bookings/{id}/milestones/{milestoneId}": {
    call: (w) => ({ params: { id: w.booking, milestoneId: w.milestone }, body: { done: true } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: bookingRow,
    ownerChanges: true,
  },
  "GET /api/v1/upload/{serviceId}": { call: (w) => ({ params: { serviceId: w.s1 } }), allowed: MEDIA_MANAGERS, owners: MEDIA_MANAGERS, secrets: (w) => [w.m1] },
  // A JSON body has no files: "No files provided." (400) for the owner, refused for everyone else (files: service-media.test.ts).
  "POST /api/v1/upload/{serviceId}": { call: (w) => ({ params: { serviceId: w.s1 } }), allowed: [], owners: MEDIA_MANAGERS, guard: mediaOf },
  "POST /api/v1/upload/{serviceId}/register": {
    call: (w) => ({ params: { serviceId: w.s1 }, body: { files: [] } }),
    allowed: [],
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
  },
  "POST /api/v1/delete/{serviceId}": {
    call: (w) => ({ params: { serviceId: w.s1 }, body: { publicId: w.m2 } }),
    allowed: MEDIA_MANAGERS,
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
    ownerChanges: true,
  },
  "PUT /api/v1/upload/{serviceId}/order": {
    call: (w) => ({ params: { serviceId: w.s1 }, body: { ids: [w.m2, w.m1] } }),
    allowed: MEDIA_MANAGERS,
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
    ownerChanges: true,
  },
  "PUT /api/v1/upload/{serviceId}/cover": {
    call: (w) => ({ params: { serviceId: w.s1 }, body: { mediaId: w.m2 } }),
    allowed: MEDIA_MANAGERS,
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
    ownerChanges: true,
  },
  "PUT /api/v1/upload/{serviceId}/{mediaId}/alt": {
    call: (w) => ({ params: { serviceId: w.s1, mediaId: w.m1 }, body: { alt: "Taken over" } }),
    allowed: MEDIA_MANAGERS,
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
    ownerChanges: true,
  },
  "POST /api/v1/generateSignature": {
    call: (w) => ({ body: { folder: `services/${w.s1}` } }),
    allowed: MEDIA_MANAGERS,
    owners: MEDIA_MANAGERS,
    guard: mediaOf,
  },
  // A JSON body has no file (400 for everyone signed in); the caller's own logo or photo only (service-media.test.ts).
  "POST /api/v1/upload-single": { call: () => ({}), allowed: [], owners: ["vendor"], guard: (w) => vendorRecords(w.who.vendor.id) },
  // The queue of enquiries reported as spam (functions/domain/admin/spam-queue.ts): admins and super admins only.
  "GET /api/v1/admin/reported-leads": { call: () => ({}), allowed: ADMINS, owners: ADMINS, secrets: (w) => [w.spamLead] },
  "POST /api/v1/admin/reported-leads/{id}/confirm": {
    call: (w) => ({ params: { id: w.spamLead }, body: { flagCouple: true } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: spamLeadRow,
    ownerChanges: true,
  },
  "POST /api/v1/admin/reported-leads/{id}/restore": {
    call: (w) => ({ params: { id: w.spamLead } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: spamLeadRow,
    ownerChanges: true,
  },
  // Plans and payments as admins manage them (functions/domain/billing/plan-admin.ts, transactions.ts): admins and super admins only.
  "POST /api/v1/plan": {
    call: (w) => ({ body: validPlan(`New ${w.plan}`) }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: (w) => snapshot("SELECT * FROM plans WHERE name = ?", `New ${w.plan}`),
    ownerChanges: true,
  },
  "PUT /api/v1/plan/{id}": {
    call: (w) => ({ params: { id: w.plan }, body: validPlan(`Edited ${w.plan}`) }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: (w) => planRow(w.plan),
    ownerChanges: true,
  },
  "POST /api/v1/plan/{id}/retire": {
    call: (w) => ({ params: { id: w.plan } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: (w) => planRow(w.plan),
    ownerChanges: true,
  },
  "POST /api/v1/plan/{id}/restore": {
    call: (w) => ({ params: { id: w.retiredPlan } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: (w) => planRow(w.retiredPlan),
    ownerChanges: true,
  },
  "GET /api/v1/admin/plans": { call: () => ({}), allowed: ADMINS },
  "GET /api/v1/admin/transactions": { call: () => ({}), allowed: ADMINS },
  "GET /api/v1/admin/transactions.csv": { call: () => ({}), allowed: ADMINS },
  // What the daily reconciliation flagged (issue 30, functions/domain/billing/reconciliation.ts): admins only.
  "GET /api/v1/admin/transactions/reconciliation": { call: () => ({}), allowed: ADMINS },
  // Resolving a reconciliation flag (issue 30): admins only; this world has no flag, so admins get its 404 and nothing changes (reconciliation.test.ts resolves one).
  "POST /api/v1/admin/transactions/reconciliation/{gatewayPaymentId}/resolve": {
    call: () => ({ params: { gatewayPaymentId: "pay_MatrixNoFlag01" }, body: { note: "Checked with the gateway" } }),
    allowed: [],
    owners: ADMINS,
    guard: () => snapshot("SELECT gateway_payment_id, resolved_at, resolution_note FROM payment_reconciliation_flags ORDER BY gateway_payment_id"),
  },
  // Refunds (issue 30, functions/domain/billing/refunds.ts): admins only; more than the payment is a 400 for admins too, so nobody changes it (refunds.test.ts refunds).
  "POST /api/v1/admin/transactions/{id}/refund": {
    call: (w) => ({ params: { id: `m-pay-${w.invoice.slice("m-invoice-".length)}` }, body: { amount: 999_999, reason: "Matrix refund" } }),
    allowed: [],
    owners: ADMINS,
    guard: (w) =>
      snapshot(
        "SELECT p.status, p.refunded_amount, (SELECT COUNT(*) FROM payment_refunds r WHERE r.payment_id = p.id) AS refunds FROM payments p WHERE p.id = ?",
        `m-pay-${w.invoice.slice("m-invoice-".length)}`,
      ),
  },
  // Buying a plan (functions/domain/billing/subscription-orders.ts): each vendor's own PENDING subscription and payment, nobody else's.
  "POST /api/v1/subscribe/create-order/{planId}": {
    call: (w) => ({ params: { planId: w.plan } }),
    allowed: VENDORS,
    owners: ["vendor"],
    guard: (w) =>
      snapshot(
        "SELECT s.id, s.status, s.plan_id, p.amount, p.status AS payment FROM subscriptions s JOIN payments p ON p.subscription_id = s.id WHERE s.vendor_id = ? ORDER BY s.id",
        w.who.vendor.id,
      ),
    ownerChanges: true,
  },
  // Paid invitation templates (functions/domain/invitations/template-purchases.ts): each couple's own order and status; another couple's order is never shown.
  "POST /api/v1/template/create-order/{tempId}": {
    call: (w) => ({ params: { tempId: w.paidTemplate } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: (w) =>
      snapshot(
        "SELECT t.id, t.order_status, t.payment_status, p.gateway_order_id, p.status FROM template_purchases t JOIN payments p ON p.id = t.payment_id WHERE t.user_id = ? ORDER BY t.id",
        w.who.couple.id,
      ),
    ownerChanges: true,
  },
  "GET /api/v1/template/payment-status/{tempId}": {
    call: (w) => ({ params: { tempId: w.paidTemplate } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    secrets: (w) => [w.templateOrder],
  },
  // The couple's Payments (issue 30): their design payments (the pending order's payment id), nobody else's.
  "GET /api/v1/template/payments": {
    call: () => ({}),
    allowed: SHOPPERS,
    owners: ["couple"],
    secrets: (w) => [`m-tpay-${w.paidTemplate.slice("m-ptpl-".length)}`],
  },
  // The wedding budget (functions/api/budget.ts): each planner's own; another couple's line or booking is 404.
  "GET /api/v1/budget": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.budgetLine, w.booking] },
  "PUT /api/v1/budget/total": { call: () => ({ body: { totalBudget: 1500000 } }), allowed: SHOPPERS, owners: ["couple"], guard: budgetOf, ownerChanges: true },
  "POST /api/v1/budget/lines": {
    call: () => ({ body: { category: "decor", label: "Marigold garlands", estimated: 12000 } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: budgetOf,
    ownerChanges: true,
  },
  "PUT /api/v1/budget/lines/{id}": {
    call: (w) => ({ params: { id: w.budgetLine }, body: { estimated: 1 } }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: budgetOf,
    ownerChanges: true,
  },
  "DELETE /api/v1/budget/lines/{id}": {
    call: (w) => ({ params: { id: w.budgetLine } }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: budgetOf,
    ownerChanges: true,
  },
  "POST /api/v1/budget/suggest": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], guard: budgetOf, ownerChanges: true },
  "PUT /api/v1/budget/bookings/{id}": {
    call: (w) => ({ params: { id: w.booking }, body: { category: "venue" } }),
    allowed: ["couple"],
    owners: ["couple"],
    guard: budgetOf,
    ownerChanges: true,
  },
  "PATCH /api/v1/admin/give-admin/{id}": {
    call: (w) => ({ params: { id: w.who.couple.id } }),
    allowed: ["superAdmin"],
    owners: ["superAdmin"],
    guard: (w) => userRow(w.who.couple.id),
    ownerChanges: true,
  },
  "PATCH /api/v1/admin/revoke-admin/{id}": {
    call: (w) => ({ params: { id: w.who.admin.id } }),
    allowed: ["superAdmin"],
    owners: ["superAdmin"],
    guard: (w) => userRow(w.who.admin.id),
    ownerChanges: true,
  },
  "PATCH /api/v1/admin/give-superadmin/{id}": {
    call: (w) => ({ params: { id: w.who.admin.id } }),
    allowed: ["superAdmin"],
    owners: ["superAdmin"],
    guard: (w) => userRow(w.who.admin.id),
    ownerChanges: true,
  },
};

// The invitation gallery (issue 13): templates are the admins'; a couple owns its purchase and watch history.
const templateRow = (w: World) => snapshot("SELECT * FROM invite_templates WHERE id = ?", w.galleryTemplate);
const coupleViews = (w: World) => snapshot("SELECT * FROM template_views WHERE user_id = ? ORDER BY template_id", w.who.couple.id);
Object.assign(MATRIX, {
  "GET /api/v1/inviteTemplate/{id}": {
    // Everyone sees the template; its design only the buying couple and admins.
    call: (w) => ({ params: { id: w.galleryTemplate } }),
    allowed: ACTORS,
    owners: ["couple", ...ADMINS],
    secrets: (w) => [`design-${w.galleryTemplate}`],
  },
  "POST /api/v1/inviteTemplate/create": {
    call: (w) => ({
      body: { name: `New ${w.galleryTemplate}`, price: 0, mood: "WEDDING", canvas: { version: "7.4.0", width: 600, height: 840, objects: [] } },
    }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: (w) => snapshot("SELECT id FROM invite_templates WHERE name = ?", `New ${w.galleryTemplate}`),
    ownerChanges: true,
  },
  "PUT /api/v1/inviteTemplate/{id}": {
    call: (w) => ({ params: { id: w.galleryTemplate }, body: { name: "Renamed card" } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: templateRow,
    ownerChanges: true,
  },
  // multipart only: the JSON body the matrix sends is refused (400) even for admins (invite-templates.test.ts uploads one).
  "PUT /api/v1/inviteTemplate/{id}/thumbnail": { call: (w) => ({ params: { id: w.galleryTemplate } }), allowed: [], owners: ADMINS, guard: templateRow },
  "DELETE /api/v1/inviteTemplate/{id}": {
    // Bought, so archived rather than deleted.
    call: (w) => ({ params: { id: w.galleryTemplate } }),
    allowed: ADMINS,
    owners: ADMINS,
    guard: templateRow,
    ownerChanges: true,
  },
  "GET /api/v1/templateWatchHistory": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.galleryTemplate] },
  "POST /api/v1/templateWatchHistory/{id}": {
    call: (w) => ({ params: { id: w.galleryTemplate } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: coupleViews,
    ownerChanges: true,
  },
} satisfies Record<string, Entry>);

const weddingPlanOf = (w: World) =>
  snapshot(
    "SELECT e.*, (SELECT json_group_array(json_array(t.id, t.name, t.status, t.priority, t.due_date, t.assignee)) FROM tasks t WHERE t.event_id = e.id) AS tasks, (SELECT json_group_array(es.service_id) FROM event_services es WHERE es.event_id = e.id) AS vendors FROM events e WHERE e.user_id = ? ORDER BY e.id",
    w.who.couple.id,
  );
/** The wedding planner (functions/api/events.ts): every planner role may call it; only the couple owns the records. */
const PLANNER_ONLY_OWNER = (call: Entry["call"]): Entry => ({ call, allowed: ["couple"], owners: ["couple"], guard: weddingPlanOf, ownerChanges: true });
Object.assign(MATRIX, {
  "GET /api/v1/event/getevents": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.weddingEvent] },
  "GET /api/v1/event/traditions": { call: () => ({}), allowed: SHOPPERS },
  "POST /api/v1/event/newevent": {
    call: () => ({ body: { eventName: "Haldi", eventDate: "2027-02-13", eventStartTime: "10:00", eventEndTime: "13:00" } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: weddingPlanOf,
    ownerChanges: true,
  },
  "POST /api/v1/event/from-template": {
    call: () => ({ body: { tradition: "hindu", weddingDate: "2027-02-14", functions: [{ key: "hindu:haldi" }] } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: weddingPlanOf,
    ownerChanges: true,
  },
  "PUT /api/v1/event/{eventId}": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent }, body: { eventName: "Sangeet night" } })),
  "DELETE /api/v1/event/{eventId}": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent } })),
  "POST /api/v1/event/{eventId}/subevent": PLANNER_ONLY_OWNER((w) => ({
    params: { eventId: w.weddingEvent },
    body: { subEventName: "Dholki", subEventDate: "2027-02-13" },
  })),
  "POST /api/v1/event/{eventId}/vendors": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent }, body: { serviceId: w.s1 } })),
  "DELETE /api/v1/event/vendor/{eventId}/{serviceId}": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent, serviceId: w.s3 } })),
  "POST /api/v1/event/task/{eventId}": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent }, body: { name: "Book the choreographer" } })),
  "GET /api/v1/event/tasks/{eventId}": {
    call: (w) => ({ params: { eventId: w.weddingEvent } }),
    allowed: ["couple"],
    owners: ["couple"],
    secrets: (w) => [w.weddingTask],
  },
  "PUT /api/v1/event/task/{taskId}": PLANNER_ONLY_OWNER((w) => ({ params: { taskId: w.weddingTask }, body: { assignee: "Groom" } })),
  "DELETE /api/v1/event/task/{eventId}/{taskId}": PLANNER_ONLY_OWNER((w) => ({ params: { eventId: w.weddingEvent, taskId: w.weddingTask } })),
  "PATCH /api/v1/event/task/status/{taskId}": PLANNER_ONLY_OWNER((w) => ({ params: { taskId: w.weddingTask }, body: { status: "DONE" } })),
} satisfies Record<string, Entry>);

/** Operations with no owner's record behind them: public lists, sign-up, log-in, token links. */
// The guest list (issue 12): the couple's own; another couple's household or guest is 404 and unchanged.
const guestRows = (w: World) => snapshot("SELECT * FROM guests WHERE user_id = ? ORDER BY id", w.who.couple.id);
const householdRows = (w: World) =>
  snapshot(
    "SELECT h.*, (SELECT json_group_array(json_array(event_id, shared_at, reminded_at)) FROM household_invitations WHERE household_id = h.id) AS inv FROM households h WHERE h.user_id = ? ORDER BY h.id",
    w.who.couple.id,
  );
const answerRows = (w: World) => snapshot("SELECT guest_id, event_id, response, party_size FROM guest_rsvps WHERE guest_id = ?", w.guest);
const planInvitationsOf = (w: World) => snapshot("SELECT * FROM wedding_invitations WHERE wedding_id = ? ORDER BY id", w.wedding);
const weddingMembersOf = (w: World) =>
  snapshot("SELECT user_id, role, areas, sees_contacts FROM wedding_members WHERE wedding_id = ? ORDER BY user_id", w.wedding);
const guestSecret = (w: World) => [`${w.guest}@guests.example`];
const COUPLE_ONLY = { allowed: ["couple"] as ActorName[], owners: ["couple"] as ActorName[], ownerChanges: true };
Object.assign(MATRIX, {
  "GET /api/v1/guests": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: guestSecret },
  "POST /api/v1/guests": { call: (w) => ({ body: { name: "Kiran Rao", householdId: w.household } }), ...COUPLE_ONLY, guard: guestRows },
  "PUT /api/v1/guests/{guestId}": { call: (w) => ({ params: { guestId: w.guest }, body: { city: "Udaipur" } }), ...COUPLE_ONLY, guard: guestRows },
  "DELETE /api/v1/guests/{guestId}": { call: (w) => ({ params: { guestId: w.guest } }), ...COUPLE_ONLY, guard: guestRows },
  "GET /api/v1/guests/households": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.rsvpToken] },
  "POST /api/v1/guests/households": {
    call: () => ({ body: { name: "Rao family" } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: householdRows,
    ownerChanges: true,
  },
  "PUT /api/v1/guests/households/{id}": { call: (w) => ({ params: { id: w.household }, body: { name: "Renamed" } }), ...COUPLE_ONLY, guard: householdRows },
  "DELETE /api/v1/guests/households/{id}": { call: (w) => ({ params: { id: w.household } }), ...COUPLE_ONLY, guard: householdRows },
  "POST /api/v1/guests/households/{id}/reset-link": { call: (w) => ({ params: { id: w.household } }), ...COUPLE_ONLY, guard: householdRows },
  "PUT /api/v1/guests/households/{id}/invitations": {
    call: (w) => ({ params: { id: w.household }, body: { eventIds: [] } }),
    ...COUPLE_ONLY,
    guard: householdRows,
  },
  "POST /api/v1/guests/households/{id}/remind": { call: (w) => ({ params: { id: w.household } }), ...COUPLE_ONLY, guard: householdRows },
  "POST /api/v1/guests/households/{id}/share": {
    call: (w) => ({ params: { id: w.household }, body: { channel: "whatsapp", lang: "hi" } }),
    ...COUPLE_ONLY,
    guard: householdRows,
  },
  "POST /api/v1/guests/import": {
    call: () => ({ body: { csv: "Name,City\nKiran Rao,Pune\n" } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: guestRows,
    ownerChanges: true,
  },
  "GET /api/v1/guests/export": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: guestSecret },
  "GET /api/v1/guests/headcounts": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.guestEvent] },
  // Co-planners (issue 33): each planner manages their own current wedding; the invitation's link works only for the address it was sent to.
  "GET /api/v1/weddings/current": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.wedding] },
  // Who did what in the current wedding: every member reads their own wedding's (tests/integration/wedding-activity.test.ts).
  "GET /api/v1/weddings/activity": { call: () => ({}), allowed: SHOPPERS },
  "GET /api/v1/weddings/members": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.coPlannerEmail] },
  // The records of the caller's own wedding as a zip (its text is compressed, so what it holds and who of a wedding may:
  // tests/integration/wedding-export.test.ts and the role rows in tests/integration/access-matrix-roles.test.ts).
  "GET /api/v1/weddings/export": { call: () => ({}), allowed: SHOPPERS },
  "POST /api/v1/weddings/invitations": {
    call: () => ({ body: { contact: "mother@family.example", role: "EDITOR", areas: ["guests"] } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: planInvitationsOf,
    ownerChanges: true,
  },
  "DELETE /api/v1/weddings/invitations/{id}": { call: (w) => ({ params: { id: w.planInvitation } }), ...COUPLE_ONLY, guard: planInvitationsOf },
  "GET /api/v1/weddings/invitations/{token}": { call: (w) => ({ params: { token: w.planToken } }), allowed: SHOPPERS },
  "POST /api/v1/weddings/invitations/{token}/accept": {
    call: (w) => ({ params: { token: w.planToken } }),
    allowed: ["otherCouple"],
    owners: ["otherCouple"],
    guard: weddingMembersOf,
    ownerChanges: true,
  },
  "POST /api/v1/weddings/invitations/{token}/decline": {
    call: (w) => ({ params: { token: w.planToken } }),
    allowed: ["otherCouple"],
    owners: ["otherCouple"],
    guard: planInvitationsOf,
    ownerChanges: true,
  },
  "PUT /api/v1/weddings/members/{userId}": {
    call: (w) => ({ params: { userId: w.coPlanner }, body: { role: "EDITOR", areas: ["budget"] } }),
    ...COUPLE_ONLY,
    guard: weddingMembersOf,
  },
  "DELETE /api/v1/weddings/members/{userId}": { call: (w) => ({ params: { userId: w.coPlanner } }), ...COUPLE_ONLY, guard: weddingMembersOf },
  // The live socket (issue 33): without the wedding's id and an Upgrade header nobody gets one (401, 403, or 400 for a planner);
  // who is accepted and who refused on a real upgrade (couple, partner, editor, viewer; visitor, vendor, another wedding's couple,
  // a removed co-planner): tests/integration/wedding-live.test.ts.
  "GET /api/v1/weddings/live": { call: () => ({}), allowed: [] },
  // Every caller here is the couple of their own wedding, which they cannot leave (409); a member leaving: tests/integration/co-planners.test.ts.
  "POST /api/v1/weddings/leave": { call: () => ({}), allowed: [] },
  "POST /api/v1/weddings/{weddingId}/switch": {
    call: (w) => ({ params: { weddingId: w.wedding } }),
    ...COUPLE_ONLY,
    guard: (w) => snapshot("SELECT opened_at FROM wedding_members WHERE wedding_id = ? AND user_id = ?", w.wedding, w.who.couple.id),
  },
  // The personal RSVP link: public, the token is the authority (whoever holds it answers for its household, no account);
  // its limits (only its own guests and invited functions, wrong or reset token 404) are in tests/integration/rsvp.test.ts.
  "GET /api/v1/rsvp/{token}": { call: (w) => ({ params: { token: w.rsvpToken } }), allowed: ACTORS },
  "POST /api/v1/rsvp/{token}": {
    call: (w) => ({ params: { token: w.rsvpToken }, body: { answers: [{ guestId: w.guest, eventId: w.guestEvent, response: "ATTENDING", partySize: 2 }] } }),
    allowed: ACTORS,
    // Whoever holds the link answers for its household: every caller's answer is saved, as a guest's would be.
    owners: ACTORS,
    guard: answerRows,
    ownerChanges: true,
  },
} satisfies Record<string, Entry>);

// Invitation cards and the editor's asset library (issue 13): the couple's own; another couple's card or image is 404 and unchanged.
const CARD_CANVAS = { version: "7.4.0", width: 600, height: 840, objects: [{ type: "Textbox", text: "Ananya", fontFamily: "Great Vibes" }] };
const cardRows = (w: World) => snapshot("SELECT id, title, canvas, revision, preview_key FROM user_templates WHERE user_id = ? ORDER BY id", w.who.couple.id);
const assetRows = (w: World) => snapshot("SELECT key, folder FROM editor_assets WHERE user_id = ? ORDER BY key", w.who.couple.id);
const cardParams = (w: World) => ({ params: { id: w.card } });
Object.assign(MATRIX, {
  "GET /api/v1/userDataTemplate": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.card] },
  "POST /api/v1/userDataTemplate": {
    call: () => ({ body: { title: "Mehendi card", canvas: CARD_CANVAS } }),
    allowed: SHOPPERS,
    owners: ["couple"],
    guard: cardRows,
    ownerChanges: true,
  },
  "GET /api/v1/userDataTemplate/{id}": { call: cardParams, allowed: ["couple"], owners: ["couple"], secrets: (w) => [w.card] },
  "PATCH /api/v1/userDataTemplate/{id}": { call: (w) => ({ ...cardParams(w), body: { title: "Renamed card" } }), ...COUPLE_ONLY, guard: cardRows },
  "DELETE /api/v1/userDataTemplate/{id}": { call: cardParams, ...COUPLE_ONLY, guard: cardRows },
  "POST /api/v1/userDataTemplate/{id}/duplicate": { call: cardParams, ...COUPLE_ONLY, guard: cardRows },
  // Multipart image bodies: the matrix's JSON body is refused (400) even for the owner; their owner's calls are in tests/integration/user-cards.test.ts.
  "PUT /api/v1/userDataTemplate/{id}/preview": { call: cardParams, allowed: [], owners: ["couple"], guard: cardRows },
  "POST /api/v1/userDataTemplate/{id}/export": { call: cardParams, allowed: [], owners: ["couple"], guard: cardRows },
  // No images in the body: "No files provided." for everyone; the upload flow is in tests/integration/editor-assets.test.ts.
  "POST /api/v1/editorAssets": { call: () => ({ body: { images: [] } }), allowed: [], owners: ["couple"], guard: assetRows },
  "GET /api/v1/editorAssets": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.asset] },
  "DELETE /api/v1/editorAssets": { call: (w) => ({ body: { public_id: w.asset } }), ...COUPLE_ONLY, guard: assetRows },
} satisfies Record<string, Entry>);

// The e-invite (issue 13): publishing and requests are the couple's own; another couple's card or request is 404 and unchanged.
const inviteCardRow = (w: World) => snapshot("SELECT public_slug, published_at, event_ids, rsvp_open FROM user_templates WHERE id = ?", w.inviteCard);
const inviteRequestRows = (w: World) =>
  snapshot(
    "SELECT r.id, r.status, r.party_size, (SELECT COUNT(*) FROM households WHERE user_id = r.user_id) AS households FROM invite_requests r WHERE card_id = ? ORDER BY id",
    w.inviteCard,
  );
Object.assign(MATRIX, {
  "POST /api/v1/invitation/{cardId}/publish": {
    call: (w) => ({ params: { cardId: w.inviteCard }, body: { rsvpOpen: false } }),
    ...COUPLE_ONLY,
    guard: inviteCardRow,
  },
  "DELETE /api/v1/invitation/{cardId}/publish": { call: (w) => ({ params: { cardId: w.inviteCard } }), ...COUPLE_ONLY, guard: inviteCardRow },
  "GET /api/v1/invitation/requests": { call: () => ({}), allowed: SHOPPERS, owners: ["couple"], secrets: (w) => [w.inviteRequest] },
  "POST /api/v1/invitation/requests/{id}/approve": { call: (w) => ({ params: { id: w.inviteRequest } }), ...COUPLE_ONLY, guard: inviteRequestRows },
  "POST /api/v1/invitation/requests/{id}/decline": { call: (w) => ({ params: { id: w.inviteRequest } }), ...COUPLE_ONLY, guard: inviteRequestRows },
  // The live page behind a share link: public by design (the couple shares it on WhatsApp); unpublished or unknown is 404
  // (tests/integration/e-invites.test.ts). It shows the card, names and schedule, never a guest or request.
  "GET /api/v1/invitation/view/{slug}": { call: (w) => ({ params: { slug: w.inviteSlug } }), allowed: ACTORS, secrets: (w) => [w.inviteRequest] },
  // Anyone holding the link may ask to come (rate limited, honeypot); the couple approves. Every caller's request is stored,
  // as a guest's would be.
  "POST /api/v1/invitation/view/{slug}/requests": {
    call: (w) => ({ params: { slug: w.inviteSlug }, body: { name: "Kiran Rao", phone: "9812345678", partySize: 2, answers: { [w.guestEvent]: "ATTENDING" } } }),
    allowed: ACTORS,
    owners: ACTORS,
    guard: inviteRequestRows,
    ownerChanges: true,
  },
} satisfies Record<string, Entry>);

// The blog (issue 14): posts and tags are the admins'; a comment is its author's; likes need an account.
const blogPostRow = (w: World) =>
  snapshot(
    "SELECT p.*, (SELECT json_group_array(tag_id) FROM blog_post_tags WHERE post_id = p.id) AS tags, (SELECT json_group_array(id) FROM blog_comments WHERE post_id = p.id) AS comments FROM blog_posts p WHERE id = ?",
    w.blogPost,
  );
const blogTagRow = (w: World) => snapshot("SELECT * FROM blog_tags WHERE id = ?", w.blogTag);
const blogCommentRow = (w: World) => snapshot("SELECT * FROM blog_comments WHERE id = ?", w.blogComment);
const blogLikes = (w: World) => snapshot("SELECT user_id FROM blog_likes WHERE post_id = ? ORDER BY user_id", w.blogPost);
const blogWriter = (call: Entry["call"], guard: Entry["guard"]): Entry => ({ call, allowed: ADMINS, owners: ADMINS, guard, ownerChanges: true });
const readerCalls = (base: "user" | "admin", allowed: ActorName[]): Record<string, Entry> => ({
  [`POST /api/v1/${base}/blog/{blogId}/comments`]: {
    call: (w) => ({ params: { blogId: w.blogPost }, body: { content: "Lovely read" } }),
    allowed,
    owners: allowed,
    guard: (w) => snapshot("SELECT count(*) AS n FROM blog_comments WHERE post_id = ?", w.blogPost),
    ownerChanges: true,
  },
  [`DELETE /api/v1/${base}/blog/comments/{id}`]: {
    // Its author, or an admin; anyone else is told it does not exist (404) and it stays.
    call: (w) => ({ params: { id: w.blogComment } }),
    allowed: base === "user" ? ["couple", ...ADMINS] : ADMINS,
    owners: ["couple", ...ADMINS],
    guard: blogCommentRow,
    ownerChanges: true,
  },
  [`POST /api/v1/${base}/blog/{id}/like`]: { call: (w) => ({ params: { id: w.blogPost } }), allowed, owners: allowed, guard: blogLikes, ownerChanges: true },
});
const readCalls = (base: "public" | "user" | "admin", allowed: ActorName[]): Record<string, Entry> => ({
  [`GET /api/v1/${base}/blog/{urlTitle}`]: { call: (w) => ({ params: { urlTitle: w.blogUrlTitle } }), allowed },
  [`GET /api/v1/${base}/blog/tags/{name}`]: { call: (w) => ({ params: { name: `matrix-${w.blogTag.slice("m-btag-".length)}` } }), allowed },
  [`GET /api/v1/${base}/blog/tag/{tag}`]: { call: (w) => ({ params: { tag: `matrix-${w.blogTag.slice("m-btag-".length)}` } }), allowed },
});
Object.assign(MATRIX, {
  ...readCalls("public", ACTORS),
  ...readCalls("user", SIGNED_IN),
  ...readCalls("admin", ADMINS),
  ...readerCalls("user", SIGNED_IN),
  ...readerCalls("admin", ADMINS),
  "POST /api/v1/admin/blog": blogWriter(
    (w) => ({ body: { title: `Matrix new ${w.blogPost}`, content: "Body", status: "PUBLISHED" } }),
    (w) => snapshot("SELECT id FROM blog_posts WHERE title = ?", `Matrix new ${w.blogPost}`),
  ),
  "PATCH /api/v1/admin/blog/{id}": blogWriter((w) => ({ params: { id: w.blogPost }, body: { title: "Retitled by matrix" } }), blogPostRow),
  "DELETE /api/v1/admin/blog/{id}": blogWriter((w) => ({ params: { id: w.blogPost } }), blogPostRow),
  // multipart only: the JSON body the matrix sends is refused (400) even for admins (blog.test.ts uploads one).
  "PUT /api/v1/admin/blog/{id}/cover": { call: (w) => ({ params: { id: w.blogPost } }), allowed: [], owners: ADMINS, guard: blogPostRow },
  "DELETE /api/v1/admin/blog/{id}/cover": { call: (w) => ({ params: { id: w.blogPost } }), allowed: ADMINS, owners: ADMINS, guard: blogPostRow },
  "POST /api/v1/admin/blog/tags": blogWriter(
    (w) => ({ body: { name: `Fresh ${w.blogTag}` } }),
    (w) => snapshot("SELECT id FROM blog_tags WHERE name = ?", `Fresh ${w.blogTag}`),
  ),
  "PUT /api/v1/admin/blog/tags/{id}": blogWriter((w) => ({ params: { id: w.blogTag }, body: { name: `Renamed ${w.blogTag}` } }), blogTagRow),
  "DELETE /api/v1/admin/blog/tags": blogWriter((w) => ({ body: { ids: [w.blogTag] } }), blogTagRow),
  // Contact messages (issue 14): the admins' inbox; the sender has no account to own them.
  "GET /api/v1/admin/contact-messages/{id}": {
    call: (w) => ({ params: { id: w.contactMessage } }),
    allowed: ADMINS,
    owners: ADMINS,
    secrets: (w) => [`Contact secret ${w.contactMessage.slice("m-contact-".length)}`],
  },
  // Moderation (issue 14): services, vendors and reviews are their owners'; only admins decide.
  "GET /api/v1/admin/services/{id}": { call: (w) => ({ params: { id: w.s1 } }), allowed: ADMINS },
  "POST /api/v1/admin/services/{id}/archive": blogWriter(
    (w) => ({ params: { id: w.s1 }, body: { reason: "Copied photos" } }),
    (w) => snapshot("SELECT status, moderation_reason FROM services WHERE id = ?", w.s1),
  ),
  // Not archived by an admin: a 409 for admins too; nobody changes it (moderation.test.ts restores one).
  "POST /api/v1/admin/services/{id}/restore": {
    call: (w) => ({ params: { id: w.s1 }, body: {} }),
    allowed: [],
    owners: ADMINS,
    guard: (w) => snapshot("SELECT status, moderation_reason FROM services WHERE id = ?", w.s1),
  },
  "GET /api/v1/admin/vendors/{id}": { call: (w) => ({ params: { id: w.who.vendor.id } }), allowed: ADMINS },
  "POST /api/v1/admin/vendors/{id}/verify": blogWriter(
    (w) => ({ params: { id: w.who.vendor.id }, body: {} }),
    (w) => snapshot("SELECT is_verified FROM vendors WHERE user_id = ?", w.who.vendor.id),
  ),
  // Not verified yet: a 409 for admins too (moderation.test.ts un-verifies one).
  "POST /api/v1/admin/vendors/{id}/unverify": {
    call: (w) => ({ params: { id: w.who.vendor.id }, body: {} }),
    allowed: [],
    owners: ADMINS,
    guard: (w) => snapshot("SELECT is_verified FROM vendors WHERE user_id = ?", w.who.vendor.id),
  },
  // No dispute with this id: 404 for everyone; admins' decisions are in moderation.test.ts.
  "POST /api/v1/admin/review-disputes/{id}/keep": { call: (w) => ({ params: { id: `none-${w.review}` }, body: { reason: "A fine reason" } }), allowed: [] },
  "POST /api/v1/admin/review-disputes/{id}/hide": { call: (w) => ({ params: { id: `none-${w.review}` }, body: { reason: "A fine reason" } }), allowed: [] },
  // The vendor disputes the couple's review of s1 (their own service); the other vendor gets a 404.
  "POST /api/v1/services/feedback/{id}/{feedbackId}/dispute": {
    call: (w) => ({ params: { id: w.s1, feedbackId: w.review }, body: { reason: "Never booked us" } }),
    allowed: ["vendor"],
    owners: ["vendor"],
    guard: (w) => snapshot("SELECT review_id, status FROM review_disputes WHERE review_id = ?", w.review),
    ownerChanges: true,
  },
  // Mobile sign-in (issue 32): any signed-in account asks for a code for a number of its own and verifies it; a
  // wrong code is refused for everyone (a right one: tests/integration/phone-sign-in.test.ts).
  "POST /api/v1/phone/add-code": {
    call: () => ({ body: { phone: nextMatrixPhone() } }),
    allowed: SIGNED_IN,
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
  },
  "POST /api/v1/phone/add": {
    call: () => ({ body: { phone: nextMatrixPhone(), code: "000000" } }),
    allowed: [],
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
  },
  // Only an account without an e-mail address adds one (every account here has one: 409, nothing mailed or changed).
  "POST /api/v1/email-address/code": {
    call: () => ({ body: { email: "matrix-added@example.com" } }),
    allowed: [],
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
  },
  "POST /api/v1/email-address": {
    call: () => ({ body: { email: "matrix-added@example.com", code: "000000" } }),
    allowed: [],
    owners: ["couple"],
    guard: (w) => userRow(w.who.couple.id),
  },
  "PATCH /api/v1/admin/contact-messages/{id}": blogWriter(
    (w) => ({ params: { id: w.contactMessage }, body: { status: "ANSWERED" } }),
    (w) => snapshot("SELECT status, handled_by FROM contact_messages WHERE id = ?", w.contactMessage),
  ),
} satisfies Record<string, Entry>);

const NO_OWNER = new Set([
  // Mobile sign-in: a code to the number, and the code is the authority, not a session (tests/integration/phone-sign-in.test.ts).
  "POST /api/v1/phone/code",
  "POST /api/v1/phone/sign-in",
  "POST /api/v1/phone/vendor-sign-in",
  "GET /api/v1/services",
  "GET /api/v1/services/getMostViewedServices",
  "GET /api/v1/services/get-location",
  "GET /api/v1/analytics/heroSectionAnalytics",
  "POST /api/v1/users/register",
  "POST /api/v1/users/login",
  "POST /api/v1/users/google-login",
  "POST /api/v1/users/request-password-reset",
  "POST /api/v1/users/reset-password", // the single-use token is the authority, not a session
  "POST /api/v1/users/verify-email",
  "POST /api/v1/vendors/register",
  "POST /api/v1/vendors/login",
  "POST /api/v1/vendors/request-password-reset",
  "POST /api/v1/vendors/reset-password",
  "POST /api/v1/generateAIDescription", // a draft from the body's fields; nothing is read or stored (rate limited per account)
  // The payment gateway's callback and webhooks: the gateway's signature is the authority, not a session; another
  // vendor's order, forged and replayed signatures are refused there (tests/integration/payments.test.ts).
  "POST /api/v1/payments/callback",
  "POST /api/v1/payments/webhook",
  // The mail service's bounce webhook: its Svix signature is the authority (tests/integration/mail-preferences.test.ts).
  "POST /api/v1/mail/webhook",
  // WhatsApp's webhook (replies such as STOP): Meta's X-Hub-Signature-256 is the authority (tests/integration/whatsapp-replies.test.ts).
  "GET /api/v1/whatsapp/webhook",
  "POST /api/v1/whatsapp/webhook",
  "GET /api/v1/plan", // the plans on offer: public pricing
  "GET /api/v1/inviteTemplate/get", // the public gallery (drafts only to admins; owned flags: tests/integration/invite-templates.test.ts)
  "POST /api/v1/contact", // the public contact form (limits and honeypot: tests/integration/contact.test.ts)
  "GET /api/v1/admin/contact-messages", // admins only, nobody's records (tests/integration/contact.test.ts)
  "GET /api/v1/admin/review-disputes", // admins only (tests/integration/moderation.test.ts)
  // The admin console: admins only, reads of everyone's records (tests/integration/admin-console.test.ts).
  "GET /api/v1/admin/general-analytics",
  "POST /api/v1/admin/vendor-search",
  "POST /api/v1/admin/service-search",
  "POST /api/v1/admin/user-search",
  "GET /api/v1/admin/audit-log", // super admins only (tests/integration/moderation.test.ts)
  // The blog's reads at its three bases: published posts for everyone (drafts and scheduled posts only to admins, and
  // who may read them on which base: tests/integration/blog.test.ts).
  "GET /api/v1/public/blog",
  "GET /api/v1/public/blog/tags",
  "GET /api/v1/public/blog/viewCount",
  "GET /api/v1/public/blog/blog-count",
  "GET /api/v1/public/blog/search",
  "GET /api/v1/user/blog",
  "GET /api/v1/user/blog/tags",
  "GET /api/v1/user/blog/viewCount",
  "GET /api/v1/user/blog/blog-count",
  "GET /api/v1/user/blog/search",
  "GET /api/v1/admin/blog",
  "GET /api/v1/admin/blog/tags",
  "GET /api/v1/admin/blog/viewCount",
  "GET /api/v1/admin/blog/blog-count",
  "GET /api/v1/admin/blog/search",
]);

let passwordHash = "";

let seq = 0;

/** One batch of inserts for the whole world (fast), then a session per account. */
async function buildWorld(): Promise<World> {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const roles: Record<Exclude<ActorName, "anonymous">, Role> = {
    couple: "USER",
    otherCouple: "USER",
    vendor: "VENDOR",
    otherVendor: "VENDOR",
    admin: "ADMIN",
    superAdmin: "SUPER_ADMIN",
  };
  const ids = Object.fromEntries(Object.keys(roles).map((k) => [k, `m-${k}-${tag}`])) as Record<Exclude<ActorName, "anonymous">, string>;
  const s1 = `m-s1-${tag}`;
  const s2 = `m-s2-${tag}`;
  const s3 = `m-s3-${tag}`;
  const review = `m-review-${tag}`;
  const otherReview = `m-review2-${tag}`;
  const lead = `m-lead-${tag}`;
  const faq = `m-faq-${tag}`;
  const quotedLead = `m-qlead-${tag}`;
  const bookedLead = `m-blead-${tag}`;
  const booking = `m-booking-${tag}`;
  const milestone = `m-milestone-${tag}`;
  const m1 = `m-m1-${tag}`;
  const m2 = `m-m2-${tag}`;
  const spamLead = `m-spam-${tag}`;
  const plan = `m-plan-${tag}`;
  const retiredPlan = `m-rplan-${tag}`;
  const invoice = `m-invoice-${tag}`;
  const creditNote = `m-cn-${tag}`;
  const budgetLine = `m-bline-${tag}`;
  const weddingEvent = `m-wevent-${tag}`;
  const weddingTask = `m-wtask-${tag}`;
  const guestEvent = `m-gevent-${tag}`;
  const household = `m-household-${tag}`;
  const guest = `m-guest-${tag}`;
  const rsvpToken = `mtoken${tag}`.replace(/[^A-Za-z0-9]/g, "").padEnd(32, "0");
  const card = `m-card-${tag}`;
  const asset = `u/assets/${ids.couple}/m-asset-${tag}.webp`;
  const galleryTemplate = `m-tpl-${tag}`;
  const inviteCard = `m-icard-${tag}`;
  const inviteSlug = `m-weds-${tag}`.toLowerCase().replace(/[^a-z0-9-]/g, "");
  const inviteRequest = `m-ireq-${tag}`;
  const blogPost = `m-blog-${tag}`;
  const blogUrlTitle = `matrix-post-${tag}`;
  const blogTag = `m-btag-${tag}`;
  const blogComment = `m-bcom-${tag}`;
  const contactMessage = `m-contact-${tag}`;
  const now = Date.now();
  const db = env.DB;
  const statements = [
    ...Object.entries(roles).map(([k, role]) =>
      db
        .prepare("INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)")
        .bind(ids[k as keyof typeof ids], `${tag}-${k.toLowerCase()}@test.example`, passwordHash, `Test ${k}`, role, now, now),
    ),
    ...(["vendor", "otherVendor"] as const).map((k) =>
      db
        .prepare("INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES (?, ?, ?, 'Rajasthan', 'Jaipur', ?, ?)")
        .bind(ids[k], `${k.toLowerCase()}-${tag}`, `Business ${k} ${tag}`, now, now),
    ),
    // Both vendors on a running plan of 10 services, so creating one more is within their limit (functions/domain/billing/plan-limits.ts).
    db
      .prepare("INSERT INTO plans (id, name, price, duration_days, max_active_services, created_at, updated_at) VALUES (?, ?, 4999, 90, 10, ?, ?)")
      .bind(`m-lplan-${tag}`, `Limits plan ${tag}`, now, now),
    ...(["vendor", "otherVendor"] as const).map((k) =>
      db
        .prepare(
          "INSERT INTO subscriptions (id, vendor_id, plan_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?)",
        )
        .bind(`m-sub-${k}-${tag}`, ids[k], `m-lplan-${tag}`, now, now + 90 * 86_400_000, now, now),
    ),
    ...(
      [
        [s1, ids.vendor],
        [s3, ids.vendor],
        [s2, ids.otherVendor],
      ] as const
    ).map(([id, vendorId]) =>
      db
        .prepare(
          "INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, created_at, updated_at) VALUES (?, ?, 'Test Service', 'A service for tests.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', ?, ?)",
        )
        .bind(id, vendorId, now, now),
    ),
    ...(
      [
        [review, s1, ids.couple],
        [otherReview, s2, ids.otherCouple],
      ] as const
    ).map(([id, serviceId, userId]) =>
      db
        .prepare(
          "INSERT INTO reviews (id, service_id, user_id, rating, quality, responsiveness, professionalism, value, flexibility, comment, created_at, updated_at) VALUES (?, ?, ?, 4, 4, 4, 4, 4, 4, 'A lovely evening, the food was excellent.', ?, ?)",
        )
        .bind(id, serviceId, userId, now, now),
    ),
    db
      .prepare(
        "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'We need catering for 200 guests in February.', 'NEW', ?, ?)",
      )
      .bind(lead, s1, ids.vendor, ids.couple, now, now),
    db
      .prepare(
        "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, first_reply_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'Is 14 February free?', ?, ?, ?, ?), (?, ?, ?, ?, 'Booked already.', 'BOOKED', ?, ?, ?)",
      )
      .bind(quotedLead, s2, ids.otherVendor, ids.couple, "QUOTED", now, now, now, bookedLead, s3, ids.vendor, ids.couple, now, now, now),
    db
      .prepare(
        "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, status_before_spam, reported_at, lost_reason, created_at, updated_at) VALUES (?, ?, ?, ?, 'Send me your bank details.', 'SPAM', 'NEW', ?, 'Reported as spam', ?, ?)",
      )
      .bind(spamLead, s2, ids.otherVendor, ids.otherCouple, now, now, now),
    db
      .prepare("INSERT INTO lead_quotes (id, lead_id, amount, includes, valid_until, created_at) VALUES (?, ?, 90000, 'Dinner', ?, ?)")
      .bind(`m-quote-${tag}`, quotedLead, inDays(10), now),
    db
      .prepare(
        "INSERT INTO bookings (id, lead_id, service_id, vendor_id, user_id, event_date, agreed_price, advance_paid, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 200000, 0, 'CONFIRMED', ?, ?)",
      )
      .bind(booking, bookedLead, s3, ids.vendor, ids.couple, inDays(-3), now, now),
    db
      .prepare("INSERT INTO booking_milestones (id, booking_id, kind, title, due_date) VALUES (?, ?, 'DELIVERABLE', 'Album', ?)")
      .bind(milestone, booking, inDays(20)),
    db.prepare("INSERT INTO wishlist_items (user_id, service_id, created_at) VALUES (?, ?, ?), (?, ?, ?)").bind(ids.couple, s1, now, ids.otherCouple, s2, now),
    db.prepare("INSERT INTO cart_items (user_id, service_id, created_at) VALUES (?, ?, ?)").bind(ids.couple, s1, now),
    db
      .prepare("INSERT INTO checklists (user_id, categories, updated_at) VALUES (?, ?, ?)")
      .bind(ids.couple, JSON.stringify([{ category: `Checklist secret ${ids.couple}`, items: [] }]), now),
    db
      .prepare(
        "INSERT INTO service_faqs (id, service_id, question, answer, position, created_at) VALUES (?, ?, 'Do you travel?', 'Yes, across Rajasthan.', 0, ?)",
      )
      .bind(faq, s1, now),
    db
      .prepare(
        "INSERT INTO service_media (id, service_id, key, card_key, kind, width, height, card_width, card_height, position, created_at) VALUES (?, ?, ?, ?, 'image', 1600, 1200, 640, 480, 0, ?), (?, ?, ?, ?, 'image', 1600, 1200, 640, 480, 1, ?)",
      )
      .bind(
        m1,
        s1,
        `u/services/${s1}/${m1}-full.webp`,
        `u/services/${s1}/${m1}-card.webp`,
        now,
        m2,
        s1,
        `u/services/${s1}/${m2}-full.webp`,
        `u/services/${s1}/${m2}-card.webp`,
        now,
      ),
    db.prepare("UPDATE services SET cover_key = ? WHERE id = ?").bind(`u/services/${s1}/${m1}-card.webp`, s1),
    db
      .prepare(
        "INSERT INTO plans (id, name, price, duration_days, features, is_active, created_at, updated_at) VALUES (?, ?, 999, 30, '[]', 1, ?, ?), (?, ?, 999, 30, '[]', 0, ?, ?)",
      )
      .bind(plan, `Plan ${plan}`, now, now, retiredPlan, `Plan ${retiredPlan}`, now, now),
    // The vendor's paid plan: a plan, an ACTIVE subscription and its payment (GET /subscribe/*).
    db
      .prepare(
        "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?)",
      )
      .bind(`m-sub-${ids.vendor}`, ids.vendor, `m-plan-${tag}`, `order_m${ids.vendor}`, now, now + 90 * 86_400_000, now, now),
    db
      .prepare(
        "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, gateway_payment_id, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, 4999, 'SUCCESS', ?, ?, ?, ?)",
      )
      .bind(`m-pay-${tag}`, ids.vendor, `m-sub-${ids.vendor}`, `order_m${ids.vendor}`, `pay_m${ids.vendor}`, now, now),
    db
      .prepare(
        `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount,
           igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
         VALUES (?, ?, ?, ?, ?, 1, 'Mandap Silver plan', '998365', 423644, 0, 0, 0, 0, 1800, 76256, 499900, 1, 'Rajasthan (08)', '{}', '{}', ?)`,
      )
      .bind(invoice, `m-pay-${tag}`, ids.vendor, `MDP/T/${tag}`, `t-${tag}`, now),
    db
      .prepare(
        `INSERT INTO credit_notes (id, refund_id, invoice_id, payment_id, user_id, number, financial_year, sequence, reason, invoice_number, invoice_issued_at,
           description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount, igst_rate, igst_amount, total, place_of_supply, supplier, billed_to, issued_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'Goodwill', ?, ?, 'Mandap Silver plan', '998365', 84746, 0, 0, 0, 0, 1800, 15254, 100000, 'Rajasthan (08)', '{}', '{}', ?)`,
      )
      .bind(creditNote, `m-rfnd-${tag}`, invoice, `m-pay-${tag}`, ids.vendor, `CN/T/${tag}`, `t-${tag}`, `MDP/T/${tag}`, now, now),
    // The couple's wedding plan: a function with a sub-event, a task, and the booked service linked.
    db
      .prepare(
        "INSERT INTO events (id, user_id, parent_id, name, event_date, start_time, end_time, created_at, updated_at) VALUES (?, ?, NULL, 'Sangeet', '2027-02-13', '19:00', '23:00', ?, ?), (?, ?, ?, 'Ladies sangeet', '2027-02-12', NULL, NULL, ?, ?)",
      )
      .bind(weddingEvent, ids.couple, now, now, `m-wsub-${tag}`, ids.couple, weddingEvent, now, now),
    db
      .prepare("INSERT INTO tasks (id, event_id, user_id, name, created_at, updated_at) VALUES (?, ?, ?, 'Confirm the DJ', ?, ?)")
      .bind(weddingTask, weddingEvent, ids.couple, now, now),
    db.prepare("INSERT INTO event_services (event_id, service_id, source, created_at) VALUES (?, ?, 'BOOKING', ?)").bind(weddingEvent, s3, now),
    // The couple's guest list (issue 12).
    db
      .prepare("INSERT INTO events (id, user_id, name, event_date, created_at, updated_at) VALUES (?, ?, 'Sangeet', '2027-02-13', ?, ?)")
      .bind(guestEvent, ids.couple, now, now),
    db
      .prepare("INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at) VALUES (?, ?, 'Sharma family', ?, ?, ?)")
      .bind(household, ids.couple, rsvpToken, now, now),
    db
      .prepare("INSERT INTO guests (id, user_id, household_id, name, email, created_at, updated_at) VALUES (?, ?, ?, 'Anil Sharma', ?, ?, ?)")
      .bind(guest, ids.couple, household, `${guest}@guests.example`, now, now),
    db.prepare("INSERT INTO household_invitations (household_id, event_id, invited_at) VALUES (?, ?, ?)").bind(household, guestEvent, now),
    // The couple's invitation card and library image (issue 13).
    db
      .prepare("INSERT INTO user_templates (id, user_id, title, canvas, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
      .bind(card, ids.couple, `Card secret ${tag}`, JSON.stringify(CARD_CANVAS), now, now),
    db
      .prepare("INSERT INTO editor_assets (id, user_id, key, content_type, size, width, height, created_at) VALUES (?, ?, ?, 'image/webp', 10, 40, 40, ?)")
      .bind(`m-asset-${tag}`, ids.couple, asset, now),
    // The couple's published e-invite with a pending request from its public page (issue 13).
    db
      .prepare(
        'INSERT INTO user_templates (id, user_id, title, canvas, preview_key, public_slug, published_at, created_at, updated_at) VALUES (?, ?, \'Our card\', \'{"width":600,"height":840,"objects":[]}\', ?, ?, ?, ?, ?)',
      )
      .bind(inviteCard, ids.couple, `cards/${tag}.jpg`, inviteSlug, now, now, now),
    db
      .prepare(
        "INSERT INTO invite_requests (id, card_id, user_id, name, phone, party_size, answers, status, created_at) VALUES (?, ?, ?, 'Priya Nair', '9876543210', 3, ?, 'PENDING', ?)",
      )
      .bind(inviteRequest, inviteCard, ids.couple, JSON.stringify({ [guestEvent]: "ATTENDING" }), now),
    // A published blog post with a tag and the couple's comment (issue 14).
    db
      .prepare(
        "INSERT INTO blog_posts (id, author_id, title, url_title, excerpt, content, status, published_at, comment_count, created_at, updated_at) VALUES (?, ?, 'Matrix post', ?, '', 'Body', 'PUBLISHED', ?, 1, ?, ?)",
      )
      .bind(blogPost, ids.admin, blogUrlTitle, now - 1000, now, now),
    db.prepare("INSERT INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(blogTag, `Matrix ${tag}`, `matrix-${tag}`),
    db.prepare("INSERT INTO blog_post_tags (post_id, tag_id) VALUES (?, ?)").bind(blogPost, blogTag),
    db
      .prepare("INSERT INTO blog_comments (id, post_id, user_id, content, created_at) VALUES (?, ?, ?, 'Comment secret', ?)")
      .bind(blogComment, blogPost, ids.couple, now),
    db
      .prepare(
        "INSERT INTO contact_messages (id, name, email, topic, message, status, created_at, updated_at) VALUES (?, 'Asha Rao', ?, 'Something else', ?, 'NEW', ?, ?)",
      )
      .bind(contactMessage, `asha-${tag}@example.com`, `Contact secret ${tag}`, now, now),
  ];
  statements.push(
    db.prepare("UPDATE users SET total_budget = 2000000 WHERE id IN (?, ?, ?, ?)").bind(ids.couple, ids.otherCouple, ids.admin, ids.superAdmin),
    db
      .prepare("INSERT INTO budget_lines (id, user_id, category, label, estimated, created_at, updated_at) VALUES (?, ?, 'venue', 'Lawn', 500000, ?, ?)")
      .bind(budgetLine, ids.couple, now, now),
  );
  statements.push(
    db
      .prepare(
        "INSERT INTO invite_templates (id, name, canvas, width, height, price, amount_category, status, created_at, updated_at) VALUES (?, ?, ?, 600, 840, 499, 'PAID', 'PUBLISHED', ?, ?)",
      )
      .bind(
        galleryTemplate,
        `Matrix card ${tag}`,
        JSON.stringify({ version: "7.4.0", width: 600, height: 840, objects: [{ type: "Textbox", text: `design-${galleryTemplate}` }] }),
        now,
        now,
      ),
    db
      .prepare(
        "INSERT INTO template_purchases (id, user_id, template_id, order_status, payment_status, amount, completed_at, created_at, updated_at) VALUES (?, ?, ?, 'completed', 'successful', 499, ?, ?, ?)",
      )
      .bind(`m-tpu-${tag}`, ids.couple, galleryTemplate, now, now, now),
    db.prepare("INSERT INTO template_views (user_id, template_id, viewed_at) VALUES (?, ?, ?)").bind(ids.couple, galleryTemplate, now - 60_000),
  );
  // A paid template and the couple's pending order for it (issue 13, purchases).
  const paidTemplate = `m-ptpl-${tag}`;
  const templateOrder = `order_${`T${tag}`
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(14, "0")
    .slice(0, 14)}`;
  const templatePayment = `m-tpay-${tag}`;
  const templatePurchase = `m-tpur-${tag}`;
  statements.push(
    db
      .prepare(
        "INSERT INTO invite_templates (id, name, canvas, width, height, price, amount_category, status, created_at, updated_at) VALUES (?, 'Matrix Maroon', '{}', 1080, 1920, 499, 'PAID', 'PUBLISHED', ?, ?)",
      )
      .bind(paidTemplate, now, now),
    db
      .prepare(
        "INSERT INTO payments (id, user_id, purpose, template_purchase_id, amount, currency, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, 'TEMPLATE', ?, 399, 'INR', 'PENDING', ?, ?, ?)",
      )
      .bind(templatePayment, ids.couple, templatePurchase, templateOrder, now, now),
    // The couple's open order was opened at an older price (₹399; the design is ₹499 now): a Pay opens a
    // new order and closes it, so the owner's call changes the guarded rows. At the same price the open
    // order would be answered again (issue 28: one order per couple and design), changing nothing.
    db
      .prepare("INSERT INTO template_purchases (id, user_id, template_id, payment_id, amount, created_at, updated_at) VALUES (?, ?, ?, ?, 399, ?, ?)")
      .bind(templatePurchase, ids.couple, paidTemplate, templatePayment, now, now),
  );
  // The couple's wedding (issue 33): the couple, a co-planner who views it, and an invitation to plan it sent to the other couple's address.
  const wedding = `m-wedding-${tag}`;
  const coPlanner = `m-coplanner-${tag}`;
  const coPlannerEmail = `${tag}-coplanner@test.example`;
  const planInvitation = `m-pinv-${tag}`;
  const planToken = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => "abcdefghijklmnopqrstuvwxyz234567"[b % 32]).join("");
  statements.push(
    db
      .prepare(
        "INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, NULL, 'Test co-planner', 'USER', 1, ?, ?)",
      )
      .bind(coPlanner, coPlannerEmail, now, now),
    db.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?, ?, ?, ?)").bind(wedding, ids.couple, now, now),
    db
      .prepare(
        "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?1, ?2, 'COUPLE', '', 1, ?4, NULL, ?4, ?4), (?1, ?3, 'VIEWER', '', 0, ?4, ?2, ?4, ?4)",
      )
      .bind(wedding, ids.couple, coPlanner, now),
    db
      .prepare(
        "INSERT INTO wedding_invitations (id, wedding_id, token_hash, email, role, areas, invited_by, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'EDITOR', 'guests', ?, ?, ?, ?)",
      )
      .bind(planInvitation, wedding, await sha256Hex(planToken), `${tag}-othercouple@test.example`, ids.couple, now + 86_400_000, now, now),
  );
  await db.batch(statements);
  const cookies = await Promise.all(Object.values(ids).map((id) => sessionCookieFor(id)));
  const who = Object.fromEntries(
    Object.keys(ids).map((k, i) => [k, { id: ids[k as keyof typeof ids], email: `${tag}-${k.toLowerCase()}@test.example`, cookie: cookies[i]! }]),
  ) as World["who"];
  return {
    who,
    s1,
    s2,
    s3,
    review,
    otherReview,
    lead,
    faq,
    quotedLead,
    booking,
    milestone,
    m1,
    m2,
    spamLead,
    plan,
    retiredPlan,
    invoice,
    creditNote,
    weddingEvent,
    weddingTask,
    budgetLine,
    guestEvent,
    household,
    guest,
    rsvpToken,
    card,
    asset,
    galleryTemplate,
    paidTemplate,
    templateOrder,
    inviteCard,
    inviteSlug,
    inviteRequest,
    blogPost,
    blogUrlTitle,
    blogTag,
    blogComment,
    contactMessage,
    wedding,
    coPlanner,
    coPlannerEmail,
    planInvitation,
    planToken,
  };
}

/** Everything the world owns, except sessions (a call may slide its own session's expiry). */
async function worldState(w: World): Promise<string> {
  const users = Object.values(w.who).map((a) => a.id);
  const marks = users.map(() => "?").join(", ");
  const tables = [
    `SELECT * FROM users WHERE id IN (${marks}) ORDER BY id`,
    `SELECT * FROM vendors WHERE user_id IN (${marks}) ORDER BY user_id`,
    `SELECT * FROM services WHERE vendor_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM reviews WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM leads WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM wishlist_items WHERE user_id IN (${marks}) ORDER BY user_id, service_id`,
    `SELECT * FROM cart_items WHERE user_id IN (${marks}) ORDER BY user_id, service_id`,
    `SELECT f.* FROM service_faqs f JOIN services s ON s.id = f.service_id WHERE s.vendor_id IN (${marks}) ORDER BY f.id`,
    `SELECT m.* FROM lead_messages m JOIN leads l ON l.id = m.lead_id WHERE l.user_id IN (${marks}) ORDER BY m.id`,
    `SELECT q.* FROM lead_quotes q JOIN leads l ON l.id = q.lead_id WHERE l.user_id IN (${marks}) ORDER BY q.id`,
    `SELECT * FROM bookings WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT m.* FROM booking_milestones m JOIN bookings b ON b.id = m.booking_id WHERE b.user_id IN (${marks}) ORDER BY m.id`,
    `SELECT d.* FROM service_blocked_dates d JOIN services s ON s.id = d.service_id WHERE s.vendor_id IN (${marks}) ORDER BY d.service_id, d.day`,
    `SELECT * FROM service_media WHERE service_id IN (SELECT id FROM services WHERE vendor_id IN (${marks})) ORDER BY id`,
    `SELECT * FROM subscriptions WHERE vendor_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM payments WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM template_purchases WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM budget_lines WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM events WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM tasks WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT es.* FROM event_services es JOIN events e ON e.id = es.event_id WHERE e.user_id IN (${marks}) ORDER BY es.event_id, es.service_id`,
    `SELECT * FROM user_templates WHERE user_id IN (${marks}) ORDER BY id`,
    `SELECT * FROM editor_assets WHERE user_id IN (${marks}) ORDER BY id`,
    // The couple's wedding (its id is the world's; a caller's own wedding made by its first planning call is not the world's).
    `SELECT * FROM wedding_members WHERE wedding_id IN (SELECT id FROM weddings WHERE couple_user_id IN (${marks}) AND id LIKE 'm-wedding-%') ORDER BY user_id`,
    `SELECT * FROM wedding_invitations WHERE wedding_id IN (SELECT id FROM weddings WHERE couple_user_id IN (${marks}) AND id LIKE 'm-wedding-%') ORDER BY id`,
  ];
  const results = await env.DB.batch(tables.map((sql) => env.DB.prepare(sql).bind(...users)));
  return JSON.stringify(results.map((r) => r.results));
}

async function callAs(op: Operation, entry: Entry, w: World, actor: ActorName) {
  const { params = {}, body } = entry.call(w);
  const cookie = actor === "anonymous" ? undefined : w.who[actor].cookie;
  const method = op.method.toUpperCase();
  return call(fillPath(op.path, params), { method, cookie, body: body ?? (method === "GET" ? undefined : {}) });
}

const ops = await apiOperations();

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describe("access matrix", () => {
  it("covers every operation of the API (a new one fails here: add it to the matrix)", () => {
    const missing = ops.map((o) => o.key).filter((k) => !MATRIX[k] && !NO_OWNER.has(k));
    expect(missing, "add it to the matrix in tests/integration/access-matrix.test.ts").toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !ops.some((o) => o.key === k));
    expect(stale, "matrix entries for operations the API no longer has").toEqual([]);
  });

  it("puts every operation with an id in its path in the matrix", () => {
    expect(ops.filter((o) => o.pathParams.length && !MATRIX[o.key]).map((o) => o.key)).toEqual([]);
  });

  for (const op of ops.filter((o) => MATRIX[o.key])) {
    const entry = MATRIX[op.key]!;
    describe(op.key, () => {
      for (const actor of ACTORS) {
        const allowed = entry.allowed.includes(actor);
        it(`${actor}: ${allowed ? "allowed" : "refused"}`, async () => {
          const w = await buildWorld();
          const before = await worldState(w);
          const guardedBefore = entry.guard ? await entry.guard(w) : null;
          const res = await callAs(op, entry, w, actor);
          const text = await res.text();
          const what = `${op.key} as ${actor} answered ${res.status}: ${text.slice(0, 300)}`;
          if (allowed) {
            expect(res.status, what).toBeGreaterThanOrEqual(200);
            expect(res.status, what).toBeLessThan(300);
          } else {
            if (actor === "anonymous") expect(res.status, what).toBe(401);
            else expect([400, 403, 404, 409], what).toContain(res.status);
            expect(JSON.parse(text), what).toMatchObject({ success: false });
            expect(await worldState(w), `${what}: a refused call changed the database`).toBe(before);
          }
          const isOwner = entry.owners?.includes(actor) ?? false;
          if (entry.guard && guardedBefore !== null) {
            const after = await entry.guard(w);
            if (!isOwner) expect(after, `${what}: ${actor} changed a record it does not own`).toBe(guardedBefore);
            else if (allowed && entry.ownerChanges) expect(after, `${what}: the owner's call should change the guarded records`).not.toBe(guardedBefore);
          }
          if (entry.secrets && !isOwner)
            for (const secret of entry.secrets(w)) expect(text, `${what}: ${actor} read the owner's ${secret}`).not.toContain(secret);
          if (entry.secrets && isOwner && allowed)
            expect(
              entry.secrets(w).some((s) => text.includes(s)),
              `${what}: the owner should see its own data`,
            ).toBe(true);
        }, 20_000);
      }
    });
  }
});
