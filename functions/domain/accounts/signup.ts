/** Sign-up (couples and vendors) through the e-mailed link, and e-mail verification. */
import { audienceOf, composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { getLocale } from "#shared/locale.ts";
import type { RegisterUserInput, RegisterVendorInput } from "#shared/account-schemas.ts";
import {
  type DomainContext,
  Conflict,
  Invalid,
  TooManyRequests,
  Unauthorized,
  requireSignedIn,
  newId,
  maySendMail,
  SIGNUP_PER_ADDRESS,
  takeOrThrow,
  newToken,
  sha256Hex,
} from "../core/index.ts";
import { slugify } from "#shared/slug.ts";
import type { Role } from "#db/schema/identity.ts";
import { hashPassword, verifyPassword } from "#platform/password.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";
import { consumeStatement, issueAuthToken, peekAuthToken } from "./auth-tokens.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { checkPlace } from "./places.ts";
import { trialStatements } from "../billing/index.ts";
import {
  type SessionStart,
  doorOf,
  forgotPath,
  insertCoupleAccount,
  isUniqueEmailViolation,
  isUniquePhoneViolation,
  loginPath,
  PHONE_TAKEN,
  sendMail,
  startRememberedSession,
  userByEmail,
  userById,
} from "./account-common.ts";
import { isSecretToken } from "#shared/tokens.ts";
import { m } from "#shared/paraglide/messages.js";

// ---------------------------------------------------------------------------------------------
// Sign-up: nothing is created until the e-mailed link is opened (docs/decisions/0013)

export const SIGNUP_TTL_MS = 48 * 3_600_000;

/** The same answer for every accepted sign-up, whether or not the address has an account. */
export const signupAccepted = (email: string) => ({ message: ACCOUNT_MESSAGES.signupSent(email), email });

type PendingSignup = {
  email: string;
  role: "USER" | "VENDOR";
  user_name: string;
  password_hash: string;
  phone: string | null;
  business_name: string | null;
  business_category: string | null;
  state: string | null;
  city: string | null;
};

type SignupRequest = Omit<PendingSignup, "password_hash"> & { password: string };

/**
 * Accepts a sign-up. From the outside every accepted sign-up looks the same (202, the same
 * message, the same work: a password hash, one lookup, one write, at most one mail sent after the
 * answer): a new address gets a link that finishes the sign-up; an address that already has an
 * account gets a mail telling its owner how to log in or reset the password. Mails to one address
 * are limited (maySendMail); a request over the limit is answered the same and changes nothing, so
 * the link already sent stays the one that works.
 */
async function acceptSignup(ctx: DomainContext, request: SignupRequest, next: string | null = null): Promise<{ message: string; email: string }> {
  const { db: d1, now, request: info } = ctx;
  // Where the mailed link sends the person once signed in (an invitation to plan a wedding): a path on this site only.
  const back = safeRedirectPath(next, info.origin);
  const thenBack = back ? `redirectTo=${encodeURIComponent(back)}` : "";
  if (info.ip) await takeOrThrow(ctx, `signup:address:${info.ip}`, SIGNUP_PER_ADDRESS);
  const passwordHash = await hashPassword(request.password);
  const existing = await userByEmail(d1, request.email);
  const send = await maySendMail(ctx, "signup", request.email);
  if (existing) {
    // An account already exists: a pending sign-up for the address can never finish.
    await d1.prepare("DELETE FROM pending_signups WHERE email = ?").bind(request.email).run();
    if (send) {
      const door = doorOf(existing.role);
      // In the account's language, not the sign-up page's.
      const locale = mailLocale(existing.locale);
      sendMail(
        ctx,
        composeMail({
          to: existing.email,
          locale,
          subject: messages.mail_signup_exists_subject({}, { locale }),
          audience: audienceOf(existing.role),
          origin: info.origin,
          greeting: messages.mail_namaste({ name: existing.user_name }, { locale }),
          body: [
            messages.mail_signup_exists_intro({}, { locale }),
            { link: { label: messages.mail_log_in({}, { locale }), url: `${info.origin}${loginPath(door)}${thenBack ? `?${thenBack}` : ""}` } },
            messages.mail_signup_exists_forgot({ url: `${info.origin}${forgotPath(door)}` }, { locale }),
            messages.mail_signup_exists_not_you({}, { locale }),
          ],
          reason: messages.mail_signup_exists_reason({}, { locale }),
        }),
      );
    }
  } else if (send) {
    const token = newToken();
    await d1
      .prepare(
        `INSERT INTO pending_signups (email, token_hash, role, user_name, password_hash, phone, business_name, state, city, expires_at, created_at, business_category)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
         ON CONFLICT(email) DO UPDATE SET token_hash = ?2, role = ?3, user_name = ?4, password_hash = ?5, phone = ?6, business_name = ?7, state = ?8, city = ?9, expires_at = ?10, created_at = ?11, business_category = ?12`,
      )
      .bind(
        request.email,
        await sha256Hex(token),
        request.role,
        request.user_name,
        passwordHash,
        request.phone,
        request.business_name,
        request.state,
        request.city,
        now + SIGNUP_TTL_MS,
        now,
        request.business_category,
      )
      .run();
    // No account yet: the language of the sign-up page.
    const locale = mailLocale(getLocale());
    sendMail(
      ctx,
      composeMail({
        to: request.email,
        locale,
        subject: messages.mail_signup_confirm_subject({}, { locale }),
        audience: "visitor",
        origin: info.origin,
        greeting: messages.mail_namaste({ name: request.user_name }, { locale }),
        body: [
          request.role === "VENDOR"
            ? messages.mail_signup_confirm_intro_vendor({ business: request.business_name ?? "" }, { locale })
            : messages.mail_signup_confirm_intro({}, { locale }),
          {
            link: {
              label: messages.mail_confirm_email_button({}, { locale }),
              url: `${info.origin}/verify-email?token=${token}${thenBack ? `&${thenBack}` : ""}`,
            },
          },
          messages.mail_signup_confirm_ignore({}, { locale }),
        ],
        reason: messages.mail_signup_confirm_reason({}, { locale }),
      }),
    );
  } else {
    // Over the mail limit: nothing changes (the same kind of write keeps the timing alike).
    await d1.prepare("UPDATE pending_signups SET email = email WHERE email = ?").bind(request.email).run();
  }
  return signupAccepted(request.email);
}

/** A couple's sign-up; `next` is where the mailed link leads after it (the invitation to plan a wedding the person came from). */
export async function registerUser(ctx: DomainContext, input: RegisterUserInput, next: string | null = null) {
  return acceptSignup(
    ctx,
    {
      email: input.email,
      role: "USER",
      user_name: input.user_name,
      password: input.password,
      phone: input.phone ?? null,
      business_name: null,
      business_category: null,
      state: null,
      city: null,
    },
    next,
  );
}

/** A vendor's sign-up: the city must be one of the state's in the location data (400 naming the field). */
export async function registerVendor(ctx: DomainContext, input: RegisterVendorInput) {
  const place = checkPlace(input.state, input.city);
  return acceptSignup(ctx, {
    email: input.email,
    role: "VENDOR",
    user_name: input.user_name,
    password: input.password,
    phone: input.phone_number,
    business_name: input.name,
    business_category: input.business_category,
    state: place.state,
    city: place.city,
  });
}

/** What a verification link is: a sign-up waiting to finish, a (legacy) e-mail check, or nothing. */
export async function verificationLinkKind(ctx: DomainContext, token: string): Promise<"signup" | "verify" | null> {
  if (!isSecretToken(token)) return null;
  const pending = await ctx.db
    .prepare("SELECT 1 AS ok FROM pending_signups WHERE token_hash = ? AND expires_at > ?")
    .bind(await sha256Hex(token), ctx.now)
    .first();
  if (pending) return "signup";
  return (await peekAuthToken(ctx, token, "VERIFY_EMAIL")) ? "verify" : null;
}

/**
 * Finishes a sign-up from its e-mailed link: the link proves the inbox, the password proves the
 * person who chose it (so someone who signed up with another person's address cannot finish it
 * with the link that person receives). Creates the verified account (a vendor's with its business
 * profile), spends the link and signs in.
 */
export async function completeSignup(
  ctx: DomainContext,
  { token, password }: { token: string; password: string | undefined },
): Promise<SessionStart & { role: Role; welcomeName: string }> {
  const { db: d1, now } = ctx;
  if (!isSecretToken(token)) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  const tokenHash = await sha256Hex(token);
  const pending = await d1.prepare("SELECT * FROM pending_signups WHERE token_hash = ? AND expires_at > ?").bind(tokenHash, now).first<PendingSignup>();
  if (!pending) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  if (!password) throw new Invalid(ACCOUNT_MESSAGES.signupPasswordNeeded, { password: ACCOUNT_MESSAGES.signupPasswordNeeded });
  if (!(await verifyPassword(password, pending.password_hash)))
    throw new Invalid(ACCOUNT_MESSAGES.signupPasswordWrong, { password: ACCOUNT_MESSAGES.signupPasswordWrong });
  // Spend the link first: of two clicks at once only one gets the row.
  const taken = await d1
    .prepare("DELETE FROM pending_signups WHERE token_hash = ? AND expires_at > ? RETURNING email")
    .bind(tokenHash, now)
    .first<{ email: string }>();
  if (!taken) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  const id = newId(now);
  if (pending.role === "VENDOR") {
    await insertVendorAccount(d1, {
      id,
      email: pending.email,
      passwordHash: pending.password_hash,
      userName: pending.user_name,
      phone: pending.phone ?? "",
      name: pending.business_name ?? pending.user_name,
      category: pending.business_category,
      state: pending.state ?? "",
      city: pending.city ?? "",
      verified: true,
      now,
      // The free trial starts with the verified account, in its batch (functions/domain/billing/subscriptions.ts).
      then: await trialStatements(d1, { id, email: pending.email }, now),
    });
  } else {
    await insertCoupleAccount(d1, { id, email: pending.email, passwordHash: pending.password_hash, userName: pending.user_name, phone: pending.phone, now });
  }
  ctx.events.record({
    event: "signup",
    labels: [pending.role === "VENDOR" ? "vendor" : "couple", "email", pending.role === "VENDOR" ? pending.business_category : null],
  });
  const start = await startRememberedSession(ctx, id, null);
  return { ...start, role: pending.role, welcomeName: pending.role === "VENDOR" ? (pending.business_name ?? pending.user_name) : pending.user_name };
}

/**
 * The first free slug for a business: the name's slug, then "-<city>", then "-2", "-3"... Taken
 * slugs are read with a prefix range (slug >= "base-" AND slug < "base."), not LIKE: D1 refuses
 * LIKE patterns over 50 bytes, which a long business name makes.
 */
async function uniqueVendorSlug(d1: D1Database, name: string, city: string, randomTail: boolean): Promise<string> {
  const base = slugify(name).slice(0, 80).replace(/-+$/, "") || "vendor";
  if (randomTail) return `${base}-${newToken().slice(0, 6)}`;
  const { results } = await d1
    .prepare("SELECT slug FROM vendors WHERE slug = ?1 OR (slug >= ?1 || '-' AND slug < ?1 || '.')")
    .bind(base)
    .all<{ slug: string }>();
  const taken = new Set(results.map((r) => r.slug));
  if (!taken.has(base)) return base;
  const withCity = slugify(city) ? `${base}-${slugify(city)}` : base;
  if (!taken.has(withCity)) return withCity;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type NewVendor = {
  id: string;
  /** The log-in e-mail address; "" for an account made with a mobile number only. */
  email: string;
  /** The verified mobile number (E.164) of an account made with one. */
  verifiedPhone?: string | null;
  passwordHash: string | null;
  userName: string;
  phone: string;
  name: string;
  category: string | null;
  state: string;
  city: string;
  verified: boolean;
  now: number;
  /** Statements that run in the account's batch, after it is written (the free trial). */
  then?: D1PreparedStatement[];
};

/**
 * Writes a vendor's identity row and business profile in one atomic batch. Two sign-ups with the
 * same business name at the same moment may pick the same slug; the loser's batch fails on the
 * unique slug and is retried with the next free one (a random tail after many collisions).
 */
export async function insertVendorAccount(d1: D1Database, v: NewVendor): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const slug = await uniqueVendorSlug(d1, v.name, v.city, attempt >= 12);
    try {
      await d1.batch([
        d1
          .prepare(
            "INSERT INTO users (id, email, password_hash, user_name, phone, verified_phone, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'VENDOR', ?, ?, ?)",
          )
          .bind(v.id, v.email, v.passwordHash, v.userName, v.phone, v.verifiedPhone ?? null, v.verified ? 1 : 0, v.now, v.now),
        d1
          .prepare(
            "INSERT INTO vendors (user_id, slug, business_name, business_category, phone, email, state, city, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .bind(v.id, slug, v.name, v.category, v.phone, v.email || null, v.state, v.city, v.now, v.now),
        ...(v.then ?? []),
      ]);
      return;
    } catch (e) {
      if (isUniqueEmailViolation(e)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
      if (isUniquePhoneViolation(e)) throw new Conflict(PHONE_TAKEN());
      if (e instanceof Error && /vendors\.slug/.test(e.message)) continue;
      throw e;
    }
  }
  throw new Conflict(m.api_e_another_business_just_took_that_name_please());
}

// ---------------------------------------------------------------------------------------------
// E-mail verification

/**
 * Spends a verification token; marks the account's e-mail address verified. A vendor's business
 * profile is not touched: "Verified vendor" comes only from an admin's check.
 */
export async function verifyEmail(ctx: DomainContext, { token }: { token: string }): Promise<{ message: string; userId: string; role: Role }> {
  const { db: d1, now } = ctx;
  const userId = await peekAuthToken(ctx, token, "VERIFY_EMAIL");
  if (!userId) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  const spent = "EXISTS (SELECT 1 FROM auth_tokens WHERE user_id = ?1 AND purpose = 'VERIFY_EMAIL' AND used_at = ?2)";
  const user = await userById(d1, userId);
  const [consumed] = await d1.batch<{ user_id: string }>([
    await consumeStatement(ctx, token, "VERIFY_EMAIL"),
    d1.prepare(`UPDATE users SET is_verified = 1, updated_at = ?2 WHERE id = ?1 AND ${spent}`).bind(userId, now),
    // A vendor's free trial starts when their e-mail is verified (only once the row above is verified).
    ...(user?.role === "VENDOR"
      ? await trialStatements(
          d1,
          { id: user.id, email: user.email },
          now,
          "EXISTS (SELECT 1 FROM auth_tokens WHERE user_id = ?2 AND purpose = 'VERIFY_EMAIL' AND used_at = ?3)",
        )
      : []),
  ]);
  if (!consumed?.results.length) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  return { message: ACCOUNT_MESSAGES.verified, userId, role: user?.role ?? "USER" };
}

export async function resendVerification(ctx: DomainContext): Promise<{ message: string }> {
  const user = await userById(ctx.db, requireSignedIn(ctx.actor).id);
  if (!user) throw new Unauthorized();
  if (user.is_verified) return { message: m.api_e_your_e_mail_address_is_already_verified() };
  if (!(await maySendMail(ctx, "verify", user.email))) throw new TooManyRequests(m.api_e_we_sent_a_verification_link_a_moment(), 120);
  await sendVerification(ctx, user);
  return { message: m.api_verification_link_sent({ email: user.email }) };
}

async function sendVerification(ctx: DomainContext, user: { id: string; email: string; user_name: string; locale: string | null }) {
  const token = await issueAuthToken(ctx, user.id, "VERIFY_EMAIL");
  const link = `${ctx.request.origin}/verify-email?token=${token}`;
  const locale = mailLocale(user.locale);
  await ctx.mail.send(
    composeMail({
      to: user.email,
      locale,
      subject: messages.mail_verify_subject({}, { locale }),
      audience: "member",
      origin: ctx.request.origin,
      greeting: messages.mail_namaste({ name: user.user_name }, { locale }),
      body: [
        messages.mail_verify_intro({}, { locale }),
        { link: { label: messages.mail_verify_button({}, { locale }), url: link } },
        messages.mail_verify_ignore({}, { locale }),
      ],
      reason: messages.mail_verify_reason({}, { locale }),
    }),
  );
}
