import type { RegisterUserInput, RegisterVendorInput, UpdateUserInput, UpdateVendorInput } from "../../app/lib/account-schemas.ts";
import { slugify } from "../../app/lib/slug.ts";
import type { Role } from "../../db/schema/identity.ts";
import type { Mailer } from "../platform/mail.ts";
import { hashPassword, verifyPassword } from "../platform/password.ts";
import { GoogleTokenError, verifyGoogleIdToken, type KeySource } from "../platform/google.ts";
import { consumeStatement, issueAuthToken, peekAuthToken } from "./auth-tokens.ts";
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from "./errors.ts";
import { ACCOUNT_MESSAGES } from "./account-messages.ts";
import { newId } from "./ids.ts";
import { assertNotLimited, clearLimit, consumeOrThrow, countAttempt, LOGIN_PER_ACCOUNT, LOGIN_PER_IP, RESET_PER_ADDRESS, RESET_PER_IP } from "./rate-limits.ts";
import { createSession, invalidateSession, invalidateUserSessions, newToken, type Actor } from "./sessions.ts";

/**
 * Accounts and access: sign-up, log-in (two doors to one identity table: couples and admins use
 * the couples' door, vendors their own), Google sign-in, e-mail verification, password reset and
 * change, profile edits, deletion and the admin role calls. Pages and API both call these.
 */
export type Door = "user" | "vendor";
export { ACCOUNT_MESSAGES };


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
  has_password: boolean;
  vendor: { slug: string; name: string; phone_number: string | null; state: string | null; city: string | null; tagline: string | null; description: string | null; facebook: string | null; instagram: string | null; website: string | null } | null;
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
};

export type SessionStart = { token: string; expiresAt: number; account: AccountView };
export type RequestInfo = { origin: string; userAgent: string | null; ip: string; previousSessionToken?: string | null };

const userByEmail = (d1: D1Database, email: string) => d1.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();
const userById = (d1: D1Database, id: string) => d1.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();

export async function accountView(d1: D1Database, userId: string): Promise<AccountView | null> {
  const row = await userById(d1, userId);
  if (!row) return null;
  let vendor: AccountView["vendor"] = null;
  if (row.role === "VENDOR") {
    const v = await d1
      .prepare("SELECT slug, business_name, phone, state, city, tagline, description, facebook, instagram, website FROM vendors WHERE user_id = ?")
      .bind(userId)
      .first<{ slug: string; business_name: string; phone: string | null; state: string | null; city: string | null; tagline: string | null; description: string | null; facebook: string | null; instagram: string | null; website: string | null }>();
    if (v) vendor = { slug: v.slug, name: v.business_name, phone_number: v.phone, state: v.state, city: v.city, tagline: v.tagline, description: v.description, facebook: v.facebook, instagram: v.instagram, website: v.website };
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
    has_password: Boolean(row.password_hash),
    vendor,
  };
}

async function startSession(d1: D1Database, userId: string, info: Pick<RequestInfo, "userAgent" | "previousSessionToken">): Promise<SessionStart> {
  // Session fixation: whatever token the browser carried is ended; login always issues a new one.
  if (info.previousSessionToken) await invalidateSession(d1, info.previousSessionToken);
  const { token, expiresAt } = await createSession(d1, userId, info.userAgent);
  const account = await accountView(d1, userId);
  if (!account) throw new Unauthorized();
  return { token, expiresAt, account };
}

function isUniqueEmailViolation(e: unknown): boolean {
  return e instanceof Error && /UNIQUE constraint failed: users\.email/.test(e.message);
}

const doorOf = (role: Role): Door => (role === "VENDOR" ? "vendor" : "user");
const changePasswordPath = (door: Door) => (door === "vendor" ? "/vendor-change-password" : "/user-change-password");

