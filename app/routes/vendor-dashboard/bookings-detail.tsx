import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/bookings-detail";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { bookingById, cancelBooking, setMilestoneDone, updateBooking } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { resultFor, StatusPill } from "./enquiries-ui.tsx";
import { Field, FormAlert, Panel } from "#app/components/ui/index.ts";

/**
 * One booking, the same record for its vendor (/VendorDashboard/bookings/:bookingId: advance,
 * deliverables done, complete after the event, cancel) and its couple (/profile/bookings/:bookingId:
 * cancel). Plain forms with an `intent`; the rules are functions/domain/enquiries/bookings.ts.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Booking") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ booking: await bookingById(domain, params.bookingId) }));
}

const bookingIdOf = (params: Record<string, string | undefined>) => params.bookingId ?? "";

/** The booking's forms by intent (either side; the domain decides who may do what). */
export const action = pageAction({
  intents: {
    advance: async ({ params, domain, fields, done }) => {
      await updateBooking(domain, bookingIdOf(params), { advancePaid: fields.advancePaid });
      return done("Advance updated.");
    },
    dates: async ({ params, domain, fields, done }) => {
      await updateBooking(domain, bookingIdOf(params), { eventDate: fields.eventDate, eventEndDate: fields.eventEndDate });
      return done("Event date updated.");
    },
    complete: async ({ params, domain, done }) => {
      await updateBooking(domain, bookingIdOf(params), { status: "COMPLETED" });
      return done("Booking completed.");
    },
    cancel: async ({ params, domain, fields, done }) => {
      await cancelBooking(domain, bookingIdOf(params), { reason: fields.reason });
      return done("Booking cancelled.");
    },
    milestone: async ({ params, domain, fields, done }) => {
      await setMilestoneDone(domain, bookingIdOf(params), String(fields.milestoneId ?? ""), { done: fields.done });
      return done("Booking updated.");
    },
  },
});

