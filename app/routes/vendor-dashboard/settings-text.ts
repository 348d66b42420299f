import type { NotificationPrefs } from "#domain/accounts/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** NOTIFICATION_LABELS (functions/domain/accounts/vendor-settings.ts) in the page's language; the English is the same word for word. */
const NOTIFICATION_TEXT: Record<keyof NotificationPrefs, () => string> = {
  new_enquiry: m.vendor_notify_new_enquiry,
  couple_reply: m.vendor_notify_couple_reply,
  booking_changes: m.vendor_notify_booking_changes,
  weekly_summary: m.vendor_notify_weekly_summary,
};

export const notificationLabel = (key: keyof NotificationPrefs) => NOTIFICATION_TEXT[key]();
