import { canonicalLink } from "#app/lib/canonical.ts";
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { Gallery } from "#app/components/Gallery.tsx";
import { ShareOnWhatsApp } from "#app/components/ShareOnWhatsApp.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { browsePath } from "#shared/catalogue.ts";
import { isShareOfBudget, priceFrom, priceWithUnit, reviewCount } from "#shared/format.ts";
import { serviceShareText } from "#shared/share.ts";
import { pageTitle } from "#shared/strings.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { CartButton } from "./cart-button.tsx";
import { EnquiryPanel } from "./enquiry-panel.tsx";
import { ReviewsSection } from "./reviews.tsx";
import type { LoaderData } from "./types.ts";
import { VendorCard } from "./vendor-card.tsx";

export { action, loader } from "./service.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(m.public_service_not_found()) }];
  const { service, canonical, origin, reviewSummary } = loaderData;
  const rating = reviewSummary.count ? m.public_service_rated({ rating: service.rating.toFixed(1), reviews: reviewCount(reviewSummary.count) }) : "";
  const type = shownName(service.service_type);
  const city = shownName(service.city);
  const description = m
    .public_service_description({
      type,
      city,
      state: shownName(service.state),
      vendor: service.vendor.name,
      price: priceFrom(service.min_price, service.service_unit),
      rating,
      about: service.description,
    })
    .slice(0, 300);
  const image = service.media[0]?.image_urls[0];
  // React writes the first photo's preload itself, from the gallery's first <img> (fetchPriority high).
  return [
    { title: pageTitle(m.public_service_title({ name: service.service_name, type, city })) },
    { name: "description", content: description },
    canonicalLink(origin, canonical),
    { property: "og:title", content: service.service_name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: `${origin}${canonical}` },
    { property: "og:site_name", content: "Mandap" },
    // The listing's first photo: WhatsApp, Facebook and others show it in the link's preview.
    ...(image
      ? [
          { property: "og:image", content: `${origin}${image.path}` },
          { property: "og:image:alt", content: image.alt || service.service_name },
          ...(image.width && image.height
            ? [
                { property: "og:image:width", content: String(image.width) },
                { property: "og:image:height", content: String(image.height) },
              ]
            : []),
        ]
      : []),
  ];
};

