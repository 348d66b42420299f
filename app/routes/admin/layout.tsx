import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { LogoutButton } from "../../components/auth/LogoutButton.tsx";
import { guardArea } from "../../lib/auth-forms.server.ts";

/** The admin area (/admin): admins and super admins only, checked on the server first. */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

const item = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-maroon-700 text-white" : "text-ink hover:bg-maroon-50 hover:text-maroon-700"}`;

export default function AdminLayout() {
  return (
    <div className="container-page flex flex-col gap-6 py-6 md:flex-row md:py-10">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label="Admin" className="flex flex-wrap gap-1 rounded-xl border border-maroon-100 bg-white p-3 md:flex-col">
          <NavLink to="/admin" end className={item}>
            Analytics
          </NavLink>
          <NavLink to="/admin/giveAdmin" className={item}>
            Give admin
          </NavLink>
          <NavLink to="/admin/revokeAdmin" className={item}>
            Revoke admin
          </NavLink>
          <NavLink to="/admin/giveSuperAdmin" className={item}>
            Give super admin
          </NavLink>
          <div className="md:mt-2 md:border-t md:border-maroon-100 md:pt-2">
            <LogoutButton />
          </div>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
