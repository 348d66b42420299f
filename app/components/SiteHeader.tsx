import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { initials } from "#shared/format.ts";
import { SITE_NAME } from "#shared/strings.ts";
import type { Viewer } from "#domain/core/index.ts";
import { Logo } from "./Logo.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { keptFromServer } from "./KeptFromServer.tsx";
import { m } from "#shared/paraglide/messages.js";

// Links only: a page keeps the server's HTML for the catalogue menus (docs/decisions/0053).
const KeptCatalogueMenus = keptFromServer(() => import("./SiteHeaderKept.tsx").then((kept) => kept.CatalogueMenus));

/**
 * The top bar: dropdowns Venue, Vendor, Brides and Grooms from the catalogue, Invitation, Blog,
 * Vendor Login, and the account corner. Menus are <details> so they work before JavaScript loads;
 * with it they close on outside click, Escape and navigation.
 */
export function SiteHeader({ viewer, showNavigation }: { viewer: Viewer | null; showNavigation: boolean }) {
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const closeAll = (except?: Element | null) =>
      nav.querySelectorAll("details[open]").forEach((d) => {
        if (d !== except && !d.contains(except ?? null)) d.removeAttribute("open");
      });
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      closeAll(target.closest("details"));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeAll();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // A new page closes the menus; hydration does not (a menu opened before the scripts ran stays open).
  const shownAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (shownAt.current === here) return;
    shownAt.current = here;
    navRef.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.pathname, location.search]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium hover:bg-maroon-50 hover:text-maroon-700 ${isActive ? "text-maroon-700" : "text-ink"}`;

  const menus = (
    <>
      <KeptCatalogueMenus className="contents" />
      <NavLink to="/templates" className={linkClass}>
        {m.nav_invitation()}
      </NavLink>
      <NavLink to="/blogs" className={linkClass}>
        {m.nav_blog()}
      </NavLink>
      <NavLink to="/vendorLogin" className={linkClass}>
        {m.nav_vendor_login()}
      </NavLink>
      {viewer?.canViewAdminArea && (
        <NavLink to="/admin" className={linkClass}>
          {m.nav_admin()}
        </NavLink>
      )}
    </>
  );

  const account = viewer?.signedIn ? (
    <Link to={viewer.profileLink} className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium hover:bg-maroon-50">
      {/* The name is the link's text (no aria-label), so a long name cut short on screen still matches what is read out. */}
      <span className="sr-only">{m.nav_your_profile()}</span>
      {viewer.profilePhoto ? (
        <img src={viewer.profilePhoto} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-maroon-700 text-xs font-bold text-white">
          {initials(viewer.name)}
        </span>
      )}
      <span className="max-w-32 truncate" translate="no">
        {viewer.name}
      </span>
    </Link>
  ) : (
    <div className="flex items-center gap-2">
      <Link to="/login" className="btn-secondary px-4 py-2">
        {m.nav_login()}
      </Link>
      <Link to="/signup" className="btn-primary px-4 py-2">
        {m.nav_signup()}
      </Link>
    </div>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-maroon-100 bg-white/95 backdrop-blur">
      <nav ref={navRef} aria-label={m.nav_main()} className="container-page flex h-16 items-center justify-between gap-3">
        <Link to="/" className="flex items-center gap-2" aria-label={m.nav_home_label({ site: SITE_NAME })}>
          <Logo />
        </Link>
        {showNavigation && (
          <>
            <div className="hidden flex-1 items-center justify-center gap-1 md:flex">{menus}</div>
            <LanguageSwitch className="hidden md:block" />
            <div className="hidden md:block">{account}</div>
            {viewer?.isCouple && (
              <Link
                to="/profile#dashboard-menu"
                className="ml-auto grid h-10 w-10 place-items-center rounded-md hover:bg-maroon-50 md:hidden"
                aria-label={m.nav_dashboard_menu()}
                data-testid="user-dashboard-menu"
              >
                <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
                  <rect x="3" y="3" width="7" height="7" rx="1.5" stroke="currentColor" strokeWidth="2" fill="none" />
                  <rect x="14" y="3" width="7" height="7" rx="1.5" stroke="currentColor" strokeWidth="2" fill="none" />
                  <rect x="3" y="14" width="7" height="7" rx="1.5" stroke="currentColor" strokeWidth="2" fill="none" />
                  <rect x="14" y="14" width="7" height="7" rx="1.5" stroke="currentColor" strokeWidth="2" fill="none" />
                </svg>
              </Link>
            )}
            <details className="relative md:hidden" data-menu="mobile">
              <summary
                className="grid h-10 w-10 cursor-pointer list-none place-items-center rounded-md hover:bg-maroon-50 [&::-webkit-details-marker]:hidden"
                aria-label={m.nav_menu()}
              >
                <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
                  <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </summary>
              <div className="fixed inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-maroon-100 bg-white p-4 shadow-lg">
                <div className="mb-4 flex items-center justify-between gap-2">
                  {account}
                  <LanguageSwitch />
                </div>
                <div className="flex flex-col">{menus}</div>
              </div>
            </details>
          </>
        )}
      </nav>
    </header>
  );
}
