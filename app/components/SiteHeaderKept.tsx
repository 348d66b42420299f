import { KeptLink } from "./KeptFromServer.tsx";
import { browsePath, CATALOGUE } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";

/**
 * The header's catalogue menus (Venue, Vendor, Brides, Grooms): <details> with links, nothing to
 * run. A page keeps the server's HTML for them (keptFromServer, in SiteHeader.tsx); this module
 * loads only when a header is first drawn after the page has loaded. The header's own effects
 * close them (outside click, Escape, a new page) through the DOM, kept or drawn.
 */
export function CatalogueMenus() {
  // Catalogue names in the page's language (the catalogue carries each Hindi name beside the English).
  const hindi = getLocale() === "hi";
  return (
    <>
      {CATALOGUE.map((group) => (
        <details key={group.slug} className="group relative" data-menu={group.navLabel}>
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-maroon-50 hover:text-maroon-700 [&::-webkit-details-marker]:hidden">
            {hindi ? group.navLabelHi : group.navLabel}
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="transition-transform group-open:rotate-180">
              <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" />
            </svg>
          </summary>
          <ul className="z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-maroon-100 bg-white p-2 shadow-lg md:absolute md:left-0 md:w-64">
            {group.subcategories.map((s) => (
              <li key={s.slug}>
                <KeptLink to={browsePath(group.name, s.name)} className="block rounded-md px-3 py-2 text-sm hover:bg-maroon-50 hover:text-maroon-700">
                  {hindi ? s.hi : s.name}
                </KeptLink>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
}
