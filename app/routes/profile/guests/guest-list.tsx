import { Form, Link } from "react-router";
import { Field, Pager, Select } from "#app/components/ui/index.ts";
import { formatCount } from "#shared/format.ts";
import { DIETARY_LABELS, DIETARY_PREFERENCES, GUEST_SIDES, RESPONSE_LABELS, SIDE_LABELS } from "#shared/guest-schemas.ts";
import type { GuestsActionResult } from "./guests.server.ts";
import { GuestEdit, HouseholdEdit } from "./guest-forms.tsx";
import { button, Failure, linkButton, pageLink, ShareButtons, type Data, type Guest } from "./guests-ui.tsx";

const small = "py-2 text-sm";

/** The list's search and filters, in the URL (a GET form). */
function GuestSearch({ d }: { d: Data }) {
  return (
    <Form method="get" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" role="search">
      <Field label="Search" name="q" type="search" defaultValue={d.query.q ?? ""} placeholder="Name, phone, e-mail, city" inputClassName={small} />
      <Select
        label="Side"
        name="side"
        defaultValue={d.query.side ?? ""}
        placeholder="Any side"
        options={GUEST_SIDES.map((s) => [s, SIDE_LABELS[s]] as const)}
        inputClassName={small}
      />
      <Select
        label="Dietary"
        name="dietary"
        defaultValue={d.query.dietary ?? ""}
        placeholder="Any"
        options={DIETARY_PREFERENCES.map((p) => [p, DIETARY_LABELS[p]] as const)}
        inputClassName={small}
      />
      <Select
        label="Household"
        name="householdId"
        defaultValue={d.query.householdId ?? ""}
        placeholder="Any household"
        options={d.households.map((h) => [h.id, h.name] as const)}
        inputClassName={small}
      />
      <Select
        label="Invited to"
        name="eventId"
        defaultValue={d.query.eventId ?? ""}
        placeholder="Any function"
        options={d.functions.map((f) => [f.id, f.name] as const)}
        inputClassName={small}
      />
      <Select
        label="Answer"
        name="answer"
        defaultValue={d.query.answer ?? ""}
        placeholder="Any"
        options={[
          ["ATTENDING", RESPONSE_LABELS.ATTENDING],
          ["MAYBE", RESPONSE_LABELS.MAYBE],
          ["DECLINED", RESPONSE_LABELS.DECLINED],
          ["NONE", "Not answered"],
        ]}
        inputClassName={small}
      />
      <div className="flex items-end gap-3">
        <button type="submit" className={button}>
          Search
        </button>
        <Link to="/profile/guests" className="text-sm underline">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** The guests found, by household: each household's RSVP link, share links and edit form; each guest's edit and remove. */
export function GuestList({ d, search, result, busy }: { d: Data; search: URLSearchParams; result: GuestsActionResult | undefined; busy: boolean }) {
  const byHousehold = new Map<string, { name: string; guests: Guest[] }>();
  for (const g of d.search.guests) {
    const h = byHousehold.get(g.householdId) ?? { name: g.householdName, guests: [] };
    h.guests.push(g);
    byHousehold.set(g.householdId, h);
  }
  const householdById = new Map(d.households.map((h) => [h.id, h]));
  const pages = Math.max(1, Math.ceil(d.search.total / d.search.pageSize));
  return (
    <>
      <GuestSearch d={d} />
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
              {h && <HouseholdEdit household={h} busy={busy} />}
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
      <Pager page={d.search.page} pages={pages} href={(p) => pageLink(search, "page", p)} label="Guest list pages" />
    </>
  );
}
