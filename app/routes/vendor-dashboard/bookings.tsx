import { Link } from "react-router";
import type { Route } from "./+types/bookings";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { myBookings, type BookingSummary } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { StatusPill } from "./enquiries-ui.tsx";

/** Bookings, upcoming and past: the vendor's at /VendorDashboard/bookings, the couple's at /profile/bookings (one module). */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_bookings_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const vendorSide = pagePath(request).toLowerCase().startsWith("/vendordashboard");
  return loadOrRespond(request, async () => ({ base: vendorSide ? "/VendorDashboard" : "/profile", ...(await myBookings(domain)) }));
}

function BookingList({ items, base, label }: { items: BookingSummary[]; base: string; label: string }) {
  if (!items.length) return <p className="text-ink/70">{m.vendor_bookings_none_items()}</p>;
  return (
    <ul className="divide-y divide-maroon-100 rounded-xl border border-maroon-100" aria-label={label}>
      {items.map((b) => (
        <li key={b.id}>
          <Link to={`${base}/bookings/${b.id}`} className="block px-3 py-3 hover:bg-maroon-50 md:px-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold" translate="no">
                {b.name}
              </span>
              <StatusPill status={b.status} />
            </div>
            <p className="text-sm text-ink/80">
              <span translate="no">{b.service_name}</span> · {b.event_date ? formatDate(b.event_date) : m.vendor_bookings_date_tbd()}
            </p>
            <p className="mt-1 text-xs text-ink/70">
              {m.vendor_bookings_agreed({ amount: formatRupees(b.agreed_price) })} · {m.vendor_bookings_balance_due({ amount: formatRupees(b.balance_due) })}
              {b.next_due ? m.vendor_bookings_next_due({ date: formatDate(b.next_due) }) : ""}
              {b.deliverables_due ? m.vendor_bookings_deliverables({ count: b.deliverables_due }) : ""}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { base, upcoming, past } = loaderData;
  return (
    <section className="space-y-5 rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
      <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_bookings_title()}</h1>
      {!upcoming.length && !past.length ? (
        <p className="text-ink/75">
          {m.vendor_bookings_none_before({ who: base === "/profile" ? m.vendor_bookings_none_couple() : m.vendor_bookings_none_vendor() })}
          <Link to={`${base}/enquiries`} className="font-semibold text-maroon-700 underline">
            {base === "/profile" ? m.vendor_enquiries_mine_title() : m.vendor_enquiries_title()}
          </Link>
          {m.vendor_bookings_none_after()}
        </p>
      ) : (
        <>
          <div>
            <h2 className="mb-2 text-xl font-bold">{m.vendor_bookings_upcoming()}</h2>
            <BookingList items={upcoming} base={base} label={m.vendor_bookings_upcoming_label()} />
          </div>
          <div>
            <h2 className="mb-2 text-xl font-bold">{m.vendor_bookings_past()}</h2>
            <BookingList items={past} base={base} label={m.vendor_bookings_past_label()} />
          </div>
        </>
      )}
    </section>
  );
}
