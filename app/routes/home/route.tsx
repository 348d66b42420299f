import { canonicalLink } from "#app/lib/canonical.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { BlogCover } from "#app/components/blog/BlogCover.tsx";
import { Link } from "react-router";
import { Carousel } from "#app/components/Carousel.tsx";
import { Reveal } from "#app/components/Reveal.tsx";
import { keptFromServer } from "#app/components/KeptFromServer.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
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

// Sections with nothing to run in the browser: the page keeps the server's HTML for them, and their
// code loads only when the home page is reached by a client-side navigation (docs/decisions/0053).
const KeptPopular = keptFromServer(() => import("./kept.tsx").then((kept) => kept.Popular));
const KeptAbout = keptFromServer(() => import("./kept.tsx").then((kept) => kept.About));
const KeptVendors = keptFromServer(() => import("./kept.tsx").then((kept) => kept.Vendors));
const KeptCategories = keptFromServer(() => import("./kept.tsx").then((kept) => kept.Categories));
const KeptDestination = keptFromServer(() => import("./kept.tsx").then((kept) => kept.Destination));
const KeptTestimonials = keptFromServer(() => import("./kept.tsx").then((kept) => kept.Testimonials));

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
        <KeptPopular popular={popular} />
      </Reveal>

      <Reveal aria-labelledby="about-title" className="container-page grid items-center gap-8 py-10 md:grid-cols-2">
        <div>
          <SectionHeading id="about-title" title={text.aboutTitle} />
          <KeptAbout text={text} />
        </div>
        <img src="/images/categories/destination.svg" alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full rounded-2xl object-cover" />
      </Reveal>

      <Reveal aria-label={text.vendorsLabel} className="container-page py-6">
        <KeptVendors text={text} />
      </Reveal>

      <Reveal aria-labelledby="categories-title" className="container-page py-10">
        <SectionHeading id="categories-title" title={text.categoriesTitle} text={text.categoriesText} />
        <KeptCategories />
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
        <KeptDestination text={text} phone={phone} />
      </Reveal>

      <Reveal aria-labelledby="testimonials-title" className="container-page py-10">
        <SectionHeading id="testimonials-title" title={text.testimonialsTitle} />
        <KeptTestimonials text={text} testimonials={testimonials} />
      </Reveal>
    </>
  );
}
