/** Passwords: asking for a reset link, resetting with it, and the signed-in change. */
import { audienceOf, composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import {
  type DomainContext,
  Invalid,
  Unauthorized,
  ACCESS,
  requireRole,
  clearLimit,
  maySendMail,
  RESET_PER_ADDRESS,
  takeOrThrow,
  invalidateUserSessions,
} from "../core/index.ts";
import { hashPassword, verifyPassword } from "#platform/password.ts";
import { consumeStatement, issueAuthToken, peekAuthToken } from "./auth-tokens.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { type Door, changePasswordPath, doorOf, sendMail, userByEmail, userById } from "./account-common.ts";

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
    // In the account's language (users.locale), not the forgot-password page's.
    const locale = mailLocale(user.locale);
    sendMail(
      ctx,
      composeMail({
        to: user.email,
        locale,
        subject: messages.mail_reset_subject({}, { locale }),
        audience: audienceOf(user.role),
        origin: info.origin,
        greeting: messages.mail_namaste({ name: user.user_name }, { locale }),
        body: [
          (userDoor === "vendor" ? messages.mail_reset_intro_vendor : messages.mail_reset_intro)({}, { locale }),
          { link: { label: messages.mail_choose_new_password({}, { locale }), url: link } },
          messages.mail_reset_once({}, { locale }),
        ],
        reason: messages.mail_reset_reason({}, { locale }),
      }),
    );
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
