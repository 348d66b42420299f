import type { DomainContext } from "./context.ts";
import { TooManyRequests } from "./errors.ts";
import { m } from "#shared/paraglide/messages.js";

/** What the limit functions use of the domain context: the database and the request's clock. */
export type LimitContext = Pick<DomainContext, "db" | "now">;

/**
 * Abuse limits over the rate_limits table (docs/decisions/0013-enumeration-and-login-limits.md).
 *
 * - Delays (log-in failures): every failure is counted per key; after `free` failures each further
 *   failure sets a growing wait (base, 2x, 4x... up to max) before the next attempt is even
 *   checked. Nothing is locked for long and the count decays `resetAfterMs` after the last
 *   failure. A browser that logged in to the account before skips these (accounts/login.ts).
 * - Allowances (sign-ups per address, mails sent per e-mail address): at most `max` events in a
 *   fixed window; the caller decides whether going over refuses (429) or quietly does less.
 *
 * Per-address keys use the client address only where the platform reports it (clientAddress), an
 * IPv6 address counted by its /64.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** `message` says the refusal in the request's language, given the wait in words. */
export type DelayRule = { free: number; baseDelayMs: number; maxDelayMs: number; resetAfterMs: number; message: (wait: string) => string };
export type AllowanceRule = { max: number; windowMs: number; message: (wait: string) => string };

/** Per account: 5 free failures, then 30 s, 1, 2, 4, 8 minutes, at most 15 minutes between attempts. */
export const LOGIN_ACCOUNT_DELAY: DelayRule = {
  free: 5,
  baseDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
  resetAfterMs: 24 * HOUR,
  message: (wait: string) => m.api_limit_too_many_failed_log_in_attempts_for_this({ wait }),
};

/**
 * Per address: far higher, because thousands of people can share one carrier address; 200 free
 * failures an hour, then 5 s doubling up to 5 minutes.
 */
export const LOGIN_ADDRESS_DELAY: DelayRule = {
  free: 200,
  baseDelayMs: 5 * SECOND,
  maxDelayMs: 5 * MINUTE,
  resetAfterMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_failed_log_in_attempts_from_your({ wait }),
};

/** Sign-ups per address (IPv4 address or IPv6 /64): generous for carrier NAT. */
export const SIGNUP_PER_ADDRESS: AllowanceRule = {
  max: 20,
  windowMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_sign_ups_from_your_network_please({ wait }),
};

/** Reset requests per address: only against spraying many inboxes from one network. */
export const RESET_PER_ADDRESS: AllowanceRule = {
  max: 100,
  windowMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_password_reset_requests_from_your({ wait }),
};

/** Mails of one kind actually sent to one e-mail address: one per 2 minutes and 5 per hour. */
export const MAIL_SHORT: AllowanceRule = { max: 1, windowMs: 2 * MINUTE, message: () => "" };
export const MAIL_LONG: AllowanceRule = { max: 5, windowMs: HOUR, message: () => "" };

/** A failed-log-in notice to the owner: at most one per day per account. */
export const LOGIN_NOTICE: AllowanceRule = { max: 1, windowMs: 24 * HOUR, message: () => "" };

export function waitText(seconds: number): string {
  if (seconds < 60) return m.api_wait_seconds({ count: Math.max(1, seconds) });
  return m.api_wait_minutes({ count: Math.ceil(seconds / 60) });
}

function tooMany(message: (wait: string) => string, until: number, now: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new TooManyRequests(message(waitText(seconds)), seconds);
}

/** The wait after the n-th failure (0 while failures are still free). */
export function delayAfter(rule: DelayRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(30, failures - rule.free));
}

/** Throws 429 (with Retry-After) while the key's wait has not passed. */
export async function assertNoDelay({ db, now }: LimitContext, key: string, rule: DelayRule): Promise<void> {
  const row = await db.prepare("SELECT locked_until FROM rate_limits WHERE key = ?").bind(key).first<{ locked_until: number | null }>();
  if (row?.locked_until && row.locked_until > now) throw tooMany(rule.message, row.locked_until, now);
}

