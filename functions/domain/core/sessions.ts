import type { Role } from "#db/schema/identity.ts";
import type { Actor, DomainContext, ValidSession } from "./context.ts";
import { isSecretToken, toHex } from "#shared/tokens.ts";

export type { Actor, ValidSession };

/**
 * Sessions in the Lucia style, written here: a random 160-bit token goes to the browser, only its
 * SHA-256 is stored; expiry slides forward when the session is used in its second half.
 */
export const SESSION_TTL_MS = 30 * 86_400_000;
const RENEW_BEFORE_MS = 15 * 86_400_000;

/** Who is acting: the signed-in account as every domain function sees it. */

function base32(bytes: Uint8Array): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A random token of 160 bits (32 base32 characters). Used for sessions and e-mailed links. */
export function newToken(): string {
  return base32(crypto.getRandomValues(new Uint8Array(20)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(digest);
}

export async function createSession(d1: D1Database, userId: string, userAgent: string | null, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = now + SESSION_TTL_MS;
  await d1
    .prepare("INSERT INTO sessions (id, user_id, expires_at, created_at, user_agent) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, expiresAt, now, userAgent?.slice(0, 300) ?? null)
    .run();
  return { token, expiresAt };
}

/** Looks a token up; deletes it when expired; slides the expiry when past half its life. */
export async function validateSessionToken(d1: D1Database, token: string, now = Date.now()): Promise<ValidSession | null> {
  if (!isSecretToken(token)) return null;
  const sessionId = await sha256Hex(token);
  const row = await d1
    .prepare(
      `SELECT s.expires_at, u.id, u.role, u.email, u.user_name, u.profile_photo, u.is_verified, u.locale
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
    )
    .bind(sessionId)
    .first<{
      expires_at: number;
      id: string;
      role: Role;
      email: string;
      user_name: string;
      profile_photo: string | null;
      is_verified: number;
      locale: string | null;
    }>();
  if (!row) return null;
  if (row.expires_at <= now) {
    await d1.prepare("DELETE FROM sessions WHERE id = ?").bind(sessionId).run();
    return null;
  }
  let expiresAt = row.expires_at;
  let renewed = false;
  if (expiresAt - now < RENEW_BEFORE_MS) {
    expiresAt = now + SESSION_TTL_MS;
    renewed = true;
    await d1.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(expiresAt, sessionId).run();
  }
  return {
    actor: {
      id: row.id,
      role: row.role,
      email: row.email,
      userName: row.user_name,
      profilePhoto: row.profile_photo,
      isVerified: Boolean(row.is_verified),
      locale: row.locale,
    },
    sessionId,
    expiresAt,
    renewed,
  };
}

export async function invalidateSession(d1: D1Database, token: string): Promise<void> {
  await d1
    .prepare("DELETE FROM sessions WHERE id = ?")
    .bind(await sha256Hex(token))
    .run();
}

/**
 * Starts a session for the account on this request. Whatever session the browser carried is ended
 * first (no session fixation): log-in always issues a new token.
 */
export async function startSession(ctx: Pick<DomainContext, "db" | "now" | "request">, userId: string): Promise<{ token: string; expiresAt: number }> {
  if (ctx.request.previousSessionToken) await invalidateSession(ctx.db, ctx.request.previousSessionToken);
  return createSession(ctx.db, userId, ctx.request.userAgent, ctx.now);
}

/** Ends the session the browser carried (log-out); nothing to do without one. */
export async function endSession(ctx: Pick<DomainContext, "db" | "request">): Promise<void> {
  if (ctx.request.previousSessionToken) await invalidateSession(ctx.db, ctx.request.previousSessionToken);
}

/** Ends every session of a user, or every one but the current (after a password change). */
export async function invalidateUserSessions(d1: D1Database, userId: string, exceptSessionId?: string): Promise<void> {
  if (exceptSessionId) await d1.prepare("DELETE FROM sessions WHERE user_id = ? AND id <> ?").bind(userId, exceptSessionId).run();
  else await d1.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId).run();
}
