import { Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/event";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { useWeddingLive } from "#app/lib/wedding-live.ts";
import { Alert, Panel, Progress, sourceLabel, VendorChip, Name, shownName, timeRange, type ActionResult } from "./ui.tsx";

export { action, loader } from "./event.server.ts";
import { AddTask, TaskItem } from "./event-tasks.tsx";
import { EditFunction, SubEvents } from "./event-forms.tsx";
import { ReadOnlyNote } from "../read-only-note.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? shownName(loaderData.event.eventName) : m.couple_event_meta()) },
  { name: "robots", content: "noindex" },
];

/** /profile/weddingplan/:eventId: edit a function, its sub-events, tasks (status inline) and vendors. */
export default function WeddingFunction({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, parent, tasks, candidates, rights } = loaderData;
  const edits = rights.edits.plan;
  const result = actionData as ActionResult;
  // Tasks a co-planner changes appear here without reloading (docs/decisions/0052).
  useWeddingLive("plan");
  const busy = useNavigation().state === "submitting";
  const isSub = Boolean(parent);
  const nameOf = new Map<string, string>([[e.id, e.eventName], ...e.subEvents.map((s) => [s.id, s.subEventName] as [string, string])]);
  const all = tasks.filter((t) => t.status !== "CANCELLED");
  const linked = new Set(e.vendors.map((v) => v.serviceId));
  const toLink = candidates.filter((c) => !linked.has(c.serviceId));

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={parent ? `/profile/weddingplan/${parent.id}` : "/profile/weddingplan"} className="font-semibold text-maroon-700 underline">
          ← {parent ? <Name name={parent.eventName} /> : m.couple_plan_title()}
        </Link>
      </p>
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold break-words text-maroon-700">
          <Name name={e.eventName} />
        </h1>
        <p className="mt-1 text-ink/80">
          {formatDate(e.eventDate)} · {timeRange(e.startTime, e.endTime)}
          {e.venue ? " · " : ""}
          {e.venue ? <span translate="no">{e.venue}</span> : null}
          {e.eventBudget ? m.couple_event_budget({ amount: formatRupees(e.eventBudget) }) : ""}
        </p>
        {e.eventDescription && (
          <p className="mt-2 text-sm whitespace-pre-line text-ink/75" translate="no">
            {e.eventDescription}
          </p>
        )}
        <div className="mt-3">
          <Progress done={all.filter((t) => t.status === "DONE").length} total={all.length} label={m.couple_plan_tasks_of({ name: shownName(e.eventName) })} />
        </div>
      </section>

      {!edits && <ReadOnlyNote part="plan" />}

      <Panel title={m.couple_event_tasks()} id="tasks-heading">
        {edits && <AddTask result={result} busy={busy} event={e} />}
        {tasks.length === 0 ? (
          <p className="mt-4 text-sm text-ink/70">{m.couple_event_no_tasks()}</p>
        ) : (
          <ul className="mt-4 divide-y divide-maroon-100" data-testid="tasks">
            {tasks.map((t) => (
              <TaskItem key={t.id} task={t} where={t.event_id !== e.id ? shownName(nameOf.get(t.event_id) ?? "") : undefined} result={result} edits={edits} />
            ))}
          </ul>
        )}
      </Panel>

      {!isSub && <SubEvents event={e} result={result} busy={busy} edits={edits} />}

      <Panel title={m.couple_event_vendors()} id="vendors-heading">
        {e.vendors.length === 0 ? (
          <p className="text-sm text-ink/70">{m.couple_event_no_vendors()}</p>
        ) : (
          <ul className="space-y-2" data-testid="linked-vendors">
            {e.vendors.map((v) => (
              <li key={v.serviceId} className="flex flex-wrap items-center justify-between gap-2">
                <VendorChip name={v.serviceName} vendor={v.vendorName} booked={v.booked} source={v.source} />
                {edits && <VendorButton intent="unlink" serviceId={v.serviceId} version={e.version} label={m.couple_event_unlink({ name: v.serviceName })} />}
              </li>
            ))}
          </ul>
        )}
        {edits && (
          <>
            <h3 className="mt-5 mb-2 font-semibold">{m.couple_event_from_lists()}</h3>
            {toLink.length === 0 ? (
              <p className="text-sm text-ink/70">
                {candidates.length ? m.couple_event_all_linked() : m.couple_event_nothing_yet()}{" "}
                <Link to="/all" className="font-semibold text-maroon-700 underline">
                  {m.couple_event_browse_vendors()}
                </Link>
              </p>
            ) : (
              <ul className="divide-y divide-maroon-100" data-testid="vendor-candidates">
                {toLink.map((c) => (
                  <li key={c.serviceId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      <span className="font-medium" translate="no">
                        {c.serviceName}
                      </span>{" "}
                      <span className="text-sm text-ink/65" translate="no">
                        · {c.vendorName}
                      </span>{" "}
                      <span className={`rounded-full px-1.5 text-xs font-semibold ${c.booked ? "bg-green-100 text-green-900" : "bg-ink/10 text-ink/80"}`}>
                        {sourceLabel(c.source, c.booked)}
                      </span>
                    </span>
                    <VendorButton intent="link" serviceId={c.serviceId} version={e.version} label={m.couple_event_link({ name: c.serviceName })} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Panel>

      {edits && <EditFunction event={e} result={result} busy={busy} />}
    </div>
  );
}

function VendorButton({ intent, serviceId, version, label }: { intent: "link" | "unlink"; serviceId: string; version: number; label: string }) {
  const fetcher = useFetcher<ActionResult>();
  const refused = fetcher.data && !fetcher.data.ok ? (fetcher.data.message ?? null) : null;
  return (
    <fetcher.Form method="post">
      <Alert message={refused} />
      <input type="hidden" name="serviceId" value={serviceId} />
      {/* The function as this page showed it: a link or unlink after someone else changed it is refused (decision 0052). */}
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={intent === "link" ? "btn-secondary px-3 py-1 text-sm" : "text-sm font-semibold text-maroon-700 underline"}
        disabled={fetcher.state !== "idle"}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}