export default function BookingDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { booking: b } = loaderData;
  const busy = useNavigation().state !== "idle";
  const isVendor = b.side === "vendor";
  const base = isVendor ? "/VendorDashboard" : "/profile";
  const r = (intent: string) => resultFor(actionData as Parameters<typeof resultFor>[0], intent);
  const advance = r("advance");
  const cancel = r("cancel");
  const dates = r("dates");
  const general = [r("complete"), r("milestone")].find((x) => x.message);
  const payments = b.milestones.filter((m) => m.kind === "PAYMENT");
  const deliverables = b.milestones.filter((m) => m.kind === "DELIVERABLE");
  return (
    <div className="space-y-4">
      <p>
        <Link to={`${base}/bookings`} className="text-sm font-semibold text-maroon-700 underline">
          ← All bookings
        </Link>
      </p>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl">{isVendor ? b.couple.name : b.vendor.name}</h1>
          <StatusPill status={b.status} />
        </div>
        <p className="text-ink/80">{b.service.name}</p>
        {general && <FormAlert message={general.message} tone={general.ok ? "success" : "error"} className="mb-3" />}
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <div>
            <dt className="text-ink/65">Event</dt>
            <dd>
              {b.event_date ? formatDate(b.event_date) : "Date to be set"}
              {b.event_end_date ? ` to ${formatDate(b.event_end_date)}` : ""}
            </dd>
          </div>
          <div>
            <dt className="text-ink/65">Agreed price</dt>
            <dd className="font-semibold">{formatRupees(b.agreed_price)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">Advance paid</dt>
            <dd>{formatRupees(b.advance_paid)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">Balance due</dt>
            <dd className="font-semibold">{formatRupees(b.balance_due)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          {isVendor ? "Couple" : "Vendor"}: <a href={`mailto:${isVendor ? b.couple.email : b.vendor.email}`}>{isVendor ? b.couple.email : b.vendor.email}</a>
          {(isVendor ? b.couple.phone : b.vendor.phone) ? ` · ${isVendor ? b.couple.phone : b.vendor.phone}` : ""}
        </p>
        {b.notes && <p className="mt-2 whitespace-pre-line text-sm text-ink/80">{b.notes}</p>}
        {b.status === "CANCELLED" && (
          <p className="mt-2 text-sm">
            Cancelled by {b.cancelled_by === "VENDOR" ? "the vendor" : "the couple"}: {b.cancel_reason}
          </p>
        )}
        {b.lead_id && (
          <p className="mt-3 text-sm">
            <Link to={`${base}/enquiries/${b.lead_id}`} className="font-semibold text-maroon-700 underline">
              Open the conversation
            </Link>
          </p>
        )}
      </Panel>

      {(payments.length > 0 || deliverables.length > 0) && (
        <Panel title="Payments and deliverables" headingId="milestones-heading">
          <ul className="divide-y divide-maroon-100">
            {[...payments, ...deliverables].map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className={m.done_at ? "line-through" : "font-medium"}>{m.title}</span>
                  {m.amount !== null ? ` · ${formatRupees(m.amount)}` : ""}
                  {m.due_date ? ` · due ${formatDate(m.due_date)}` : ""}
                  {m.done_at ? ` · ${m.kind === "PAYMENT" ? "received" : "delivered"} ${formatDate(m.done_at)}` : ""}
                </span>
                {isVendor && b.status !== "CANCELLED" && (
                  <Form method="post">
                    <input type="hidden" name="milestoneId" value={m.id} />
                    <input type="hidden" name="done" value={m.done_at ? "false" : "true"} />
                    <button type="submit" name="intent" value="milestone" className="text-sm font-semibold text-maroon-700 underline" disabled={busy}>
                      {m.done_at ? "Undo" : m.kind === "PAYMENT" ? "Mark received" : "Mark delivered"}
                      <span className="sr-only"> {m.title}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}

      {b.can.edit && (
        <Panel title="Advance received" headingId="advance-heading">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <FormAlert message={advance.message} tone={advance.ok ? "success" : "error"} className="mb-3" />
            <Field
              label="Advance paid (₹)"
              name="advancePaid"
              type="number"
              min={0}
              error={advance.errors.advancePaid}
              defaultValue={advance.values.advancePaid ?? b.advance_paid}
            />
            <button type="submit" name="intent" value="advance" className="btn-secondary px-4 py-2" disabled={busy}>
              Save
            </button>
          </Form>
        </Panel>
      )}

      {b.can.edit && (
        <Panel title="Event date" headingId="dates-heading">
          <Form method="post" className="grid gap-3 md:grid-cols-3 md:items-end">
            <div className="md:col-span-3">
              <FormAlert message={dates.message} tone={dates.ok ? "success" : "error"} className="mb-3" />
            </div>
            <Field
              label="Event date"
              name="eventDate"
              type="date"
              required
              error={dates.errors.eventDate}
              defaultValue={dates.values.eventDate ?? b.event_date ?? ""}
            />
            <Field
              label="Last event day (optional)"
              name="eventEndDate"
              type="date"
              error={dates.errors.eventEndDate}
              defaultValue={dates.values.eventEndDate ?? b.event_end_date ?? ""}
            />
            <div>
              <button type="submit" name="intent" value="dates" className="btn-secondary px-4 py-2" disabled={busy}>
                Save dates
              </button>
            </div>
          </Form>
        </Panel>
      )}

      {b.can.complete && (
        <Panel>
          <Form method="post">
            <button type="submit" name="intent" value="complete" className="btn-primary px-5 py-2" disabled={busy}>
              Mark completed
            </button>
          </Form>
        </Panel>
      )}

      {b.can.cancel && (
        <Panel title="Cancel this booking" headingId="cancel-heading">
          <Form method="post" className="space-y-2">
            <FormAlert message={cancel.message} tone={cancel.ok ? "success" : "error"} className="mb-3" />
            <Field label="Reason" name="reason" required error={cancel.errors.reason} defaultValue={cancel.values.reason} />
            <p className="text-sm text-ink/70">The {isVendor ? "couple" : "vendor"} is told by e-mail.</p>
            <button type="submit" name="intent" value="cancel" className="btn-secondary px-4 py-2" disabled={busy}>
              Cancel booking
            </button>
          </Form>
        </Panel>
      )}
    </div>
  );
}
