import { readCookie } from "./cookies.ts";
import { validateSessionToken, type ValidSession } from "#domain/core/sessions.ts";

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure outside localhost, and the `__Host-` prefix
 * over HTTPS (production).
 */
export function sessionCookieName(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "__Host-mandap_session" : "mandap_session";
}

export function sessionCookie(request: Request, token: string, expiresAt: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return `${sessionCookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearSessionCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${sessionCookieName(request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function readSessionToken(request: Request): string | null {
  // Without cookies there is no token to look for (and the cookie's name, which needs the URL, is not worked out).
  if (!request.headers.has("cookie")) return null;
  return readCookie(request, sessionCookieName(request));
}

/**
 * Resolves the request's session. Returns the session (or null) and the Set-Cookie header the
 * response needs: a refreshed cookie when the expiry slid, a clearing one for a dead token.
 */
export async function resolveSession(d1: D1Database, request: Request): Promise<{ session: ValidSession | null; setCookie: string | null }> {
  const token = readSessionToken(request);
  if (!token) return { session: null, setCookie: null };
  const session = await validateSessionToken(d1, token);
  if (!session) return { session: null, setCookie: clearSessionCookie(request) };
  return { session, setCookie: session.renewed ? sessionCookie(request, token, session.expiresAt) : null };
}
