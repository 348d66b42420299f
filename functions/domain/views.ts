import { todayInIndia } from "#shared/listing-rules.ts";

/**
 * View counting: a service view or a vendor profile view counts at most once a day per browser.
 * The browser carries one small cookie per kind listing what it has seen today ("day|id,id");
 * the cookie lives one day (spec: profile-view cookie 1 day). Failures to record are only logged.
 */
export const SERVICE_VIEW_COOKIE = "mandap_sv";
export const PROFILE_VIEW_COOKIE = "mandap_pv";
const MAX_IDS = 50;
const DAY_SECONDS = 86_400;

export type ViewDecision = { record: boolean; cookieValue: string };

/** Decides whether this view counts, and the cookie value that remembers it. Pure. */
export function viewDecision(cookieValue: string | null, id: string, today: string): ViewDecision {
  const [day, list = ""] = (cookieValue ?? "").split("|");
  const seen = day === today ? list.split(",").filter(Boolean) : [];
  if (seen.includes(id)) return { record: false, cookieValue: `${today}|${seen.join(",")}` };
  const next = [...seen, id].slice(-MAX_IDS);
  return { record: true, cookieValue: `${today}|${next.join(",")}` };
}

export function viewCookie(request: Request, name: string, value: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${DAY_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

export async function recordServiceView(d1: D1Database, serviceId: string, now = Date.now()): Promise<void> {
  await d1.batch([
    d1.prepare("UPDATE services SET view_count = view_count + 1 WHERE id = ? AND status = 'active'").bind(serviceId),
    d1
      .prepare(
        "INSERT INTO service_daily_stats (service_id, day, views, leads) SELECT id, ?, 1, 0 FROM services WHERE id = ? AND status = 'active' ON CONFLICT (service_id, day) DO UPDATE SET views = views + 1",
      )
      .bind(todayInIndia(now), serviceId),
  ]);
}

/** Returns false when there is no such vendor. */
export async function recordProfileView(d1: D1Database, vendorId: string, now = Date.now()): Promise<boolean> {
  const [updated] = await d1.batch([
    d1.prepare("UPDATE vendors SET profile_views = profile_views + 1 WHERE user_id = ?").bind(vendorId),
    d1
      .prepare(
        "INSERT INTO vendor_profile_views (vendor_id, day, views) SELECT user_id, ?, 1 FROM vendors WHERE user_id = ? ON CONFLICT (vendor_id, day) DO UPDATE SET views = views + 1",
      )
      .bind(todayInIndia(now), vendorId),
  ]);
  return Boolean(updated?.meta.changes);
}

/**
 * Applies the once-a-day rule for a request and records the view. A failure to record is only
 * logged (the page or call still succeeds). Returns the Set-Cookie header to send, or null when
 * this browser already counted the view today.
 */
export async function countView(
  d1: D1Database,
  request: Request,
  kind: "service" | "profile",
  id: string,
  readCookie: (request: Request, name: string) => string | null,
  now = Date.now(),
): Promise<string | null> {
  const name = kind === "service" ? SERVICE_VIEW_COOKIE : PROFILE_VIEW_COOKIE;
  const decision = viewDecision(readCookie(request, name), id, todayInIndia(now));
  if (!decision.record) return null;
  try {
    if (kind === "service") await recordServiceView(d1, id, now);
    else await recordProfileView(d1, id, now);
  } catch (e) {
    console.error(`failed to record a ${kind} view`, id, e);
  }
  return viewCookie(request, name, decision.cookieValue);
}
