import { priceFrom } from "./format.ts";

/**
 * "Share on WhatsApp" links (issue 32): a wa.me link with no number opens WhatsApp's chat picker
 * with the text written; the page's link is the text's last line, so WhatsApp draws the page's
 * Open Graph preview (og:title, og:description, og:image) under it. Plain links: they work
 * without JavaScript, and the page's CSP (form-action 'self') does not apply to them.
 */
export function whatsAppShareUrl(text: string, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text}\n${pageUrl}`)}`;
}

/** The prepared text for a service page. */
export function serviceShareText(s: { service_name: string; service_type: string; city: string; min_price: number; service_unit: string }): string {
  return `${s.service_name}: ${s.service_type} in ${s.city}, ${priceFrom(s.min_price, s.service_unit)}. Found on Mandap:`;
}

/** The prepared text for a vendor page. */
export function vendorShareText(v: { name: string; city: string | null }): string {
  return `${v.name}${v.city ? ` in ${v.city}` : ""}: photos, prices and reviews on Mandap:`;
}

/** The prepared text for a blog post. */
export function blogShareText(p: { title: string }): string {
  return `${p.title}. Read it on Mandap:`;
}
