import { Form, Link } from "react-router";
import { Field, Pager, Select } from "#app/components/ui/index.ts";
import { formatCount } from "#shared/format.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { DIETARY_PREFERENCES, GUEST_SIDES } from "#shared/guest-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import type { GuestsActionResult } from "./guests.server.ts";
import { GuestEdit, HouseholdEdit } from "./guest-forms.tsx";
import {
  button,
  dietaryLabel,
  drawnHouseholds,
  Failure,
  functionLabel,
  pageLink,
  responseLabel,
  ShareButtons,
  sideLabel,
  type Data,
  type Guest,
} from "./guests-ui.tsx";

const small = "py-2 text-sm";

/** The list's search and filters, in the URL (a GET form). */
function GuestSearch({ d }: { d: Data }) {
  return (
    <Form method="get" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" role="search">
      <Field
        label={m.couple_search()}
        name="q"
        type="search"
        defaultValue={d.query.q ?? ""}
        // A member who may not see contacts cannot search by them (functions/domain/guests/guest-search.ts): the hint says so.
        placeholder={d.rights.seesContacts ? m.couple_search_placeholder() : m.couple_search_placeholder_no_contacts()}
        inputClassName={small}
      />
      <Select
        label={m.couple_guest_side()}
        name="side"
        defaultValue={d.query.side ?? ""}
        placeholder={m.couple_any_side()}
        options={GUEST_SIDES.map((s) => [s, sideLabel(s)] as const)}
        inputClassName={small}
      />
      <Select
        label={m.couple_guest_dietary()}
        name="dietary"
        defaultValue={d.query.dietary ?? ""}
        placeholder={m.couple_any()}
        options={DIETARY_PREFERENCES.map((p) => [p, dietaryLabel(p)] as const)}
        inputClassName={small}
      />
      {d.query.householdId && <input type="hidden" name="householdId" value={d.query.householdId} />}
      <Select
        label={m.couple_invited_to()}
        name="eventId"
        defaultValue={d.query.eventId ?? ""}
        placeholder={m.couple_any_function()}
        options={d.functions.map((f) => [f.id, functionLabel(f.name)] as const)}
        inputClassName={small}
      />
      <Select
        label={m.couple_answer()}
        name="answer"
        defaultValue={d.query.answer ?? ""}
        placeholder={m.couple_any()}
        options={[
          ["ATTENDING", responseLabel("ATTENDING")],
          ["MAYBE", responseLabel("MAYBE")],
          ["DECLINED", responseLabel("DECLINED")],
          ["NONE", m.couple_not_answered()],
        ]}
        inputClassName={small}
      />
      <div className="flex items-end gap-3">
        <button type="submit" className={button}>
          {m.couple_search()}
        </button>
        <Link to="/profile/guests" className="text-sm underline">
          {m.couple_clear()}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The guests found, a page at a time, by household: each household's name (a link to its guests
 * alone: with 250 households a picker of them was 15 KB of the page, and the search finds a
 * household by its name), RSVP link and share links (for those who may send them), its edit link
 * and each guest's edit link (for those who may change the guest list). `here` is the page's URL
 * query (search, pages and the open edit form), which the edit links keep.
 */
export function GuestList({
  d,
  search,
  here,
  result,
  busy,
}: {
  d: Data;
  search: URLSearchParams;
  here: URLSearchParams;
  result: GuestsActionResult | undefined;
  busy: boolean;
}) {
  const byHousehold = new Map<string, { name: string; guests: Guest[] }>();
  for (const g of d.search.guests) {
    const h = byHousehold.get(g.householdId) ?? { name: g.householdName, guests: [] };
    h.guests.push(g);
    byHousehold.set(g.householdId, h);
  }
  const householdById = new Map(d.households.map((h) => [h.id, h]));
  const pages = Math.max(1, Math.ceil(d.search.total / d.search.pageSize));
  const { guests: edits, invitations: sends } = d.rights.edits;
  const drawn = drawnHouseholds(d);
  return (
    <>
      <GuestSearch d={d} />
      {d.queryInvalid && <p className="mt-2 text-sm text-red-800">{m.couple_search_invalid()}</p>}
      <p className="mt-3 text-sm text-ink/70" aria-live="polite">
        {m.couple_guests_found({ count: d.search.total, shown: formatCount(d.search.total) })}
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
            <article key={id} id={`household-${id}`} className="rounded-xl border border-maroon-100 p-3" data-testid="household">
              <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
                <div>
                  <h3 className="text-lg font-semibold text-maroon-800" translate="no">
                    <Link to={pageLink(new URLSearchParams(), "householdId", id)} className="hover:underline">
                      {group.name}
                    </Link>
                  </h3>
                  {h?.notes && (
                    <p className="text-xs text-ink/70" translate="no">
                      {h.notes}
                    </p>
                  )}
                  {h && (edits || sends) && (
                    <p className="break-all text-xs">
                      {m.couple_rsvp_link()}{" "}
                      <a href={h.rsvpLink} className="text-maroon-700 underline" data-testid="rsvp-link" translate="no">
                        {h.rsvpLink}
                      </a>
                    </p>
                  )}
                </div>
                {h && sends && <ShareButtons household={h} />}
              </div>
              {h && edits && <HouseholdEdit household={h} busy={busy} open={d.editing.household === id} here={here} />}
              <ul className="mt-2 divide-y divide-maroon-50">
                {group.guests.map((g) => (
                  <li key={g.id} id={`guest-${g.id}`} className="py-2 text-sm" data-testid="guest">
                    {/* One block (the edit link goes below it), not a flex box around a span: 40 times a page. */}
                    <div>
                      <span className="font-medium" translate="no">
                        {g.name}
                      </span>
                      <span className="text-ink/70">
                        {` · ${sideLabel(g.side)}`}
                        {g.relation ? " · " : ""}
                        {g.relation ? <span translate="no">{g.relation}</span> : null}
                        {g.city ? " · " : ""}
                        {g.city ? <span translate="no">{localName(g.city, getLocale())}</span> : null}
                        {g.dietary ? ` · ${dietaryLabel(g.dietary)}` : ""}
                        {g.needsStay ? m.couple_needs_stay() : ""}
                        {g.needsPickup ? m.couple_needs_pickup() : ""}
                      </span>
                      {(g.phone || g.email) && (
                        <span className="block text-xs text-ink/65" translate="no">
                          {[g.phone, g.email].filter(Boolean).join(" · ")}
                        </span>
                      )}
                    </div>
                    {edits && <GuestEdit guest={g} households={d.allHouseholdNames ?? drawn} busy={busy} open={d.editing.guest === g.id} here={here} />}
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
      <Pager
        page={d.search.page}
        pages={pages}
        href={(p) => pageLink(search, "page", p)}
        label={m.couple_guest_list_pages()}
        previousLabel={m.couple_previous()}
        nextLabel={m.couple_next()}
      />
    </>
  );
}
