/**
 * Inner helpers the accounts area's jobs share (not part of the area's face, except the types
 * index.ts names): the identity row and its lookups, the account view the client learns, starting
 * a remembered session, the doors and their pages, the after-the-answer mail, the couple's row.
 *
 * Accounts and access: sign-up, log-in (two doors to one identity table: couples and admins use
 * the couples' door, vendors their own), Google sign-in, e-mail verification, password reset and
 * change, profile edits, deletion and the admin role calls. Pages and API both call these, each
 * with the request's domain context first: `fn(ctx, input)`.
 */
import { type DomainContext, Conflict, Unauthorized, startSession } from "../core/index.ts";
import type { Role, users } from "#db/schema/identity.ts";
import type { Row } from "#db/rows.ts";
import type { MailMessage } from "#platform/mail.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { deviceCookieValue, rememberDevice, type RememberedDevice } from "./remembered-devices.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

export type Door = "user" | "vendor";

/** What the client learns about the signed-in account (GET /users/me and the login answers). */
export type AccountView = {
  id: string;
  /** The log-in e-mail address; null for an account made with a mobile number only. */
  email: string | null;
  user_name: string;
  role: Role;
  profile_photo: string | null;
  is_verified: boolean;
  phone: string | null;
  /** The mobile number proven by a code (E.164); the account can sign in with it. */
  verified_phone: string | null;
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

export type UserRow = Row<
  typeof users,
  | "id"
  | "email"
  | "password_hash"
  | "google_sub"
  | "user_name"
  | "role"
  | "profile_photo"
  | "is_verified"
  | "phone"
  | "wedding_date"
  | "wedding_city"
  | "partner_name"
  | "guest_estimate"
  | "total_budget"
  | "planning_reminders"
  | "verified_phone"
  | "locale"
>;

/** A started session; `deviceCookie` is the remembered-device cookie value to set, when there is one. */
export type SessionStart = { token: string; expiresAt: number; account: AccountView; deviceCookie?: string };

export const userByEmail = (d1: D1Database, email: string) => d1.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();
export const userById = (d1: D1Database, id: string) => d1.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();

export async function accountView(d1: D1Database, userId: string): Promise<AccountView | null> {
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
    email: row.email || null,
    user_name: row.user_name,
    role: row.role,
    profile_photo: row.profile_photo,
    is_verified: Boolean(row.is_verified),
    phone: row.phone,
    verified_phone: row.verified_phone,
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
export async function startRememberedSession(ctx: DomainContext, userId: string, device: RememberedDevice | null): Promise<SessionStart> {
  const { token, expiresAt } = await startSession(ctx, userId);
  const account = await accountView(ctx.db, userId);
  if (!account) throw new Unauthorized();
  const deviceToken = await rememberDevice(ctx, userId, device);
  return { token, expiresAt, account, deviceCookie: deviceCookieValue(deviceToken, ctx.request.deviceTokens ?? []) };
}

export function isUniqueEmailViolation(e: unknown): boolean {
  return e instanceof Error && /UNIQUE constraint failed: users\.email/.test(e.message);
}

export function isUniquePhoneViolation(e: unknown): boolean {
  return e instanceof Error && /UNIQUE constraint failed: users\.verified_phone/.test(e.message);
}

/** A number verified on another account (said only to whoever just proved the number is theirs; docs/decisions/0047). */
export const PHONE_TAKEN = m.api_e_this_mobile_number_is_already_verified_on;

export const doorOf = (role: Role): Door => (role === "VENDOR" ? "vendor" : "user");
export const changePasswordPath = (door: Door) => (door === "vendor" ? "/vendor-change-password" : "/user-change-password");
export const loginPath = (door: Door) => (door === "vendor" ? "/vendorLogin" : "/login");
export const forgotPath = (door: Door) => (door === "vendor" ? "/vendor-forgot-password" : "/user-forgot-password");

/**
 * Sends a mail after the answer (ctx.defer), so known and unknown addresses answer in the same
 * time; a failed send is logged, never shown to the requester.
 */
export function sendMail(ctx: DomainContext, message: MailMessage): void {
  ctx.defer(ctx.mail.send(message).catch((e: unknown) => log.error("account mail failed", { subject: message.subject }, e)));
}

/** A verified couple's identity row (from a confirmed sign-up or Google); a taken e-mail is a Conflict. */
export async function insertCoupleAccount(
  d1: D1Database,
  u: {
    id: string;
    email: string;
    userName: string;
    now: number;
    passwordHash?: string | null;
    googleSub?: string | null;
    phone?: string | null;
    verifiedPhone?: string | null;
    profilePhoto?: string | null;
  },
): Promise<void> {
  try {
    await d1
      .prepare(
        "INSERT INTO users (id, email, password_hash, google_sub, user_name, phone, verified_phone, profile_photo, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'USER', 1, ?, ?)",
      )
      .bind(
        u.id,
        u.email,
        u.passwordHash ?? null,
        u.googleSub ?? null,
        u.userName,
        u.phone ?? null,
        u.verifiedPhone ?? null,
        u.profilePhoto ?? null,
        u.now,
        u.now,
      )
      .run();
  } catch (e) {
    if (isUniqueEmailViolation(e)) throw new Conflict(ACCOUNT_MESSAGES.duplicateEmail);
    if (isUniquePhoneViolation(e)) throw new Conflict(PHONE_TAKEN());
    throw e;
  }
}
