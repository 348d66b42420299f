/**
 * One-time codes by SMS (issue 32, docs/decisions/0047-mobile-sign-in.md): 6 digits, stored as an
 * HMAC keyed by OTP_PEPPER (never the code), valid 5 minutes, at most 5 tries per code (each try is
 * one atomic UPDATE that counts it, so parallel guesses cannot pass the limit), a new code only
 * after 30 seconds, and limits per number and per client address. Asking for a sign-in code gets the
 * same answer and the same SMS whether or not the number has an account.
 */
import { type AllowanceRule, type DomainContext, Invalid, TooManyRequests, takeAllowance, takeOrThrow } from "../core/index.ts";
import { hmacSha256Hex, verifyHmacSha256Hex } from "#platform/hmac.ts";
import { log } from "#platform/log.ts";
import { formatIndianMobile } from "#shared/phone-schemas.ts";
import { BASE_LOCALE, getLocale, isLocale, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_AFTER_MS = 30_000;
const HOUR = 3_600_000;

/** Codes sent to one number: 5 an hour and 10 a day, whoever asks. */
export const CODES_PER_NUMBER_HOUR: AllowanceRule = {
  max: 5,
  windowMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_codes_were_sent_to_this({ wait }),
};
export const CODES_PER_NUMBER_DAY: AllowanceRule = {
  max: 10,
  windowMs: 24 * HOUR,
  message: (wait: string) => m.api_limit_too_many_codes_were_sent_to_this_2({ wait }),
};
/** Codes asked for from one network (IPv4 address or IPv6 /64): generous for carrier NAT, a wall against spraying numbers. */
export const CODES_PER_ADDRESS: AllowanceRule = {
  max: 30,
  windowMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_codes_were_asked_for_from({ wait }),
};
/** Codes tried from one network: against guessing across many numbers. */
export const CODE_TRIES_PER_ADDRESS: AllowanceRule = {
  max: 100,
  windowMs: HOUR,
  message: (wait: string) => m.api_limit_too_many_codes_were_tried_from_your({ wait }),
};

export const CODE_MESSAGES = {
  sent: (phone: string) => m.api_code_sent({ phone }),
  resendWait: (seconds: number) => m.api_code_resend_wait({ seconds }),
  wrong: (left: number) => m.api_code_wrong({ left: m.api_code_tries_left({ left }) }),
  get expired() {
    return m.api_code_expired();
  },
  get spent() {
    return m.api_code_spent();
  },
};

export type CodePurpose = "SIGN_IN" | "ADD_PHONE";

/** The row of a code: one live code per number for signing in, one per account and number for adding it. */
export const codeId = (purpose: CodePurpose, phone: string, userId?: string) => (purpose === "SIGN_IN" ? `SIGN_IN:${phone}` : `ADD_PHONE:${userId}:${phone}`);

/** A uniformly random 6-digit code (rejection sampling: no bias towards low codes). */
export function newCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < limit) return String(n! % 1_000_000).padStart(6, "0");
  }
}

function pepperOf(ctx: DomainContext): string {
  const pepper = ctx.config.otpPepper;
  if (!pepper) throw new Error("OTP_PEPPER is not set: one-time codes cannot be stored (docs/deploy.md)");
  return pepper;
}

/** The text of the code's SMS in `locale`: the DLT template "##code## is your Mandap code..." (one per language) filled in. */
export const codeSmsText = (code: string, locale: Locale = BASE_LOCALE) => m.sms_login_code({ code }, { locale });

/**
 * The language of a code's SMS: the account's whose number it is (the signed-in person adding a
 * number, or the account that verified it) when it chose one, else the page's that asked. The
 * same read is made for every number, whether or not it has an account.
 */
async function smsLocale(ctx: DomainContext, phone: string, userId: string | undefined, pageLocale: Locale): Promise<Locale> {
  const saved = userId
    ? await ctx.db.prepare("SELECT locale FROM users WHERE id = ?").bind(userId).first<string | null>("locale")
    : await ctx.db.prepare("SELECT locale FROM users WHERE verified_phone = ?").bind(phone).first<string | null>("locale");
  return isLocale(saved) ? saved : pageLocale;
}

/**
 * Sends a new code to `phone` (E.164) for `purpose`. Refuses (429 with Retry-After) within 30
 * seconds of the last code for the same row, and past the per-number and per-address allowances;
 * all of these answer alike for every number. The SMS goes after the answer.
 */
