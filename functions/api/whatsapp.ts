import {
  recordWhatsAppReplies,
  saveWhatsAppPreferences,
  whatsAppPreferences,
  whatsAppPreferencesInput,
  whatsAppWebhookChallenge,
} from "#domain/accounts/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { JSON_BODY_MAX, readCappedText } from "#platform/request-body.ts";
import { Resource } from "./endpoint.ts";

/**
 * WhatsApp notifications (issue 32): the signed-in person's choice, the same switch as
 * /whatsapp-preferences (functions/domain/accounts/whatsapp.ts). Off until turned on; turning it on
 * needs an Indian mobile number on the account.
 */
export const whatsAppApi = new Resource("/whatsapp", "WhatsApp")
  .endpoint(
    {
      method: "get",
      path: "/preferences",
      summary: "The signed-in person's WhatsApp notifications: on or off, since when, and the number they go to",
      access: ACCESS.signedIn,
    },
    async (c) => c.json({ success: true, preferences: await whatsAppPreferences(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/preferences",
      summary: "Turn WhatsApp notifications on or off (new enquiry, reply, quote, booking change, payment, RSVP summary)",
      description:
        "`whatsapp: true` turns them on (400 without an Indian mobile number on the account); false or absent turns them off, at once: messages not yet delivered are not sent. Only the caller's own choice changes.",
      body: whatsAppPreferencesInput,
      access: ACCESS.signedIn,
    },
    async (c, { body }) => {
      const { message, ...preferences } = await saveWhatsAppPreferences(c.get("domain"), body);
      return c.json({ success: true, message, preferences });
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/webhook",
      summary: "WhatsApp's webhook subscription check (Meta's hub.challenge)",
      description:
        "Meta calls it once when the webhook is set up: with hub.mode=subscribe and hub.verify_token equal to WHATSAPP_VERIFY_TOKEN it answers hub.challenge as text; otherwise 400.",
      access: ACCESS.public,
      responses: { 200: "The challenge, as text", 400: "Not a subscription check with our verify token" },
    },
    async (c) => {
      const challenge = whatsAppWebhookChallenge(c.get("domain"), {
        mode: c.req.query("hub.mode"),
        token: c.req.query("hub.verify_token"),
        challenge: c.req.query("hub.challenge"),
      });
      return challenge === null
        ? c.json({ success: false, message: "This is not a subscription check with our verify token.", errors: {} }, 400)
        : c.text(challenge);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/webhook",
      summary: "WhatsApp's webhook: replies (STOP turns WhatsApp messages off at once)",
      description:
        "Signed by Meta in X-Hub-Signature-256 (sha256= hex HMAC-SHA256 of the raw body with the app secret WHATSAPP_APP_SECRET). An incoming message reading STOP (or stop all, unsubscribe, बंद, बंद करें, रोकें) turns WhatsApp messages off for every account whose messages go to the sender's number; messages already queued are not sent. Other messages and statuses are acknowledged and ignored.",
      access: ACCESS.public,
      responses: { 200: "Recorded or ignored", 400: "Signed but not a WhatsApp notification", 401: "The signature is missing or wrong" },
    },
    async (c) => {
      const body = await readCappedText(c.req.raw, JSON_BODY_MAX);
      return c.json({ success: true, ...(await recordWhatsAppReplies(c.get("domain"), { body, signature: c.req.header("x-hub-signature-256") ?? null })) });
    },
  );