async function sendVerification(d1: D1Database, mailer: Mailer, user: { id: string; email: string; user_name: string }, origin: string) {
  const token = await issueAuthToken(d1, user.id, "VERIFY_EMAIL");
  const link = `${origin}/verify-email?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: "Verify your e-mail address for Mandap",
    text: `Namaste ${user.user_name},\n\nPlease confirm your e-mail address by opening this link (valid for 48 hours):\n${link}\n\nIf you did not create a Mandap account, you can ignore this message.\n\nTeam Mandap`,
  });
}

/** The signed-in account's view, or Unauthorized (its session ended or the account is gone). */
export async function requireAccountView(d1: D1Database, actor: Actor | null): Promise<AccountView> {
  const account = actor ? await accountView(d1, actor.id) : null;
  if (!account) throw new Unauthorized();
  return account;
}

export async function registerUser(d1: D1Database, mailer: Mailer, input: RegisterUserInput, info: RequestInfo): Promise<SessionStart> {
  if (await userByEmail(d1, input.email)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
  const now = Date.now();
  const id = newId(now);
  const passwordHash = await hashPassword(input.password);
  try {
    await d1
      .prepare("INSERT INTO users (id, email, password_hash, user_name, phone, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'USER', 0, ?, ?)")
      .bind(id, input.email, passwordHash, input.user_name, input.phone ?? null, now, now)
      .run();
  } catch (e) {
    if (isUniqueEmailViolation(e)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
    throw e;
  }
  await sendVerification(d1, mailer, { id, email: input.email, user_name: input.user_name }, info.origin);
  return startSession(d1, id, info);
}

/**
 * The first free slug for a business: the name's slug, then "-<city>", then "-2", "-3"... Taken
 * slugs are read with a prefix range (slug >= "base-" AND slug < "base."), not LIKE: D1 refuses
 * LIKE patterns over 50 bytes, which a long business name makes.
 */
async function uniqueVendorSlug(d1: D1Database, name: string, city: string, randomTail: boolean): Promise<string> {
  const base = slugify(name).slice(0, 80).replace(/-+$/, "") || "vendor";
  if (randomTail) return `${base}-${newToken().slice(0, 6)}`;
  const { results } = await d1.prepare("SELECT slug FROM vendors WHERE slug = ?1 OR (slug >= ?1 || '-' AND slug < ?1 || '.')").bind(base).all<{ slug: string }>();
  const taken = new Set(results.map((r) => r.slug));
  if (!taken.has(base)) return base;
  const withCity = slugify(city) ? `${base}-${slugify(city)}` : base;
  if (!taken.has(withCity)) return withCity;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type NewVendor = { id: string; email: string; passwordHash: string; userName: string; phone: string; name: string; state: string; city: string; verified: boolean; now: number };

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
          .prepare("INSERT INTO users (id, email, password_hash, user_name, phone, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'VENDOR', ?, ?, ?)")
          .bind(v.id, v.email, v.passwordHash, v.userName, v.phone, v.verified ? 1 : 0, v.now, v.now),
        d1
          .prepare("INSERT INTO vendors (user_id, slug, business_name, phone, email, state, city, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
          .bind(v.id, slug, v.name, v.phone, v.email, v.state, v.city, v.now, v.now),
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

/** Vendor sign-up: the identity row (role VENDOR) and the business profile in one atomic batch. */
export async function registerVendor(d1: D1Database, mailer: Mailer, input: RegisterVendorInput, info: RequestInfo): Promise<SessionStart> {
  if (await userByEmail(d1, input.email)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
  const now = Date.now();
  const id = newId(now);
  const passwordHash = await hashPassword(input.password);
  await insertVendorAccount(d1, { id, email: input.email, passwordHash, userName: input.user_name, phone: input.phone_number, name: input.name, state: input.state, city: input.city, verified: false, now });
  await sendVerification(d1, mailer, { id, email: input.email, user_name: input.user_name }, info.origin);
  return startSession(d1, id, info);
}

let dummyHash: Promise<string> | null = null;

/**
 * Password log-in through one of the two doors. Failed attempts count per account and per IP;
 * while either is locked every attempt fails with 429, even with the right password.
 */
export async function login(d1: D1Database, door: Door, input: { email: string; password: string }, info: RequestInfo): Promise<SessionStart> {
  const accountKey = `login:account:${input.email}`;
  const ipKey = `login:ip:${info.ip}`;
  await assertNotLimited(d1, accountKey, LOGIN_PER_ACCOUNT);
  await assertNotLimited(d1, ipKey, LOGIN_PER_IP);
  const user = await userByEmail(d1, input.email);
  // Same work whether or not the account exists, so timing does not tell.
  const ok = user?.password_hash ? await verifyPassword(input.password, user.password_hash) : (await verifyPassword(input.password, await (dummyHash ??= hashPassword("not-a-password-0"))), false);
  if (!user || !ok) {
    await countAttempt(d1, accountKey, LOGIN_PER_ACCOUNT);
    await countAttempt(d1, ipKey, LOGIN_PER_IP);
    throw new Unauthorized(ACCOUNT_MESSAGES.badCredentials);
  }
  if (doorOf(user.role) !== door) throw new Forbidden(door === "user" ? ACCOUNT_MESSAGES.vendorAtUserDoor : ACCOUNT_MESSAGES.userAtVendorDoor);
  await clearLimit(d1, accountKey);
  return startSession(d1, user.id, info);
}

/**
 * Google sign-in (couples' door). A verified Google e-mail that matches an account links Google
 * to it (no duplicate); otherwise a new verified USER account is created.
 */
export async function googleLogin(d1: D1Database, credential: string, config: { clientId: string | undefined; keySource?: KeySource }, info: RequestInfo): Promise<SessionStart & { created: boolean }> {
  if (!config.clientId) throw new NotFound(ACCOUNT_MESSAGES.googleUnavailable);
  let identity;
  try {
    identity = await verifyGoogleIdToken(credential, config.clientId, config.keySource);
  } catch (e) {
    if (e instanceof GoogleTokenError) throw new Unauthorized(e.message);
    throw e;
  }
  const now = Date.now();
  const bySub = await d1.prepare("SELECT * FROM users WHERE google_sub = ?").bind(identity.sub).first<UserRow>();
  const existing = bySub ?? (await userByEmail(d1, identity.email));
  if (existing) {
    if (existing.role === "VENDOR") throw new Forbidden(ACCOUNT_MESSAGES.vendorAtUserDoor);
    if (existing.google_sub && existing.google_sub !== identity.sub) throw new Conflict("This e-mail address is linked to a different Google account.");
    await d1
      .prepare("UPDATE users SET google_sub = ?, is_verified = 1, profile_photo = COALESCE(profile_photo, ?), updated_at = ? WHERE id = ?")
      .bind(identity.sub, identity.picture, now, existing.id)
      .run();
    return { ...(await startSession(d1, existing.id, info)), created: false };
  }
  const id = newId(now);
  await d1
    .prepare("INSERT INTO users (id, email, google_sub, user_name, profile_photo, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'USER', 1, ?, ?)")
    .bind(id, identity.email, identity.sub, identity.name, identity.picture, now, now)
    .run();
  return { ...(await startSession(d1, id, info)), created: true };
}

export async function logout(d1: D1Database, sessionToken: string | null): Promise<{ message: string }> {
  if (sessionToken) await invalidateSession(d1, sessionToken);
  return { message: ACCOUNT_MESSAGES.loggedOut };
}

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account; the
 * limit counts per address and per IP either way. The link opens the change-password page of the
 * account's own door (couples' or vendors'), whichever forgot-password page was used.
 */
export async function requestPasswordReset(d1: D1Database, mailer: Mailer, email: string, info: Pick<RequestInfo, "origin" | "ip">): Promise<{ message: string }> {
  await consumeOrThrow(d1, `reset:address:${email}`, RESET_PER_ADDRESS);
  await consumeOrThrow(d1, `reset:ip:${info.ip}`, RESET_PER_IP);
  const user = await userByEmail(d1, email);
  if (user) {
    const userDoor = doorOf(user.role);
    const token = await issueAuthToken(d1, user.id, "RESET_PASSWORD");
    const link = `${info.origin}${changePasswordPath(userDoor)}?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: "Reset your Mandap password",
      text: `Namaste ${user.user_name},\n\nSomeone (hopefully you) asked to reset the password of your Mandap ${userDoor === "vendor" ? "vendor " : ""}account. Open this link within 1 hour to choose a new password:\n${link}\n\nThe link works once. If you did not ask for this, ignore this message; your password stays the same.\n\nTeam Mandap`,
    });
  }
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

