import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import { formatCount, formatDate } from "#shared/format.ts";
import { DIETARY_LABELS, DIETARY_PREFERENCES, GUEST_SIDES, PARTY_SIZE_MAX, RESPONSE_LABELS, SIDE_LABELS } from "#shared/guest-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { guestsAction, loadGuests } from "./guests.server.ts";
import type { GuestsActionResult } from "./guests.server.ts";

/** Households in the invitation matrix per page. */
const MATRIX_PAGE_SIZE = 50;

/**
 * The couple's guest list (/profile/guests): head-counts per function and per dietary preference,
 * who has not answered (remind, share), the invitation matrix (households x functions), the list by
 * household with search and filters in the URL, add/edit/remove, CSV import and export. One D1
 * batch renders it; every form is a plain post with an intent (PRG), so it works without JS.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Guests") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGuests(request, context.get(appContext).domain);
}

export async function action({ request, context }: Route.ActionArgs) {
  return guestsAction(request, context.get(appContext).domain);
}

type Data = Route.ComponentProps["loaderData"];
type Guest = Data["search"]["guests"][number];
type Household = Data["households"][number];

const input = "w-full rounded-lg border border-ink/20 px-3 py-2 text-sm";
const button = "rounded-full bg-maroon-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
const linkButton = "text-sm font-semibold text-maroon-700 underline disabled:opacity-60";

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-maroon-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Failure({ result, intent }: { result: GuestsActionResult | undefined; intent: string }) {
  if (!result || result.ok || result.intent !== intent) return null;
  return (
    <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
      {result.message} {[...new Set(Object.values(result.errors))].join(" ")}
    </p>
  );
}

function GuestFields({ guest, households }: { guest?: Guest; households: Household[] }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <label className="text-sm">
        Name
        <input name="name" required maxLength={120} defaultValue={guest?.name} className={input} />
      </label>
      <label className="text-sm">
        Household
        <select name="householdId" defaultValue={guest?.householdId ?? ""} className={input}>
          {!guest && <option value="">A new household of their own</option>}
          {households.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Side
        <select name="side" defaultValue={guest?.side ?? "BOTH"} className={input}>
          {GUEST_SIDES.map((s) => (
            <option key={s} value={s}>
              {SIDE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Relation
        <input name="relation" maxLength={120} defaultValue={guest?.relation ?? ""} className={input} />
      </label>
      <label className="text-sm">
        Phone
        <input name="phone" type="tel" maxLength={20} defaultValue={guest?.phone ?? ""} className={input} />
      </label>
      <label className="text-sm">
        E-mail
        <input name="email" type="email" maxLength={254} defaultValue={guest?.email ?? ""} className={input} />
      </label>
      <label className="text-sm">
        City
        <input name="city" maxLength={120} defaultValue={guest?.city ?? ""} className={input} />
      </label>
      <label className="text-sm">
        Dietary
        <select name="dietary" defaultValue={guest?.dietary ?? ""} className={input}>
          <option value="">Not said</option>
          {DIETARY_PREFERENCES.map((d) => (
            <option key={d} value={d}>
              {DIETARY_LABELS[d]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-4 text-sm">
        <label className="inline-flex items-center gap-1">
          <input type="checkbox" name="needsStay" value="true" defaultChecked={guest?.needsStay} /> Needs stay
        </label>
        <label className="inline-flex items-center gap-1">
          <input type="checkbox" name="needsPickup" value="true" defaultChecked={guest?.needsPickup} /> Needs pickup
        </label>
      </div>
    </div>
  );
}

/**
 * A guest's edit form, folded. Its household list offers every household only once the form is
 * opened (with JavaScript): drawn for each of a page's 100 guests it made the page megabytes at 250
 * households. Without JavaScript the form keeps the guest's own household (every other field edits).
 */
function GuestEdit({ guest, households, busy }: { guest: Guest; households: Household[]; busy: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="mt-1" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer text-xs font-semibold text-maroon-700">
        Edit<span className="sr-only"> {guest.name}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="guestId" value={guest.id} />
        <GuestFields guest={guest} households={opened ? households : households.filter((h) => h.id === guest.householdId)} />
        <button type="submit" name="intent" value="editGuest" className={button} disabled={busy}>
          Save guest
        </button>
      </Form>
    </details>
  );
}

