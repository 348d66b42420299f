import { type DomainContext, newToken, sha256Hex } from "../core/index.ts";
import { isSecretToken } from "#shared/tokens.ts";

/**
 * Remembered devices (OWASP's "device cookies"): a browser that logged in to an account gets a
 * random 160-bit token in a long-lived HttpOnly cookie; only its SHA-256 is stored, per account.
 * A log-in attempt carrying a live token for the account it names skips the per-account and
 * per-address delays, so nobody can lock an owner out of an account from the owner's own browser.
 * A token that collects too many failures of its own is forgotten (a stolen cookie cannot be used
 * to guess without delays). A password reset forgets every device of the account.
 */
export const DEVICE_TTL_MS = 365 * 86_400_000;
export const DEVICE_MAX_FAILURES = 10;
/** How many accounts one browser remembers (a couple's and a vendor's, say). */
export const DEVICE_TOKENS_PER_BROWSER = 3;

export type RememberedDevice = { id: string; token: string };

/** The live device among the tokens the browser carried (ctx.request.deviceTokens) that belongs to this account, if any. */
export async function findDevice(ctx: Pick<DomainContext, "db" | "now" | "request">, userId: string): Promise<RememberedDevice | null> {
  const { db, now } = ctx;
  for (const token of (ctx.request.deviceTokens ?? []).slice(0, DEVICE_TOKENS_PER_BROWSER)) {
    if (!isSecretToken(token)) continue;
    const id = await sha256Hex(token);
    const row = await db
      .prepare("SELECT id FROM remembered_devices WHERE id = ? AND user_id = ? AND expires_at > ? AND failures < ?")
      .bind(id, userId, now, DEVICE_MAX_FAILURES)
      .first<{ id: string }>();
    if (row) return { id, token };
  }
  return null;
}

/** Remembers this browser for the account (or refreshes the device it already is). */
export async function rememberDevice({ db, now }: Pick<DomainContext, "db" | "now">, userId: string, existing: RememberedDevice | null): Promise<string> {
  if (existing) {
    await db
      .prepare("UPDATE remembered_devices SET last_used_at = ?, expires_at = ?, failures = 0 WHERE id = ?")
      .bind(now, now + DEVICE_TTL_MS, existing.id)
      .run();
    return existing.token;
  }
  const token = newToken();
  await db
    .prepare("INSERT INTO remembered_devices (id, user_id, failures, created_at, last_used_at, expires_at) VALUES (?, ?, 0, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, now, now, now + DEVICE_TTL_MS)
    .run();
  return token;
}

/** Counts a failed attempt made from a remembered device; past the maximum it is no longer trusted. */
export async function recordDeviceFailure({ db }: Pick<DomainContext, "db">, device: RememberedDevice): Promise<void> {
  await db.prepare("UPDATE remembered_devices SET failures = failures + 1 WHERE id = ?").bind(device.id).run();
}

/** The browser's new cookie value: this account's token first, then up to two others it carried. */
export function deviceCookieValue(current: string, carried: string[]): string {
  const others = carried.filter((t) => t !== current && isSecretToken(t));
  return [current, ...others].slice(0, DEVICE_TOKENS_PER_BROWSER).join(".");
}
