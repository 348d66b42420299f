import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { addEmailInput, emailCodeInput } from "#shared/email-address-schemas.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { getLocale } from "#shared/locale.ts";
import { type DomainContext, Conflict, TooManyRequests, Unauthorized, maySendMail, parseInput, requireSignedIn } from "../core/index.ts";
import { type AccountView, accountView, sendMail, userByEmail, userById } from "./account-common.ts";
import { checkPhoneCode, CODE_RESEND_AFTER_MS, CODE_TTL_MS, spendCode, writeCode } from "./phone-codes.ts";

/**
 * A phone-only account adds an e-mail address later (issue 32, docs/decisions/0047-mobile-sign-in.md):
 * a 6-digit code mailed to the address (the same rules as SMS codes: hashed, 5 minutes, 5 tries,
 * a new one after 30 seconds), then the code makes the address the account's, verified.
 *
 * What is revealed: the answer to the code request is the same whether or not the address belongs
 * to another account. When it does, its owner is mailed that somebody tried to add it (no code), as
 * a sign-up with a known address tells its owner; nobody else learns anything. Only the address's
 * owner could enter a code, and there is none.
 */
export const EMAIL_ADD_MESSAGES = {
  get hasEmail() {
    return messages.api_email_add_has_email();
  },
  sent: (email: string) => messages.api_email_add_sent({ email }),
  get busy() {
    return messages.api_email_add_busy();
  },
  get taken() {
    return messages.api_email_add_taken();
  },
  get added() {
    return messages.api_email_add_added();
  },
};

const codeIdOf = (userId: string, email: string) => `ADD_EMAIL:${userId}:${email}`;

async function phoneOnlyAccount(ctx: DomainContext) {
  const actor = requireSignedIn(ctx.actor);
  const user = await userById(ctx.db, actor.id);
  if (!user) throw new Unauthorized();
  if (user.email) throw new Conflict(EMAIL_ADD_MESSAGES.hasEmail, { email: EMAIL_ADD_MESSAGES.hasEmail });
  return user;
}

/** Mails a code to the address the signed-in phone-only account wants to add; the same answer whatever the address. */
export async function requestEmailCode(
  ctx: DomainContext,
  raw: unknown,
): Promise<{ message: string; email: string; resendAfterSeconds: number; expiresInSeconds: number }> {
  const user = await phoneOnlyAccount(ctx);
  const { email } = parseInput(emailCodeInput, raw);
  if (!(await maySendMail(ctx, "add-email", email))) throw new TooManyRequests(EMAIL_ADD_MESSAGES.busy, 120);
  // In the account's language (users.locale), else the page's.
  const locale = mailLocale(user.locale ?? getLocale());
  const owner = await userByEmail(ctx.db, email);
  if (owner) {
    const ownerLocale = mailLocale(owner.locale);
    sendMail(
      ctx,
      composeMail({
        to: owner.email,
        locale: ownerLocale,
        subject: messages.mail_add_email_taken_subject({}, { locale: ownerLocale }),
        audience: "member",
        origin: ctx.request.origin,
        greeting: messages.mail_namaste({ name: owner.user_name }, { locale: ownerLocale }),
        body: [messages.mail_add_email_taken_body({}, { locale: ownerLocale }), messages.mail_signup_exists_not_you({}, { locale: ownerLocale })],
        reason: messages.mail_add_email_reason({}, { locale: ownerLocale }),
      }),
    );
  } else {
    const code = await writeCode(ctx, { id: codeIdOf(user.id, email), destination: email, purpose: "ADD_EMAIL", userId: user.id });
    sendMail(
      ctx,
      composeMail({
        to: email,
        locale,
        subject: messages.mail_add_email_code_subject({ code }, { locale }),
        audience: "visitor",
        origin: ctx.request.origin,
        greeting: messages.mail_namaste({ name: user.user_name }, { locale }),
        body: [messages.mail_add_email_code_body({ code }, { locale }), messages.mail_add_email_code_ignore({}, { locale })],
        reason: messages.mail_add_email_reason({}, { locale }),
      }),
    );
  }
  return {
    message: EMAIL_ADD_MESSAGES.sent(email),
    email,
    resendAfterSeconds: CODE_RESEND_AFTER_MS / 1000,
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

/** Checks the mailed code and makes the address the account's (verified: the code proved the inbox). */
export async function addEmail(ctx: DomainContext, raw: unknown): Promise<{ message: string; user: AccountView }> {
  const user = await phoneOnlyAccount(ctx);
  const { email, code } = parseInput(addEmailInput, raw);
  const id = codeIdOf(user.id, email);
  const codeHash = await checkPhoneCode(ctx, id, code);
  await spendCode(ctx, id, codeHash);
  try {
    const changed = await ctx.db.prepare("UPDATE users SET email = ?, updated_at = ? WHERE id = ? AND email = ''").bind(email, ctx.now, user.id).run();
    if (!changed.meta.changes) throw new Conflict(EMAIL_ADD_MESSAGES.hasEmail, { email: EMAIL_ADD_MESSAGES.hasEmail });
  } catch (e) {
    // An account made with the address since the code was sent (the unique index decides).
    if (e instanceof Error && /UNIQUE/i.test(e.message)) throw new Conflict(EMAIL_ADD_MESSAGES.taken, { email: EMAIL_ADD_MESSAGES.taken });
    throw e;
  }
  const view = await accountView(ctx.db, user.id);
  if (!view) throw new Unauthorized();
  return { message: EMAIL_ADD_MESSAGES.added, user: view };
}