function ShareButtons({ household }: { household: Household }) {
  // Links through /profile/guests/share/…, which records the share and goes on to wa.me or mailto:
  // (a form posting there was blocked by the page's CSP, form-action 'self').
  const share = (query: string) => `/profile/guests/share/${encodeURIComponent(household.id)}?${query}`;
  return (
    <div className="flex flex-wrap gap-2">
      {(["en", "hi"] as const).map((lang) => (
        <a
          key={lang}
          href={share(`channel=whatsapp&lang=${lang}`)}
          target="_blank"
          rel="noopener"
          className="rounded-full border border-green-700 px-3 py-1 text-xs font-semibold text-green-800"
        >
          WhatsApp {lang === "hi" ? "(हिन्दी)" : "(English)"}
          <span className="sr-only"> to {household.name}</span>
        </a>
      ))}
      {household.emailCount > 0 && (
        <a href={share("channel=email")} className="rounded-full border border-maroon-700 px-3 py-1 text-xs font-semibold text-maroon-800">
          E-mail<span className="sr-only"> {household.name}</span>
        </a>
      )}
    </div>
  );
}

/** Households listed under "Not answered yet" (the rest are one filter away in the guest list). */
const PENDING_SHOWN = 25;

function pageLink(search: URLSearchParams, key: string, value: number) {
  const next = new URLSearchParams(search);
  next.set(key, String(value));
  return `?${next.toString()}`;
}

/**
 * A form that empties itself once its intent is saved. Success is a redirect back to this page, which
 * keeps the same form on screen with what was typed: the next guest was saved with the previous
 * one's e-mail (issue 28). A refusal keeps the values, to be corrected.
 */
function useEmptiedAfterSave(intent: string, result: GuestsActionResult | undefined) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sent = useRef(false);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (sending) sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      if (!(result && !result.ok && result.intent === intent)) form.current?.reset();
    }
  }, [sending, navigation.state, result, intent]);
  return form;
}

