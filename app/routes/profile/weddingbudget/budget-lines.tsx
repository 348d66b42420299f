import type { ReactNode } from "react";
import { Form } from "react-router";
import type { BudgetItem } from "#domain/planning/index.ts";
import { formatDate } from "#shared/format.ts";
import { Alert, categoryName, Field, money, refusal, type Feedback } from "./budget-ui.tsx";
import { m } from "#shared/paraglide/messages.js";

/** One budget line with its edit and delete forms (or, for a booking, the form that places it), and the line fields. */
type Values = Record<string, string>;

export function LineFields({
  id,
  errors,
  values,
  item,
  linked,
  categoryOptions,
  functionOptions,
}: {
  id: string;
  errors: Record<string, string>;
  values: Values;
  item?: BudgetItem;
  linked?: boolean;
  categoryOptions: ReactNode;
  functionOptions: ReactNode;
}) {
  const v = (name: string, fallback: string | number | null | undefined) => values[name] ?? fallback ?? "";
  return (
    <>
      <Field id={id} label={m.couple_budget_category()} name="category" error={errors.category} defaultValue={v("category", item?.category ?? "venue")}>
        {categoryOptions}
      </Field>
      <Field id={id} label={m.couple_budget_label()} name="label" required error={errors.label} defaultValue={v("label", item?.label)} />
      <Field id={id} label={m.couple_budget_function()} name="eventId" error={errors.eventId} defaultValue={v("eventId", item?.eventId)}>
        {functionOptions}
      </Field>
      <Field
        id={id}
        label={m.couple_budget_estimated_input()}
        name="estimated"
        type="number"
        error={errors.estimated}
        defaultValue={v("estimated", item?.suggestedEstimate ?? item?.estimated)}
      />
      {!linked && (
        <>
          <Field id={id} label={m.couple_budget_quoted_input()} name="quoted" type="number" error={errors.quoted} defaultValue={v("quoted", item?.quoted)} />
          <Field id={id} label={m.couple_budget_booked_input()} name="booked" type="number" error={errors.booked} defaultValue={v("booked", item?.booked)} />
          <Field id={id} label={m.couple_budget_paid_input()} name="paid" type="number" error={errors.paid} defaultValue={v("paid", item?.paid)} />
        </>
      )}
      <Field id={id} label={m.couple_budget_payment_due()} name="dueDate" type="date" error={errors.dueDate} defaultValue={v("dueDate", item?.dueDate)} />
      <div className="sm:col-span-2 lg:col-span-3">
        <Field id={id} label={m.couple_plan_notes()} name="notes" error={errors.notes} defaultValue={v("notes", item?.notes)} />
      </div>
    </>
  );
}

