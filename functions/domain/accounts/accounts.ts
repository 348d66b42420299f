import type { RegisterUserInput, RegisterVendorInput, UpdateUserInput, UpdateVendorInput } from "#shared/account-schemas.ts";
import {
  type DomainContext,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  TooManyRequests,
  Unauthorized,
  ACCESS,
  requireRole,
  requireSignedIn,
  newId,
  assertNoDelay,
  clearLimit,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ADDRESS_DELAY,
  LOGIN_NOTICE,
  maySendMail,
  recordFailure,
  RESET_PER_ADDRESS,
  SIGNUP_PER_ADDRESS,
  takeAllowance,
  takeOrThrow,
  endSession,
  invalidateUserSessions,
  newToken,
  sha256Hex,
  startSession,
  auditEntry,
} from "../core/index.ts";
import { slugify } from "#shared/slug.ts";
import { placeOfCity } from "#shared/checklist.ts";
import type { Role } from "#db/schema/identity.ts";
import type { MailMessage } from "#platform/mail.ts";
import { hashPassword, verifyPassword } from "#platform/password.ts";
import { GoogleTokenError, verifyGoogleIdToken, type KeySource } from "#platform/google.ts";
import { consumeStatement, issueAuthToken, peekAuthToken } from "./auth-tokens.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { checkPlace } from "./places.ts";
import { deleteVendorAccount } from "./vendor-settings.ts";
import { deviceCookieValue, findDevice, recordDeviceFailure, rememberDevice, type RememberedDevice } from "./remembered-devices.ts";
import { trialStatements } from "../billing/index.ts";

/**
 * Accounts and access: sign-up, log-in (two doors to one identity table: couples and admins use
 * the couples' door, vendors their own), Google sign-in, e-mail verification, password reset and
 * change, profile edits, deletion and the admin role calls. Pages and API both call these, each
 * with the request's domain context first: `fn(ctx, input)`.
 */
export type Door = "user" | "vendor";

/** What the client learns about the signed-in account (GET /users/me and the login answers). */
export type AccountView = {
  id: string;
  email: string;
  user_name: string;
  role: Role;
  profile_photo: string | null;
  is_verified: boolean;
  phone: string | null;
  wedding_date: string | null;
  wedding_city: string | null;
  /** The couple's planning profile: partner's name, estimated guests, total budget (whole rupees), daily reminder e-mail opt-in. */
  partner_name: string | null;
  guest_estimate: number | null;
  total_budget: number | null;
  planning_reminders: boolean;
  has_password: boolean;
  vendor: {
    slug: string;
    name: string;
    business_category: string | null;
    /** The public contact address (may differ from the log-in e-mail). */
    email: string | null;
    logo_key: string | null;
    phone_number: string | null;
    state: string | null;
    city: string | null;
    tagline: string | null;
    description: string | null;
    facebook: string | null;
    instagram: string | null;
    website: string | null;
  } | null;
};

type UserRow = {
  id: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  user_name: string;
  role: Role;
  profile_photo: string | null;
  is_verified: number;
  phone: string | null;
  wedding_date: string | null;
  wedding_city: string | null;
  partner_name: string | null;
  guest_estimate: number | null;
  total_budget: number | null;
  planning_reminders: number;
};

/** A started session; `deviceCookie` is the remembered-device cookie value to set, when there is one. */
export type SessionStart = { token: string; expiresAt: number; account: AccountView; deviceCookie?: string };

const userByEmail = (d1: D1Database, email: string) => d1.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();
const userById = (d1: D1Database, id: string) => d1.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();