export default function Guests({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const result = actionData as GuestsActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const addGuestForm = useEmptiedAfterSave("addGuest", result);
  const addHouseholdForm = useEmptiedAfterSave("addHousehold", result);
  const search = new URLSearchParams(Object.entries(d.query).flatMap(([k, v]) => (v === undefined || k === "page" ? [] : [[k, String(v)]])));
  const byHousehold = new Map<string, { name: string; guests: Guest[] }>();
  for (const g of d.search.guests) {
    const h = byHousehold.get(g.householdId) ?? { name: g.householdName, guests: [] };
    h.guests.push(g);
    byHousehold.set(g.householdId, h);
  }
  const householdById = new Map(d.households.map((h) => [h.id, h]));
  const pages = Math.max(1, Math.ceil(d.search.total / d.search.pageSize));
  const matrix = d.households.slice((d.hpage - 1) * MATRIX_PAGE_SIZE, d.hpage * MATRIX_PAGE_SIZE);
  const matrixPages = Math.max(1, Math.ceil(d.households.length / MATRIX_PAGE_SIZE));
  const totalGuests = d.households.reduce((n, h) => n + h.guestCount, 0);

  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
        <h1 className="text-3xl font-bold text-maroon-700">Guests</h1>
        <p className="mt-1 text-ink/75">
          {formatCount(totalGuests)} {totalGuests === 1 ? "guest" : "guests"} in {formatCount(d.households.length)}{" "}
          {d.households.length === 1 ? "household" : "households"} · {d.functions.length} {d.functions.length === 1 ? "function" : "functions"}
        </p>
        {d.functions.length === 0 && (
          <p className="mt-2 text-sm">
            Add your functions in the{" "}
            <Link to="/profile/weddingplan" className="font-semibold text-maroon-700 underline">
              Wedding Planner
            </Link>{" "}
            to invite households to them.
          </p>
        )}
      </section>

      <Section title="Head-count per function" id="headcounts-heading">
        {d.headCounts.length === 0 ? (
          <p className="text-sm text-ink/75">No functions yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead>
                <tr className="border-b border-maroon-100 text-ink/70">
                  <th className="py-2 pr-2">Function</th>
                  <th className="px-2">Invited</th>
                  <th className="px-2">{RESPONSE_LABELS.ATTENDING}</th>
                  <th className="px-2">{RESPONSE_LABELS.MAYBE}</th>
                  <th className="px-2">{RESPONSE_LABELS.DECLINED}</th>
                  <th className="px-2">Not answered</th>
                  {DIETARY_PREFERENCES.map((p) => (
                    <th key={p} className="px-2">
                      {DIETARY_LABELS[p]}
                    </th>
                  ))}
                  <th className="px-2">Diet not said</th>
                </tr>
              </thead>
              <tbody>
                {d.headCounts.map((f) => (
                  <tr key={f.eventId} className="border-b border-maroon-50" data-testid={`headcount-${f.name}`}>
                    <th scope="row" className="py-2 pr-2 font-semibold">
                      {f.name}
                      <span className="block text-xs font-normal text-ink/65">{formatDate(f.eventDate)}</span>
                    </th>
                    <td className="px-2">
                      {f.invitedGuests} <span className="text-xs text-ink/65">({f.invitedHouseholds} hh)</span>
                    </td>
                    <td className="px-2 font-semibold" data-testid="attending">
                      {f.attending}
                    </td>
                    <td className="px-2">{f.maybe}</td>
                    <td className="px-2">{f.declined}</td>
                    <td className="px-2">{f.notAnswered}</td>
                    {DIETARY_PREFERENCES.map((p) => (
                      <td key={p} className="px-2">
                        {f.dietary[p]}
                      </td>
                    ))}
                    <td className="px-2">{f.dietary.UNKNOWN}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-ink/65">
              Attending, maybe and dietary columns count people (each answer&apos;s party size); declined and not answered count guests.
            </p>
          </div>
        )}
      </Section>

      <Section title="Not answered yet" id="pending-heading">
        <Failure result={result} intent="remind" />
        <Failure result={result} intent="share" />
        {d.notAnswered.length === 0 ? (
          <p className="text-sm text-ink/75">Everyone invited has answered (or nobody is invited yet).</p>
        ) : (
          <ul className="divide-y divide-maroon-50">
            {d.notAnswered.slice(0, PENDING_SHOWN).map((p) => {
              const h = householdById.get(p.householdId);
              return (
                <li key={p.householdId} className="flex flex-col gap-2 py-2 md:flex-row md:items-center md:justify-between">
                  <div>
                    <span className="font-semibold">{p.name}</span>
                    <span className="block text-xs text-ink/70">
                      {p.functions.map((f) => f.name).join(", ")}
                      {p.sharedAt ? ` · shared ${formatDate(p.sharedAt)}` : ""}
                      {p.remindedAt ? ` · reminded ${formatDate(p.remindedAt)}` : ""}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {p.emailCount > 0 && (
                      <Form method="post">
                        <input type="hidden" name="householdId" value={p.householdId} />
                        <button type="submit" name="intent" value="remind" className={linkButton} disabled={busy}>
                          Remind by e-mail<span className="sr-only"> {p.name}</span>
                        </button>
                      </Form>
                    )}
                    {h && <ShareButtons household={h} />}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {d.notAnswered.length > PENDING_SHOWN && (
          <p className="mt-2 text-sm">
            {formatCount(d.notAnswered.length - PENDING_SHOWN)} more households have not answered:{" "}
            <Link to="?answer=NONE#list-heading" className="font-semibold text-maroon-700 underline">
              see their guests in the list
            </Link>
            , where each household's link can be shared.
          </p>
        )}
      </Section>

      {d.functions.length > 0 && d.households.length > 0 && (
        <Section title="Invitations" id="invitations-heading">
          <p className="mb-2 text-sm text-ink/75">
            Tick the functions each household is invited to and save its row. Un-inviting removes that household&apos;s answers for the function.
          </p>
          <Failure result={result} intent="invite" />
          <div className="overflow-x-auto">
            <table className="w-full min-w-[480px] text-left text-sm">
              <thead>
                <tr className="border-b border-maroon-100 text-ink/70">
                  <th className="py-2 pr-2">Household</th>
                  {d.functions.map((f) => (
                    <th key={f.id} className="px-2 text-center">
                      {f.name}
                    </th>
                  ))}
                  <th className="px-2" aria-label="Save" />
                </tr>
              </thead>
              <tbody>
                {matrix.map((h) => (
                  <tr key={h.id} className="border-b border-maroon-50">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      {h.name}
                    </th>
                    {d.functions.map((f) => (
                      <td key={f.id} className="px-2 text-center">
                        <input
                          type="checkbox"
                          form={`invite-${h.id}`}
                          name={`event:${f.id}`}
                          defaultChecked={h.invitedEventIds.includes(f.id)}
                          aria-label={`Invite ${h.name} to ${f.name}`}
                        />
                      </td>
                    ))}
                    <td className="px-2">
                      <Form method="post" id={`invite-${h.id}`}>
                        <input type="hidden" name="householdId" value={h.id} />
                        <button type="submit" name="intent" value="invite" className={linkButton} disabled={busy}>
                          Save<span className="sr-only"> invitations of {h.name}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {matrixPages > 1 && (
            <nav className="mt-2 flex gap-3 text-sm" aria-label="Invitation pages">
              {d.hpage > 1 && <Link to={pageLink(new URLSearchParams(search), "hpage", d.hpage - 1)}>← Previous households</Link>}
              <span>
                Page {d.hpage} of {matrixPages}
              </span>
              {d.hpage < matrixPages && <Link to={pageLink(new URLSearchParams(search), "hpage", d.hpage + 1)}>Next households →</Link>}
            </nav>
          )}
        </Section>
      )}

      <Section title="Guest list" id="list-heading">
        <Form method="get" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" role="search">
          <label className="text-sm">
            Search
            <input name="q" type="search" defaultValue={d.query.q ?? ""} placeholder="Name, phone, e-mail, city" className={input} />
          </label>
          <label className="text-sm">
            Side
            <select name="side" defaultValue={d.query.side ?? ""} className={input}>
              <option value="">Any side</option>
              {GUEST_SIDES.map((s) => (
                <option key={s} value={s}>
                  {SIDE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Dietary
            <select name="dietary" defaultValue={d.query.dietary ?? ""} className={input}>
              <option value="">Any</option>
              {DIETARY_PREFERENCES.map((p) => (
                <option key={p} value={p}>
                  {DIETARY_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Household
            <select name="householdId" defaultValue={d.query.householdId ?? ""} className={input}>
              <option value="">Any household</option>
              {d.households.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Invited to
            <select name="eventId" defaultValue={d.query.eventId ?? ""} className={input}>
              <option value="">Any function</option>
              {d.functions.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Answer
            <select name="answer" defaultValue={d.query.answer ?? ""} className={input}>
              <option value="">Any</option>
              <option value="ATTENDING">{RESPONSE_LABELS.ATTENDING}</option>
              <option value="MAYBE">{RESPONSE_LABELS.MAYBE}</option>
              <option value="DECLINED">{RESPONSE_LABELS.DECLINED}</option>
              <option value="NONE">Not answered</option>
            </select>
          </label>
          <div className="flex items-end gap-3">
            <button type="submit" className={button}>
              Search
            </button>
            <Link to="/profile/guests" className="text-sm underline">
              Clear
            </Link>
          </div>
        </Form>
        {d.queryInvalid && <p className="mt-2 text-sm text-red-800">Some search options were not valid and were ignored.</p>}
        <p className="mt-3 text-sm text-ink/70" aria-live="polite">
          {formatCount(d.search.total)} {d.search.total === 1 ? "guest" : "guests"} found
        </p>
        <Failure result={result} intent="editGuest" />
        <Failure result={result} intent="deleteGuest" />
        <Failure result={result} intent="editHousehold" />
        <Failure result={result} intent="deleteHousehold" />
        <Failure result={result} intent="resetLink" />
        <div className="mt-2 space-y-4">
          {[...byHousehold.entries()].map(([id, group]) => {
            const h = householdById.get(id);
            return (
              <article key={id} className="rounded-xl border border-maroon-100 p-3" data-testid="household">
                <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
                  <div>
                    <h3 className="text-lg font-semibold text-maroon-800">{group.name}</h3>
                    {h?.notes && <p className="text-xs text-ink/70">{h.notes}</p>}
                    {h && (
                      <p className="break-all text-xs">
                        RSVP link:{" "}
                        <a href={h.rsvpLink} className="text-maroon-700 underline" data-testid="rsvp-link">
                          {h.rsvpLink}
                        </a>
                      </p>
                    )}
                  </div>
                  {h && <ShareButtons household={h} />}
                </div>
                {h && (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer font-semibold text-maroon-700">Edit household</summary>
                    <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-3">
                      <input type="hidden" name="householdId" value={h.id} />
                      <label>
                        Name
                        <input name="name" required maxLength={120} defaultValue={h.name} className={input} />
                      </label>
                      <label className="sm:col-span-2">
                        Notes
                        <input name="notes" maxLength={1000} defaultValue={h.notes ?? ""} className={input} />
                      </label>
                      <div className="flex flex-wrap gap-3 sm:col-span-3">
                        <button type="submit" name="intent" value="editHousehold" className={button} disabled={busy}>
                          Save household
                        </button>
                        <button type="submit" name="intent" value="resetLink" className={linkButton} disabled={busy}>
                          Make a new RSVP link
                        </button>
                        <button type="submit" name="intent" value="deleteHousehold" className={`${linkButton} text-red-800`} disabled={busy}>
                          Remove household and its guests
                        </button>
                      </div>
                    </Form>
                  </details>
                )}
                <ul className="mt-2 divide-y divide-maroon-50">
                  {group.guests.map((g) => (
                    <li key={g.id} className="py-2 text-sm" data-testid="guest">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span>
                          <span className="font-medium">{g.name}</span>
                          <span className="text-ink/70">
                            {" "}
                            · {SIDE_LABELS[g.side]}
                            {g.relation ? ` · ${g.relation}` : ""}
                            {g.city ? ` · ${g.city}` : ""}
                            {g.dietary ? ` · ${DIETARY_LABELS[g.dietary]}` : ""}
                            {g.needsStay ? " · needs stay" : ""}
                            {g.needsPickup ? " · needs pickup" : ""}
                          </span>
                          {(g.phone || g.email) && <span className="block text-xs text-ink/65">{[g.phone, g.email].filter(Boolean).join(" · ")}</span>}
                        </span>
                        <Form method="post">
                          <input type="hidden" name="guestId" value={g.id} />
                          <button type="submit" name="intent" value="deleteGuest" className={`${linkButton} text-red-800`} disabled={busy}>
                            Remove<span className="sr-only"> {g.name}</span>
                          </button>
                        </Form>
                      </div>
                      <GuestEdit guest={g} households={d.households} busy={busy} />
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
        {pages > 1 && (
          <nav className="mt-3 flex gap-3 text-sm" aria-label="Guest list pages">
            {d.search.page > 1 && <Link to={pageLink(search, "page", d.search.page - 1)}>← Previous</Link>}
            <span>
              Page {d.search.page} of {pages}
            </span>
            {d.search.page < pages && <Link to={pageLink(search, "page", d.search.page + 1)}>Next →</Link>}
          </nav>
        )}
      </Section>

      <Section title="Add a guest" id="add-guest-heading">
        <Form method="post" className="space-y-2" ref={addGuestForm}>
          <OnceToken token={d.onceToken} />
          <GuestFields households={d.households} />
          <Failure result={result} intent="addGuest" />
          <button type="submit" name="intent" value="addGuest" className={button} disabled={busy}>
            Add guest
          </button>
        </Form>
        <Form method="post" className="mt-4 grid gap-2 border-t border-maroon-100 pt-4 sm:grid-cols-3" ref={addHouseholdForm}>
          <OnceToken token={d.onceToken} />
          <label className="text-sm">
            New household
            <input name="name" required maxLength={120} placeholder="e.g. Sharma family" className={input} />
          </label>
          <label className="text-sm sm:col-span-2">
            Notes
            <input name="notes" maxLength={1000} className={input} />
          </label>
          <div className="sm:col-span-3">
            <Failure result={result} intent="addHousehold" />
            <button type="submit" name="intent" value="addHousehold" className={button} disabled={busy}>
              Add household
            </button>
          </div>
        </Form>
      </Section>

      <Section title="Import and export" id="csv-heading">
        <p className="text-sm text-ink/75">
          A CSV file with a header row: Household, Name, Side, Relation, Phone, Email, City, Dietary (Veg, Jain, Non-veg, Vegan), Stay, Pickup (yes or no).
          Guests with the same Household are invited together. Up to 1,000 rows and 512 KB. People per answer: up to {PARTY_SIZE_MAX}.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-3">
          <OnceToken token={d.onceToken} />
          <label className="text-sm">
            CSV file
            <input type="file" name="file" accept=".csv,text/csv" required className="block text-sm" />
          </label>
          <button type="submit" name="intent" value="import" className={button} disabled={busy}>
            Import guests
          </button>
          <a href="/profile/guests/export.csv" className="text-sm font-semibold text-maroon-700 underline" download>
            Export CSV
          </a>
        </Form>
        <Failure result={result} intent="import" />
        {result?.ok && result.intent === "import" && result.import && (
          <div className="mt-3 text-sm" role="status">
            <p className="font-semibold">{result.message}</p>
            {result.import.errors.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-red-800" data-testid="import-errors">
                {result.import.errors.map((e) => (
                  <li key={e.row}>
                    Row {e.row}: {e.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Section>
    </div>
  );
}