function productJsonLd(d: LoaderData) {
  const { service, reviews, reviewSummary, origin, canonical } = d;
  const json: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: service.service_name,
    description: service.description,
    category: `${service.service_category} > ${service.service_type}`,
    image: service.media[0]?.image_urls.map((i) => `${origin}${i.path}`) ?? [],
    url: `${origin}${canonical}`,
    brand: { "@type": "Brand", name: service.vendor.name },
    offers: {
      "@type": "Offer",
      // A percentage of the couple's budget is not a price in rupees: no price is claimed for it.
      ...(isShareOfBudget(service.service_unit) ? {} : { priceCurrency: "INR", price: service.min_price }),
      url: `${origin}${canonical}`,
      availability: "https://schema.org/InStock",
      seller: {
        "@type": "LocalBusiness",
        name: service.vendor.name,
        address: { "@type": "PostalAddress", addressLocality: service.city, addressRegion: service.state, addressCountry: "IN" },
      },
    },
  };
  if (reviewSummary.count > 0) {
    json.aggregateRating = { "@type": "AggregateRating", ratingValue: reviewSummary.rating, reviewCount: reviewSummary.count, bestRating: 5, worstRating: 1 };
    json.review = reviews.slice(0, 3).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.user_name },
      datePublished: new Date(r.created_at).toISOString().slice(0, 10),
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  // "<" escaped so the JSON can never close the script element.
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, viewer, canonical, origin } = loaderData;
  const images = service.media[0]?.image_urls ?? [];
  return (
    <article className="container-page py-6 md:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(loaderData) }} />
      <nav aria-label={m.public_browse_breadcrumb()} className="mb-4 text-sm text-ink/70">
        <ol className="flex flex-wrap items-center gap-1">
          {[
            { label: m.public_service_all(), to: "/all" },
            { label: shownName(service.service_category), to: browsePath(service.service_category) },
            { label: shownName(service.service_type), to: browsePath(service.service_category, service.service_type) },
            { label: shownName(service.state), to: browsePath(service.service_category, service.service_type, service.state) },
            { label: shownName(service.city), to: browsePath(service.service_category, service.service_type, service.state, service.city) },
          ].map((c) => (
            <li key={c.to} className="after:ml-1 after:content-['›']">
              <Link to={c.to} className="hover:text-maroon-700 hover:underline">
                {c.label}
              </Link>
            </li>
          ))}
          <li aria-current="page" className="line-clamp-1 text-ink" translate="no">
            {service.service_name}
          </li>
        </ol>
      </nav>

      <header className="mb-6 flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-maroon-700">{shownName(service.service_type)}</p>
        <h1 className="text-3xl font-bold leading-tight md:text-4xl" translate="no">
          {service.service_name}
        </h1>
        {viewer.canModerate && (
          <p>
            <Link to={`/admin/services/${service.id}`} className="text-sm font-semibold text-maroon-700 underline" data-testid="moderate-service">
              {m.public_service_moderate()}
            </Link>
          </p>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink/80">
          <span>
            {shownName(service.city)}, {shownName(service.state)}
          </span>
          <span aria-hidden="true">·</span>
          {service.review_count > 0 ? (
            <a href="#reviews" className="inline-flex items-center gap-1 hover:underline">
              <Stars value={service.rating} />
              <span className="font-semibold">{service.rating.toFixed(1)}</span>
              <span>({reviewCount(service.review_count)})</span>
            </a>
          ) : (
            <span>{m.public_service_new()}</span>
          )}
          {service.status !== "active" && <span className="rounded-full bg-ink/10 px-2 py-0.5 text-sm">{m.public_service_archived()}</span>}
        </p>
      </header>

      {/* On phones the price and enquiry come right after the photos; on wide screens they stay beside the page. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 lg:col-start-1">
          <section aria-labelledby="gallery-heading">
            <h2 id="gallery-heading" className="sr-only">
              {m.public_service_photos()}
            </h2>
            <Gallery images={images} label={m.public_service_photos_of({ name: service.service_name })} />
          </section>
        </div>
        <aside
          className="flex flex-col gap-6 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
          aria-label={m.public_service_price_enquiry()}
        >
          <div className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
            <p className="text-2xl font-bold text-maroon-700">{priceFrom(service.min_price, service.service_unit)}</p>
            <p className="mt-1 text-sm text-ink/70">{m.public_service_quotes_depend()}</p>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <WishlistButton serviceId={service.id} serviceName={service.service_name} initial={viewer.favorited} variant="button" />
              <CartButton inCart={viewer.inCart} signedIn={viewer.signedIn} canUseCart={viewer.canUseCart} canonical={canonical} />
            </div>
            <ShareOnWhatsApp text={serviceShareText(service)} url={`${origin}${canonical}`} className="mt-3 w-full justify-center" />
          </div>
          <EnquiryPanel data={loaderData} />
          <VendorCard vendor={service.vendor} />
        </aside>
        <div className="flex min-w-0 flex-col gap-10 lg:col-start-1">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-3 text-2xl font-bold">
              {m.public_service_about()}
            </h2>
            <p className="whitespace-pre-line leading-relaxed text-ink/85" translate={service.description ? "no" : undefined}>
              {service.description || m.public_service_no_description()}
            </p>
            {service.highlights.length > 0 && (
              <>
                <h3 id="highlights-heading" className="mt-5 text-lg font-semibold">
                  {m.public_service_highlights()}
                </h3>
                <ul aria-labelledby="highlights-heading" className="mt-2 flex flex-wrap gap-2" translate="no">
                  {service.highlights.map((h) => (
                    <li key={h} className="rounded-full bg-maroon-50 px-3 py-1 text-sm text-maroon-900">
                      {h}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <dl className="mt-4 grid gap-3 sm:grid-cols-3">
              <div className="rounded-xl bg-white p-3 shadow-sm">
                <dt className="text-xs uppercase text-ink/70">{m.public_service_starting_price()}</dt>
                <dd className="font-semibold text-maroon-700">{priceFrom(service.min_price, service.service_unit)}</dd>
              </div>
              {service.max_price && (
                <div className="rounded-xl bg-white p-3 shadow-sm">
                  <dt className="text-xs uppercase text-ink/70">{m.public_service_up_to()}</dt>
                  <dd className="font-semibold">{priceWithUnit(service.max_price, service.service_unit)}</dd>
                </div>
              )}
              <div className="rounded-xl bg-white p-3 shadow-sm">
                <dt className="text-xs uppercase text-ink/70">{m.public_service_category()}</dt>
                <dd className="font-semibold">{shownName(service.service_category)}</dd>
              </div>
              {service.address && (
                <div className="rounded-xl bg-white p-3 shadow-sm sm:col-span-3">
                  <dt className="text-xs uppercase text-ink/70">{m.public_service_address()}</dt>
                  <dd className="whitespace-pre-line font-semibold">
                    <span translate="no">{service.address}</span>, {shownName(service.city)}, {shownName(service.state)}
                  </dd>
                </div>
              )}
            </dl>
          </section>

          {service.faqs.length > 0 && (
            <section aria-labelledby="faq-heading">
              <h2 id="faq-heading" className="mb-3 text-2xl font-bold">
                {m.public_service_faq()}
              </h2>
              <div className="divide-y divide-maroon-100 rounded-2xl border border-maroon-100 bg-white" translate="no">
                {service.faqs.map((f) => (
                  <details key={f.id} className="group p-4">
                    <summary className="cursor-pointer list-none font-semibold marker:hidden">
                      <span className="flex items-center justify-between gap-3">
                        {f.question}
                        <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                          +
                        </span>
                      </span>
                    </summary>
                    <p className="mt-2 text-ink/80">{f.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          )}

          <ReviewsSection data={loaderData} />
        </div>
      </div>

      {loaderData.similar.length > 0 && (
        // Drawn when near the screen (decision 0036); the size it stands in with is 8 cards in 1, 2 or 4 columns.
        <section
          aria-labelledby="similar-heading"
          className="mt-12 [content-visibility:auto] [contain-intrinsic-size:auto_3450px] sm:[contain-intrinsic-size:auto_1750px] lg:[contain-intrinsic-size:auto_900px]"
        >
          <h2 id="similar-heading" className="mb-4 text-2xl font-bold">
            {m.public_service_similar({ type: shownName(service.service_type).toLowerCase(), city: shownName(service.city) })}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.similar.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} />} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
