import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import type { PlannedEvent } from "#domain/planning/index.ts";
import { Checkbox, Field as UiField, Select } from "#app/components/ui/index.ts";
import { Alert, DeleteButton, Field, Panel, Progress, TextArea, VendorChip, resultOf, timeRange, type ActionResult } from "./ui.tsx";

export { action, loader } from "./plan.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Wedding Planner") }, { name: "robots", content: "noindex" }];

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { weekday: "long", timeZone: "UTC" });

/** /profile/weddingplan: the timeline of every function, a tradition template to start from, and "Add a function". */
export default function WeddingPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, weddingDate, traditions, chosenTradition, proposal, dateProblem, onceToken } = loaderData;
  const result = actionData as ActionResult;
  const busy = useNavigation().state === "submitting";
  const empty = plan.events.length === 0;
  const byDate = new Map<string, PlannedEvent[]>();
  for (const e of plan.events) byDate.set(e.eventDate, [...(byDate.get(e.eventDate) ?? []), e]);
  const budget = plan.events.reduce((sum, e) => sum + e.eventBudget + e.subEvents.reduce((s, x) => s + x.subEventBudget, 0), 0);

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Wedding Planner</h1>
        {empty ? (
          <p className="mt-1 text-ink/75">
            Plan every function of your wedding: dates and times, sub-events, tasks and the vendors you book for each. Start from your tradition, or add
            functions one by one.
          </p>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2 text-ink/80">
            <span>
              {plan.events.length} {plan.events.length === 1 ? "function" : "functions"}
              {weddingDate ? ` · wedding on ${formatDate(weddingDate)}` : ""}
            </span>
            {budget > 0 && <span>Budgeted {formatRupees(budget)}</span>}
            <Progress done={plan.taskTotals.done} total={plan.taskTotals.total} label="All tasks" />
          </div>
        )}
      </section>

      {!empty && (
        <Panel title="Timeline" id="timeline-heading">
          <Alert message={resultOf(result, "delete").message} />
          <ol className="space-y-6" data-testid="timeline">
            {[...byDate.entries()].map(([day, events]) => (
              <li key={day}>
                <h3 className="mb-2 text-sm font-semibold tracking-wide text-maroon-800 uppercase">
                  {formatDate(day)} · {weekday(day)}
                </h3>
                <ul className="space-y-3 border-l-2 border-marigold-400 pl-4">
                  {events.map((e) => (
                    <TimelineEvent key={e.id} event={e} />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </Panel>
      )}

      <div className={proposal ? "space-y-6" : "grid items-start gap-6 xl:grid-cols-2"}>
        <Panel title={empty ? "Start from a tradition" : "Add functions from a tradition"} id="tradition-heading">
          <p className="mb-3 text-sm text-ink/75">
            We propose the usual functions with dates around your wedding day. Keep, rename, move or untick each before creating them; you can change everything
            later.
          </p>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <Select
              id="f-tradition"
              name="tradition"
              label="Tradition"
              defaultValue={chosenTradition}
              required
              placeholder="Choose…"
              options={traditions.map((t) => [t.id, t.name] as const)}
              className="min-w-0"
            />
            <Field
              label="Wedding date"
              name="weddingDate"
              id="f-template-date"
              type="date"
              required
              defaultValue={weddingDate}
              error={dateProblem ?? undefined}
            />
            <button type="submit" className="btn-secondary px-4 py-2">
              See the functions
            </button>
          </Form>
          {proposal && <TemplateProposal proposal={proposal} weddingDate={weddingDate} result={result} busy={busy} onceToken={onceToken} />}
        </Panel>

        <AddFunction result={result} busy={busy} defaultDate={weddingDate} onceToken={onceToken} />
      </div>
    </div>
  );
}

function TimelineEvent({ event: e }: { event: PlannedEvent }) {
  return (
    <li className="rounded-xl border border-maroon-100 p-3" data-testid="timeline-event">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={`/profile/weddingplan/${e.id}`} className="text-lg font-bold text-maroon-700 underline-offset-2 hover:underline">
            {e.eventName}
          </Link>
          <p className="text-sm text-ink/75">
            {timeRange(e.startTime, e.endTime)}
            {e.venue ? ` · ${e.venue}` : ""}
            {e.eventBudget ? ` · ${formatRupees(e.eventBudget)}` : ""}
          </p>
        </div>
        <Progress done={e.tasks.done} total={e.tasks.total} label={`Tasks of ${e.eventName}`} />
      </div>
      {e.subEvents.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-sm" aria-label={`Sub-events of ${e.eventName}`}>
          {e.subEvents.map((s) => (
            <li key={s.id} className="flex flex-wrap gap-x-2">
              <span className="text-ink/65">
                {s.subEventDate !== e.eventDate ? `${formatDate(s.subEventDate)}, ` : ""}
                {timeRange(s.startTime, s.endTime)}
              </span>
              <span className="font-medium">{s.subEventName}</span>
              {s.tasks.total > 0 && (
                <span className="text-ink/65">
                  ({s.tasks.done}/{s.tasks.total} tasks)
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {e.vendors.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-1.5" aria-label={`Vendors for ${e.eventName}`}>
          {e.vendors.map((v) => (
            <VendorChip key={v.serviceId} name={v.serviceName} vendor={v.vendorName} booked={v.booked} source={v.source} />
          ))}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <Link to={`/profile/weddingplan/${e.id}`} className="text-sm font-semibold text-maroon-700 underline">
          Open<span className="sr-only"> {e.eventName}</span>: tasks, sub-events, vendors
        </Link>
        <DeleteButton
          intent="delete"
          fields={{ eventId: e.id }}
          label={`Delete ${e.eventName}`}
          confirm={`Delete ${e.eventName} with its sub-events and tasks? This cannot be undone.`}
        />
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
    <Form method="post" className="mt-4 space-y-3" aria-label={`${proposal.tradition.name} functions`}>
      <OnceToken token={onceToken} />
      <Alert message={r.message} />
      {Object.entries(r.errors).map(([k, v]) => (k.startsWith("functions") ? <Alert key={k} message={v} /> : null))}
      <input type="hidden" name="tradition" value={proposal.tradition.id} />
      <input type="hidden" name="weddingDate" value={weddingDate} />
      <p className="text-sm font-semibold">
        {proposal.tradition.name}: wedding on {formatDate(weddingDate)}
      </p>
      <ul className="divide-y divide-maroon-100 rounded-xl border border-maroon-100">
        {proposal.functions.map((f) => (
          <li key={f.key} className="grid gap-2 p-3 sm:grid-cols-[auto_1fr_10rem] sm:items-center">
            <Checkbox name="keep" value={f.key} defaultChecked id={`keep-${f.key}`} label={<span className="sr-only">Keep {f.name}</span>} />
            <div className="min-w-0">
              <UiField
                hideLabel
                id={`name-${f.key}`}
                name={`name:${f.key}`}
                label={`Name of ${f.name}`}
                defaultValue={f.name}
                inputClassName="min-w-0 font-medium"
              />
              <p className="mt-1 text-xs text-ink/65">
                {f.description}
                {f.subEvents.length > 0 ? ` Includes: ${f.subEvents.map((s) => s.name).join(", ")}.` : ""}
              </p>
            </div>
            <div>
              <UiField hideLabel id={`date-${f.key}`} type="date" name={`date:${f.key}`} label={`Date of ${f.name}`} defaultValue={f.eventDate} />
              <p className="mt-1 text-xs text-ink/65">{timeRange(f.startTime, f.endTime)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button type="submit" name="intent" value="template" className="btn-primary px-4 py-2" disabled={busy}>
        Create the ticked functions
      </button>
    </Form>
  );
}

function AddFunction({ result, busy, defaultDate, onceToken }: { result: ActionResult; busy: boolean; defaultDate: string; onceToken: string }) {
  const r = resultOf(result, "create");
  const v = r.values;
  return (
    <Panel title="Add a function" id="add-function-heading">
      <Form method="post" className="grid gap-3 md:grid-cols-2">
        <OnceToken token={onceToken} />
        <div className="md:col-span-2">
          <Alert message={r.message} />
        </div>
        <Field
          label="Function name"
          name="eventName"
          required
          error={r.errors.eventName}
          defaultValue={v.eventName}
          hint="For example Mehendi, Sangeet, Cocktail night"
        />
        <Field label="Date" name="eventDate" type="date" required error={r.errors.eventDate} defaultValue={v.eventDate ?? defaultDate} />
        <Field label="Starts at" name="eventStartTime" type="time" error={r.errors.eventStartTime} defaultValue={v.eventStartTime} />
        <Field label="Ends at" name="eventEndTime" type="time" error={r.errors.eventEndTime} defaultValue={v.eventEndTime} />
        <Field label="Budget (₹)" name="eventBudget" type="number" min={0} error={r.errors.eventBudget} defaultValue={v.eventBudget} />
        <Field label="Venue" name="venue" error={r.errors.venue} defaultValue={v.venue} />
        <TextArea label="Notes" name="eventDescription" error={r.errors.eventDescription} defaultValue={v.eventDescription} />
        <div>
          <button type="submit" name="intent" value="create" className="btn-primary px-4 py-2" disabled={busy}>
            Add function
          </button>
        </div>
      </Form>
    </Panel>
  );
}
