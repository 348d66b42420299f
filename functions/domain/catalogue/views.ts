import { isbot } from "isbot";
import { todayInIndia } from "#shared/listing-rules.ts";
import type { DomainContext } from "../core/index.ts";
import { log } from "#platform/log.ts";

/**
 * View counting: a service view or a vendor profile view counts at most once a day per browser,
 * never for the listing's own vendor, never for a crawler, never for a service that is not active.
 * The browser carries one small cookie per kind listing what it has seen today ("day|id,id");
 * the cookie lives one day (spec: profile-view cookie 1 day). Failures to record are only logged.
 * The service page, the vendor page and PATCH /vendors/viewUpdate all call `countView`.
 */
export const VIEW_COOKIES = { service: "mandap_sv", profile: "mandap_pv" } as const;
export const SERVICE_VIEW_COOKIE = VIEW_COOKIES.service;
export const PROFILE_VIEW_COOKIE = VIEW_COOKIES.profile;
const MAX_IDS = 50;
const DAY_SECONDS = 86_400;

export type ViewKind = keyof typeof VIEW_COOKIES;

export type ViewDecision = { record: boolean; cookieValue: string };

/** Decides whether this view counts, and the cookie value that remembers it. Pure. */
export function viewDecision(cookieValue: string | null, id: string, today: string): ViewDecision {
  const [day, list = ""] = (cookieValue ?? "").split("|");
  const seen = day === today ? list.split(",").filter(Boolean) : [];
  if (seen.includes(id)) return { record: false, cookieValue: `${today}|${seen.join(",")}` };
  const next = [...seen, id].slice(-MAX_IDS);
  return { record: true, cookieValue: `${today}|${next.join(",")}` };
}

/** The Set-Cookie header that remembers today's views (Secure on https origins). */
export function viewCookie(origin: string, name: string, value: string): string {
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${DAY_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

async function recordServiceView(ctx: DomainContext, serviceId: string): Promise<void> {
  const { db } = ctx;
  await db.batch([
    db.prepare("UPDATE services SET view_count = view_count + 1 WHERE id = ? AND status = 'active'").bind(serviceId),
    db
      .prepare(
        "INSERT INTO service_daily_stats (service_id, day, views, leads) SELECT id, ?, 1, 0 FROM services WHERE id = ? AND status = 'active' ON CONFLICT (service_id, day) DO UPDATE SET views = views + 1",
      )
      .bind(todayInIndia(ctx.now), serviceId),
  ]);
}

async function recordProfileView(ctx: DomainContext, vendorId: string): Promise<void> {
  const { db } = ctx;
  await db.batch([
    db.prepare("UPDATE vendors SET profile_views = profile_views + 1 WHERE user_id = ?").bind(vendorId),
    db
      .prepare(
        "INSERT INTO vendor_profile_views (vendor_id, day, views) SELECT user_id, ?, 1 FROM vendors WHERE user_id = ? ON CONFLICT (vendor_id, day) DO UPDATE SET views = views + 1",
      )
      .bind(todayInIndia(ctx.now), vendorId),
  ]);
}

export type ViewInput = {
  kind: ViewKind;
  /** The service's id, or the vendor's (user) id. */
  id: string;
  /** The vendor who owns what is viewed: their own views never count. */
  ownerId: string;
  /** False for a service that is not listed (archived): not counted. */
  active?: boolean;
  /** The value of the browser's VIEW_COOKIES[kind] cookie, if any. */
  seen: string | null;
};

/**
 * Applies the view rules for a request and records the view. A failure to record is only logged
 * (the page or call still succeeds). Returns the Set-Cookie header to send, or null when the view
 * did not count (seen today, the owner, a crawler, not active).
 */
export async function countView(ctx: DomainContext, view: ViewInput): Promise<string | null> {
  if (ctx.actor?.id === view.ownerId || view.active === false || isbot(ctx.request.userAgent ?? "")) return null;
  const name = VIEW_COOKIES[view.kind];
  const decision = viewDecision(view.seen, view.id, todayInIndia(ctx.now));
  if (!decision.record) return null;
  try {
    if (view.kind === "service") await recordServiceView(ctx, view.id);
    else await recordProfileView(ctx, view.id);
  } catch (e) {
    log.error("recording a view failed", { kind: view.kind, id: view.id }, e);
  }
  return viewCookie(ctx.request.origin, name, decision.cookieValue);
}