async function accountView(d1: D1Database, userId: string): Promise<AccountView | null> {
  const row = await userById(d1, userId);
  if (!row) return null;
  let vendor: AccountView["vendor"] = null;
  if (row.role === "VENDOR") {
    const v = await d1
      .prepare(
        "SELECT slug, business_name, business_category, email, logo_key, phone, state, city, tagline, description, facebook, instagram, website FROM vendors WHERE user_id = ?",
      )
      .bind(userId)
      .first<{
        slug: string;
        business_name: string;
        business_category: string | null;
        email: string | null;
        logo_key: string | null;
        phone: string | null;
        state: string | null;
        city: string | null;
        tagline: string | null;
        description: string | null;
        facebook: string | null;
        instagram: string | null;
        website: string | null;
      }>();
    if (v)
      vendor = {
        slug: v.slug,
        name: v.business_name,
        business_category: v.business_category,
        email: v.email,
        logo_key: v.logo_key,
        phone_number: v.phone,
        state: v.state,
        city: v.city,
        tagline: v.tagline,
        description: v.description,
        facebook: v.facebook,
        instagram: v.instagram,
        website: v.website,
      };
  }
  return {
    id: row.id,
    email: row.email,
    user_name: row.user_name,
    role: row.role,
    profile_photo: row.profile_photo,
    is_verified: Boolean(row.is_verified),
    phone: row.phone,
    wedding_date: row.wedding_date,
    wedding_city: row.wedding_city,
    partner_name: row.partner_name,
    guest_estimate: row.guest_estimate,
    total_budget: row.total_budget,
    planning_reminders: Boolean(row.planning_reminders),
    has_password: Boolean(row.password_hash),
    vendor,
  };
}

/**
 * A new session (the one the browser carried ends: no session fixation) plus "remember this
 * browser" for the account, after a password or Google log-in or a finished sign-up.
 */
async function startRememberedSession(ctx: DomainContext, userId: string, device: RememberedDevice | null): Promise<SessionStart> {
  const { token, expiresAt } = await startSession(ctx, userId);
  const account = await accountView(ctx.db, userId);
  if (!account) throw new Unauthorized();
  const deviceToken = await rememberDevice(ctx, userId, device);
  return { token, expiresAt, account, deviceCookie: deviceCookieValue(deviceToken, ctx.request.deviceTokens ?? []) };
}

function isUniqueEmailViolation(e: unknown): boolean {
  return e instanceof Error && /UNIQUE constraint failed: users\.email/.test(e.message);
}

const doorOf = (role: Role): Door => (role === "VENDOR" ? "vendor" : "user");
const changePasswordPath = (door: Door) => (door === "vendor" ? "/vendor-change-password" : "/user-change-password");
const loginPath = (door: Door) => (door === "vendor" ? "/vendorLogin" : "/login");
const forgotPath = (door: Door) => (door === "vendor" ? "/vendor-forgot-password" : "/user-forgot-password");

/**
 * Sends a mail after the answer (ctx.defer), so known and unknown addresses answer in the same
 * time; a failed send is logged, never shown to the requester.
 */
function sendMail(ctx: DomainContext, message: MailMessage): void {
  ctx.defer(ctx.mail.send(message).catch((e: unknown) => console.error("account mail failed", message.subject, e)));
}

async function sendVerification(ctx: DomainContext, user: { id: string; email: string; user_name: string }) {
  const token = await issueAuthToken(ctx, user.id, "VERIFY_EMAIL");
  const link = `${ctx.request.origin}/verify-email?token=${token}`;
  await ctx.mail.send({
    to: user.email,
    subject: "Verify your e-mail address for Mandap",
    text: `Namaste ${user.user_name},\n\nPlease confirm your e-mail address by opening this link (valid for 48 hours):\n${link}\n\nIf you did not create a Mandap account, you can ignore this message.\n\nTeam Mandap`,
  });
}

/** The signed-in account's view, or null for a visitor (GET /users/me). */
export async function currentAccount(ctx: DomainContext): Promise<AccountView | null> {
  return ctx.actor ? accountView(ctx.db, ctx.actor.id) : null;
}

/** The signed-in account's view, or Unauthorized (its session ended or the account is gone). */
export async function requireAccountView(ctx: DomainContext): Promise<AccountView> {
  const account = await accountView(ctx.db, requireSignedIn(ctx.actor).id);
  if (!account) throw new Unauthorized();
  return account;
}

// ---------------------------------------------------------------------------------------------
// Sign-up: nothing is created until the e-mailed link is opened (docs/decisions/0013)

export const SIGNUP_TTL_MS = 48 * 3_600_000;