/** Whether a reset link is still usable (the page shows the form or a clear message). */
export async function resetLinkIsValid(d1: D1Database, token: string): Promise<boolean> {
  return (await peekAuthToken(d1, token, "RESET_PASSWORD")) !== null;
}

/** Uses a reset token once: new password, token spent and every session ended, atomically. */
export async function resetPassword(d1: D1Database, token: string, password: string): Promise<{ message: string; door: Door }> {
  const userId = await peekAuthToken(d1, token, "RESET_PASSWORD");
  if (!userId) throw new Invalid(ACCOUNT_MESSAGES.badResetLink, { token: ACCOUNT_MESSAGES.badResetLink });
  const now = Date.now();
  const hash = await hashPassword(password);
  const spent = "EXISTS (SELECT 1 FROM auth_tokens WHERE user_id = ?1 AND purpose = 'RESET_PASSWORD' AND used_at = ?2)";
  const [consumed] = await d1.batch<{ user_id: string }>([
    await consumeStatement(d1, token, "RESET_PASSWORD", now),
    d1.prepare(`UPDATE users SET password_hash = ?3, updated_at = ?2 WHERE id = ?1 AND ${spent}`).bind(userId, now, hash),
    d1.prepare(`DELETE FROM sessions WHERE user_id = ?1 AND ${spent}`).bind(userId, now),
    d1.prepare(`UPDATE auth_tokens SET used_at = ?2 WHERE user_id = ?1 AND purpose = 'RESET_PASSWORD' AND used_at IS NULL AND ${spent}`).bind(userId, now),
  ]);
  if (!consumed?.results.length) throw new Invalid(ACCOUNT_MESSAGES.badResetLink, { token: ACCOUNT_MESSAGES.badResetLink });
  const user = await userById(d1, userId);
  return { message: ACCOUNT_MESSAGES.resetDone, door: user ? doorOf(user.role) : "user" };
}

