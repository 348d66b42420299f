import { Form, Link } from "react-router";
import { Checkbox, Pager } from "#app/components/ui/index.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { DIETARY_LABELS, DIETARY_PREFERENCES, RESPONSE_LABELS } from "#shared/guest-schemas.ts";
import type { GuestsActionResult } from "./guests.server.ts";
import { Failure, linkButton, pageLink, ShareButtons, type Data } from "./guests-ui.tsx";

/** Households in the invitation matrix per page. */
export const MATRIX_PAGE_SIZE = 50;
/** Households listed under "Not answered yet" (the rest are one filter away in the guest list). */
const PENDING_SHOWN = 25;

/** Per function: invited, the answers, and the dietary preferences of those coming. */
export function HeadCounts({ headCounts }: { headCounts: Data["headCounts"] }) {
  if (headCounts.length === 0) return <p className="text-sm text-ink/75">No functions yet.</p>;
  return (
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
          {headCounts.map((f) => (
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
  );
}

/** Households that have not answered: remind by e-mail, share their link. */
export function NotAnswered({ d, result, busy }: { d: Data; result: GuestsActionResult | undefined; busy: boolean }) {
  const householdById = new Map(d.households.map((h) => [h.id, h]));
  return (
    <>
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
          , where each household&apos;s link can be shared.
        </p>
      )}
    </>
  );
}

/** The invitation matrix (households x functions), a page of households at a time; each row saved on its own. */
export function Invitations({ d, search, result, busy }: { d: Data; search: URLSearchParams; result: GuestsActionResult | undefined; busy: boolean }) {
  const matrix = d.households.slice((d.hpage - 1) * MATRIX_PAGE_SIZE, d.hpage * MATRIX_PAGE_SIZE);
  const matrixPages = Math.max(1, Math.ceil(d.households.length / MATRIX_PAGE_SIZE));
  return (
    <>
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
                    <Checkbox
                      label={<span className="sr-only">{`Invite ${h.name} to ${f.name}`}</span>}
                      form={`invite-${h.id}`}
                      name={`event:${f.id}`}
                      value="on"
                      defaultChecked={h.invitedEventIds.includes(f.id)}
                      className="items-center"
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
      <Pager
        page={d.hpage}
        pages={matrixPages}
        href={(p) => pageLink(search, "hpage", p)}
        previousLabel="Previous households"
        nextLabel="Next households"
        label="Invitation pages"
      />
    </>
  );
}