export function LineRow({
  item,
  feedback,
  busy,
  functionName,
  categoryOptions,
  functionOptions,
  edits,
}: {
  item: BudgetItem;
  feedback: Feedback;
  busy: boolean;
  functionName: string | null;
  categoryOptions: ReactNode;
  functionOptions: ReactNode;
  /** Whether the reader may change the budget (else the line is shown without its forms). */
  edits: boolean;
}) {
  const key = item.lineId ?? item.bookingId ?? item.id;
  const edit = refusal(feedback, "edit-line", key);
  const remove = refusal(feedback, "delete-line", key);
  const link = refusal(feedback, "link-booking", key);
  const source =
    item.kind === "quote"
      ? m.couple_budget_source_quote()
      : item.bookingStatus === "CANCELLED"
        ? m.couple_budget_source_cancelled()
        : item.bookingId
          ? m.couple_budget_source_booking()
          : item.superseded
            ? m.couple_budget_source_superseded()
            : null;
  return (
    <li className="py-3" data-testid="budget-line" data-kind={item.kind}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words" translate="no">
            {item.label}
            {item.vendor && item.vendor !== item.label ? <span className="font-normal text-ink/70"> · {item.vendor}</span> : null}
          </p>
          <p className="text-xs text-ink/65">
            {categoryName(item.category, item.categoryLabel)}
            {functionName ? ` · ${functionName}` : ""}
            {item.dueDate ? m.couple_budget_due({ date: formatDate(item.dueDate) }) : ""}
            {source ? ` · ${source}` : ""}
          </p>
        </div>
        <p className="text-sm tabular-nums">
          {item.superseded && item.suggestedEstimate ? (
            <span className="mr-3 text-ink/60 line-through">{m.couple_budget_est({ amount: money(item.suggestedEstimate) })}</span>
          ) : (
            item.estimated > 0 && <span className="mr-3">{m.couple_budget_est({ amount: money(item.estimated) })}</span>
          )}
          {item.quoted > 0 && <span className="mr-3">{m.couple_budget_quoted_amount({ amount: money(item.quoted) })}</span>}
          {(item.booked > 0 || item.kind !== "quote") && <span className="mr-3">{m.couple_budget_booked_amount({ amount: money(item.booked) })}</span>}
          {item.kind !== "quote" && <span>{m.couple_budget_paid_amount({ amount: money(item.paid) })}</span>}
        </p>
      </div>
      {edits && item.kind === "line" && (
        <details open={Boolean(edit || remove)} className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">
            {m.couple_budget_edit()}
            <span className="sr-only" translate="no">
              {" "}
              {item.label}
            </span>
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={m.couple_budget_edit_label({ name: item.label })}>
            <input type="hidden" name="lineId" value={key} />
            {item.version !== null && <input type="hidden" name="version" value={item.version} />}
            {item.bookingId && <input type="hidden" name="linked" value="1" />}
            <div className="sm:col-span-2 lg:col-span-4">
              <Alert message={edit?.message} />
            </div>
            <LineFields
              id={`line-${key}`}
              errors={edit?.errors ?? {}}
              values={edit?.values ?? {}}
              item={item}
              linked={Boolean(item.bookingId)}
              categoryOptions={categoryOptions}
              functionOptions={functionOptions}
            />
            <div className="flex items-end">
              <button type="submit" name="intent" value="edit-line" className="btn-primary px-4 py-2" disabled={busy}>
                {m.couple_budget_save()}
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-2">
            <Alert message={remove?.message} />
            <input type="hidden" name="lineId" value={key} />
            {/* The copy this form was drawn from: a removal after someone else changed the line is refused (decision 0052). */}
            {item.version !== null && <input type="hidden" name="version" value={item.version} />}
            <button type="submit" name="intent" value="delete-line" className="text-sm font-semibold text-red-700 underline" disabled={busy}>
              {m.couple_budget_delete_line()}
              <span className="sr-only" translate="no">
                {" "}
                {item.label}
              </span>
            </button>
            {item.bookingId && <span className="ml-2 text-xs text-ink/65">{m.couple_budget_booking_stays()}</span>}
          </Form>
        </details>
      )}
      {edits && item.kind === "booking" && (
        <details open={Boolean(link)} className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">
            {m.couple_budget_place()}
            <span className="sr-only" translate="no">
              {" "}
              ({item.label})
            </span>
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-3" aria-label={m.couple_budget_place_label({ name: item.label })}>
            <input type="hidden" name="bookingId" value={key} />
            {/* The copy this form was drawn from (0: the booking had no line): a placement after someone else placed it is refused (decision 0052). */}
            <input type="hidden" name="version" value={item.version ?? 0} />
            <div className="sm:col-span-3">
              <Alert message={link?.message} />
            </div>
            <Field
              id={`booking-${key}`}
              label={m.couple_budget_category()}
              name="category"
              error={link?.errors.category}
              defaultValue={link?.values?.category ?? item.category}
            >
              {categoryOptions}
            </Field>
            <Field
              id={`booking-${key}`}
              label={m.couple_budget_function()}
              name="eventId"
              error={link?.errors.eventId}
              defaultValue={link?.values?.eventId ?? ""}
            >
              {functionOptions}
            </Field>
            <div className="flex items-end">
              <button type="submit" name="intent" value="link-booking" className="btn-secondary px-4 py-2" disabled={busy}>
                {m.couple_budget_save()}
              </button>
            </div>
          </Form>
        </details>
      )}
    </li>
  );
}
