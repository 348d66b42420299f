import { saveWhatsAppPreferences, whatsAppPreferences, whatsAppPreferencesInput } from "#domain/accounts/index.ts";
import { ACCESS } from "#domain/core/index.ts";
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
  );
