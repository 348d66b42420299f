import { canonicalLink } from "#app/lib/canonical.ts";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/vendor";
import { appContext } from "#functions/page-context.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { Gallery } from "#app/components/Gallery.tsx";
import { ReplyNote } from "#app/components/ReplyNote.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { ShareOnWhatsApp } from "#app/components/ShareOnWhatsApp.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { readCookie } from "#platform/cookies.ts";
import { formatDate, initials, replyTimeLabel } from "#shared/format.ts";
import { vendorShareText } from "#shared/share.ts";
import { slugify } from "#shared/slug.ts";
import { pageTitle, VENDOR_FALLBACK } from "#shared/strings.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { vendorPage, countView, VIEW_COOKIES } from "#domain/catalogue/index.ts";
import { can } from "#domain/core/index.ts";

/**
 * The public vendor page at /{city}/{vendor}. A wrong city redirects to the canonical one; an
 * unknown vendor is a 404. A profile view counts once a day per browser (cookie, 1 day).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const slug = slugify(params.vendorname);
  const page = slug ? await vendorPage(domain, slug) : null;
  if (!page) throw data(null, { status: 404 });
  const canonical = `/${page.vendor.location}/${page.vendor.slug}`;
  const url = new URL(request.url);
  if (decodeURIComponent(pagePath(request)) !== canonical) throw redirect(canonical, 301);
  const headers = new Headers();
  const seen = readCookie(request, VIEW_COOKIES.profile);
  const setCookie = await countView(domain, { kind: "profile", id: page.vendor.id, ownerId: page.vendor.id, seen });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const moderate = can.viewAdminArea(domain.actor) ? `/admin/vendors/${page.vendor.id}` : null;
  return data({ ...page, canonical, origin: url.origin, moderate }, { headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(m.public_vendor_not_found()) }];
  const { vendor, canonical, origin, totalServices, gallery } = loaderData;
  // The preview's picture: the vendor's first photo, else their logo.
  const photo = gallery[0];
  const image = photo
    ? { path: photo.path, alt: photo.alt, width: photo.width, height: photo.height }
    : vendor.logo_url
      ? { ...vendor.logo_url, alt: m.public_vendor_logo({ name: vendor.name }), width: null, height: null }
      : null;
  const place = [vendor.city, vendor.state]
    .filter((p): p is string => Boolean(p))
    .map(shownName)
    .join(", ");
  const description = m
    .public_vendor_description({
      name: vendor.name,
      place: place ? m.public_vendor_in_place({ place }) : "",
      tagline: vendor.tagline ?? m.public_vendor_wedding_services(),
      count: totalServices,
      about: vendor.description ?? "",
    })
    .slice(0, 300);
  return [
    { title: pageTitle(`${vendor.name}${vendor.city ? `, ${vendor.city}` : ""}`) },
    { name: "description", content: description },
    canonicalLink(origin, canonical),
    { property: "og:title", content: vendor.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "business.business" },
    { property: "og:url", content: `${origin}${canonical}` },
    { property: "og:site_name", content: "Mandap" },
    ...(image
      ? [
          { property: "og:image", content: `${origin}${image.path}` },
          { property: "og:image:alt", content: image.alt || vendor.name },
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

type LoaderData = Route.ComponentProps["loaderData"];

function localBusinessJsonLd(d: LoaderData) {
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
    const avg = testimonials.reduce((a, r) => a + r.rating, 0) / testimonials.length;
    json.review = testimonials.slice(0, 3).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.user_name },
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
    }));
    void avg;
  }
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

/** The social links the vendor gave; one "N/A" line (the spec's fallback) when there are none, not one per network. */
function SocialLinks({ links }: { links: { facebook: string | null; instagram: string | null; website: string | null } }) {
  const given: [string, string][] = [];
  if (links.facebook) given.push(["Facebook", links.facebook]);
  if (links.instagram) given.push(["Instagram", links.instagram]);
  if (links.website) given.push([m.public_vendor_website(), links.website]);
  if (!given.length)
    return (
      <li>
        <span className="font-semibold">{m.public_vendor_social()}</span>
        {VENDOR_FALLBACK.missing}
      </li>
    );
  return given.map(([label, href]) => (
    <li key={label}>
      <span className="font-semibold">{label}: </span>
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-maroon-700 underline" translate="no">
        {href.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
      </a>
    </li>
  ));
}

/** Testimonials shown before "Show all": enough to judge, short enough for a phone. */
const TESTIMONIALS_SHOWN = 4;

function Testimonial({ t }: { t: Route.ComponentProps["loaderData"]["testimonials"][number] }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-maroon-100 bg-white p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold" translate="no">
          {t.user_name}
        </p>
        <Stars value={t.rating} />
      </div>
      <p className="text-xs text-ink/70">
        {t.location ? <span translate="no">{`${t.location} · `}</span> : ""}
        {formatDate(t.created_at)} · <span translate="no">{t.service_name}</span>
        {t.verified_booking ? ` · ✓ ${m.public_home_verified_booking()}` : ""}
      </p>
      <blockquote className="leading-relaxed" translate="no">
        {t.comment}
      </blockquote>
      {t.reply && <ReplyNote reply={t.reply} />}
    </li>
  );
}

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { vendor, services, totalServices, gallery, testimonials, origin, canonical } = loaderData;
  const name = vendor.name || VENDOR_FALLBACK.name;
  const reply = replyTimeLabel(vendor.reply_minutes_median);
  return (
    <article className="container-page py-6 md:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: localBusinessJsonLd(loaderData) }} />
      <header className="flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm md:flex-row md:items-center">
        {vendor.logo_url ? (
          <img
            src={vendor.logo_url.path}
            alt={m.public_vendor_logo({ name })}
            width={112}
            height={112}
            className="h-28 w-28 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span aria-hidden="true" className="grid h-28 w-28 shrink-0 place-items-center rounded-full bg-maroon-100 text-4xl font-bold text-maroon-700">
            {initials(vendor.name)}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-3xl font-bold md:text-4xl" translate={vendor.name ? "no" : undefined}>
            {name}
          </h1>
          {loaderData.moderate && (
            <Link to={loaderData.moderate} className="text-sm font-semibold text-maroon-700 underline" data-testid="moderate-vendor">
              {m.public_vendor_record()}
            </Link>
          )}
          <p className="text-lg text-ink/80" translate={vendor.tagline ? "no" : undefined}>
            {vendor.tagline || VENDOR_FALLBACK.tagline}
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink/80">
            <span>
              {vendor.city ? shownName(vendor.city) : VENDOR_FALLBACK.missing}, {vendor.state ? shownName(vendor.state) : VENDOR_FALLBACK.missing}
            </span>
            {vendor.is_verified && <span className="font-semibold text-emerald-800">{m.public_vendor_verified()}</span>}
            {reply && <span className="text-emerald-800">{reply}</span>}
          </p>
          <p>
            <ShareOnWhatsApp text={vendorShareText({ name, city: vendor.city })} url={`${origin}${canonical}`} />
          </p>
        </div>
        <ul className="flex flex-col gap-1 text-sm md:w-80">
          <li>
            <span className="font-semibold">{m.public_vendor_phone()}</span>
            {vendor.phone_number ? (
              <a href={`tel:${vendor.phone_number.replace(/\s+/g, "")}`} className="text-maroon-700 underline" translate="no">
                {vendor.phone_number}
              </a>
            ) : (
              VENDOR_FALLBACK.missing
            )}
          </li>
          <li>
            <span className="font-semibold">{m.public_vendor_email()}</span>
            {vendor.email ? (
              <a href={`mailto:${vendor.email}`} className="break-all text-maroon-700 underline" translate="no">
                {vendor.email}
              </a>
            ) : (
              VENDOR_FALLBACK.missing
            )}
          </li>
          <SocialLinks links={vendor.social_networks} />
        </ul>
      </header>

      <nav aria-label={m.public_vendor_on_page()} className="sticky top-0 z-20 -mx-4 mt-6 overflow-x-auto bg-cream/95 px-4 py-2 backdrop-blur md:mx-0">
        <ul className="flex gap-2 text-sm font-semibold">
          {[
            ["about", m.public_vendor_about()],
            ["gallery", m.public_vendor_gallery()],
            ["services", m.public_vendor_services()],
            ["testimonials", m.public_vendor_testimonials()],
          ].map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="block whitespace-nowrap rounded-full bg-white px-4 py-2 text-maroon-700 shadow-sm hover:bg-maroon-50">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="about" aria-labelledby="about-heading" className="mt-8 scroll-mt-16">
        <h2 id="about-heading" className="mb-3 text-2xl font-bold">
          {m.public_vendor_about()}
        </h2>
        <p className="max-w-3xl whitespace-pre-line leading-relaxed text-ink/85" translate={vendor.description ? "no" : undefined}>
          {vendor.description || VENDOR_FALLBACK.about}
        </p>
      </section>

      <section id="gallery" aria-labelledby="gallery-heading" className="mt-10 scroll-mt-16">
        <h2 id="gallery-heading" className="mb-3 text-2xl font-bold">
          {m.public_vendor_gallery()}
        </h2>
        {gallery.length ? (
          <Gallery images={gallery} label={m.public_vendor_photos_by({ name })} />
        ) : (
          <p className="text-ink/75">{m.public_vendor_no_photos()}</p>
        )}
      </section>

      <section id="services" aria-labelledby="services-heading" className="mt-10 scroll-mt-16">
        <h2 id="services-heading" className="mb-3 text-2xl font-bold">
          {m.public_vendor_services()} <span className="text-base font-normal text-ink/70">({totalServices})</span>
        </h2>
        {services.length ? (
          // On a phone the services scroll sideways (a row, not a 10,000 px column); a grid from 640 px.
          <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-4">
            {services.map((s) => (
              <li key={s.id} className="w-[82%] shrink-0 snap-start sm:w-auto">
                <ServiceCard service={s} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} />} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink/75">{m.public_vendor_no_services()}</p>
        )}
      </section>

      <section id="testimonials" aria-labelledby="testimonials-heading" className="mt-10 scroll-mt-16">
        <h2 id="testimonials-heading" className="mb-3 text-2xl font-bold">
          {m.public_vendor_testimonials()}
        </h2>
        {testimonials.length ? (
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {testimonials.slice(0, TESTIMONIALS_SHOWN).map((t) => (
                <Testimonial key={t.id} t={t} />
              ))}
            </ul>
            {testimonials.length > TESTIMONIALS_SHOWN && (
              <details className="group mt-4">
                <summary className="btn-secondary cursor-pointer list-none group-open:hidden">
                  {m.public_vendor_show_all({ count: testimonials.length })}
                </summary>
                <ul className="grid gap-4 md:grid-cols-2">
                  {testimonials.slice(TESTIMONIALS_SHOWN).map((t) => (
                    <Testimonial key={t.id} t={t} />
                  ))}
                </ul>
              </details>
            )}
          </>
        ) : (
          <p className="text-ink/75">{m.public_vendor_no_testimonials()}</p>
        )}
      </section>
    </article>
  );
}
