import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { CAROUSELS, homeSections } from "#domain/catalogue/index.ts";
import { CAROUSEL_SERVER_CARDS } from "#app/components/Carousel.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const { counters, locations, blog, testimonials, carousels } = await homeSections(domain);
  return {
    origin: new URL(request.url).origin,
    counters,
    locations,
    blog,
    testimonials,
    // The first cards of each carousel; the browser fetches the rest from /carousels/{key}.
    carousels: CAROUSELS.map((c) => {
      const cards = carousels[c.key] ?? [];
      return { key: c.key, title: c.title, more: c.more, services: cards.slice(0, CAROUSEL_SERVER_CARDS), hasMore: cards.length > CAROUSEL_SERVER_CARDS };
    }),
  };
}