/** The same answer for every accepted sign-up, whether or not the address has an account. */
export const signupAccepted = (email: string) => ({ message: ACCOUNT_MESSAGES.signupSent.replace("{email}", email), email });

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
async function acceptSignup(ctx: DomainContext, request: SignupRequest): Promise<{ message: string; email: string }> {
  const { db: d1, now, request: info } = ctx;
  if (info.ip) await takeOrThrow(ctx, `signup:address:${info.ip}`, SIGNUP_PER_ADDRESS);
  const passwordHash = await hashPassword(request.password);
  const existing = await userByEmail(d1, request.email);
  const send = await maySendMail(ctx, "signup", request.email);
  if (existing) {
    // An account already exists: a pending sign-up for the address can never finish.
    await d1.prepare("DELETE FROM pending_signups WHERE email = ?").bind(request.email).run();
    if (send) {
      const door = doorOf(existing.role);
      sendMail(ctx, {
        to: existing.email,
        subject: "Someone tried to sign up to Mandap with your e-mail address",
        text: `Namaste ${existing.user_name},\n\nSomeone (maybe you) just tried to create a new Mandap account with this e-mail address. You already have an account, so nothing was created.\n\nTo log in: ${info.origin}${loginPath(door)}\nForgot your password? Choose a new one here: ${info.origin}${forgotPath(door)}\n\nIf it was not you, you can ignore this message; your account is unchanged.\n\nTeam Mandap`,
      });
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
    const what = request.role === "VENDOR" ? `your vendor account for ${request.business_name}` : "your Mandap account";
    sendMail(ctx, {
      to: request.email,
      subject: "Confirm your e-mail address to finish signing up to Mandap",
      text: `Namaste ${request.user_name},\n\nTo finish creating ${what}, open this link within 48 hours and confirm with the password you chose:\n${info.origin}/verify-email?token=${token}\n\nIf you did not sign up to Mandap, ignore this message; no account is created.\n\nTeam Mandap`,
    });
  } else {
    // Over the mail limit: nothing changes (the same kind of write keeps the timing alike).
    await d1.prepare("UPDATE pending_signups SET email = email WHERE email = ?").bind(request.email).run();
  }
  return signupAccepted(request.email);
}

export async function registerUser(ctx: DomainContext, input: RegisterUserInput) {
  return acceptSignup(ctx, {
    email: input.email,
    role: "USER",
    user_name: input.user_name,
    password: input.password,
    phone: input.phone ?? null,
    business_name: null,
    business_category: null,
    state: null,
    city: null,
  });
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
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
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
  if (!/^[a-z2-7]{32}$/.test(token)) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
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

type NewVendor = {
  id: string;
  email: string;
  passwordHash: string;
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

/** A verified couple's identity row (from a confirmed sign-up or Google); a taken e-mail is a Conflict. */
async function insertCoupleAccount(
  d1: D1Database,
  u: {
    id: string;
    email: string;
    userName: string;
    now: number;
    passwordHash?: string | null;
    googleSub?: string | null;
    phone?: string | null;
    profilePhoto?: string | null;
  },
): Promise<void> {
  try {
    await d1
      .prepare(
        "INSERT INTO users (id, email, password_hash, google_sub, user_name, phone, profile_photo, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'USER', 1, ?, ?)",
      )
      .bind(u.id, u.email, u.passwordHash ?? null, u.googleSub ?? null, u.userName, u.phone ?? null, u.profilePhoto ?? null, u.now, u.now)
      .run();
  } catch (e) {
    if (isUniqueEmailViolation(e)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
    throw e;
  }
}

/**
 * Writes a vendor's identity row and business profile in one atomic batch. Two sign-ups with the
 * same business name at the same moment may pick the same slug; the loser's batch fails on the
 * unique slug and is retried with the next free one (a random tail after many collisions).
 */
async function insertVendorAccount(d1: D1Database, v: NewVendor): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const slug = await uniqueVendorSlug(d1, v.name, v.city, attempt >= 12);
    try {
      await d1.batch([
        d1
          .prepare(
            "INSERT INTO users (id, email, password_hash, user_name, phone, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'VENDOR', ?, ?, ?)",
          )
          .bind(v.id, v.email, v.passwordHash, v.userName, v.phone, v.verified ? 1 : 0, v.now, v.now),
        d1
          .prepare(
            "INSERT INTO vendors (user_id, slug, business_name, business_category, phone, email, state, city, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .bind(v.id, slug, v.name, v.category, v.phone, v.email, v.state, v.city, v.now, v.now),
        ...(v.then ?? []),
      ]);
      return;
    } catch (e) {
      if (isUniqueEmailViolation(e)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
      if (e instanceof Error && /vendors\.slug/.test(e.message)) continue;
      throw e;
    }
  }
  throw new Conflict("Another business just took that name. Please try again.");
}

// ---------------------------------------------------------------------------------------------
// Log-in

let dummyHash: Promise<string> | null = null;

/**
 * Password log-in through one of the two doors (docs/decisions/0013). Failures count per account
 * and per client address; past their free allowance each earns a growing wait before the next
 * attempt is checked (429 with Retry-After). A browser that logged in to this account before (its
 * remembered-device cookie) skips both waits, so the owner is never locked out by someone else's
 * guessing; its own failures are counted and end its trust. The owner gets one notice mail a day
 * when the failures pass the free allowance. A successful log-in remembers the browser.
 */
export async function login(ctx: DomainContext, input: { door: Door; email: string; password: string }): Promise<SessionStart> {
  const { db: d1, request: info } = ctx;
  const { door } = input;
  const accountKey = `login:account:${input.email}`;
  const addressKey = info.ip ? `login:address:${info.ip}` : null;
  const user = await userByEmail(d1, input.email);
  const device = user && info.deviceTokens?.length ? await findDevice(ctx, user.id) : null;
  if (!device) {
    await assertNoDelay(ctx, accountKey, LOGIN_ACCOUNT_DELAY);
    if (addressKey) await assertNoDelay(ctx, addressKey, LOGIN_ADDRESS_DELAY);
  }
  // Same work whether or not the account exists, so timing does not tell.
  const ok = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : (await verifyPassword(input.password, await (dummyHash ??= hashPassword("not-a-password-0"))), false);
  if (!user || !ok) {
    const failures = await recordFailure(ctx, accountKey, LOGIN_ACCOUNT_DELAY);
    if (addressKey) await recordFailure(ctx, addressKey, LOGIN_ADDRESS_DELAY);
    if (device) await recordDeviceFailure(ctx, device);
    if (user && failures >= LOGIN_ACCOUNT_DELAY.free && (await takeAllowance(ctx, `notice:login:${user.id}`, LOGIN_NOTICE)).allowed) {
      const userDoor = doorOf(user.role);
      sendMail(ctx, {
        to: user.email,
        subject: "Failed log-in attempts on your Mandap account",
        text: `Namaste ${user.user_name},\n\nSomeone has tried to log in to your Mandap account with a wrong password ${failures} times. If it was you, there is nothing to do; you can always log in from a browser you have used before.\n\nIf it was not you, your account is safe as long as your password is. To choose a new one: ${info.origin}${forgotPath(userDoor)}\n\nWe send this notice at most once a day.\n\nTeam Mandap`,
      });
    }
    throw new Unauthorized(ACCOUNT_MESSAGES.badCredentials);
  }
  if (doorOf(user.role) !== door) throw new Forbidden(door === "user" ? ACCOUNT_MESSAGES.vendorAtUserDoor : ACCOUNT_MESSAGES.userAtVendorDoor);
  // A right password from a new browser ends the account's waits; one from a remembered browser
  // does not, so the owner's daily log-in never hands someone guessing a fresh allowance.
  if (!device) await clearLimit(ctx, accountKey);
  return startRememberedSession(ctx, user.id, device);
}

/**
 * Google sign-in (couples' door). A verified Google e-mail that matches an account links Google
 * to it (no duplicate); otherwise a new verified USER account is created. Linking to an account
 * whose e-mail was never verified drops its password and sessions: whoever set them never proved
 * the address was theirs (account pre-hijacking).
 */
export async function googleLogin(
  ctx: DomainContext,
  { credential }: { credential: string },
  keySource?: KeySource,
): Promise<SessionStart & { created: boolean }> {
  const { db: d1, now, request: info } = ctx;
  const clientId = ctx.config.googleClientId;
  if (!clientId) throw new NotFound(ACCOUNT_MESSAGES.googleUnavailable);
  let identity;
  try {
    identity = await verifyGoogleIdToken(credential, clientId, keySource);
  } catch (e) {
    if (e instanceof GoogleTokenError) throw new Unauthorized(e.message);
    throw e;
  }
  const bySub = await d1.prepare("SELECT * FROM users WHERE google_sub = ?").bind(identity.sub).first<UserRow>();
  const existing = bySub ?? (await userByEmail(d1, identity.email));
  if (existing) {
    if (existing.role === "VENDOR") throw new Forbidden(ACCOUNT_MESSAGES.vendorAtUserDoor);
    if (existing.google_sub && existing.google_sub !== identity.sub) throw new Conflict("This e-mail address is linked to a different Google account.");
    const unproven = !existing.is_verified;
    await d1.batch([
      d1
        .prepare(
          `UPDATE users SET google_sub = ?, is_verified = 1, profile_photo = COALESCE(profile_photo, ?),${unproven ? " password_hash = NULL," : ""} updated_at = ? WHERE id = ?`,
        )
        .bind(identity.sub, identity.picture, now, existing.id),
      ...(unproven
        ? [
            d1.prepare("DELETE FROM sessions WHERE user_id = ?").bind(existing.id),
            d1.prepare("DELETE FROM remembered_devices WHERE user_id = ?").bind(existing.id),
          ]
        : []),
    ]);
    const device = unproven || !info.deviceTokens?.length ? null : await findDevice(ctx, existing.id);
    return { ...(await startRememberedSession(ctx, existing.id, device)), created: false };
  }
  const id = newId(now);
  await insertCoupleAccount(d1, { id, email: identity.email, googleSub: identity.sub, userName: identity.name, profilePhoto: identity.picture, now });
  await d1.prepare("DELETE FROM pending_signups WHERE email = ?").bind(identity.email).run();
  return { ...(await startRememberedSession(ctx, id, null)), created: true };
}

/** Ends the session the browser carried (if any). */
export async function logout(ctx: DomainContext): Promise<{ message: string }> {
  await endSession(ctx);
  return { message: ACCOUNT_MESSAGES.loggedOut };
}

/**
 * Asks for a reset link. Always accepted with the same answer, whether or not the address has an
 * account, and with the same work either way (one lookup, the mail allowance, one write; the mail
 * goes after the answer). The mail is actually sent at most once per 2 minutes and 5 times an
 * hour per address; within that the owner always gets it (earlier links stay valid until a new
 * one is sent). Only a client address asking for very many resets is refused (429). The link opens
 * the change-password page of the account's own door, whichever forgot-password page was used.
 */
export async function requestPasswordReset(ctx: DomainContext, { email }: { email: string }): Promise<{ message: string }> {
  const { db: d1, request: info } = ctx;
  if (info.ip) await takeOrThrow(ctx, `reset:address:${info.ip}`, RESET_PER_ADDRESS);
  const user = await userByEmail(d1, email);
  const send = await maySendMail(ctx, "reset", email);
  if (user && send) {
    const userDoor = doorOf(user.role);
    const token = await issueAuthToken(ctx, user.id, "RESET_PASSWORD");
    const link = `${info.origin}${changePasswordPath(userDoor)}?token=${token}`;
    sendMail(ctx, {
      to: user.email,
      subject: "Reset your Mandap password",
      text: `Namaste ${user.user_name},\n\nSomeone (hopefully you) asked to reset the password of your Mandap ${userDoor === "vendor" ? "vendor " : ""}account. Open this link within 1 hour to choose a new password:\n${link}\n\nThe link works once. If you did not ask for this, ignore this message; your password stays the same.\n\nTeam Mandap`,
    });
  } else {
    // The same shape of write as issuing a token, touching nothing.
    await d1.batch([
      d1.prepare("DELETE FROM auth_tokens WHERE user_id = ? AND purpose = 'RESET_PASSWORD' AND used_at IS NULL").bind(""),
      d1.prepare("UPDATE auth_tokens SET used_at = used_at WHERE id = ?").bind(""),
    ]);
  }
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

/** Whether a reset link is still usable (the page shows the form or a clear message). */
export async function resetLinkIsValid(ctx: DomainContext, token: string): Promise<boolean> {
  return (await peekAuthToken(ctx, token, "RESET_PASSWORD")) !== null;
}

/**
 * Uses a reset token once: new password, token spent, every session ended and every remembered
 * device forgotten, atomically.
 */
export async function resetPassword(ctx: DomainContext, { token, password }: { token: string; password: string }): Promise<{ message: string; door: Door }> {
  const { db: d1, now } = ctx;
  const userId = await peekAuthToken(ctx, token, "RESET_PASSWORD");
  if (!userId) throw new Invalid(ACCOUNT_MESSAGES.badResetLink, { token: ACCOUNT_MESSAGES.badResetLink });
  const hash = await hashPassword(password);
  const spent = "EXISTS (SELECT 1 FROM auth_tokens WHERE user_id = ?1 AND purpose = 'RESET_PASSWORD' AND used_at = ?2)";
  const [consumed] = await d1.batch<{ user_id: string }>([
    await consumeStatement(ctx, token, "RESET_PASSWORD"),
    d1.prepare(`UPDATE users SET password_hash = ?3, updated_at = ?2 WHERE id = ?1 AND ${spent}`).bind(userId, now, hash),
    d1.prepare(`DELETE FROM sessions WHERE user_id = ?1 AND ${spent}`).bind(userId, now),
    d1.prepare(`DELETE FROM remembered_devices WHERE user_id = ?1 AND ${spent}`).bind(userId, now),
    d1.prepare(`UPDATE auth_tokens SET used_at = ?2 WHERE user_id = ?1 AND purpose = 'RESET_PASSWORD' AND used_at IS NULL AND ${spent}`).bind(userId, now),
  ]);
  if (!consumed?.results.length) throw new Invalid(ACCOUNT_MESSAGES.badResetLink, { token: ACCOUNT_MESSAGES.badResetLink });
  const user = await userById(d1, userId);
  await clearLimit(ctx, `login:account:${user?.email ?? ""}`);
  return { message: ACCOUNT_MESSAGES.resetDone, door: user ? doorOf(user.role) : "user" };
}

/**
 * Signed-in change: needs the current password (when the account has one); other sessions end.
 * Each door serves its own accounts: the vendors' door refuses couples and admins, and the
 * couples' door refuses vendors (403).
 */
export async function changePassword(ctx: DomainContext, input: { door: Door; currentPassword: string; pass: string }): Promise<{ message: string }> {
  const d1 = ctx.db;
  const actor =
    input.door === "vendor"
      ? requireRole(ctx.actor, ACCESS.vendor, ACCOUNT_MESSAGES.userAtVendorDoor)
      : requireRole(ctx.actor, ACCESS.couplesDoor, ACCOUNT_MESSAGES.vendorAtUserDoor);
  const user = await userById(d1, actor.id);
  if (!user) throw new Unauthorized();
  if (user.password_hash && !(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new Invalid(ACCOUNT_MESSAGES.wrongCurrentPassword, { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
  }
  await d1
    .prepare("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?")
    .bind(await hashPassword(input.pass), ctx.now, actor.id)
    .run();
  await invalidateUserSessions(d1, actor.id, ctx.session?.sessionId);
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}

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
  if (user.is_verified) return { message: "Your e-mail address is already verified." };
  if (!(await maySendMail(ctx, "verify", user.email)))
    throw new TooManyRequests("We sent a verification link a moment ago. Please check your inbox, or wait a few minutes before asking again.", 120);
  await sendVerification(ctx, user);
  return { message: `We sent a new verification link to ${user.email}.` };
}

/**
 * Writes the fields a partial update carries (undefined = leave alone) to their columns, with
 * updated_at; a request that changes nothing is refused.
 */
async function updateColumns<T extends object>(
  { db: d1, now }: DomainContext,
  table: "users" | "vendors",
  key: "id" | "user_id",
  id: string,
  input: T,
  columns: [keyof T, string][],
): Promise<void> {
  const given = columns.filter(([field]) => input[field] !== undefined);
  if (!given.length) throw new Invalid("Nothing to update.", { _: "Change at least one field." });
  await d1
    .prepare(`UPDATE ${table} SET ${given.map(([, column]) => `${column} = ?`).join(", ")}, updated_at = ? WHERE ${key} = ?`)
    .bind(...given.map(([field]) => input[field]), now, id)
    .run();
}

export async function updateUser(ctx: DomainContext, input: UpdateUserInput): Promise<AccountView> {
  const actor = requireSignedIn(ctx.actor);
  const reminders = input.planning_reminders === undefined ? undefined : input.planning_reminders ? 1 : 0;
  // A city of the places list is stored under its own name, however typed ("Bangalore", "Karnataka/Bengaluru"),
  // so the checklist's searches and the cards find it; a place outside the list stays as typed.
  const weddingCity = input.wedding_city ? (placeOfCity(input.wedding_city)?.city ?? input.wedding_city) : input.wedding_city;
  await updateColumns(ctx, "users", "id", actor.id, { ...input, wedding_city: weddingCity, planning_reminders: reminders }, [
    ["user_name", "user_name"],
    ["phone", "phone"],
    ["wedding_date", "wedding_date"],
    ["wedding_city", "wedding_city"],
    ["partner_name", "partner_name"],
    ["guest_estimate", "guest_estimate"],
    ["total_budget", "total_budget"],
    ["planning_reminders", "planning_reminders"],
  ]);
  return requireAccountView(ctx);
}

/**
 * The business profile (page and PATCH /vendors/update). A new state or city is checked against
 * the location data together with the other half as stored, so the city always belongs to the state.
 */
export async function updateVendor(ctx: DomainContext, input: Partial<UpdateVendorInput>): Promise<AccountView> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, "Only vendor accounts have a business profile.");
  if (input.state !== undefined || input.city !== undefined) {
    const stored = await ctx.db
      .prepare("SELECT state, city FROM vendors WHERE user_id = ?")
      .bind(actor.id)
      .first<{ state: string | null; city: string | null }>();
    const place = checkPlace(input.state ?? stored?.state ?? "", input.city ?? stored?.city ?? "");
    input = { ...input, state: place.state, city: place.city };
  }
  await updateColumns(ctx, "vendors", "user_id", actor.id, input, [
    ["name", "business_name"],
    ["business_category", "business_category"],
    ["email", "email"],
    ["tagline", "tagline"],
    ["description", "description"],
    ["phone_number", "phone"],
    ["state", "state"],
    ["city", "city"],
    ["facebook", "facebook"],
    ["instagram", "instagram"],
    ["website", "website"],
  ]);
  return requireAccountView(ctx);
}

/**
 * Deletes the signed-in account and everything that belongs to it (foreign keys cascade); a
 * vendor's goes through deleteVendorAccount (functions/domain/accounts/vendor-settings.ts).
 * `vendorOnly`: the vendors' door (DELETE /vendors/delete) deletes vendor accounts only.
 */
export async function deleteAccount(ctx: DomainContext, { vendorOnly = false }: { vendorOnly?: boolean } = {}): Promise<{ message: string }> {
  const actor = vendorOnly ? requireRole(ctx.actor, ACCESS.vendor, "Only vendor accounts can be deleted here.") : requireSignedIn(ctx.actor);
  // A vendor account closes by the vendor rules, whichever door asks (bookings, enquiries, notices).
  if (actor.role === "VENDOR") return { message: (await deleteVendorAccount(ctx)).message };
  const result = await ctx.db
    .prepare("DELETE FROM users WHERE id = ?1 AND (role <> 'SUPER_ADMIN' OR (SELECT count(*) FROM users WHERE role = 'SUPER_ADMIN') > 1)")
    .bind(actor.id)
    .run();
  if (!result.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  return { message: ACCOUNT_MESSAGES.accountDeleted };
}

export type RoleChange = "give-admin" | "revoke-admin" | "give-superadmin";

const ONLY_SUPER_ADMINS = "Only a super admin can change admin roles.";

/**
 * The admin role calls. Only a SUPER_ADMIN may call them; the last SUPER_ADMIN can never be
 * demoted (the check is inside the UPDATE, so two concurrent demotions cannot both win).
 */
export async function changeRole(
  ctx: DomainContext,
  { userId: targetId, change }: { userId: string; change: RoleChange },
): Promise<{ message: string; user: { id: string; user_name: string; email: string; role: Role } }> {
  const d1 = ctx.db;
  requireRole(ctx.actor, ACCESS.superAdmin, ONLY_SUPER_ADMINS);
  const target = await userById(d1, targetId);
  if (!target) throw new NotFound("We could not find that account.");
  if (target.role === "VENDOR") throw new Conflict("Vendor accounts cannot be given admin roles.");
  let next: Role;
  let sql = "UPDATE users SET role = ?2, updated_at = ?3 WHERE id = ?1";
  if (change === "give-admin") {
    if (target.role !== "USER") throw new Conflict(`${target.user_name} is already ${target.role === "ADMIN" ? "an admin" : "a super admin"}.`);
    next = "ADMIN";
  } else if (change === "give-superadmin") {
    if (target.role === "SUPER_ADMIN") throw new Conflict(`${target.user_name} is already a super admin.`);
    next = "SUPER_ADMIN";
  } else {
    if (target.role === "USER") throw new Conflict(`${target.user_name} is not an admin.`);
    next = "USER";
    sql += " AND (role <> 'SUPER_ADMIN' OR (SELECT count(*) FROM users WHERE role = 'SUPER_ADMIN') > 1)";
  }
  const [result] = await d1.batch([
    d1.prepare(sql).bind(targetId, next, ctx.now),
    auditEntry(
      ctx,
      {
        action: `role.${change}`,
        subject: { type: "user", id: targetId },
        summary: `${change === "give-admin" ? "Made" : change === "give-superadmin" ? "Made" : "Took admin rights from"} ${target.user_name}${change === "give-admin" ? " an admin" : change === "give-superadmin" ? " a super admin" : ""}`,
        before: { role: target.role },
        after: { role: next },
      },
      { ifChanged: true },
    ),
  ]);
  if (!result?.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  const label = next === "USER" ? "no longer an admin" : next === "ADMIN" ? "now an admin" : "now a super admin";
  return { message: `${target.user_name} is ${label}.`, user: { id: target.id, user_name: target.user_name, email: target.email, role: next } };
}

/** Daily housekeeping (the cron, which has no request): expired sessions, devices and pending sign-ups, expired or long-used tokens. */
export async function purgeExpiredAuth(d1: D1Database, now: number) {
  const [sessions, tokens, devices, signups] = await d1.batch([
    d1.prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(now),
    d1.prepare("DELETE FROM auth_tokens WHERE expires_at <= ? OR used_at <= ?").bind(now, now - 86_400_000),
    d1.prepare("DELETE FROM remembered_devices WHERE expires_at <= ?").bind(now),
    d1.prepare("DELETE FROM pending_signups WHERE expires_at <= ?").bind(now),
  ]);
  return { sessions: sessions?.meta.changes ?? 0, tokens: tokens?.meta.changes ?? 0, devices: devices?.meta.changes ?? 0, signups: signups?.meta.changes ?? 0 };
}

/** The admin team (for the role pages): admins and super admins, for admins only. */
export async function listAdminTeam(ctx: DomainContext) {
  requireRole(ctx.actor, ACCESS.admin, new Forbidden().message);
  const { results } = await ctx.db
    .prepare("SELECT id, user_name, email, role FROM users WHERE role IN ('ADMIN', 'SUPER_ADMIN') ORDER BY role DESC, user_name LIMIT 200")
    .all<{ id: string; user_name: string; email: string; role: Role }>();
  return results;
}

/** The role pages name the account by e-mail; the API by id. */
export async function changeRoleByEmail(ctx: DomainContext, { email, change }: { email: string; change: RoleChange }) {
  requireRole(ctx.actor, ACCESS.superAdmin, ONLY_SUPER_ADMINS);
  const target = await userByEmail(ctx.db, email);
  if (!target) throw new NotFound("There is no account with that e-mail address.");
  return changeRole(ctx, { userId: target.id, change });
}
