import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "#functions/page-context.ts";
import { LogoutButton } from "#app/components/auth/LogoutButton.tsx";
import { DashboardLayout, UnreadLabel, type DashboardLink } from "#app/components/DashboardLayout.tsx";
import { unreadLeadCount } from "#domain/enquiries/index.ts";
import { Logo } from "#app/components/Logo.tsx";
import { guardArea } from "#app/lib/auth-forms.server.ts";
import { mailSuppressionOf } from "#domain/accounts/index.ts";
import { EMAIL_PREFERENCES_PATH } from "#shared/links.ts";
import { MailNotReached } from "#app/components/MailNotReached.tsx";
import { vendorSubscriptions } from "#domain/billing/index.ts";
import { SubscriptionBox } from "#app/components/SubscriptionBox.tsx";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * The vendor dashboard (/VendorDashboard): vendors only (admins are refused by their allow-list),
 * checked on the server first. It has its own top bar: Overview, Profile, Settings and Logout.
 */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

export async function loader({ context }: Route.LoaderArgs) {
  const { actor, domain } = context.get(appContext);
  // Not awaited: the page streams and the subscription box fills in when this settles. Its failure
  // is logged here (so it is never an unhandled rejection) and shown by the box as 'Get Plan'.
  const subscriptions = vendorSubscriptions(domain);
  subscriptions.catch((e: unknown) => console.error("subscription box", e));
  const [unread, mailSuppression] = await Promise.all([unreadLeadCount(domain), mailSuppressionOf(domain)]);
  return { name: actor?.userName ?? "", unread, subscriptions, now: domain.now, mailSuppression };
}

/** The spec's entries (Dashboard -> analytics, Services -> index, Payment -> bookings) and the workspace's other areas. */
const vendorLinks = (unread: number): DashboardLink[] => [
  { to: "/VendorDashboard/analytics", label: m.vendor_nav_dashboard() },
  { to: "/VendorDashboard", end: true, label: m.vendor_nav_services() },
  { to: "/VendorDashboard/enquiries", label: <UnreadLabel text={m.vendor_nav_enquiries()} unread={unread} /> },
  { to: "/VendorDashboard/bookings", label: m.vendor_nav_payment() },
  { to: "/VendorDashboard/calendar", label: m.vendor_nav_calendar() },
  { to: "/VendorDashboard/vendor-setting", label: m.vendor_nav_notifications() },
];

const item = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-maroon-700" : "text-ink hover:text-maroon-700"}`;

export default function VendorDashboardLayout({ loaderData }: Route.ComponentProps) {
  const topBar = (
    <header className="border-b border-maroon-100 bg-white">
      <nav aria-label={m.vendor_nav_label()} className="container-page flex h-16 items-center justify-between gap-2">
        <NavLink to="/VendorDashboard" aria-label={m.vendor_nav_home_label()}>
          <Logo compact />
        </NavLink>
        <div className="flex items-center gap-1 overflow-x-auto">
          <NavLink to="/VendorDashboard" end className={item}>
            {m.vendor_nav_overview()}
          </NavLink>
          <NavLink to="/VendorDashboard/vendor-profile" className={item}>
            {m.vendor_nav_profile()}
          </NavLink>
          <NavLink to="/VendorDashboard/settings" className={item}>
            {m.vendor_nav_settings()}
          </NavLink>
          <LogoutButton className="rounded-md px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50" />
        </div>
      </nav>
    </header>
  );
  return (
    <DashboardLayout
      label={m.vendor_dashboard_label()}
      links={vendorLinks(loaderData.unread)}
      topBar={topBar}
      aside={<SubscriptionBox subscriptions={loaderData.subscriptions} now={loaderData.now} />}
    >
      <p className="sr-only">{rich(m.vendor_signed_in_as, { name: <span translate="no">{loaderData.name}</span> })}</p>
      {loaderData.mailSuppression ? (
        <div className="mb-6">
          <MailNotReached {...loaderData.mailSuppression} action={EMAIL_PREFERENCES_PATH} />
        </div>
      ) : null}
      <Outlet />
    </DashboardLayout>
  );
}
