import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { useWeddingLive } from "#app/lib/wedding-live.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import { Panel } from "#app/components/ui/index.ts";
import { formatCount } from "#shared/format.ts";
import { PARTY_SIZE_MAX } from "#shared/guest-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { guestsAction, loadGuests } from "./guests.server.ts";
import type { GuestsActionResult } from "./guests.server.ts";
import { AddForms } from "./guest-forms.tsx";
import { GuestList } from "./guest-list.tsx";
import { HeadCounts, Invitations, NotAnswered } from "./guest-tables.tsx";
import { button, drawnHouseholds, Failure } from "./guests-ui.tsx";
import { ReadOnlyNote } from "../read-only-note.tsx";

/**
 * The couple's guest list (/profile/guests): head-counts per function and per dietary preference,
 * who has not answered (remind, share), the invitation matrix (households x functions), the list by
 * household with search and filters in the URL (40 guests a page; an edit form is drawn only for the
 * guest or household being edited, `?edit=`), add/edit/remove, CSV import and export. One D1
 * batch renders it; every form is a plain post with an intent (PRG), so it works without JS. The
 * loader and the forms' action are guests.server.ts's; the parts of the page are beside this file.
 * A co-planner who may not change the guest list (a viewer, an editor of another area) reads it
 * without its forms, and without guests' contacts unless the couple shared them (d.rights).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_guests_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGuests(request, context.get(appContext).domain);
}

export const action = guestsAction;

export default function Guests({ loaderData, actionData }: Route.ComponentProps) {
  // Another co-planner's change of this area reloads the page's data (issue 33).
  useWeddingLive("guests");
  const d = loaderData;
  const result = actionData as GuestsActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const search = new URLSearchParams(Object.entries(d.query).flatMap(([k, v]) => (v === undefined || k === "page" ? [] : [[k, String(v)]])));
  // The URL as it is (search, the list's and the matrix's pages, the open edit form): what the edit links keep.
  const here = new URLSearchParams(search);
  if (d.search.page > 1) here.set("page", String(d.search.page));
  if (d.hpage > 1) here.set("hpage", String(d.hpage));
  if (d.editing.guest) here.set("edit", d.editing.guest);
  if (d.editing.household) here.set("editHousehold", d.editing.household);
  const totalGuests = d.guestCount;
  const edits = d.rights.edits.guests;
  // The file in the language of this page (a raw link: React Router's basename does not reach it).
  const exportUrl = pathInLocale("/profile/guests/export.csv", getLocale());

  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
        <h1 className="text-3xl font-bold text-maroon-700">{m.couple_guests_title()}</h1>
        <p className="mt-1 text-ink/75">
          {m.couple_guests_count({ count: totalGuests, shown: formatCount(totalGuests) })}{" "}
          {m.couple_guests_households({ count: d.householdCount, shown: formatCount(d.householdCount) })} ·{" "}
          {m.couple_guests_functions({ count: d.functions.length })}
        </p>
        {d.functions.length === 0 && (
          <p className="mt-2 text-sm">
            {m.couple_guests_add_functions_before()}{" "}
            <Link to="/profile/weddingplan" className="font-semibold text-maroon-700 underline">
              {m.couple_plan_title()}
            </Link>{" "}
            {m.couple_guests_add_functions_after()}
          </p>
        )}
      </section>

      {!edits && <ReadOnlyNote part="guests" hidesContacts={!d.rights.seesContacts} />}

      <Panel title={m.couple_guests_headcounts()} headingId="headcounts-heading">
        <HeadCounts headCounts={d.headCounts} />
      </Panel>

      <Panel title={m.couple_guests_not_answered_title()} headingId="pending-heading">
        <NotAnswered d={d} result={result} busy={busy} />
      </Panel>

      {d.functions.length > 0 && d.householdCount > 0 && (
        <Panel title={m.couple_guests_invitations()} headingId="invitations-heading">
          <Invitations d={d} search={search} result={result} busy={busy} />
        </Panel>
      )}

      <Panel title={m.couple_guests_list()} headingId="list-heading">
        <GuestList d={d} search={search} here={here} result={result} busy={busy} />
      </Panel>

      {edits && (
        <Panel title={m.couple_guests_add_guest_title()} headingId="add-guest-heading">
          <AddForms households={drawnHouseholds(d)} more={d.householdCount > d.households.length} onceToken={d.onceToken} result={result} busy={busy} />
        </Panel>
      )}

      <Panel title={m.couple_guests_csv_title()} headingId="csv-heading">
        {edits ? (
          <>
            <p className="text-sm text-ink/75">
              {m.couple_guests_csv_before()} {m.couple_guests_csv_columns()} {m.couple_guests_csv_after({ max: PARTY_SIZE_MAX })}
            </p>
            <Form method="post" encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-3">
              <OnceToken token={d.onceToken} />
              <label className="text-sm">
                {m.couple_guests_csv_file()}
                <input type="file" name="file" accept=".csv,text/csv" required className="block text-sm" />
              </label>
              <button type="submit" name="intent" value="import" className={button} disabled={busy}>
                {m.couple_guests_import()}
              </button>
              <a href={exportUrl} className="text-sm font-semibold text-maroon-700 underline" download>
                {m.couple_guests_export()}
              </a>
            </Form>
          </>
        ) : (
          <a href={exportUrl} className="text-sm font-semibold text-maroon-700 underline" download>
            {m.couple_guests_export()}
          </a>
        )}
        <Failure result={result} intent="import" />
        {result?.ok && result.intent === "import" && result.import && (
          <div className="mt-3 text-sm" role="status">
            <p className="font-semibold">{result.message}</p>
            {result.import.errors.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-red-800" data-testid="import-errors">
                {result.import.errors.map((e) => (
                  <li key={e.row}>{m.couple_guests_row_error({ row: e.row, reason: e.reason })}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
