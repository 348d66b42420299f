import { confirmMailAddress, emailPreferences, emailPreferencesInput, recordMailEvent, saveEmailPreferences } from "#domain/accounts/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { JSON_BODY_MAX, readCappedText } from "#platform/request-body.ts";
import { Resource } from "./endpoint.ts";

/**
 * E-mail (issue 31): the signed-in person's e-mail choices (the same switches as /email-preferences,
 * the couple's profile and the vendor's settings), and the mail service's webhook for bounces and
 * complaints (functions/domain/accounts/mail-preferences.ts).
 */
export const mailApi = new Resource("/mail", "E-mail")
  .endpoint(
    {
      method: "get",
      path: "/preferences",
      summary: "The signed-in person's e-mail choices and whether mail to their address is suppressed",
      access: ACCESS.signedIn,
    },
    async (c) => c.json({ success: true, preferences: await emailPreferences(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/preferences",
      summary:
        "Set each of the person's e-mails on or off (planning-reminder for couples; weekly-summary, new-enquiry, couple-reply, booking-changes for vendors)",
      description: "Every switch of the person is set: one not given is off. Others' switches and other kinds are untouched.",
      body: emailPreferencesInput,
      access: ACCESS.signedIn,
    },
    async (c, { body }) => {
      const { message, ...preferences } = await saveEmailPreferences(c.get("domain"), undefined, body);
      return c.json({ success: true, message, preferences });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/preferences/confirm-address",
      summary: "Confirm the address is right after a bounce: mail is sent to it again",
      access: ACCESS.signedIn,
    },
    async (c) => c.json({ success: true, ...(await confirmMailAddress(c.get("domain"), undefined)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/webhook",
      summary: "The mail service's webhook: bounces and complaints (Resend, signed with Svix)",
      description:
        "Signed in svix-id, svix-timestamp and svix-signature (v1, base64 HMAC-SHA256 of `id.timestamp.body` with the whsec_ secret MAIL_WEBHOOK_SECRET), at most five minutes old. email.bounced and email.complained suppress the addresses in data.to: no more mail is sent to them until the person changes or confirms the address. Other events are acknowledged and ignored.",
      access: ACCESS.public,
      responses: { 200: "Recorded or ignored", 400: "Signed but not an event we understand", 401: "The signature is missing, wrong or too old" },
    },
    async (c) => {
      const body = await readCappedText(c.req.raw, JSON_BODY_MAX);
      const headers = {
        id: c.req.header("svix-id") ?? null,
        timestamp: c.req.header("svix-timestamp") ?? null,
        signature: c.req.header("svix-signature") ?? null,
      };
      return c.json({ success: true, ...(await recordMailEvent(c.get("domain"), { body, headers })) });
    },
  );
