import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardLayout } from "#app/components/DashboardLayout.tsx";
import { guardArea } from "#app/lib/auth-forms.server.ts";
import { can } from "#domain/core/index.ts";
import { newContactMessages } from "#domain/content/index.ts";
import { pendingSpamReports } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";

/** The admin area (/admin): admins and super admins only, checked on the server first. */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

export async function loader({ context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const [reported, contact] = await Promise.all([pendingSpamReports(domain), newContactMessages(domain)]);
  return { reported, contact, superAdmin: can.manageRoles(domain.actor) };
}

/** A sidebar label with the number of items waiting ("Reported enquiries 3"). */
function WaitingLabel({ text, waiting, testId, what }: { text: string; waiting: number; testId: string; what: string }) {
  return (
    <>
      {text}
      {waiting > 0 && (
        <span className="ml-auto rounded-full bg-marigold-300 px-2 py-0.5 text-xs font-bold text-maroon-900" data-testid={testId}>
          {waiting}
          <span className="sr-only"> {what}</span>
        </span>
      )}
    </>
  );
}

/**
 * The admin console is in English for now, also under /hi (decision 0046, "The admin console"): its
 * readers are Mandap's own staff, and what they act on (GST papers, the audit log, moderation) is
 * kept in English. The console says so (lang="en"), so a Hindi page's shell around it is still
 * read right by screen readers and the Hindi crawl checks the shell only.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div lang="en">
      <DashboardLayout
        label="Admin"
        links={[
          { to: "/admin", end: true, label: "Analytics" },
          { to: "/admin/vendorSearch", label: "Vendors" },
          { to: "/admin/serviceSearch", label: "Services" },
          { to: "/admin/userSearch", label: "Users" },
          {
            to: "/admin/reported-enquiries",
            label: <WaitingLabel text="Reported enquiries" waiting={loaderData.reported} testId="reported-count" what="waiting for review" />,
          },
          { to: "/admin/review-disputes", label: "Review disputes" },
          { to: "/admin/contact-messages", label: <WaitingLabel text="Contact messages" waiting={loaderData.contact} testId="contact-count" what="new" /> },
          { to: "/blog_dashboard", label: "Blog" },
          { to: "/admin/plans", label: "Plans" },
          { to: "/admin/transactions", label: "Transactions" },
          { to: "/admin/templates", label: "Invitation templates" },
          { to: "/admin/giveAdmin", label: "Give admin" },
          { to: "/admin/revokeAdmin", label: "Revoke admin" },
          { to: "/admin/giveSuperAdmin", label: "Give super admin" },
          ...(loaderData.superAdmin ? [{ to: "/admin/audit-log", label: "Audit log" }] : []),
        ]}
      >
        <Outlet />
      </DashboardLayout>
    </div>
  );
}
