import type { vendorPage } from "#domain/catalogue/index.ts";

type VendorPage = NonNullable<Awaited<ReturnType<typeof vendorPage>>>;

/** The vendor page's schema.org LocalBusiness, with three of the reviews the page shows. No aggregate
 * rating: the page holds the vendor's six best reviews, whose average would overstate them. */
export function localBusinessJsonLd(d: VendorPage & { origin: string; canonical: string }): string {
  const { vendor, origin, canonical, testimonials } = d;
  const json: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: vendor.name,
    url: `${origin}${canonical}`,
    description: vendor.description ?? undefined,
    slogan: vendor.tagline ?? undefined,
    telephone: vendor.phone_number ?? undefined,
    email: vendor.email ?? undefined,
    image: vendor.logo_url ? `${origin}${vendor.logo_url.path}` : undefined,
    address: { "@type": "PostalAddress", addressLocality: vendor.city ?? undefined, addressRegion: vendor.state ?? undefined, addressCountry: "IN" },
    sameAs: Object.values(vendor.social_networks).filter(Boolean),
  };
  if (testimonials.length) {
    json.review = testimonials.slice(0, 3).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.user_name },
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
    }));
  }
  return JSON.stringify(json).replace(/</g, "\\u003c");
}
