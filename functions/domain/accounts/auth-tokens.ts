import { type DomainContext, newToken, sha256Hex } from "../core/index.ts";
import { isSecretToken } from "#shared/tokens.ts";

type TokenContext = Pick<DomainContext, "db" | "now">;

/**
 * Single-use, expiring tokens for e-mail verification and password reset. The link carries a
 * random 160-bit token; only its SHA-256 is stored. Issuing a new token for a purpose replaces
 * the earlier unused ones; consuming marks it used in the same statement that checks it.
 */
export type TokenPurpose = "VERIFY_EMAIL" | "RESET_PASSWORD";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 48 * 3_600_000,
  RESET_PASSWORD: 60 * 60_000,
};

export async function issueAuthToken({ db, now }: TokenContext, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  await db.batch([
    db.prepare("DELETE FROM auth_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL").bind(userId, purpose),
    db
      .prepare("INSERT INTO auth_tokens (id, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(await sha256Hex(token), userId, purpose, now + TOKEN_TTL_MS[purpose], now),
  ]);
  return token;
}

/** The statement that consumes a token, to run in a batch with the write it authorises. */
export async function consumeStatement({ db, now }: TokenContext, token: string, purpose: TokenPurpose): Promise<D1PreparedStatement> {
  return db
    .prepare("UPDATE auth_tokens SET used_at = ? WHERE id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id")
    .bind(now, await sha256Hex(token), purpose, now);
}

/** Looks a token up without using it: the user it belongs to when it is unused and unexpired. */
export async function peekAuthToken({ db, now }: TokenContext, token: string, purpose: TokenPurpose): Promise<string | null> {
  if (!isSecretToken(token)) return null;
  const row = await db
    .prepare("SELECT user_id FROM auth_tokens WHERE id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?")
    .bind(await sha256Hex(token), purpose, now)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}
