import { env, exports } from "cloudflare:workers";
import type { Role } from "../../db/schema/identity.ts";
import { createSession } from "../../functions/domain/sessions.ts";

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
  status?: "active" | "archived";
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
