/**
 * Sign-in and sign-up with an Indian mobile number and a one-time code (issue 32,
 * docs/decisions/0047-mobile-sign-in.md), and a signed-in account adding its number.
 *
 * What is revealed, and to whom: asking for a code answers the same for every number. Only after
 * the code is right (the person has the phone) does the answer say whether the number has an
 * account: its owner is signed in; a number without one is asked for the sign-up details; a
 * number verified on another account cannot be added to a second one. So nothing about a number
 * is told to anyone who cannot read its SMS, which is no more than an e-mail sign-up tells the
 * owner of the address.
 */
import { type DomainContext, Forbidden, Invalid, newId, requireSignedIn, Unauthorized } from "../core/index.ts";
import type { PhoneSignInInput } from "#shared/phone-schemas.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { trialStatements } from "../billing/index.ts";
import { checkPlace } from "./places.ts";
import { insertVendorAccount } from "./signup.ts";
import { checkPhoneCode, codeId, sendPhoneCode, spendCode } from "./phone-codes.ts";
import {
  type AccountView,
  type Door,
  type SessionStart,
  type UserRow,
  accountView,
  doorOf,
  insertCoupleAccount,
  isUniquePhoneViolation,
  PHONE_TAKEN,
  startRememberedSession,
  userById,
} from "./account-common.ts";
import { Conflict } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

export const PHONE_MESSAGES = {
  get welcomeBack() {
    return m.api_phone_welcome_back();
  },
  get needsSignup() {
    return m.api_phone_needs_signup();
  },
  get sameNumber() {
    return m.api_phone_same_number();
  },
  get added() {
    return m.api_phone_added();
  },
};

/** A code to sign in or sign up (the same answer and the same SMS for every number). */
export async function requestSignInCode(ctx: DomainContext, { phone }: { phone: string }) {
  return sendPhoneCode(ctx, { phone, purpose: "SIGN_IN" });
}

const userByPhone = (d1: D1Database, phone: string) => d1.prepare("SELECT * FROM users WHERE verified_phone = ?").bind(phone).first<UserRow>();

export type PhoneSignInResult =
  (SessionStart & { status: "signed-in" | "created" }) | { status: "needs-signup"; message: string; fields: string[]; account: null };

/**
 * Signs in the account whose verified number this is, or creates one with the sign-up details
 * (a couple's: `user_name`; a vendor's: also the business `name`, `business_category`, `state` and
 * `city`; the vendor's free trial starts with it, once per number). Without the details the code
 * is checked but not spent, and the answer lists the fields wanted. No password and no e-mail
 * address are set; both can be added later.
 */
export async function phoneSignIn(ctx: DomainContext, input: PhoneSignInInput & { door: Door }): Promise<PhoneSignInResult> {
  const { db: d1, now } = ctx;
  const id = codeId("SIGN_IN", input.phone);
  const codeHash = await checkPhoneCode(ctx, id, input.code);
  const existing = await userByPhone(d1, input.phone);
  if (existing) {
    if (doorOf(existing.role) !== input.door)
      throw new Forbidden(input.door === "user" ? ACCOUNT_MESSAGES.vendorAtUserDoor : ACCOUNT_MESSAGES.userAtVendorDoor);
    await spendCode(ctx, id, codeHash);
    return { ...(await startRememberedSession(ctx, existing.id, null)), status: "signed-in" };
  }
  const wanted = input.door === "vendor" ? (["user_name", "name", "business_category", "state", "city"] as const) : (["user_name"] as const);
  const missing = wanted.filter((field) => !input[field]);
  if (missing.length) return { status: "needs-signup", message: PHONE_MESSAGES.needsSignup, fields: missing, account: null };
  const place = input.door === "vendor" ? checkPlace(input.state!, input.city!) : null;
  await spendCode(ctx, id, codeHash);
  const userId = newId(now);
  if (input.door === "vendor") {
    await insertVendorAccount(d1, {
      id: userId,
      email: "",
      verifiedPhone: input.phone,
      passwordHash: null,
      userName: input.user_name!,
      phone: input.phone,
      name: input.name!,
      category: input.business_category ?? null,
      state: place!.state,
      city: place!.city,
      verified: true,
      now,
      // One free trial per number, as per e-mail address for e-mail sign-ups.
      then: await trialStatements(d1, { id: userId, email: `phone:${input.phone}` }, now),
    });
  } else {
    await insertCoupleAccount(d1, { id: userId, email: "", userName: input.user_name!, phone: input.phone, verifiedPhone: input.phone, now });
  }
  ctx.events.record({
    event: "signup",
    labels: [input.door === "vendor" ? "vendor" : "couple", "phone", input.door === "vendor" ? (input.business_category ?? null) : null],
  });
  return { ...(await startRememberedSession(ctx, userId, null)), status: "created" };
}

/** A signed-in account asks for a code to add (or change to) a mobile number. */
export async function requestAddPhoneCode(ctx: DomainContext, { phone }: { phone: string }) {
  const actor = requireSignedIn(ctx.actor);
  const user = await userById(ctx.db, actor.id);
  if (!user) throw new Unauthorized();
  if (user.verified_phone === phone) throw new Invalid(PHONE_MESSAGES.sameNumber, { phone: PHONE_MESSAGES.sameNumber });
  return sendPhoneCode(ctx, { phone, purpose: "ADD_PHONE", userId: actor.id });
}

/**
 * Verifies the code and makes the number the account's (replacing an earlier one). A number
 * verified on another account is refused (409) only after the code is right (docs/decisions/0047).
 */
export async function addPhone(ctx: DomainContext, { phone, code }: { phone: string; code: string }): Promise<{ message: string; user: AccountView }> {
  const actor = requireSignedIn(ctx.actor);
  const id = codeId("ADD_PHONE", phone, actor.id);
  const codeHash = await checkPhoneCode(ctx, id, code);
  const other = await userByPhone(ctx.db, phone);
  if (other && other.id !== actor.id) throw new Conflict(PHONE_TAKEN(), { phone: PHONE_TAKEN() });
  await spendCode(ctx, id, codeHash);
  try {
    await ctx.db
      .prepare("UPDATE users SET verified_phone = ?1, phone = coalesce(nullif(phone, ''), ?1), updated_at = ?2 WHERE id = ?3")
      .bind(phone, ctx.now, actor.id)
      .run();
  } catch (e) {
    if (isUniquePhoneViolation(e)) throw new Conflict(PHONE_TAKEN(), { phone: PHONE_TAKEN() });
    throw e;
  }
  const user = await accountView(ctx.db, actor.id);
  if (!user) throw new Unauthorized();
  return { message: PHONE_MESSAGES.added, user };
}
