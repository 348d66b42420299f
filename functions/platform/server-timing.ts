import { LOOPBACK_HOSTS } from "./dev-pages.ts";

/**
 * Who may read Server-Timing (a page's D1 time and statement count, a search's rows read): it tells
 * how the database is used, so admins and local development (a loopback host outside production:
 * the bench, `npm start`) see it, never every visitor (issue 28).
 */
export function mayReadServerTiming(env: { APP_ENV?: string }, request: Request, isAdmin: boolean): boolean {
  if (isAdmin) return true;
  return env.APP_ENV !== "production" && LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}
