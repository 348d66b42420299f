import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { CAROUSELS, homeSections } from "#domain/catalogue/index.ts";
import { CAROUSEL_SERVER_CARDS } from "#app/components/Carousel.tsx";
import { POPULAR_SEARCHES } from "#app/lib/home-content.ts";
import { ALL_SUBCATEGORIES } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The home page's own words in the page's language. They are written here, on the server, and reach
 * the browser in the loader's data: the page's JavaScript carries no copy of them in either language
 * (issue 32 keeps the home page's JavaScript within 10 KB of what it was).
 */
function homeText() {
  return {
    title: m.public_home_title(),
    description: m.public_home_description(),
    heroTitle: m.public_home_hero_title(),
    heroText: m.public_home_hero_text(),
    counters: { users: m.public_home_counter_users(), vendors: m.public_home_counter_vendors(), services: m.public_home_counter_services() },
    popular: m.public_home_popular(),
    aboutTitle: m.public_home_about_title(),
    aboutText: m.public_home_about_text(),
    discover: m.public_home_discover(),
    vendorsLabel: m.public_home_vendors_label(),
    vendorsTitle: m.public_home_vendors_title(),
    vendorsText: m.public_home_vendors_text(),
    vendorsAction: m.public_home_vendors_action(),
    categoriesTitle: m.public_home_categories_title(),
    categoriesText: m.public_home_categories_text(),
    carouselEmpty: m.public_home_carousel_empty(),
    blogTitle: m.public_home_blog_title(),
    blogText: m.public_home_blog_text(),
    blogEmpty: m.public_home_blog_empty(),
    blogEmptyText: m.public_home_blog_empty_text(),
    benefitsTitle: m.public_home_benefits_title(),
    benefitsText: m.public_home_benefits_text(),
    benefits: {
      checklist: [m.public_benefit_checklist(), m.public_benefit_checklist_text(), m.public_benefit_checklist_action()],
      events: [m.public_benefit_events(), m.public_benefit_events_text(), m.public_benefit_events_action()],
      wishlist: [m.public_benefit_wishlist(), m.public_benefit_wishlist_text(), m.public_benefit_wishlist_action()],
      budget: [m.public_benefit_budget(), m.public_benefit_budget_text(), m.public_benefit_budget_action()],
      cards: [m.public_benefit_cards(), m.public_benefit_cards_text(), m.public_benefit_cards_action()],
      reminders: [m.public_benefit_reminders(), m.public_benefit_reminders_text(), m.public_benefit_reminders_action()],
    } satisfies Record<string, [title: string, text: string, action: string]>,
    destinationTitle: m.public_home_destination_title(),
    destinationText: m.public_home_destination_text(),
    testimonialsTitle: m.public_home_testimonials_title(),
    testimonialsEmpty: m.public_home_testimonials_empty(),
  };
}
export type HomeText = ReturnType<typeof homeText>;

const CAROUSEL_TITLES: Record<string, () => string> = {
  "most-rated": m.public_home_carousel_most_rated,
  "most-viewed": m.public_home_carousel_most_viewed,
  caterers: m.public_home_carousel_caterers,
};

/** A popular search's label: in Hindi, the Hindi name of the subcategory it opens. */
function popularLabel(p: (typeof POPULAR_SEARCHES)[number]): string {
  if (getLocale() !== "hi") return p.label;
  const last = decodeURIComponent(p.href.split("/").pop() ?? "").toLowerCase();
  return ALL_SUBCATEGORIES.find((s) => s.name.toLowerCase() === last)?.hi ?? p.label;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const { counters, locations, blog, testimonials, carousels } = await homeSections(domain);
  const locale = getLocale();
  return {
    origin: new URL(request.url).origin,
    text: homeText(),
    popular: POPULAR_SEARCHES.map((p) => ({ label: popularLabel(p), href: p.href })),
    counters,
    locations,
    blog,
    testimonials: testimonials.map((t) => ({ ...t, city: localName(t.city, locale) })),
    // The first cards of each carousel; the browser fetches the rest from /carousels/{key}.
    carousels: CAROUSELS.map((c) => {
      const cards = carousels[c.key] ?? [];
      const title = CAROUSEL_TITLES[c.key]?.() ?? (c.search.service_type && locale === "hi" ? localName(c.search.service_type, locale) : c.title);
      return { key: c.key, title, more: c.more, services: cards.slice(0, CAROUSEL_SERVER_CARDS), hasMore: cards.length > CAROUSEL_SERVER_CARDS };
    }),
  };
}
