import { Form, Link } from "react-router";
import type { Route } from "./+types/calendar";
import { availabilityInput, calendarServices, ownerAvailability, setAvailability } from "#domain/catalogue/index.ts";
import { appContext } from "#functions/page-context.ts";
import { FormAlert, Select } from "#app/components/ui/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * The availability calendar (/VendorDashboard/calendar): per service, a month of days the vendor
 * blocks or frees with one button each (plain forms, no JavaScript needed). Days a booking holds
 * are marked "Booking" and cannot be freed here; past days cannot change.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_calendar_title()) }];

/** Dates in the page's language: "5 December 2026", "5 दिसंबर 2026" (Latin digits, decision 0046). */
const dateLocale = () => (getLocale() === "hi" ? "hi-IN-u-nu-latn" : "en-IN");

function shiftMonth(month: string, by: number): string {
  const [y, mon] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mon - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  return loadOrRespond(request, async () => {
    const services = await calendarServices(domain);
    const today = todayInIndia(domain.now);
    const asked = url.searchParams.get("month") ?? "";
    const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : today.slice(0, 7);
    const selected = services.find((s) => s.id === url.searchParams.get("service")) ?? services[0] ?? null;
    const availability = selected ? await ownerAvailability(domain, selected.id, month) : null;
    return { services, selected, month, today, days: availability?.days ?? [], prev: shiftMonth(month, -1), next: shiftMonth(month, 1) };
  });
}

/** The one form (a day's button, no intent): block or free that day of the service. */
export const action = pageAction({
  defaultIntent: "set",
  intents: {
    set: async ({ domain, fields, input, done }) => {
      const result = await setAvailability(domain, typeof fields.service === "string" ? fields.service : "", input(availabilityInput));
      return done(
        m.vendor_calendar_now({ day: dayLabel(result.day), state: result.blocked ? m.vendor_calendar_state_blocked() : m.vendor_calendar_state_free() }),
      );
    },
  },
});

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(dateLocale(), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export default function Calendar({ loaderData, actionData }: Route.ComponentProps) {
  const { services, selected, month, today, days, prev, next } = loaderData;
  const [y, mon] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(y, mon, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, mon - 1, 1)).getUTCDay() + 6) % 7;
  const blocked = new Map(days.map((d) => [d.day, d.byBooking]));
  const title = new Date(Date.UTC(y, mon - 1, 1)).toLocaleDateString(dateLocale(), { month: "long", year: "numeric", timeZone: "UTC" });
  const query = (mon: string) => `?service=${encodeURIComponent(selected?.id ?? "")}&month=${mon}`;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading" className="text-3xl font-bold text-maroon-700">
        {m.vendor_calendar_title()}
      </h1>
      <p className="mt-1 text-sm text-ink/75">{m.vendor_calendar_intro()}</p>
      {!selected ? (
        <p className="mt-4">
          {rich(m.vendor_calendar_no_services, {
            link: (
              <Link to="/VendorDashboard" className="font-semibold text-maroon-700 underline">
                {m.vendor_services_add()}
              </Link>
            ),
          })}
        </p>
      ) : (
        <>
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
            <Select id="calendar-service" name="service" label={m.vendor_enquiries_service()} defaultValue={selected.id} inputClassName="w-auto">
              {services.map((s) => (
                // The service's name is the vendor's own words (an option holds text only, so the option is marked).
                <option key={s.id} value={s.id} translate="no">
                  {`${s.service_name}${s.status !== "active" ? m.vendor_calendar_archived_suffix() : ""}`}
                </option>
              ))}
            </Select>
            <input type="hidden" name="month" value={month} />
            <button type="submit" className="btn-secondary px-4 py-2">
              {m.vendor_calendar_show()}
            </button>
          </Form>
          {actionData && (
            <div className="mt-4">
              <FormAlert tone={actionData.ok ? "success" : "error"} message={actionData.message} />
            </div>
          )}
          <div className="mt-5 flex items-center justify-between gap-2">
            <Link to={query(prev)} className="btn-secondary whitespace-nowrap px-3 py-1.5" aria-label={m.vendor_calendar_prev_label()}>
              {m.vendor_calendar_prev()}
            </Link>
            <h2 className="text-center text-lg font-bold md:text-xl" aria-live="polite">
              {title}
            </h2>
            <Link to={query(next)} className="btn-secondary whitespace-nowrap px-3 py-1.5" aria-label={m.vendor_calendar_next_label()}>
              {m.vendor_calendar_next()}
            </Link>
          </div>
          <ul className="mt-3 flex flex-wrap gap-4 text-xs text-ink/75" aria-label={m.vendor_calendar_legend()}>
            <li className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded bg-white ring-1 ring-ink/20" /> {m.vendor_calendar_free()}
            </li>
            <li className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded bg-maroon-700" /> {m.vendor_calendar_blocked()}
            </li>
            <li className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded bg-emerald-700" /> {m.vendor_calendar_booking()}
            </li>
          </ul>
          <div className="mt-3 grid grid-cols-7 gap-1 text-center text-xs font-semibold text-ink/70" aria-hidden="true">
            {m
              .vendor_calendar_weekdays()
              .split(",")
              .map((w) => (
                <span key={w}>{w}</span>
              ))}
          </div>
          <ol className="mt-1 grid grid-cols-7 gap-1" aria-label={m.vendor_calendar_days_of({ month: title })}>
            {Array.from({ length: lead }, (_, i) => (
              <li key={`pad-${i}`} aria-hidden="true" />
            ))}
            {Array.from({ length: count }, (_, i) => {
              const day = `${month}-${String(i + 1).padStart(2, "0")}`;
              const isBlocked = blocked.has(day);
              const byBooking = blocked.get(day) === true;
              const past = day < today;
              const base = "flex h-12 w-full flex-col items-center justify-center rounded-lg text-sm md:h-16";
              if (byBooking || past)
                return (
                  <li key={day}>
                    <span
                      className={`${base} ${byBooking ? "bg-emerald-700 text-white" : isBlocked ? "bg-maroon-100 text-maroon-900" : "bg-ink/5 text-ink/70"}`}
                      aria-label={(byBooking ? m.vendor_calendar_day_booked : isBlocked ? m.vendor_calendar_day_blocked_past : m.vendor_calendar_day_past)({
                        day: dayLabel(day),
                      })}
                    >
                      {i + 1}
                      {byBooking && <span className="text-[10px] leading-none">{m.vendor_calendar_booking()}</span>}
                    </span>
                  </li>
                );
              return (
                <li key={day}>
                  <Form method="post" className="contents">
                    <input type="hidden" name="service" value={selected.id} />
                    <input type="hidden" name="day" value={day} />
                    <input type="hidden" name="blocked" value={isBlocked ? "false" : "true"} />
                    <button
                      type="submit"
                      aria-pressed={isBlocked}
                      aria-label={(isBlocked ? m.vendor_calendar_day_blocked : m.vendor_calendar_day_free)({ day: dayLabel(day) })}
                      className={`${base} ${isBlocked ? "bg-maroon-700 text-white" : "bg-white ring-1 ring-ink/15 hover:bg-maroon-50"}`}
                    >
                      {i + 1}
                      {isBlocked && <span className="text-[10px] leading-none">{m.vendor_calendar_blocked()}</span>}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
