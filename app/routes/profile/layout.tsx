import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "#functions/page-context.ts";
import { DashboardLayout, UnreadLabel } from "#app/components/DashboardLayout.tsx";
import { can } from "#domain/core/index.ts";
import { unreadLeadCount } from "#domain/enquiries/index.ts";
import { myWeddings } from "#domain/weddings/index.ts";
import { WeddingSwitcher } from "./family/switcher.tsx";
import { guardArea } from "#app/lib/auth-forms.server.ts";
import { mailSuppressionOf } from "#domain/accounts/index.ts";
import { EMAIL_PREFERENCES_PATH } from "#shared/links.ts";
import { MailNotReached } from "#app/components/MailNotReached.tsx";
import { m } from "#shared/paraglide/messages.js";

/** The couple's dashboard (/profile): guarded on the server, with the user sidebar (spec section 2). */
export const middleware: Route.MiddlewareFunction[] = [guardArea];

export async function loader({ context }: Route.LoaderArgs) {
  const { actor, domain } = context.get(appContext);
  // Enquiries and bookings are a couple's; admins visiting /profile have none.
  const hasEnquiries = Boolean(actor && can.sendEnquiry(actor));
  const [unread, mailSuppression, weddings] = await Promise.all([
    hasEnquiries ? unreadLeadCount(domain) : 0,
    mailSuppressionOf(domain),
    // The weddings a planner plans (issue 33): with more than one, the switcher below.
    actor && can.planWedding(actor) ? myWeddings(domain) : [],
  ]);
  return { isVerified: Boolean(actor?.isVerified), hasEnquiries, unread, mailSuppression, weddings };
}

export function VerifiedBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800"
      title={m.couple_verified_title()}
    >
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
        <path d="M2.5 6.5l2.2 2.2L9.5 3.8" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
      {m.couple_verified()}
    </span>
  );
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardLayout
      label={m.couple_nav_label()}
      links={[
        {
          to: "/profile",
          end: true,
          label: (
            <>
              {m.couple_nav_profile()} {loaderData.isVerified && <VerifiedBadge />}
            </>
          ),
        },
        { to: "/profile/checklist", label: m.couple_nav_checklist() },
        { to: "/profile/weddingplan", label: m.couple_nav_planner() },
        { to: "/profile/weddingbudget", label: m.couple_nav_budget() },
        { to: "/profile/guests", label: m.couple_nav_guests() },
        { to: "/profile/family", label: m.couple_nav_family() },
        { to: "/profile/activity", label: m.couple_nav_activity() },
        { to: "/profile/favoriteList", label: m.couple_nav_wishlist() },
        ...(loaderData.hasEnquiries
          ? [
              { to: "/profile/enquiries", label: <UnreadLabel text={m.couple_nav_enquiries()} unread={loaderData.unread} /> },
              { to: "/profile/bookings", label: m.couple_nav_bookings() },
            ]
          : []),
        { to: "/profile/invitationCards", label: m.couple_nav_cards() },
        { to: "/profile/payments", label: m.couple_nav_payments() },
      ]}
    >
      {loaderData.mailSuppression ? (
        <div className="mb-6">
          <MailNotReached {...loaderData.mailSuppression} action={EMAIL_PREFERENCES_PATH} />
        </div>
      ) : null}
      {loaderData.weddings.length > 1 && <WeddingSwitcher weddings={loaderData.weddings} />}
      <Outlet />
    </DashboardLayout>
  );
}
