import { data } from "react-router";
import type { Route } from "./+types/carousel";
import { appContext } from "#functions/page-context.ts";
import { carousel } from "#domain/catalogue/index.ts";

/**
 * /carousels/{key}: one discover carousel's cards as JSON, the whole list (the home page's HTML
 * carries the first few; the browser asks for the rest as the carousel comes near the screen).
 * The same for every visitor, so it is served from the page cache; an unknown key is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const services = await carousel(domain, params.key);
  if (!services) throw data(null, { status: 404 });
  return Response.json({ key: params.key, services }, { headers: { "Cache-Control": "public, max-age=60" } });
}
