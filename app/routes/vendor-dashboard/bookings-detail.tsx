import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/bookings-detail";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { bookingById, cancelBooking, setMilestoneDone, updateBooking } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { resultFor, StatusPill } from "./enquiries-ui.tsx";
import { Field, FormAlert, Panel } from "#app/components/ui/index.ts";

/**
 * One booking, the same record for its vendor (/VendorDashboard/bookings/:bookingId: advance,
 * deliverables done, complete after the event, cancel) and its couple (/profile/bookings/:bookingId:
 * cancel). Plain forms with an `intent`; the rules are functions/domain/enquiries/bookings.ts.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_booking_title()) }, { name: "robots", content: "noindex" }];

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
      return done(m.vendor_booking_advance_updated());
    },
    dates: async ({ params, domain, fields, done }) => {
      await updateBooking(domain, bookingIdOf(params), { eventDate: fields.eventDate, eventEndDate: fields.eventEndDate });
      return done(m.vendor_booking_date_updated());
    },
    complete: async ({ params, domain, done }) => {
      await updateBooking(domain, bookingIdOf(params), { status: "COMPLETED" });
      return done(m.vendor_booking_completed());
    },
    cancel: async ({ params, domain, fields, done }) => {
      await cancelBooking(domain, bookingIdOf(params), { reason: fields.reason });
      return done(m.vendor_booking_cancelled());
    },
    milestone: async ({ params, domain, fields, done }) => {
      await setMilestoneDone(domain, bookingIdOf(params), String(fields.milestoneId ?? ""), { done: fields.done });
      return done(m.vendor_booking_updated());
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
  const payments = b.milestones.filter((x) => x.kind === "PAYMENT");
  const deliverables = b.milestones.filter((x) => x.kind === "DELIVERABLE");
  return (
    <div className="space-y-4">
      <p>
        <Link to={`${base}/bookings`} className="text-sm font-semibold text-maroon-700 underline">
          ← {m.vendor_booking_all()}
        </Link>
      </p>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl" translate="no">
            {isVendor ? b.couple.name : b.vendor.name}
          </h1>
          <StatusPill status={b.status} />
        </div>
        <p className="text-ink/80" translate="no">
          {b.service.name}
        </p>
        {general && <FormAlert message={general.message} tone={general.ok ? "success" : "error"} className="mb-3" />}
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <div>
            <dt className="text-ink/65">{m.vendor_booking_event()}</dt>
            <dd>
              {b.event_date ? formatDate(b.event_date) : m.vendor_bookings_date_tbd()}
              {b.event_end_date ? m.vendor_booking_to({ date: formatDate(b.event_end_date) }) : ""}
            </dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_booking_agreed_price()}</dt>
            <dd className="font-semibold">{formatRupees(b.agreed_price)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_booking_advance_paid()}</dt>
            <dd>{formatRupees(b.advance_paid)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_booking_balance_due()}</dt>
            <dd className="font-semibold">{formatRupees(b.balance_due)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          {isVendor ? m.vendor_booking_couple() : m.vendor_booking_vendor()}:{" "}
          <a href={`mailto:${isVendor ? b.couple.email : b.vendor.email}`} translate="no">
            {isVendor ? b.couple.email : b.vendor.email}
          </a>
          {(isVendor ? b.couple.phone : b.vendor.phone) ? ` · ${isVendor ? b.couple.phone : b.vendor.phone}` : ""}
        </p>
        {b.notes && (
          <p className="mt-2 whitespace-pre-line text-sm text-ink/80" translate="no">
            {b.notes}
          </p>
        )}
        {b.status === "CANCELLED" && (
          <p className="mt-2 text-sm">
            {rich(b.cancelled_by === "VENDOR" ? m.vendor_booking_cancelled_by_vendor : m.vendor_booking_cancelled_by_couple, {
              reason: <span translate="no">{b.cancel_reason}</span>,
            })}
          </p>
        )}
        {b.lead_id && (
          <p className="mt-3 text-sm">
            <Link to={`${base}/enquiries/${b.lead_id}`} className="font-semibold text-maroon-700 underline">
              {m.vendor_booking_open_conversation()}
            </Link>
          </p>
        )}
      </Panel>

      {(payments.length > 0 || deliverables.length > 0) && (
        <Panel title={m.vendor_booking_milestones()} headingId="milestones-heading">
          <ul className="divide-y divide-maroon-100">
            {[...payments, ...deliverables].map((ms) => (
              <li key={ms.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {/* A milestone's title is the vendor's own words. */}
                  <span className={ms.done_at ? "line-through" : "font-medium"} translate="no">
                    {ms.title}
                  </span>
                  {ms.amount !== null ? ` · ${formatRupees(ms.amount)}` : ""}
                  {ms.due_date ? m.vendor_booking_due({ date: formatDate(ms.due_date) }) : ""}
                  {ms.done_at ? (ms.kind === "PAYMENT" ? m.vendor_booking_received : m.vendor_booking_delivered)({ date: formatDate(ms.done_at) }) : ""}
                </span>
                {isVendor && b.status !== "CANCELLED" && (
                  <Form method="post">
                    <input type="hidden" name="milestoneId" value={ms.id} />
                    <input type="hidden" name="done" value={ms.done_at ? "false" : "true"} />
                    <button type="submit" name="intent" value="milestone" className="text-sm font-semibold text-maroon-700 underline" disabled={busy}>
                      {ms.done_at ? m.vendor_booking_undo() : ms.kind === "PAYMENT" ? m.vendor_booking_mark_received() : m.vendor_booking_mark_delivered()}
                      <span className="sr-only" translate="no">
                        {" "}
                        {ms.title}
                      </span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}

      {b.can.edit && (
        <Panel title={m.vendor_booking_advance_heading()} headingId="advance-heading">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <FormAlert message={advance.message} tone={advance.ok ? "success" : "error"} className="mb-3" />
            <Field
              label={m.vendor_book_advance()}
              name="advancePaid"
              type="number"
              min={0}
              error={advance.errors.advancePaid}
              defaultValue={advance.values.advancePaid ?? b.advance_paid}
            />
            <button type="submit" name="intent" value="advance" className="btn-secondary px-4 py-2" disabled={busy}>
              {m.vendor_save()}
            </button>
          </Form>
        </Panel>
      )}

      {b.can.edit && (
        <Panel title={m.vendor_book_event_date()} headingId="dates-heading">
          <Form method="post" className="grid gap-3 md:grid-cols-3 md:items-end">
            <div className="md:col-span-3">
              <FormAlert message={dates.message} tone={dates.ok ? "success" : "error"} className="mb-3" />
            </div>
            <Field
              label={m.vendor_book_event_date()}
              name="eventDate"
              type="date"
              required
              error={dates.errors.eventDate}
              defaultValue={dates.values.eventDate ?? b.event_date ?? ""}
            />
            <Field
              label={m.vendor_book_last_day()}
              name="eventEndDate"
              type="date"
              error={dates.errors.eventEndDate}
              defaultValue={dates.values.eventEndDate ?? b.event_end_date ?? ""}
            />
            <div>
              <button type="submit" name="intent" value="dates" className="btn-secondary px-4 py-2" disabled={busy}>
                {m.vendor_booking_save_dates()}
              </button>
            </div>
          </Form>
        </Panel>
      )}

      {b.can.complete && (
        <Panel>
          <Form method="post">
            <button type="submit" name="intent" value="complete" className="btn-primary px-5 py-2" disabled={busy}>
              {m.vendor_booking_mark_completed()}
            </button>
          </Form>
        </Panel>
      )}

      {b.can.cancel && (
        <Panel title={m.vendor_booking_cancel_heading()} headingId="cancel-heading">
          <Form method="post" className="space-y-2">
            <FormAlert message={cancel.message} tone={cancel.ok ? "success" : "error"} className="mb-3" />
            <Field label={m.vendor_close_reason()} name="reason" required error={cancel.errors.reason} defaultValue={cancel.values.reason} />
            <p className="text-sm text-ink/70">{isVendor ? m.vendor_booking_told_couple() : m.vendor_booking_told_vendor()}</p>
            <button type="submit" name="intent" value="cancel" className="btn-secondary px-4 py-2" disabled={busy}>
              {m.vendor_booking_cancel_button()}
            </button>
          </Form>
        </Panel>
      )}
    </div>
  );
}
