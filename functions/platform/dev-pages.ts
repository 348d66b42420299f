import type { Env } from "#functions/env.ts";

/**
 * The development pages (/dev/mailbox shows every e-mail the app sent, reset links included;
 * /dev/error-screen; /dev/ui, the UI primitives). They fail closed: served only when the environment opts in with
 * DEV_PAGES="on" (set by the local start, dev and e2e scripts or a developer's .dev.vars, never by
 * wrangler.jsonc) AND the request's host is loopback. Anything else answers 404.
 */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isDevPagePath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === "/dev" || lower.startsWith("/dev/") || lower.startsWith("/dev.");
}

export function devPagesEnabled(env: Pick<Env, "DEV_PAGES" | "APP_ENV">, request: Request): boolean {
  if (env.DEV_PAGES !== "on" || env.APP_ENV === "production") return false;
  return LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}
