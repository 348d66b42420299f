import { Form, Link } from "react-router";
import { CellCheckbox, Pager } from "#app/components/ui/index.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { DIETARY_PREFERENCES } from "#shared/guest-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import type { GuestsActionResult } from "./guests.server.ts";
import { dietaryLabel, Failure, functionLabel, linkButton, pageLink, responseLabel, ShareButtons, type Data } from "./guests-ui.tsx";

/** Per function: invited, the answers, and the dietary preferences of those coming. */
export function HeadCounts({ headCounts }: { headCounts: Data["headCounts"] }) {
  if (headCounts.length === 0) return <p className="text-sm text-ink/75">{m.couple_no_functions()}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead>
          <tr className="border-b border-maroon-100 text-ink/70">
            <th className="py-2 pr-2">{m.couple_budget_function()}</th>
            <th className="px-2">{m.couple_invited()}</th>
            <th className="px-2">{responseLabel("ATTENDING")}</th>
            <th className="px-2">{responseLabel("MAYBE")}</th>
            <th className="px-2">{responseLabel("DECLINED")}</th>
            <th className="px-2">{m.couple_not_answered()}</th>
            {DIETARY_PREFERENCES.map((p) => (
              <th key={p} className="px-2">
                {dietaryLabel(p)}
              </th>
            ))}
            <th className="px-2">{m.couple_diet_not_said()}</th>
          </tr>
        </thead>
        <tbody>
          {headCounts.map((f) => (
            <tr key={f.eventId} className="border-b border-maroon-50" data-testid={`headcount-${f.name}`}>
              <th scope="row" className="py-2 pr-2 font-semibold">
                {functionLabel(f.name)}
                <span className="block text-xs font-normal text-ink/65">{formatDate(f.eventDate)}</span>
              </th>
              <td className="px-2">
                {f.invitedGuests} <span className="text-xs text-ink/65">{m.couple_hh({ count: f.invitedHouseholds })}</span>
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
      <p className="mt-2 text-xs text-ink/65">{m.couple_headcount_note()}</p>
    </div>
  );
}

/** Households that have not answered: remind by e-mail, share their link (for those who may change the invitations). */
export function NotAnswered({ d, result, busy }: { d: Data; result: GuestsActionResult | undefined; busy: boolean }) {
  const sends = d.rights.edits.invitations;
  return (
    <>
      {!sends && d.notAnswered.length > 0 && <p className="mb-2 text-sm text-ink/75">{m.couple_read_only_sharing()}</p>}
      <Failure result={result} intent="remind" />
      <Failure result={result} intent="share" />
      {d.notAnswered.length === 0 ? (
        <p className="text-sm text-ink/75">{m.couple_everyone_answered()}</p>
      ) : (
        <ul className="divide-y divide-maroon-50">
          {d.notAnswered.map((p) => {
            return (
              <li key={p.householdId} className="flex flex-col gap-2 py-2 md:flex-row md:items-center md:justify-between">
                <div>
                  <span className="font-semibold" translate="no">
                    {p.name}
                  </span>
                  <span className="block text-xs text-ink/70">
                    {p.functions.map((f) => functionLabel(f.name)).join(", ")}
                    {p.sharedAt ? m.couple_shared_on({ date: formatDate(p.sharedAt) }) : ""}
                    {p.remindedAt ? m.couple_reminded_on({ date: formatDate(p.remindedAt) }) : ""}
                  </span>
                </div>
                {sends && (
                  <div className="flex flex-wrap items-center gap-2">
                    {p.emailCount > 0 && (
                      <Form method="post">
                        <input type="hidden" name="householdId" value={p.householdId} />
                        <button type="submit" name="intent" value="remind" className={linkButton} disabled={busy}>
                          {m.couple_remind_email()}
                          <span className="sr-only"> {p.name}</span>
                        </button>
                      </Form>
                    )}
                    <ShareButtons household={{ id: p.householdId, name: p.name, emailCount: p.emailCount }} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {d.notAnsweredCount > d.notAnswered.length && (
        <p className="mt-2 text-sm">
          {m.couple_more_not_answered({ count: formatCount(d.notAnsweredCount - d.notAnswered.length) })}{" "}
          <Link to="?answer=NONE#list-heading" className="font-semibold text-maroon-700 underline">
            {m.couple_see_in_list()}
          </Link>
          {m.couple_more_not_answered_after()}
        </p>
      )}
    </>
  );
}

/**
 * The invitation matrix (households x functions), a page of households at a time; each row saved on
 * its own. A reader who may not change the guest list sees who is invited, without the boxes and saves.
 */
export function Invitations({ d, search, result, busy }: { d: Data; search: URLSearchParams; result: GuestsActionResult | undefined; busy: boolean }) {
  const householdById = new Map(d.households.map((h) => [h.id, h]));
  const matrix = d.matrix.householdIds.flatMap((id) => householdById.get(id) ?? []);
  const edits = d.rights.edits.guests;
  // Each function's name once, not once per box (a page draws 15 x 12 of them).
  const labels = d.functions.map((f) => functionLabel(f.name));
  return (
    <>
      {(edits || d.matrix.followsSearch) && (
        <p className="mb-2 text-sm text-ink/75">
          {edits && m.couple_invitations_intro()} {d.matrix.followsSearch && m.couple_invitations_of_found()}
        </p>
      )}
      <Failure result={result} intent="invite" />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[480px] text-left text-sm accent-maroon-700 [&_input]:size-4 [&_td]:px-2 [&_td]:text-center">
          <thead>
            <tr className="border-b border-maroon-100 text-ink/70">
              <th className="py-2 pr-2">{m.couple_guest_household()}</th>
              {d.functions.map((f, i) => (
                <th key={f.id} className="px-2 text-center">
                  {labels[i]}
                </th>
              ))}
              {edits && <th className="px-2" aria-label={m.couple_save()} />}
            </tr>
          </thead>
          <tbody>
            {matrix.map((h, row) => (
              <tr key={h.id} className="border-b border-maroon-50">
                <th scope="row" className="py-2 pr-2 font-medium" translate="no">
                  {h.name}
                </th>
                {d.functions.map((f, i) => (
                  <td key={f.id}>
                    {edits ? (
                      <CellCheckbox
                        label={m.couple_invite_to({ household: h.name, function: labels[i]! })}
                        // The row's form by its place on the page: the household's id in every box was 7 KB of a page of 15 x 12.
                        form={`iv${row}`}
                        name={`event:${f.id}`}
                        defaultChecked={h.invitedEventIds.includes(f.id)}
                      />
                    ) : h.invitedEventIds.includes(f.id) ? (
                      <span aria-label={m.couple_invited()}>✓</span>
                    ) : (
                      <span className="text-ink/40">–</span>
                    )}
                  </td>
                ))}
                {edits && (
                  <td>
                    <Form method="post" id={`iv${row}`}>
                      <input type="hidden" name="householdId" value={h.id} />
                      <button type="submit" name="intent" value="invite" className={linkButton} disabled={busy}>
                        {m.couple_save()}
                        <span className="sr-only">{m.couple_save_invitations_of({ name: h.name })}</span>
                      </button>
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={d.matrix.page}
        pages={d.matrix.pages}
        href={(p) => pageLink(search, "hpage", p)}
        previousLabel={m.couple_previous_households()}
        nextLabel={m.couple_next_households()}
        label={m.couple_invitation_pages()}
      />
    </>
  );
}
