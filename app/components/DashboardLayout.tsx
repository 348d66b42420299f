import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { LogoutButton } from "./auth/LogoutButton.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * The one shell of the couple's, the vendor's and the admin's dashboards: an optional top bar, a
 * sidebar of links (a collapsible "Dashboard menu" on phones) ending with Log out, and the page.
 * Areas pass their own links; a link to an area not built yet is simply not passed.
 */
export type DashboardLink = { to: string; label: ReactNode; end?: boolean };

/** A sidebar label with its unread count ("Enquiries 3"), read out as "3 unread". */
export function UnreadLabel({ text, unread }: { text: string; unread: number }) {
  return (
    <>
      {text}
      {unread > 0 && (
        <span className="ml-auto rounded-full bg-marigold-300 px-2 py-0.5 text-xs font-bold text-maroon-900">
          {unread}
          <span className="sr-only">{m.account_unread()}</span>
        </span>
      )}
    </>
  );
}

const sidebarItem = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-maroon-700 text-white" : "text-ink hover:bg-maroon-50 hover:text-maroon-700"}`;

export function DashboardLayout({
  label,
  links,
  topBar,
  aside,
  children,
}: {
  label: string;
  links: DashboardLink[];
  topBar?: ReactNode;
  /** Shown under the sidebar's links (the vendor's subscription box). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { hash, pathname } = useLocation();
  // The header's mobile dashboard icon links to #dashboard-menu: open the menu; close it on navigation.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = hash === "#dashboard-menu";
  }, [hash, pathname]);
  const list = (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={sidebarItem}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-maroon-100 pt-2">
        <LogoutButton />
      </li>
    </ul>
  );
  return (
    <>
      {topBar}
      <div className="container-page flex flex-col gap-6 py-6 md:flex-row md:py-10">
        {links.length > 0 && (
          <aside className="md:w-60 md:shrink-0">
            <details ref={menuRef} id="dashboard-menu" className="rounded-xl border border-maroon-100 bg-white p-2 md:hidden">
              <summary className="cursor-pointer list-none px-3 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
                {m.account_dashboard_menu()}
              </summary>
              <nav aria-label={label} className="mt-1">
                {list}
              </nav>
              {aside && <div className="mt-2">{aside}</div>}
            </details>
            <div className="sticky top-20 hidden md:block">
              <nav aria-label={label} className="rounded-xl border border-maroon-100 bg-white p-3">
                {list}
              </nav>
              {aside && <div className="mt-3">{aside}</div>}
            </div>
          </aside>
        )}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </>
  );
}
