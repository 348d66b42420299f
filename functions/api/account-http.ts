import { clearVisitedCookie } from "../../app/lib/cookies.server.ts";
import { logout, type RequestInfo, type SessionStart } from "../domain/accounts.ts";
import { clientIp } from "../domain/rate-limits.ts";
import { clearSessionCookie, readSessionToken, sessionCookie } from "../platform/session-cookie.ts";
import type { ApiContext } from "./context.ts";

/** What the account endpoints need from the HTTP request. */
export function requestInfo(request: Request): RequestInfo {
  return {
    origin: new URL(request.url).origin,
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request),
    previousSessionToken: readSessionToken(request),
  };
}

/** Answers a sign-up or log-in: the new session cookie and who is now signed in. */
export function sessionStarted(c: ApiContext, start: SessionStart, message: string, status: 200 | 201 = 200) {
  c.header("Set-Cookie", sessionCookie(c.req.raw, start.token, start.expiresAt), { append: true });
  return c.json({ success: true, message, user: start.account }, status);
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
    const { message } = await logout(c.env.DB, readSessionToken(c.req.raw));
    clearBrowserSession(c);
    return c.json({ success: true, message });
  } catch (e) {
    clearBrowserSession(c);
    throw e;
  }
}
