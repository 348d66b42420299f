import { clearVisitedCookie } from "#platform/cookies.ts";
import { logout, type SessionStart } from "#domain/accounts/index.ts";
import { deviceCookie } from "#platform/device-cookie.ts";
import { clearSessionCookie, sessionCookie } from "#platform/session-cookie.ts";
import type { ApiContext } from "./context.ts";

/** The Set-Cookie headers of a started session: the session, and the remembered device when set. */
export function sessionCookies(request: Request, start: SessionStart): string[] {
  const cookies = [sessionCookie(request, start.token, start.expiresAt)];
  if (start.deviceCookie) cookies.push(deviceCookie(request, start.deviceCookie));
  return cookies;
}

/** Answers a log-in (or a finished sign-up): the new session cookie and who is now signed in (plus `extra` fields). */
export function sessionStarted(c: ApiContext, start: SessionStart, message: string, status: 200 | 201 = 200, extra: Record<string, unknown> = {}) {
  for (const cookie of sessionCookies(c.req.raw, start)) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ success: true, message, user: start.account, ...extra }, status);
}

/** Ends the browser's side of a session: the session cookie and the first-visit flag. */
export function clearBrowserSession(c: ApiContext) {
  c.header("Set-Cookie", clearSessionCookie(c.req.raw), { append: true });
  c.header("Set-Cookie", clearVisitedCookie(c.req.raw), { append: true });
}

/**
 * POST /users/logout and /vendors/logout: ends the session on the server and clears the browser's
 * side even when the server could not (the error still reaches the client as its message).
 */
export async function logoutHandler(c: ApiContext) {
  try {
    const { message } = await logout(c.get("domain"));
    clearBrowserSession(c);
    return c.json({ success: true, message });
  } catch (e) {
    clearBrowserSession(c);
    throw e;
  }
}