/**
 * Signed-in change: needs the current password (when the account has one); other sessions end.
 * Each door serves its own accounts: the vendors' door refuses couples and admins, and the
 * couples' door refuses vendors (403).
 */
export async function changePassword(d1: D1Database, actor: Actor | null, sessionId: string | null, input: { currentPassword: string; pass: string }, door: Door): Promise<{ message: string }> {
  if (!actor) throw new Unauthorized();
  if (doorOf(actor.role) !== door) throw new Forbidden(door === "vendor" ? ACCOUNT_MESSAGES.userAtVendorDoor : ACCOUNT_MESSAGES.vendorAtUserDoor);
  const user = await userById(d1, actor.id);
  if (!user) throw new Unauthorized();
  if (user.password_hash && !(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new Invalid(ACCOUNT_MESSAGES.wrongCurrentPassword, { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
  }
  await d1.prepare("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?").bind(await hashPassword(input.pass), Date.now(), actor.id).run();
  await invalidateUserSessions(d1, actor.id, sessionId ?? undefined);
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}

/**
 * Spends a verification token; marks the account's e-mail address verified. A vendor's business
 * profile is not touched: "Verified vendor" comes only from an admin's check.
 */
export async function verifyEmail(d1: D1Database, token: string): Promise<{ message: string; userId: string; role: Role }> {
  const userId = await peekAuthToken(d1, token, "VERIFY_EMAIL");
  if (!userId) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  const now = Date.now();
  const spent = "EXISTS (SELECT 1 FROM auth_tokens WHERE user_id = ?1 AND purpose = 'VERIFY_EMAIL' AND used_at = ?2)";
  const [consumed] = await d1.batch<{ user_id: string }>([
    await consumeStatement(d1, token, "VERIFY_EMAIL", now),
    d1.prepare(`UPDATE users SET is_verified = 1, updated_at = ?2 WHERE id = ?1 AND ${spent}`).bind(userId, now),
  ]);
  if (!consumed?.results.length) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink, { token: ACCOUNT_MESSAGES.badVerifyLink });
  const user = await userById(d1, userId);
  return { message: ACCOUNT_MESSAGES.verified, userId, role: user?.role ?? "USER" };
}

export async function resendVerification(d1: D1Database, mailer: Mailer, actor: Actor | null, origin: string): Promise<{ message: string }> {
  if (!actor) throw new Unauthorized();
  const user = await userById(d1, actor.id);
  if (!user) throw new Unauthorized();
  if (user.is_verified) return { message: "Your e-mail address is already verified." };
  await consumeOrThrow(d1, `verify:address:${user.email}`, { ...RESET_PER_ADDRESS, message: "Too many verification e-mails. Please wait {wait} before asking again." });
  await sendVerification(d1, mailer, user, origin);
  return { message: `We sent a new verification link to ${user.email}.` };
}

/**
 * Writes the fields a partial update carries (undefined = leave alone) to their columns, with
 * updated_at; a request that changes nothing is refused.
 */
async function updateColumns<T extends object>(d1: D1Database, table: "users" | "vendors", key: "id" | "user_id", id: string, input: T, columns: [keyof T, string][]): Promise<void> {
  const given = columns.filter(([field]) => input[field] !== undefined);
  if (!given.length) throw new Invalid("Nothing to update.", { _: "Change at least one field." });
  await d1
    .prepare(`UPDATE ${table} SET ${given.map(([, column]) => `${column} = ?`).join(", ")}, updated_at = ? WHERE ${key} = ?`)
    .bind(...given.map(([field]) => input[field]), Date.now(), id)
    .run();
}

export async function updateUser(d1: D1Database, actor: Actor | null, input: UpdateUserInput): Promise<AccountView> {
  if (!actor) throw new Unauthorized();
  await updateColumns(d1, "users", "id", actor.id, input, [
    ["user_name", "user_name"],
    ["phone", "phone"],
    ["wedding_date", "wedding_date"],
    ["wedding_city", "wedding_city"],
  ]);
  return requireAccountView(d1, actor);
}

export async function updateVendor(d1: D1Database, actor: Actor | null, input: UpdateVendorInput): Promise<AccountView> {
  if (!actor) throw new Unauthorized();
  if (actor.role !== "VENDOR") throw new Forbidden("Only vendor accounts have a business profile.");
  await updateColumns(d1, "vendors", "user_id", actor.id, input, [
    ["name", "business_name"],
    ["tagline", "tagline"],
    ["description", "description"],
    ["phone_number", "phone"],
    ["state", "state"],
    ["city", "city"],
    ["facebook", "facebook"],
    ["instagram", "instagram"],
    ["website", "website"],
  ]);
  return requireAccountView(d1, actor);
}

/** Deletes the signed-in account and everything that belongs to it (foreign keys cascade). */
export async function deleteAccount(d1: D1Database, actor: Actor | null, expectedRole?: "VENDOR"): Promise<{ message: string }> {
  if (!actor) throw new Unauthorized();
  if (expectedRole && actor.role !== expectedRole) throw new Forbidden("Only vendor accounts can be deleted here.");
  const result = await d1
    .prepare("DELETE FROM users WHERE id = ?1 AND (role <> 'SUPER_ADMIN' OR (SELECT count(*) FROM users WHERE role = 'SUPER_ADMIN') > 1)")
    .bind(actor.id)
    .run();
  if (!result.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  return { message: ACCOUNT_MESSAGES.accountDeleted };
}

export type RoleChange = "give-admin" | "revoke-admin" | "give-superadmin";

/**
 * The admin role calls. Only a SUPER_ADMIN may call them; the last SUPER_ADMIN can never be
 * demoted (the check is inside the UPDATE, so two concurrent demotions cannot both win).
 */
export async function changeRole(d1: D1Database, actor: Actor | null, targetId: string, change: RoleChange): Promise<{ message: string; user: { id: string; user_name: string; email: string; role: Role } }> {
  if (!actor) throw new Unauthorized();
  if (actor.role !== "SUPER_ADMIN") throw new Forbidden("Only a super admin can change admin roles.");
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
  const result = await d1.prepare(sql).bind(targetId, next, Date.now()).run();
  if (!result.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  const label = next === "USER" ? "no longer an admin" : next === "ADMIN" ? "now an admin" : "now a super admin";
  return { message: `${target.user_name} is ${label}.`, user: { id: target.id, user_name: target.user_name, email: target.email, role: next } };
}

/** Daily housekeeping: expired sessions and expired or long-used tokens. */
export async function purgeExpiredAuth(d1: D1Database, now = Date.now()) {
  const [sessions, tokens] = await d1.batch([
    d1.prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(now),
    d1.prepare("DELETE FROM auth_tokens WHERE expires_at <= ? OR used_at <= ?").bind(now, now - 86_400_000),
  ]);
  return { sessions: sessions?.meta.changes ?? 0, tokens: tokens?.meta.changes ?? 0 };
}

/** The admin team (for the role pages): admins and super admins, for admins only. */
export async function listAdminTeam(d1: D1Database, actor: Actor | null) {
  if (!actor) throw new Unauthorized();
  if (actor.role !== "ADMIN" && actor.role !== "SUPER_ADMIN") throw new Forbidden();
  const { results } = await d1
    .prepare("SELECT id, user_name, email, role FROM users WHERE role IN ('ADMIN', 'SUPER_ADMIN') ORDER BY role DESC, user_name LIMIT 200")
    .all<{ id: string; user_name: string; email: string; role: Role }>();
  return results;
}

/** The role pages name the account by e-mail; the API by id. */
export async function changeRoleByEmail(d1: D1Database, actor: Actor | null, email: string, change: RoleChange) {
  if (!actor) throw new Unauthorized();
  if (actor.role !== "SUPER_ADMIN") throw new Forbidden("Only a super admin can change admin roles.");
  const target = await userByEmail(d1, email);
  if (!target) throw new NotFound("There is no account with that e-mail address.");
  return changeRole(d1, actor, target.id, change);
}
