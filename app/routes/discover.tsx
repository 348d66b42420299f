import { canonicalLink } from "#app/lib/canonical.ts";
import { Link } from "react-router";
import type { Route } from "./+types/discover";
import { browsePath, DISCOVER_TILES } from "#shared/catalogue.ts";
import { slugify } from "#shared/slug.ts";
import { pageTitle } from "#shared/strings.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";

const TILE_IMAGE: Record<string, string> = {
  "Wedding Venues": "wedding-venue",
  "Wedding Vendors": "wedding-vendor",
  Bride: "bride",
  Groom: "groom",
  "Wedding Services": "wedding-services",
  "Other Services": "other-services",
};

/** Each tile's title and line in the page's language. */
const TILE_TEXT: Record<(typeof DISCOVER_TILES)[number]["title"], [title: () => string, text: () => string]> = {
  "Wedding Venues": [m.public_discover_venues, m.public_discover_venues_text],
  "Wedding Vendors": [m.public_discover_vendors, m.public_discover_vendors_text],
  Bride: [m.public_discover_bride, m.public_discover_bride_text],
  Groom: [m.public_discover_groom, m.public_discover_groom_text],
  "Wedding Services": [m.public_discover_services, m.public_discover_services_text],
  "Other Services": [m.public_discover_other, m.public_discover_other_text],
};

export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(m.public_discover_title()) },
  { name: "description", content: m.public_discover_description() },
  canonicalLink(loaderData?.origin ?? "", "/browse"),
];

/** The discover page: one tile per area (spec section 2), each with its subcategories. */
export default function Discover() {
  return (
    <div className="container-page py-8 md:py-12">
      <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{m.public_discover_heading()}</h1>
      <p className="mt-2 max-w-2xl text-ink/75">{m.public_discover_text()}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {DISCOVER_TILES.map((tile) => (
          <li key={tile.title} className="flex flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm" data-testid="discover-tile">
            <Link to={browsePath(tile.group)} className="block aspect-[4/3] overflow-hidden bg-maroon-50" tabIndex={-1} aria-hidden="true">
              <img
                src={`/images/categories/${TILE_IMAGE[tile.title] ?? slugify(tile.group)}.svg`}
                alt=""
                width={800}
                height={600}
                loading="lazy"
                className="h-full w-full object-cover"
              />
            </Link>
            <div className="flex flex-1 flex-col p-5">
              <h2 className="text-2xl font-semibold">
                <Link to={browsePath(tile.group)} className="hover:text-maroon-700">
                  {TILE_TEXT[tile.title][0]()}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-ink/75">{TILE_TEXT[tile.title][1]()}</p>
              <ul className="mt-4 flex flex-wrap gap-2">
                {tile.subcategories.map((sub) => (
                  <li key={sub}>
                    <Link
                      to={browsePath(tile.group, sub)}
                      className="inline-block rounded-full border border-maroon-100 px-3 py-1.5 text-sm hover:border-maroon-600 hover:text-maroon-700"
                    >
                      {shownName(sub)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
