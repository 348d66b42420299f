import { canonicalLink } from "#app/lib/canonical.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { BlogCover } from "#app/components/blog/BlogCover.tsx";
import { Link } from "react-router";
import { Carousel } from "#app/components/Carousel.tsx";
import { Reveal } from "#app/components/Reveal.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { browsePath, CATALOGUE } from "#shared/catalogue.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { carouselRest } from "#app/lib/home-content.ts";
import { m } from "#shared/paraglide/messages.js";
import type { Route } from "./+types/route";
import { HeroImages, HeroSearch } from "./hero.tsx";
import { Benefits, Counters, SectionHeading } from "./sections.tsx";

export { loader } from "./home.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.text.title ?? "") },
  { name: "description", content: loaderData?.text.description ?? "" },
  canonicalLink(loaderData?.origin ?? "", "/"),
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { counters, locations, blog, testimonials, carousels, text, popular } = loaderData;
  const root = useRootData();
  const hindi = getLocale() === "hi";
  const phone = root?.contactPhone ?? "";
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "Mandap",
    url: `${loaderData.origin}/`,
    potentialAction: { "@type": "SearchAction", target: `${loaderData.origin}/all?q={search_term_string}`, "query-input": "required name=search_term_string" },
  };
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      {/* Hero */}
      <section aria-labelledby="hero-title" className="relative isolate overflow-hidden text-white">
        <HeroImages />
        <div className="container-page relative py-14 md:py-24">
          <h1 id="hero-title" className="max-w-3xl text-4xl font-bold leading-tight md:text-6xl">
            {text.heroTitle}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">{text.heroText}</p>
          <HeroSearch locations={locations} />
          <Counters counters={counters} labels={text.counters} />
        </div>
      </section>

      <Reveal aria-labelledby="popular-title" className="container-page py-10">
        <SectionHeading id="popular-title" title={text.popular} />
        <ul className="flex flex-wrap gap-2">
          {popular.map((p) => (
            <li key={p.label}>
              <Link
                to={p.href}
                className="inline-block rounded-full border border-maroon-100 bg-white px-4 py-2 text-sm font-medium hover:border-maroon-600 hover:text-maroon-700"
              >
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>

      <Reveal aria-labelledby="about-title" className="container-page grid items-center gap-8 py-10 md:grid-cols-2">
        <div>
          <SectionHeading id="about-title" title={text.aboutTitle} />
          <p className="text-ink/80">{text.aboutText}</p>
          <Link to="/browse" className="btn-secondary mt-5">
            {text.discover}
          </Link>
        </div>
        <img src="/images/categories/destination.svg" alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full rounded-2xl object-cover" />
      </Reveal>

      <Reveal aria-label={text.vendorsLabel} className="container-page py-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-r from-marigold-400 to-marigold-300 p-6 md:flex-row md:items-center md:justify-between md:p-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-maroon-800">{text.vendorsLabel}</p>
            <p className="mt-1 font-display text-2xl font-bold text-maroon-900">{text.vendorsTitle}</p>
            <p className="mt-1 text-maroon-900/85">{text.vendorsText}</p>
          </div>
          <Link to="/vendorSignup" className="btn-primary">
            {text.vendorsAction}
          </Link>
        </div>
      </Reveal>

      <Reveal aria-labelledby="categories-title" className="container-page py-10">
        <SectionHeading id="categories-title" title={text.categoriesTitle} text={text.categoriesText} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CATALOGUE.map((g) => (
            <li key={g.slug} className="overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm" data-testid="category-card">
              <img src={`/images/categories/${g.slug}.svg`} alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              <details className="group p-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden">
                  <span className="font-display text-xl font-semibold">{hindi ? g.hi : g.name}</span>
                  <span
                    aria-hidden="true"
                    className="grid h-8 w-8 place-items-center rounded-full bg-maroon-700 text-lg leading-none text-white transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                  <span className="sr-only">{m.public_home_show_group({ group: hindi ? g.hi : g.name })}</span>
                </summary>
                <ul className="mt-3 grid gap-1">
                  {g.subcategories.map((s) => (
                    <li key={s.slug}>
                      <Link to={browsePath(g.name, s.name)} className="block rounded-md px-2 py-1 text-sm hover:bg-maroon-50 hover:text-maroon-700">
                        {hindi ? s.hi : s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
              <Link to={browsePath(g.name)} className="mx-4 mb-4 inline-block text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline">
                {m.public_home_group_all({ group: hindi ? g.hi : g.name.toLowerCase() })}
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>

      {carousels.map((c) => (
        <Reveal key={c.key} aria-labelledby={`carousel-${c.key}`} className="container-page py-8" data-testid={`carousel-${c.key}`}>
          <div className="flex items-end justify-between gap-4">
            <SectionHeading id={`carousel-${c.key}`} title={c.title} />
            <Link to={c.more} className="mb-6 shrink-0 text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline">
              {m.public_home_see_all()}
              <span className="sr-only"> {hindi ? c.title : c.title.toLowerCase()}</span>
            </Link>
          </div>
          {c.services.length === 0 ? (
            <p className="text-ink/70">{text.carouselEmpty}</p>
          ) : (
            <Carousel
              label={c.title}
              items={c.services}
              loadRest={c.hasMore ? () => carouselRest(c.key) : undefined}
              itemKey={(s) => s.id}
              renderItem={(s) => <ServiceCard service={s} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} />} />}
            />
          )}
        </Reveal>
      ))}

      <Reveal aria-labelledby="blog-title" className="container-page py-10">
        <SectionHeading id="blog-title" title={text.blogTitle} text={text.blogText} />
        {blog.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="blog-empty">
            <p className="font-semibold">{text.blogEmpty}</p>
            <p className="mt-1 text-sm text-ink/75">{text.blogEmptyText}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {blog.map((b) => (
              <li key={b.urlTitle} className="overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm">
                <BlogCover src={b.coverImage} sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" />
                <div className="p-4">
                  {b.publishedAt && <p className="text-xs text-ink/70">{formatDate(b.publishedAt)}</p>}
                  <h3 className="mt-1 text-lg font-semibold" translate="no">
                    <Link to={`/blogs/${b.urlTitle}`} className="hover:text-maroon-700">
                      {b.title}
                    </Link>
                  </h3>
                  {b.excerpt && (
                    <p translate="no" className="mt-1 line-clamp-3 text-sm text-ink/75">
                      {b.excerpt}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Reveal>

      <Reveal aria-labelledby="benefits-title" className="container-page py-10">
        <SectionHeading id="benefits-title" title={text.benefitsTitle} text={text.benefitsText} />
        <Benefits text={text.benefits} />
      </Reveal>

      <Reveal aria-labelledby="destination-title" className="container-page py-8">
        <div className="relative isolate overflow-hidden rounded-2xl text-white">
          <img src="/images/hero/hero-4.svg" alt="" width={1600} height={900} loading="lazy" className="absolute inset-0 -z-10 h-full w-full object-cover" />
          <div className="absolute inset-0 -z-10 bg-maroon-900/80" />
          <div className="p-8 md:p-12">
            <h2 id="destination-title" className="text-3xl font-bold md:text-4xl">
              {text.destinationTitle}
            </h2>
            <p className="mt-2 max-w-xl text-white/90">{text.destinationText}</p>
            <a
              href={`tel:${phone.replace(/\s/g, "")}`}
              className="btn mt-5 bg-marigold-400 text-maroon-900 hover:bg-marigold-300"
              data-testid="destination-phone"
            >
              {m.public_home_call({ phone })}
            </a>
          </div>
        </div>
      </Reveal>

      <Reveal aria-labelledby="testimonials-title" className="container-page py-10">
        <SectionHeading id="testimonials-title" title={text.testimonialsTitle} />
        {testimonials.length === 0 ? (
          <p className="text-ink/70">{text.testimonialsEmpty}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.id}>
                <figure className="flex h-full flex-col rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
                  <p className="text-marigold-500">
                    <span aria-hidden="true">{"★".repeat(t.rating)}</span>
                    <span className="sr-only">{m.public_home_rated({ rating: t.rating })}</span>
                  </p>
                  <blockquote translate="no" className="mt-2 line-clamp-5 flex-1 text-sm text-ink/85">
                    “{t.comment}”
                  </blockquote>
                  <figcaption className="mt-3 text-sm">
                    <span className="font-semibold" translate="no">
                      {t.author}
                    </span>
                    <span className="text-ink/70">
                      {" "}
                      · <span translate="no">{t.serviceName}</span>, {t.city}
                    </span>
                    {t.verifiedBooking && (
                      <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">{m.public_home_verified_booking()}</span>
                    )}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </Reveal>
    </>
  );
}
