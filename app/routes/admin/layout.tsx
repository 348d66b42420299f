import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardLayout } from "#app/components/DashboardLayout.tsx";
import { guardArea } from "#app/lib/auth-forms.server.ts";

/** The admin area (/admin): admins and super admins only, checked on the server first. */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

export default function AdminLayout() {
  return (
    <DashboardLayout
      label="Admin"
      links={[
        { to: "/admin", end: true, label: "Analytics" },
        { to: "/admin/giveAdmin", label: "Give admin" },
        { to: "/admin/revokeAdmin", label: "Revoke admin" },
        { to: "/admin/giveSuperAdmin", label: "Give super admin" },
      ]}
    >
      <Outlet />
    </DashboardLayout>
  );
}
