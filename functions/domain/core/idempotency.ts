import type { DomainContext } from "./context.ts";
import { Conflict, DomainError } from "./errors.ts";
import { toHex } from "#shared/tokens.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Writes that happen once however often they are sent (issue 28: a double tap or a retry stored
 * two guests, budget lines, functions, messages or comments, and 4 identical imports at once
 * stored 8 guests). API clients send an `Idempotency-Key` header (functions/api/endpoint.ts,
 * `idempotent: true`); page forms carry a one-time token (app/lib/once-token.tsx). Either way:
 *
 * - the key is claimed by inserting its row: the primary key lets exactly one request win, also
 *   when several arrive at once;
 * - the winner runs the write and stores its answer (status and body) on the row; a repeat gets
 *   that answer again, marked replayed, and writes nothing;
 * - a repeat while the first is still running is told so (409, try again in a moment);
 * - the same key with a different request (another body or path) is refused (422): a key names
 *   one request;
 * - a write that fails (a refusal, an error) releases the key, so a corrected retry can use it;
 * - keys are scoped to who asks (the account, or for a visitor their address) and last a day; the
 *   daily job deletes expired rows.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;
/** A key: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Each read says the message in the request's language (shared/say.ts). */
export const IDEMPOTENCY_MESSAGES = {
  get badKey() {
    return m.api_idempotency_bad_key({ max: IDEMPOTENCY_KEY_MAX });
  },
  get inFlight() {
    return m.api_idempotency_in_flight();
  },
  get mismatch() {
    return m.api_idempotency_mismatch();
  },
};

/** The same key sent with another request (422). */
export class IdempotencyMismatch extends DomainError {
  readonly status = 422;
  constructor() {
    super(IDEMPOTENCY_MESSAGES.mismatch);
  }
}

/** A repeat while the first request with its key is still running (409). */
export class IdempotencyInFlight extends Conflict {
  constructor() {
    super(IDEMPOTENCY_MESSAGES.inFlight);
  }
}

export type StoredAnswer = { status: number; body: string; contentType: string };

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(digest);
}

/** Who a key belongs to: the account, or a visitor's address (keys of visitors without one share a scope). */
function owner(ctx: Pick<DomainContext, "actor" | "request">): string {
  return ctx.actor ? `user:${ctx.actor.id}` : `visitor:${ctx.request.ip ?? "unknown"}`;
}

/**
 * Runs `write` once for `key`. `request` describes what is asked (method, path and the parsed
 * input, as a string): a repeat must describe the same. Returns the answer and whether it is a
 * replay. Only answers with a status below 300 are kept (`keep` says otherwise: a page's redirect
 * back after a save is its success); anything else (or a throw) frees the key.
 */
export async function runOnce(
  ctx: Pick<DomainContext, "db" | "now" | "actor" | "request">,
  key: string,
  request: string,
  write: () => Promise<StoredAnswer>,
  { keep = (status: number) => status < 300 }: { keep?: (status: number) => boolean } = {},
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const [id, fingerprint] = await Promise.all([sha256(`${owner(ctx)}\n${key}`), sha256(request)]);
  const [, claim] = await ctx.db.batch([
    // A key past its day may be used again before the daily job has deleted it.
    ctx.db.prepare("DELETE FROM idempotency_keys WHERE id = ? AND expires_at <= ?").bind(id, ctx.now),
    ctx.db
      .prepare("INSERT INTO idempotency_keys (id, fingerprint, created_at, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
      .bind(id, fingerprint, ctx.now, ctx.now + IDEMPOTENCY_TTL_MS),
  ]);
  if ((claim?.meta.changes ?? 0) === 0) {
    const row = await ctx.db
      .prepare("SELECT fingerprint, status, body, content_type FROM idempotency_keys WHERE id = ?")
      .bind(id)
      .first<{ fingerprint: string; status: number | null; body: string | null; content_type: string | null }>();
    if (!row) return runOnce(ctx, key, request, write, { keep }); // freed in between (the first failed): claim it now
    if (row.fingerprint !== fingerprint) throw new IdempotencyMismatch();
    if (row.status === null) throw new IdempotencyInFlight();
    return { answer: { status: row.status, body: row.body ?? "", contentType: row.content_type ?? "application/json" }, replayed: true };
  }
  const release = () => ctx.db.prepare("DELETE FROM idempotency_keys WHERE id = ? AND status IS NULL").bind(id).run();
  let answer: StoredAnswer;
  try {
    answer = await write();
  } catch (error) {
    await release();
    throw error;
  }
  if (!keep(answer.status)) {
    await release();
    return { answer, replayed: false };
  }
  await ctx.db
    .prepare("UPDATE idempotency_keys SET status = ?, body = ?, content_type = ? WHERE id = ?")
    .bind(answer.status, answer.body, answer.contentType, id)
    .run();
  return { answer, replayed: false };
}

/** The daily job: keys past their day. */
export async function purgeExpiredIdempotencyKeys(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare("DELETE FROM idempotency_keys WHERE expires_at <= ?").bind(now).run();
  return res.meta.changes ?? 0;
}
