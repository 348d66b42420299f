import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "../../context.ts";
import { LogoutButton } from "../../components/auth/LogoutButton.tsx";
import { guardArea } from "../../lib/auth-forms.server.ts";

/** The couple's dashboard (/profile): guarded on the server, with the user sidebar (spec section 2). */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(appContext);
  return { isVerified: Boolean(actor?.isVerified) };
}

const item = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-maroon-700 text-white" : "text-ink hover:bg-maroon-50 hover:text-maroon-700"}`;

export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800" title="Your e-mail address is verified">
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
        <path d="M2.5 6.5l2.2 2.2L9.5 3.8" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
      Verified
    </span>
  );
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { hash, pathname } = useLocation();
  // The header's mobile dashboard icon links to #dashboard-menu: open the menu; close it on navigation.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = hash === "#dashboard-menu";
  }, [hash, pathname]);
  const links = (
    <ul className="flex flex-col gap-1">
      <li>
        <NavLink to="/profile" end className={item}>
          Profile {loaderData.isVerified && <VerifiedBadge />}
        </NavLink>
      </li>
      <li>
        <NavLink to="/profile/checklist" className={item}>
          Checklist
        </NavLink>
      </li>
      <li>
        <NavLink to="/profile/weddingplan" className={item}>
          Wedding Planner
        </NavLink>
      </li>
      <li>
        <NavLink to="/profile/favoriteList" className={item}>
          Wishlist
        </NavLink>
      </li>
      <li>
        <NavLink to="/profile/invitationCards" className={item}>
          Invitation Cards
        </NavLink>
      </li>
      <li className="mt-2 border-t border-maroon-100 pt-2">
        <LogoutButton />
      </li>
    </ul>
  );
  return (
    <div className="container-page flex flex-col gap-6 py-6 md:flex-row md:py-10">
      <aside className="md:w-60 md:shrink-0">
        <details ref={menuRef} id="dashboard-menu" className="rounded-xl border border-maroon-100 bg-white p-2 md:hidden">
          <summary className="cursor-pointer list-none px-3 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">Dashboard menu</summary>
          <nav aria-label="Dashboard" className="mt-1">
            {links}
          </nav>
        </details>
        <nav aria-label="Dashboard" className="sticky top-20 hidden rounded-xl border border-maroon-100 bg-white p-3 md:block">
          {links}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
