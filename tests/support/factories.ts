import { env, exports } from "cloudflare:workers";
import type { Role } from "#db/schema/identity.ts";
import { createSession } from "#domain/core/index.ts";

/** Test data factories and a signed-in fetch, for tests running in workerd. */
let counter = 0;
const uid = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const worker = (exports as unknown as { default: Fetcher }).default;
export const ORIGIN = "http://localhost";

export async function createUser(overrides: { role?: Role; email?: string; userName?: string; isVerified?: boolean; passwordHash?: string | null } = {}) {
  const id = `user-${uid()}`;
  const now = Date.now();
  const user = {
    id,
    email: overrides.email ?? `${id}@test.example`,
    userName: overrides.userName ?? "Test Person",
    role: overrides.role ?? "USER",
    isVerified: overrides.isVerified ?? true,
  };
  await env.DB.prepare("INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, user.email, overrides.passwordHash ?? null, user.userName, user.role, user.isVerified ? 1 : 0, now, now)
    .run();
  return user;
}

export async function createVendor(overrides: { businessName?: string; state?: string; city?: string } = {}) {
  const user = await createUser({ role: "VENDOR" });
  const now = Date.now();
  const name = overrides.businessName ?? `Vendor ${uid()}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await env.DB.prepare("INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(user.id, slug, name, overrides.state ?? "Rajasthan", overrides.city ?? "Jaipur", now, now)
    .run();
  return { ...user, businessName: name, slug };
}

export type ServiceInput = {
  vendorId: string;
  serviceName?: string;
  description?: string;
  serviceCategory?: string;
  serviceType?: string;
  minPrice?: number;
  serviceUnit?: string;
  state?: string;
  city?: string;
  status?: "active" | "archived" | "hidden";
  rating?: number;
  viewCount?: number;
  createdAt?: number;
};

export async function createService(input: ServiceInput) {
  const id = `svc-${uid()}`;
  const now = input.createdAt ?? Date.now();
  await env.DB.prepare(
    `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, rating, view_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      input.vendorId,
      input.serviceName ?? "Test Service",
      input.description ?? "A service for tests.",
      input.serviceCategory ?? "Wedding Vendor",
      input.serviceType ?? "Caterers",
      input.minPrice ?? 1000,
      input.serviceUnit ?? "Per Plate",
      input.state ?? "Rajasthan",
      input.city ?? "Jaipur",
      input.status ?? "active",
      input.rating ?? 0,
      input.viewCount ?? 0,
      now,
      now,
    )
    .run();
  return { id };
}

/** A session cookie for the user, as the browser would send it. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const { token } = await createSession(env.DB, userId, "vitest");
  return `mandap_session=${token}`;
}

/** fetch against the Worker as a same-origin browser would (Origin set on writes, JSON bodies). */
export async function call(path: string, init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  const method = init.method ?? "GET";
  if (method !== "GET") headers.Origin ??= ORIGIN;
  if (init.cookie) headers.Cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  return worker.fetch(`${ORIGIN}${path}`, { method, headers, body });
}

/** The callers the suites play: a visitor and one signed-in account per role. */
export type ActorName = "anonymous" | "couple" | "otherCouple" | "vendor" | "otherVendor" | "admin" | "superAdmin";

/** A fresh signed-in account of the role (a vendor comes with its business profile) and its cookie. */
export async function signedIn(role: Role): Promise<{ id: string; email: string; cookie: string; slug?: string }> {
  const user = role === "VENDOR" ? await createVendor() : await createUser({ role });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** A review by `userId` of `serviceId`, written straight to the table (scores of 4, no photos). */
export async function createReview(input: { serviceId: string; userId: string; comment?: string; vendorReply?: string | null }) {
  const id = `rev-${uid()}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO reviews (id, service_id, user_id, rating, quality, responsiveness, professionalism, value, flexibility, comment, vendor_reply, created_at, updated_at)
     VALUES (?, ?, ?, 4, 4, 4, 4, 4, 4, ?, ?, ?, ?)`,
  )
    .bind(id, input.serviceId, input.userId, input.comment ?? "A lovely evening, the food was excellent.", input.vendorReply ?? null, now, now)
    .run();
  return { id };
}

/** An open enquiry (lead) by `userId` about `serviceId` of `vendorId`. */
export async function createLead(input: { serviceId: string; vendorId: string; userId: string; message?: string }) {
  const id = `lead-${uid()}`;
  const now = Date.now();
  await env.DB.prepare("INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'NEW', ?, ?)")
    .bind(id, input.serviceId, input.vendorId, input.userId, input.message ?? "We need catering for 200 guests in February.", now, now)
    .run();
  return { id };
}