/** Counts one failure (one atomic upsert) and sets the wait it earns. Returns the failure count. */
export async function recordFailure({ db, now }: LimitContext, key: string, rule: DelayRule): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start, locked_until) VALUES (?1, 1, ?2, NULL)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = ?2
       RETURNING count`,
    )
    .bind(key, now, rule.resetAfterMs)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  const delay = delayAfter(rule, count);
  if (delay > 0)
    await db
      .prepare("UPDATE rate_limits SET locked_until = max(coalesce(locked_until, 0), ?) WHERE key = ?")
      .bind(now + delay, key)
      .run();
  return count;
}

export async function clearLimit({ db }: LimitContext, key: string): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}

/**
 * Takes one event from a fixed-window allowance (one atomic upsert). Returns whether it was within
 * the allowance and, when not, the seconds until the window ends.
 */
export async function takeAllowance({ db, now }: LimitContext, key: string, rule: AllowanceRule): Promise<{ allowed: boolean; until: number }> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN ?2 ELSE rate_limits.window_start END
       RETURNING count, window_start`,
    )
    .bind(key, now, rule.windowMs)
    .first<{ count: number; window_start: number }>();
  const count = row?.count ?? 1;
  return { allowed: count <= rule.max, until: (row?.window_start ?? now) + rule.windowMs };
}

/** Takes one event from the allowance or refuses with 429 and the rule's message. */
export async function takeOrThrow(ctx: LimitContext, key: string, rule: AllowanceRule): Promise<void> {
  const { allowed, until } = await takeAllowance(ctx, key, rule);
  if (!allowed) throw tooMany(rule.message, until, ctx.now);
}

/**
 * Whether a mail of this kind may be sent to this address now (one per 2 minutes, five an hour).
 * Requests over it are still answered the same; they just send nothing.
 */
export async function maySendMail(ctx: LimitContext, kind: string, email: string): Promise<boolean> {
  const short = await takeAllowance(ctx, `mail:${kind}:2m:${email}`, MAIL_SHORT);
  if (!short.allowed) return false;
  return (await takeAllowance(ctx, `mail:${kind}:1h:${email}`, MAIL_LONG)).allowed;
}

// ---------------------------------------------------------------------------------------------
// The client's address

const LOCAL_HOST =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[::1?\]|\[f[cd][0-9a-f]*:.*\]|\[fe[89ab][0-9a-f]*:.*\])$/i;

/**
 * Whether the request came through Cloudflare's edge, which sets `cf-connecting-ip` itself and
 * overwrites any value a client sent: `request.cf` is present and the site is not served from a
 * local host. (The local server, Miniflare, also fills `request.cf`, and keeps a client's own
 * `cf-connecting-ip`, so a local or LAN host is never trusted.)
 */
export function onCloudflareEdge(request: Request): boolean {
  const cf = (request as Request & { cf?: unknown }).cf;
  if (!cf || typeof cf !== "object") return false;
  return !LOCAL_HOST.test(new URL(request.url).hostname);
}

/**
 * The client's address for per-address limits, as a key: an IPv4 address, or an IPv6 address's
 * /64 ("2001:db8:1:2::/64"). Null where the platform does not report it (the local server, tests):
 * per-address limits then do not apply, and a client-sent header is never believed.
 * `x-real-ip`, `x-forwarded-for` and the like are ignored everywhere.
 */
export function clientAddress(request: Request): string | null {
  if (!onCloudflareEdge(request)) return null;
  const raw = request.headers.get("cf-connecting-ip");
  return raw ? addressKey(raw) : null;
}

/** An address as a limit key: IPv4 as is, IPv6 by its /64, IPv4-mapped IPv6 as IPv4; null if malformed. */
export function addressKey(raw: string): string | null {
  const ip = raw
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function isIPv4(ip: string): boolean {
  const parts = ip.split(".");
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function ipv6Groups(ip: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(ip) || ip.length > 45) return null;
  let text = ip;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    if (!isIPv4(v4[1]!)) return null;
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, -v4[1]!.length);
    if (text.endsWith(":") && !text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s ? s.split(":") : []).map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const given = head.length + rest.length + tail.length;
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 && given !== 8) return null;
  if (halves.length === 2 && given > 7) return null;
  return [...head, ...Array(8 - given).fill(0), ...rest, ...tail];
}
