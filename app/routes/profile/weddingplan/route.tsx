import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale, LOCALE_TAG } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { useWeddingLive } from "#app/lib/wedding-live.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import type { PlannedEvent } from "#domain/planning/index.ts";
import { Checkbox, Field as UiField, Select } from "#app/components/ui/index.ts";
import { Alert, DeleteButton, Field, Panel, Progress, TextArea, VendorChip, Name, resultOf, shownName, timeRange, type ActionResult } from "./ui.tsx";
import { ReadOnlyNote } from "../read-only-note.tsx";

export { action, loader } from "./plan.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_plan_title()) }, { name: "robots", content: "noindex" }];

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(LOCALE_TAG[getLocale()], { weekday: "long", timeZone: "UTC" });

/** /profile/weddingplan: the timeline of every function, a tradition template to start from, and "Add a function". */
export default function WeddingPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, weddingDate, traditions, chosenTradition, proposal, dateProblem, onceToken } = loaderData;
  const result = actionData as ActionResult;
  // Functions and tasks a co-planner changes appear here without reloading (docs/decisions/0052).
  useWeddingLive("plan");
  const busy = useNavigation().state === "submitting";
  const empty = plan.events.length === 0;
  const edits = plan.rights.edits.plan;
  const byDate = new Map<string, PlannedEvent[]>();
  for (const e of plan.events) byDate.set(e.eventDate, [...(byDate.get(e.eventDate) ?? []), e]);
  const budget = plan.events.reduce((sum, e) => sum + e.eventBudget + e.subEvents.reduce((s, x) => s + x.subEventBudget, 0), 0);

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">{m.couple_plan_title()}</h1>
        {empty ? (
          <p className="mt-1 text-ink/75">{m.couple_plan_intro()}</p>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2 text-ink/80">
            <span>
              {m.couple_plan_functions({ count: plan.events.length })}
              {weddingDate ? m.couple_plan_wedding_on({ date: formatDate(weddingDate) }) : ""}
            </span>
            {budget > 0 && <span>{m.couple_plan_budgeted({ amount: formatRupees(budget) })}</span>}
            <Progress done={plan.taskTotals.done} total={plan.taskTotals.total} label={m.couple_plan_all_tasks()} />
          </div>
        )}
      </section>

      {!edits && <ReadOnlyNote part="plan" />}

      {!empty && (
        <Panel title={m.couple_plan_timeline()} id="timeline-heading">
          <Alert message={resultOf(result, "delete").message} />
          <ol className="space-y-6" data-testid="timeline">
            {[...byDate.entries()].map(([day, events]) => (
              <li key={day}>
                <h3 className="mb-2 text-sm font-semibold tracking-wide text-maroon-800 uppercase">
                  {formatDate(day)} · {weekday(day)}
                </h3>
                <ul className="space-y-3 border-l-2 border-marigold-400 pl-4">
                  {events.map((e) => (
                    <TimelineEvent key={e.id} event={e} edits={edits} />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </Panel>
      )}

      {edits && (
        <div className={proposal ? "space-y-6" : "grid items-start gap-6 xl:grid-cols-2"}>
          <Panel title={empty ? m.couple_plan_start_tradition() : m.couple_plan_add_from_tradition()} id="tradition-heading">
            <p className="mb-3 text-sm text-ink/75">{m.couple_plan_tradition_intro()}</p>
            <Form method="get" className="flex flex-wrap items-end gap-3">
              <Select
                id="f-tradition"
                name="tradition"
                label={m.couple_plan_tradition()}
                defaultValue={chosenTradition}
                required
                placeholder={m.couple_plan_choose()}
                options={traditions.map((t) => [t.id, shownName(t.name)] as const)}
                className="min-w-0"
              />
              <Field
                label={m.couple_plan_wedding_date()}
                name="weddingDate"
                id="f-template-date"
                type="date"
                required
                defaultValue={weddingDate}
                error={dateProblem ?? undefined}
              />
              <button type="submit" className="btn-secondary px-4 py-2">
                {m.couple_plan_see_functions()}
              </button>
            </Form>
            {proposal && <TemplateProposal proposal={proposal} weddingDate={weddingDate} result={result} busy={busy} onceToken={onceToken} />}
          </Panel>

          <AddFunction result={result} busy={busy} defaultDate={weddingDate} onceToken={onceToken} />
        </div>
      )}
    </div>
  );
}

function TimelineEvent({ event: e, edits }: { event: PlannedEvent; edits: boolean }) {
  return (
    <li className="rounded-xl border border-maroon-100 p-3" data-testid="timeline-event">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={`/profile/weddingplan/${e.id}`} className="text-lg font-bold text-maroon-700 underline-offset-2 hover:underline">
            <Name name={e.eventName} />
          </Link>
          <p className="text-sm text-ink/75">
            {timeRange(e.startTime, e.endTime)}
            {e.venue ? " · " : ""}
            {e.venue ? <span translate="no">{e.venue}</span> : null}
            {e.eventBudget ? ` · ${formatRupees(e.eventBudget)}` : ""}
          </p>
        </div>
        <Progress done={e.tasks.done} total={e.tasks.total} label={m.couple_plan_tasks_of({ name: shownName(e.eventName) })} />
      </div>
      {e.subEvents.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-sm" aria-label={m.couple_plan_sub_events_of({ name: shownName(e.eventName) })}>
          {e.subEvents.map((s) => (
            <li key={s.id} className="flex flex-wrap gap-x-2">
              <span className="text-ink/65">
                {s.subEventDate !== e.eventDate ? `${formatDate(s.subEventDate)}, ` : ""}
                {timeRange(s.startTime, s.endTime)}
              </span>
              <span className="font-medium">
                <Name name={s.subEventName} />
              </span>
              {s.tasks.total > 0 && <span className="text-ink/65">{m.couple_plan_sub_tasks({ done: s.tasks.done, total: s.tasks.total })}</span>}
            </li>
          ))}
        </ul>
      )}
      {e.vendors.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-1.5" aria-label={m.couple_plan_vendors_for({ name: shownName(e.eventName) })}>
          {e.vendors.map((v) => (
            <VendorChip key={v.serviceId} name={v.serviceName} vendor={v.vendorName} booked={v.booked} source={v.source} />
          ))}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <Link to={`/profile/weddingplan/${e.id}`} className="text-sm font-semibold text-maroon-700 underline">
          {m.couple_plan_open()}
          <span className="sr-only"> {shownName(e.eventName)}</span>
          {m.couple_plan_open_rest()}
        </Link>
        {edits && (
          <DeleteButton
            intent="delete"
            fields={{ eventId: e.id, version: String(e.version) }}
            label={m.couple_plan_delete_name({ name: shownName(e.eventName) })}
            confirm={m.couple_plan_delete_confirm({ name: shownName(e.eventName) })}
          />
        )}
      </div>
    </li>
  );
}

type Proposal = NonNullable<Route.ComponentProps["loaderData"]["proposal"]>;

function TemplateProposal({
  proposal,
  weddingDate,
  result,
  busy,
  onceToken,
}: {
  proposal: Proposal;
  weddingDate: string;
  result: ActionResult;
  busy: boolean;
  onceToken: string;
}) {
  const r = resultOf(result, "template");
  return (
    <Form method="post" className="mt-4 space-y-3" aria-label={m.couple_plan_proposal_label({ tradition: shownName(proposal.tradition.name) })}>
      <OnceToken token={onceToken} />
      <Alert message={r.message} />
      {Object.entries(r.errors).map(([k, v]) => (k.startsWith("functions") ? <Alert key={k} message={v} /> : null))}
      <input type="hidden" name="tradition" value={proposal.tradition.id} />
      <input type="hidden" name="weddingDate" value={weddingDate} />
      <p className="text-sm font-semibold">
        {m.couple_plan_proposal_heading({ tradition: shownName(proposal.tradition.name), date: formatDate(weddingDate) })}
      </p>
      <ul className="divide-y divide-maroon-100 rounded-xl border border-maroon-100">
        {proposal.functions.map((f) => (
          <li key={f.key} className="grid gap-2 p-3 sm:grid-cols-[auto_1fr_10rem] sm:items-center">
            <Checkbox
              name="keep"
              value={f.key}
              defaultChecked
              id={`keep-${f.key}`}
              label={<span className="sr-only">{m.couple_plan_keep({ name: shownName(f.name) })}</span>}
            />
            <div className="min-w-0">
              <UiField
                hideLabel
                id={`name-${f.key}`}
                name={`name:${f.key}`}
                label={m.couple_plan_name_of({ name: shownName(f.name) })}
                defaultValue={f.name}
                inputClassName="min-w-0 font-medium"
              />
              <p className="mt-1 text-xs text-ink/65">
                {f.description}
                {f.subEvents.length > 0 ? m.couple_plan_includes({ names: f.subEvents.map((s) => shownName(s.name)).join(", ") }) : ""}
              </p>
            </div>
            <div>
              <UiField
                hideLabel
                id={`date-${f.key}`}
                type="date"
                name={`date:${f.key}`}
                label={m.couple_plan_date_of({ name: shownName(f.name) })}
                defaultValue={f.eventDate}
              />
              <p className="mt-1 text-xs text-ink/65">{timeRange(f.startTime, f.endTime)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button type="submit" name="intent" value="template" className="btn-primary px-4 py-2" disabled={busy}>
        {m.couple_plan_create_ticked()}
      </button>
    </Form>
  );
}

function AddFunction({ result, busy, defaultDate, onceToken }: { result: ActionResult; busy: boolean; defaultDate: string; onceToken: string }) {
  const r = resultOf(result, "create");
  const v = r.values;
  return (
    <Panel title={m.couple_plan_add_function()} id="add-function-heading">
      <Form method="post" className="grid gap-3 md:grid-cols-2">
        <OnceToken token={onceToken} />
        <div className="md:col-span-2">
          <Alert message={r.message} />
        </div>
        <Field
          label={m.couple_plan_function_name()}
          name="eventName"
          required
          error={r.errors.eventName}
          defaultValue={v.eventName}
          hint={m.couple_plan_function_hint()}
        />
        <Field label={m.couple_plan_date()} name="eventDate" type="date" required error={r.errors.eventDate} defaultValue={v.eventDate ?? defaultDate} />
        <Field label={m.couple_plan_starts_at()} name="eventStartTime" type="time" error={r.errors.eventStartTime} defaultValue={v.eventStartTime} />
        <Field label={m.couple_plan_ends_at()} name="eventEndTime" type="time" error={r.errors.eventEndTime} defaultValue={v.eventEndTime} />
        <Field label={m.couple_plan_budget()} name="eventBudget" type="number" min={0} error={r.errors.eventBudget} defaultValue={v.eventBudget} />
        <Field label={m.couple_plan_venue()} name="venue" error={r.errors.venue} defaultValue={v.venue} />
        <TextArea label={m.couple_plan_notes()} name="eventDescription" error={r.errors.eventDescription} defaultValue={v.eventDescription} />
        <div>
          <button type="submit" name="intent" value="create" className="btn-primary px-4 py-2" disabled={busy}>
            {m.couple_plan_add_function_button()}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