/** A favourite (wishlist item) or a cart item of `userId`. */
export async function addShortlist(table: "wishlist_items" | "cart_items", userId: string, serviceId: string) {
  await env.DB.prepare(`INSERT INTO ${table} (user_id, service_id, created_at) VALUES (?, ?, ?)`).bind(userId, serviceId, Date.now()).run();
}

/** Rows of a query as JSON text, to compare a table's state before and after a call. */
export async function snapshot(sql: string, ...binds: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(sql)
    .bind(...binds)
    .all();
  return JSON.stringify(results);
}

/** A password every sign-up test body uses (meets the password rule). */
export const GOOD_PASSWORD = "Mandap2026pass";

/** A valid vendor sign-up body (POST /vendors/register) for the e-mail and business name. */
export const vendorSignUpBody = (email: string, name = "Shubh Caterers") => ({
  name,
  business_category: "Caterers",
  user_name: "Rohan Mehta",
  email,
  phone_number: "98290 12345",
  state: "Rajasthan",
  city: "Jaipur",
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
});

const DAY_MS = 86_400_000;

/** A plan row (admin-made data): by default a paid plan of 30 days with 10 active services and BASIC analytics. */
export async function createPlan(
  over: {
    name?: string;
    price?: number;
    durationDays?: number;
    isTrial?: boolean;
    maxActiveServices?: number | null;
    featuredPlacement?: boolean;
    analyticsDepth?: "BASIC" | "FULL";
    isActive?: boolean;
  } = {},
) {
  const id = `plan-${uid()}`;
  const now = Date.now();
  const plan = {
    id,
    name: over.name ?? `Plan ${id}`,
    price: over.price ?? 4999,
    durationDays: over.durationDays ?? 30,
    isTrial: over.isTrial ?? false,
    maxActiveServices: over.maxActiveServices === undefined ? 10 : over.maxActiveServices,
    featuredPlacement: over.featuredPlacement ?? false,
    analyticsDepth: over.analyticsDepth ?? "BASIC",
    isActive: over.isActive ?? true,
  };
  await env.DB.prepare(
    `INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at)
     VALUES (?, ?, '', ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      plan.name,
      plan.price,
      plan.durationDays,
      plan.isTrial ? 1 : 0,
      plan.maxActiveServices,
      plan.featuredPlacement ? 1 : 0,
      plan.analyticsDepth,
      plan.isActive ? 1 : 0,
      now,
      now,
    )
    .run();
  return plan;
}

/**
 * A subscription of `vendorId` written straight to the table: by default ACTIVE from now for 30
 * days on a new plan (createPlan's defaults, or `plan` to give its limits).
 */
export async function createSubscription(
  vendorId: string,
  over: {
    planId?: string;
    plan?: Parameters<typeof createPlan>[0];
    status?: "PENDING" | "ACTIVE" | "CANCELLED" | "EXPIRED";
    startDate?: number | null;
    endDate?: number | null;
    isTrial?: boolean;
    createdAt?: number;
    gatewayOrderId?: string | null;
    lastReminderDays?: number | null;
  } = {},
) {
  const planId = over.planId ?? (await createPlan(over.plan)).id;
  const id = `sub-${uid()}`;
  const now = Date.now();
  const start = over.startDate === undefined ? now : over.startDate;
  const end = over.endDate === undefined ? now + 30 * DAY_MS : over.endDate;
  const isTrial = over.isTrial ?? false;
  await env.DB.prepare(
    `INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, is_trial, trial_end_date, last_reminder_days, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      vendorId,
      planId,
      over.status ?? "ACTIVE",
      over.gatewayOrderId ?? null,
      start,
      end,
      isTrial ? 1 : 0,
      isTrial ? end : null,
      over.lastReminderDays ?? null,
      over.createdAt ?? now,
      over.createdAt ?? now,
    )
    .run();
  return { id, planId };
}

/** Gives a vendor a running plan with no service limit: for tests that list many services of one vendor. */
export function giveUnlimitedPlan(vendorId: string) {
  return createSubscription(vendorId, { plan: { maxActiveServices: null, analyticsDepth: "FULL" }, endDate: Date.now() + 365 * DAY_MS });
}

/** Every object key in the test R2 bucket under `prefix` (all pages), sorted. */
export async function bucketKeys(prefix = "u/"): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
