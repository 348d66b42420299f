import { slugify } from "./slug.ts";

// Links both sides build: the log-in door that comes back, and vendor pages.

/**
 * The log-in page that brings the visitor back to `to`: the vendors' door (/vendorLogin) for the
 * vendors' own pages, the couples' (/login) for every other page.
 */
export const loginPath = (to: string) =>
  `${/^\/(vendordashboard|vendor-change-password)(?=[/?#]|$)/i.test(to) ? "/vendorLogin" : "/login"}?redirectTo=${encodeURIComponent(to)}`;

/** The vendor page's first segment: the city's slug ("india" when the vendor has no city). */
export const vendorLocation = (city: string | null | undefined) => (city ? slugify(city) : "") || "india";
export const vendorPath = (v: { slug: string; city: string | null }) => `/${vendorLocation(v.city)}/${v.slug}`;

/** A paid template's checkout page, and the editor a couple opens a template in. */
export const PAYMENT_PAGE = "/payment";
export const paymentPageFor = (templateId: string) => `${PAYMENT_PAGE}?template=${encodeURIComponent(templateId)}`;
export const editorPageFor = (templateId: string) => `/editor?template=${encodeURIComponent(templateId)}`;

/** The one-click unsubscribe link of optional mails (issue 31): `${UNSUBSCRIBE_PATH}/<signed token>`. */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
/** Which e-mails a person gets: signed in, or `${EMAIL_PREFERENCES_PATH}/<signed token>` from a mail. */
export const EMAIL_PREFERENCES_PATH = "/email-preferences";
/** WhatsApp notifications on or off (issue 32): signed in, or `${WHATSAPP_PREFERENCES_PATH}/<signed token>` (the one-tap stop link in every message). */
export const WHATSAPP_PREFERENCES_PATH = "/whatsapp-preferences";