export async function sendPhoneCode(
  ctx: DomainContext,
  { phone, purpose, userId }: { phone: string; purpose: CodePurpose; userId?: string },
): Promise<{ message: string; phone: string; resendAfterSeconds: number; expiresInSeconds: number }> {
  const { db, now, request: info } = ctx;
  const pepper = pepperOf(ctx);
  if (info.ip) await takeOrThrow(ctx, `sms:address:${info.ip}`, CODES_PER_ADDRESS);
  const id = codeId(purpose, phone, userId);
  const last = await db.prepare("SELECT sent_at FROM phone_codes WHERE id = ?").bind(id).first<{ sent_at: number }>();
  if (last && last.sent_at > now - CODE_RESEND_AFTER_MS) throw resendWait(last.sent_at, now);
  for (const [key, rule] of [
    [`sms:number:1h:${phone}`, CODES_PER_NUMBER_HOUR],
    [`sms:number:1d:${phone}`, CODES_PER_NUMBER_DAY],
  ] as const) {
    const { allowed, until } = await takeAllowance(ctx, key, rule);
    if (!allowed) {
      const seconds = Math.max(1, Math.ceil((until - now) / 1000));
      throw new TooManyRequests(rule.message(waitWords(seconds)), seconds);
    }
  }
  const code = newCode();
  // One statement: of two requests at once only one replaces the code (the other waits its 30 s).
  const written = await db
    .prepare(
      `INSERT INTO phone_codes (id, phone, purpose, user_id, code_hash, attempts, expires_at, sent_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7, ?7)
       ON CONFLICT(id) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, sent_at = excluded.sent_at
       WHERE phone_codes.sent_at <= ?8
       RETURNING id`,
    )
    .bind(id, phone, purpose, userId ?? null, await hmacSha256Hex(pepper, `${id}:${code}`), now + CODE_TTL_MS, now, now - CODE_RESEND_AFTER_MS)
    .first<{ id: string }>();
  if (!written) throw resendWait(now, now);
  const locale = await smsLocale(ctx, phone, userId, getLocale());
  ctx.defer(
    ctx.sms
      .send({ to: phone, template: "LOGIN_CODE", vars: { code }, locale, text: (sent) => codeSmsText(code, sent) })
      .catch((e: unknown) => log.error("code sms failed", { purpose }, e)),
  );
  return {
    message: CODE_MESSAGES.sent(formatIndianMobile(phone)),
    phone,
    resendAfterSeconds: CODE_RESEND_AFTER_MS / 1000,
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

function resendWait(sentAt: number, now: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((sentAt + CODE_RESEND_AFTER_MS - now) / 1000));
  return new TooManyRequests(CODE_MESSAGES.resendWait(seconds), seconds);
}

/**
 * A new code for another destination than a mobile number (an e-mail address being added, issue
 * 32): the same row, hashing, 5 minutes, 5 tries and 30-second resend wait as SMS codes (the
 * `phone` column then holds the address). Returns the code for the caller to send.
 */
export async function writeCode(
  ctx: DomainContext,
  { id, destination, purpose, userId }: { id: string; destination: string; purpose: string; userId: string },
) {
  const { db, now } = ctx;
  const code = newCode();
  const written = await db
    .prepare(
      `INSERT INTO phone_codes (id, phone, purpose, user_id, code_hash, attempts, expires_at, sent_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7, ?7)
       ON CONFLICT(id) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, sent_at = excluded.sent_at
       WHERE phone_codes.sent_at <= ?8
       RETURNING id`,
    )
    .bind(id, destination, purpose, userId, await hmacSha256Hex(pepperOf(ctx), `${id}:${code}`), now + CODE_TTL_MS, now, now - CODE_RESEND_AFTER_MS)
    .first<{ id: string }>();
  if (!written) {
    const last = await db.prepare("SELECT sent_at FROM phone_codes WHERE id = ?").bind(id).first<{ sent_at: number }>();
    throw resendWait(last?.sent_at ?? now, now);
  }
  return code;
}

const waitWords = (seconds: number) =>
  seconds < 60 ? m.api_wait_seconds_plain({ count: seconds }) : m.api_wait_minutes_plain({ count: Math.ceil(seconds / 60) });

/**
 * Checks a code without spending it: counts the try first (one atomic UPDATE that only passes
 * while fewer than 5 tries were made and the code is unexpired), then compares the HMAC in
 * constant time. Throws Invalid naming the `code` field. Returns the code's hash, which
 * `spendCode` needs (so only the code that was checked is spent).
 */
export async function checkPhoneCode(ctx: DomainContext, id: string, code: string): Promise<string> {
  const { db, now, request: info } = ctx;
  if (info.ip) await takeOrThrow(ctx, `otp-check:address:${info.ip}`, CODE_TRIES_PER_ADDRESS);
  const row = await db
    .prepare("UPDATE phone_codes SET attempts = attempts + 1 WHERE id = ? AND expires_at > ? AND attempts < ? RETURNING code_hash, attempts")
    .bind(id, now, CODE_MAX_TRIES)
    .first<{ code_hash: string; attempts: number }>();
  if (!row) {
    const seen = await db.prepare("SELECT attempts, expires_at FROM phone_codes WHERE id = ?").bind(id).first<{ attempts: number; expires_at: number }>();
    const message = seen && seen.expires_at > now && seen.attempts >= CODE_MAX_TRIES ? CODE_MESSAGES.spent : CODE_MESSAGES.expired;
    throw new Invalid(message, { code: message });
  }
  if (!(await verifyHmacSha256Hex(pepperOf(ctx), `${id}:${code}`, row.code_hash))) {
    const left = CODE_MAX_TRIES - row.attempts;
    const message = left > 0 ? CODE_MESSAGES.wrong(left) : `${CODE_MESSAGES.spent}`;
    throw new Invalid(message, { code: message });
  }
  return row.code_hash;
}

/** The statement that spends a checked code (single use: of two at once, one gets the row). */
export const spendCodeStatement = (ctx: DomainContext, id: string, codeHash: string) =>
  ctx.db.prepare("DELETE FROM phone_codes WHERE id = ? AND code_hash = ? RETURNING id").bind(id, codeHash);

/** Spends a checked code now; Invalid when another request spent it first. */
export async function spendCode(ctx: DomainContext, id: string, codeHash: string): Promise<void> {
  const spent = await spendCodeStatement(ctx, id, codeHash).first<{ id: string }>();
  if (!spent) throw new Invalid(CODE_MESSAGES.expired, { code: CODE_MESSAGES.expired });
}
