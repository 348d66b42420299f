import { TooManyRequests } from "./errors.ts";

/**
 * Abuse limits over the rate_limits table: fixed windows per key ("login:account:x@y",
 * "login:ip:1.2.3.4", "reset:address:x@y"). When a key reaches its maximum inside the window it is
 * locked until the lock ends; while locked every attempt fails with 429, even a correct password.
 */
export type LimitRule = { max: number; windowMs: number; lockMs: number; message: string };

const MINUTE = 60_000;
export const LOGIN_PER_ACCOUNT: LimitRule = {
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  message: "Too many failed log-in attempts for this account. Please wait {wait} and try again, or reset your password.",
};
export const LOGIN_PER_IP: LimitRule = {
  max: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  message: "Too many failed log-in attempts from your network. Please wait {wait} and try again.",
};
export const RESET_PER_ADDRESS: LimitRule = {
  max: 3,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  message: "Too many password reset requests for this address. Please wait {wait} before asking again.",
};
export const RESET_PER_IP: LimitRule = {
  max: 10,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  message: "Too many password reset requests from your network. Please wait {wait} before asking again.",
};

type Row = { count: number; window_start: number; locked_until: number | null };

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

function limited(rule: LimitRule, lockedUntil: number, now: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((lockedUntil - now) / 1000));
  return new TooManyRequests(rule.message.replace("{wait}", waitText(seconds)), seconds);
}

/** Throws 429 when the key is locked now. */
export async function assertNotLimited(d1: D1Database, key: string, rule: LimitRule, now = Date.now()): Promise<void> {
  const row = await d1.prepare("SELECT count, window_start, locked_until FROM rate_limits WHERE key = ?").bind(key).first<Row>();
  if (row?.locked_until && row.locked_until > now) throw limited(rule, row.locked_until, now);
}

/**
 * Counts one event against the key (a failed login, a reset request) in one atomic upsert; the
 * count that reaches the maximum sets the lock. Returns the lock end, if any.
 */
export async function countAttempt(d1: D1Database, key: string, rule: LimitRule, now = Date.now()): Promise<number | null> {
  const row = await d1
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start, locked_until) VALUES (?1, 1, ?2, CASE WHEN 1 >= ?3 THEN ?2 + ?5 ELSE NULL END)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?2 - ?4 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?2 - ?4 THEN ?2 ELSE rate_limits.window_start END,
         locked_until = CASE
           WHEN rate_limits.locked_until > ?2 THEN rate_limits.locked_until
           WHEN (CASE WHEN rate_limits.window_start <= ?2 - ?4 THEN 1 ELSE rate_limits.count + 1 END) >= ?3 THEN ?2 + ?5
           ELSE NULL END
       RETURNING locked_until`,
    )
    .bind(key, now, rule.max, rule.windowMs, rule.lockMs)
    .first<{ locked_until: number | null }>();
  return row?.locked_until ?? null;
}

/** Counts a request and refuses it when it goes over the limit (reset requests: every request counts). */
export async function consumeOrThrow(d1: D1Database, key: string, rule: LimitRule, now = Date.now()): Promise<void> {
  await assertNotLimited(d1, key, rule, now);
  const row = await d1
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN ?2 ELSE rate_limits.window_start END
       RETURNING count, window_start`,
    )
    .bind(key, now, rule.windowMs)
    .first<{ count: number; window_start: number }>();
  if (row && row.count > rule.max) {
    const lockedUntil = Math.max(row.window_start + rule.windowMs, now + 1000);
    await d1.prepare("UPDATE rate_limits SET locked_until = ? WHERE key = ?").bind(lockedUntil, key).run();
    throw limited(rule, lockedUntil, now);
  }
}

export async function clearLimit(d1: D1Database, key: string): Promise<void> {
  await d1.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}

/** The client's address as Cloudflare reports it ("local" when run without the edge). */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "local";
}
