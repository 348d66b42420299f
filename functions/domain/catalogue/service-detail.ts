import { mediaUrl } from "#shared/media.ts";
import { type DomainContext, can } from "../core/index.ts";
import { parseHighlights } from "./service-records.ts";
import { type ServiceSummary, SUMMARY_COLUMNS, type SummaryRow, toSummary } from "./service-summaries.ts";

/**
 * One service as its page shows it: the summary with the description, address, highlights and
 * every photo.
 */

export type ServiceDetail = ServiceSummary & {
  description: string;
  /** Where the service is (a venue's street address), as the vendor typed it; null when not given. */
  address: string | null;
  /** Short selling points the vendor listed ("Lake view", "Jain kitchen"), in their order. */
  highlights: string[];
  media: {
    image_urls: { path: string; width: number | null; height: number | null; alt: string | null; card?: { path: string; width: number } }[];
  }[];
  faqs: { id: string; question: string; answer: string }[];
  vendor: ServiceSummary["vendor"] & {
    tagline: string | null;
    phone_number: string | null;
    email: string | null;
    city: string | null;
    state: string | null;
    logo_url: { path: string } | null;
    is_verified: boolean;
  };
};

/** A service with its gallery, FAQs and vendor card. Archived services are visible only to their vendor and admins. */
export async function serviceDetail(ctx: DomainContext, id: string): Promise<ServiceDetail | null> {
  const { db: d1, actor } = ctx;
  const [main, media, faqs] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT ${SUMMARY_COLUMNS}, s.description, s.address, s.highlights, v.tagline, v.phone, v.email AS vendor_email, v.city AS vendor_city,
          v.state AS vendor_state, v.logo_key, v.is_verified AS vendor_verified
         FROM services s JOIN vendors v ON v.user_id = s.vendor_id WHERE s.id = ?`,
      )
      .bind(id),
    d1.prepare("SELECT key, width, height, card_key, card_width, alt FROM service_media WHERE service_id = ? AND kind = 'image' ORDER BY position").bind(id),
    d1.prepare("SELECT id, question, answer FROM service_faqs WHERE service_id = ? ORDER BY position").bind(id),
  ]);
  const row = main?.results[0] as
    | (SummaryRow & {
        description: string;
        address: string | null;
        highlights: string | null;
        tagline: string | null;
        phone: string | null;
        vendor_email: string | null;
        vendor_city: string | null;
        vendor_state: string | null;
        logo_key: string | null;
        vendor_verified: number;
      })
    | undefined;
  if (!row) return null;
  if (row.status !== "active") {
    const allowed = actor && (actor.id === row.vendor_id || can.viewAdminArea(actor));
    if (!allowed) return null;
  }
  const summary = toSummary(row);
  const images = (media?.results ?? []) as {
    key: string;
    width: number | null;
    height: number | null;
    card_key: string | null;
    card_width: number | null;
    alt: string | null;
  }[];
  return {
    ...summary,
    description: row.description,
    address: row.address?.trim() || null,
    highlights: parseHighlights(row.highlights),
    media: [
      {
        image_urls: images.length
          ? images.map((m) => ({
              path: mediaUrl(m.key),
              width: m.width,
              height: m.height,
              alt: m.alt,
              // The card-size variant, for srcset where the full photo is more than a phone needs.
              ...(m.card_key && m.card_key !== m.key && m.card_width ? { card: { path: mediaUrl(m.card_key), width: m.card_width } } : {}),
            }))
          : [{ path: mediaUrl(null), width: 800, height: 600, alt: null }],
      },
    ],
    faqs: (faqs?.results ?? []) as ServiceDetail["faqs"],
    vendor: {
      ...summary.vendor,
      tagline: row.tagline,
      phone_number: row.phone,
      email: row.vendor_email,
      city: row.vendor_city,
      state: row.vendor_state,
      logo_url: row.logo_key ? { path: mediaUrl(row.logo_key) } : null,
      is_verified: Boolean(row.vendor_verified),
    },
  };
}
