import { Form, Link } from "react-router";
import { formatDate, formatRupees } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";
import type { EventDetail } from "#domain/planning/index.ts";
import { Alert, DeleteButton, Field, Panel, TextArea, Name, shownName, resultOf, timeRange, type ActionResult } from "./ui.tsx";

/** A function's page (event.tsx): its sub-events and the form that edits the function itself. */
export function SubEvents({ event: e, result, busy, edits }: { event: EventDetail["event"]; result: ActionResult; busy: boolean; edits: boolean }) {
  const r = resultOf(result, "subevent");
  const v = r.values;
  return (
    <Panel title={m.couple_event_sub_events()} id="subevents-heading">
      {e.subEvents.length === 0 ? (
        <p className="text-sm text-ink/70">{m.couple_event_no_sub_events()}</p>
      ) : (
        <ul className="divide-y divide-maroon-100" data-testid="sub-events">
          {e.subEvents.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Link to={`/profile/weddingplan/${s.id}`} className="font-medium text-maroon-700 underline">
                  <Name name={s.subEventName} />
                </Link>{" "}
                <span className="text-sm text-ink/70">
                  {s.subEventDate !== e.eventDate ? `${formatDate(s.subEventDate)}, ` : ""}
                  {timeRange(s.startTime, s.endTime)}
                  {s.subEventBudget ? ` · ${formatRupees(s.subEventBudget)}` : ""}
                  {s.tasks.total ? m.couple_event_sub_tasks({ done: s.tasks.done, total: s.tasks.total }) : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {edits && (
        <details open={Boolean(r.message)} className="mt-3 rounded-xl border border-maroon-100 p-3">
          <summary className="cursor-pointer font-semibold text-maroon-700">{m.couple_event_add_sub_event()}</summary>
          <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
            <div className="md:col-span-2">
              <Alert message={r.message} />
            </div>
            <Field
              label={m.couple_event_sub_event_name()}
              name="subEventName"
              id="sub-name"
              required
              error={r.errors.subEventName}
              defaultValue={v.subEventName}
            />
            <Field
              label={m.couple_plan_date()}
              name="subEventDate"
              id="sub-date"
              type="date"
              required
              error={r.errors.subEventDate}
              defaultValue={v.subEventDate ?? e.eventDate}
            />
            <Field
              label={m.couple_plan_starts_at()}
              name="subEventStartTime"
              id="sub-start"
              type="time"
              error={r.errors.subEventStartTime}
              defaultValue={v.subEventStartTime}
            />
            <Field
              label={m.couple_plan_ends_at()}
              name="subEventEndTime"
              id="sub-end"
              type="time"
              error={r.errors.subEventEndTime}
              defaultValue={v.subEventEndTime}
            />
            <Field
              label={m.couple_plan_budget()}
              name="subEventBudget"
              id="sub-budget"
              type="number"
              min={0}
              error={r.errors.subEventBudget}
              defaultValue={v.subEventBudget}
            />
            <Field label={m.couple_plan_venue()} name="venue" id="sub-venue" error={r.errors.venue} defaultValue={v.venue} />
            <div>
              <button type="submit" name="intent" value="subevent" className="btn-primary px-4 py-2" disabled={busy}>
                {m.couple_event_add_sub_event_button()}
              </button>
            </div>
          </Form>
        </details>
      )}
    </Panel>
  );
}

export function EditFunction({ event: e, result, busy }: { event: EventDetail["event"]; result: ActionResult; busy: boolean }) {
  const r = resultOf(result, "update");
  const v = r.values;
  const err = (k: string) => r.errors[`event${k}`] ?? r.errors[`subEvent${k}`];
  return (
    <Panel title={m.couple_event_edit()} id="edit-heading">
      <details open={Boolean(r.message)}>
        <summary className="cursor-pointer font-semibold text-maroon-700">{m.couple_event_edit_summary()}</summary>
        <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <Alert message={r.message} />
          </div>
          {/* The copy this form was drawn from: a change after someone else changed the function is refused (decision 0052). */}
          <input type="hidden" name="version" value={e.version} />
          <Field label={m.couple_event_name()} name="eventName" id="edit-name" required error={err("Name")} defaultValue={v.eventName ?? e.eventName} />
          <Field
            label={m.couple_plan_date()}
            name="eventDate"
            id="edit-date"
            type="date"
            required
            error={err("Date")}
            defaultValue={v.eventDate ?? e.eventDate}
          />
          <Field
            label={m.couple_plan_starts_at()}
            name="eventStartTime"
            id="edit-start"
            type="time"
            error={err("StartTime")}
            defaultValue={v.eventStartTime ?? e.startTime}
          />
          <Field
            label={m.couple_plan_ends_at()}
            name="eventEndTime"
            id="edit-end"
            type="time"
            error={err("EndTime")}
            defaultValue={v.eventEndTime ?? e.endTime}
          />
          <Field
            label={m.couple_plan_budget()}
            name="eventBudget"
            id="edit-budget"
            type="number"
            min={0}
            error={err("Budget")}
            defaultValue={v.eventBudget ?? e.eventBudget}
          />
          <Field label={m.couple_plan_venue()} name="venue" id="edit-venue" error={r.errors.venue} defaultValue={v.venue ?? e.venue} />
          <TextArea
            label={m.couple_plan_notes()}
            name="eventDescription"
            id="edit-description"
            error={err("Description")}
            defaultValue={v.eventDescription ?? e.eventDescription}
          />
          <div>
            <button type="submit" name="intent" value="update" className="btn-primary px-4 py-2" disabled={busy}>
              {m.couple_save_changes()}
            </button>
          </div>
        </Form>
      </details>
      <div className="mt-4">
        <Alert message={resultOf(result, "delete-event").message} />
        <DeleteButton
          intent="delete-event"
          fields={{ version: String(e.version) }}
          label={m.couple_plan_delete_name({ name: shownName(e.eventName) })}
          confirm={
            e.subEvents.length
              ? m.couple_event_delete_with_subs_confirm({ name: shownName(e.eventName) })
              : m.couple_event_delete_confirm({ name: shownName(e.eventName) })
          }
        />
      </div>
    </Panel>
  );
}
