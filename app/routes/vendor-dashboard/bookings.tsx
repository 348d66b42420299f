import { Link } from "react-router";
import type { Route } from "./+types/bookings";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { myBookings, type BookingSummary } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { StatusPill } from "./enquiries-ui.tsx";

/** Bookings, upcoming and past: the vendor's at /VendorDashboard/bookings, the couple's at /profile/bookings (one module). */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Bookings") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const vendorSide = pagePath(request).toLowerCase().startsWith("/vendordashboard");
  return loadOrRespond(request, async () => ({ base: vendorSide ? "/VendorDashboard" : "/profile", ...(await myBookings(domain)) }));
}

function BookingList({ items, base, label }: { items: BookingSummary[]; base: string; label: string }) {
  if (!items.length) return <p className="text-ink/70">None.</p>;
  return (
    <ul className="divide-y divide-maroon-100 rounded-xl border border-maroon-100" aria-label={label}>
      {items.map((b) => (
        <li key={b.id}>
          <Link to={`${base}/bookings/${b.id}`} className="block px-3 py-3 hover:bg-maroon-50 md:px-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{b.name}</span>
              <StatusPill status={b.status} />
            </div>
            <p className="text-sm text-ink/80">
              {b.service_name} · {b.event_date ? formatDate(b.event_date) : "Date to be set"}
            </p>
            <p className="mt-1 text-xs text-ink/70">
              {formatRupees(b.agreed_price)} agreed · {formatRupees(b.balance_due)} balance due
              {b.next_due ? ` · next due ${formatDate(b.next_due)}` : ""}
              {b.deliverables_due ? ` · ${b.deliverables_due} ${b.deliverables_due === 1 ? "deliverable" : "deliverables"} to come` : ""}
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
      <h1 className="text-3xl font-bold text-maroon-700">Bookings</h1>
      {!upcoming.length && !past.length ? (
        <p className="text-ink/75">
          No bookings yet. A booking is made when{" "}
          {base === "/profile" ? "you accept a vendor's quote" : "a couple accepts your quote or you mark an enquiry booked"}
          {" in "}
          <Link to={`${base}/enquiries`} className="font-semibold text-maroon-700 underline">
            {base === "/profile" ? "My enquiries" : "Enquiries"}
          </Link>
          .
        </p>
      ) : (
        <>
          <div>
            <h2 className="mb-2 text-xl font-bold">Upcoming</h2>
            <BookingList items={upcoming} base={base} label="Upcoming bookings" />
          </div>
          <div>
            <h2 className="mb-2 text-xl font-bold">Past and cancelled</h2>
            <BookingList items={past} base={base} label="Past bookings" />
          </div>
        </>
      )}
    </section>
  );
}
