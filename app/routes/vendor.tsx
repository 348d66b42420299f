import { canonicalLink } from "#app/lib/canonical.ts";
import { data, redirect } from "react-router";
import type { Route } from "./+types/vendor";
import { appContext } from "#functions/page-context.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { Gallery } from "#app/components/Gallery.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { VendorHeader } from "#app/components/vendor-page/VendorHeader.tsx";
import { VendorTestimonials } from "#app/components/vendor-page/VendorTestimonials.tsx";
import { localBusinessJsonLd } from "#app/components/vendor-page/vendor-json-ld.ts";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { readCookie } from "#platform/cookies.ts";
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

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { vendor, services, totalServices, gallery, testimonials, origin, canonical } = loaderData;
  const name = vendor.name || VENDOR_FALLBACK.name;
  return (
    <article className="container-page py-6 md:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: localBusinessJsonLd(loaderData) }} />
      <VendorHeader vendor={vendor} name={name} moderate={loaderData.moderate} shareUrl={`${origin}${canonical}`} />

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

      <VendorTestimonials testimonials={testimonials} />
    </article>
  );
}
