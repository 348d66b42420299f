/** Log-in: the password doors (couples' and vendors'), Google sign-in, log-out. */
import { audienceOf, composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import {
  type DomainContext,
  Conflict,
  Forbidden,
  NotFound,
  Unauthorized,
  newId,
  assertNoDelay,
  clearLimit,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ADDRESS_DELAY,
  LOGIN_NOTICE,
  recordFailure,
  takeAllowance,
  endSession,
} from "../core/index.ts";
import { hashPassword, verifyPassword } from "#platform/password.ts";
import { GoogleTokenError, verifyGoogleIdToken, type KeySource } from "#platform/google.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { findDevice, recordDeviceFailure } from "./remembered-devices.ts";
import {
  type Door,
  type SessionStart,
  type UserRow,
  doorOf,
  forgotPath,
  insertCoupleAccount,
  sendMail,
  startRememberedSession,
  userByEmail,
} from "./account-common.ts";
import { m } from "#shared/paraglide/messages.js";

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
      const locale = mailLocale(user.locale);
      sendMail(
        ctx,
        composeMail({
          to: user.email,
          locale,
          subject: messages.mail_failed_login_subject({}, { locale }),
          audience: audienceOf(user.role),
          origin: info.origin,
          greeting: messages.mail_namaste({ name: user.user_name }, { locale }),
          body: [
            messages.mail_failed_login_intro({ count: String(failures) }, { locale }),
            messages.mail_failed_login_safe({}, { locale }),
            { link: { label: messages.mail_choose_new_password({}, { locale }), url: `${info.origin}${forgotPath(userDoor)}` } },
          ],
          reason: messages.mail_failed_login_reason({}, { locale }),
        }),
      );
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
    if (existing.google_sub && existing.google_sub !== identity.sub) throw new Conflict(m.api_e_this_e_mail_address_is_linked_to_a());
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
  ctx.events.record({ event: "signup", labels: ["couple", "google"] });
  return { ...(await startRememberedSession(ctx, id, null)), created: true };
}

/** Ends the session the browser carried (if any). */
export async function logout(ctx: DomainContext): Promise<{ message: string }> {
  await endSession(ctx);
  return { message: ACCOUNT_MESSAGES.loggedOut };
}
