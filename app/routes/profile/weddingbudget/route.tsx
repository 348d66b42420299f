import { useMemo, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import type { BudgetItem } from "#domain/budget.ts";
import { BUDGET_CATEGORIES } from "#shared/budget-schemas.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { BudgetChart, type BudgetChartSeries } from "./budget-chart.tsx";

export { action, loader } from "./weddingbudget.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Wedding Budget") }, { name: "robots", content: "noindex" }];

type Feedback = PageFailure | undefined;

/** The refusal of the form that was sent (by intent, and by line for a line's forms). */
function refusal(feedback: Feedback, intent: string, id?: string) {
  if (!feedback || feedback.ok !== false || feedback.intent !== intent) return null;
  if (id !== undefined && (feedback.values?.lineId ?? feedback.values?.bookingId) !== id) return null;
  return feedback;
}

function Panel({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby={`${id}-heading`} id={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-maroon-700">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Alert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

function Field({
  label,
  name,
  id,
  error,
  type = "text",
  defaultValue,
  required,
  children,
}: {
  label: string;
  name: string;
  id: string;
  error?: string | undefined;
  type?: string;
  defaultValue?: string | number | null;
  required?: boolean;
  children?: ReactNode;
}) {
  const inputId = `${id}-${name}`;
  const describedBy = error ? `${inputId}-error` : undefined;
  const className = `w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? "border-red-600" : "border-ink/20"}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {children ? (
        <select
          id={inputId}
          name={name}
          defaultValue={defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={className}
        >
          {children}
        </select>
      ) : (
        <input
          id={inputId}
          name={name}
          type={type}
          defaultValue={defaultValue ?? ""}
          required={required}
          min={type === "number" ? 0 : undefined}
          step={type === "number" ? 1 : undefined}
          inputMode={type === "number" ? "numeric" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={className}
        />
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const money = (n: number) => formatRupees(n);
/** What is left of a category's estimate; without an estimate there is nothing to count down from. */
const remainingOf = (c: { estimated: number; remaining: number }) => (c.estimated > 0 ? money(c.remaining) : "–");

function MiniFigure({ label, value, bad }: { label: string; value: string; bad?: boolean }) {
  return (
    <div>
      <dt className="text-ink/60">{label}</dt>
      <dd className={bad ? "font-semibold text-red-700" : ""}>{value}</dd>
    </div>
  );
}
const cell = "py-2 pr-3 text-right tabular-nums whitespace-nowrap";

export default function WeddingBudget({ loaderData, actionData }: Route.ComponentProps) {
  const { budget } = loaderData;
  const feedback = actionData as Feedback;
  const busy = useNavigation().state !== "idle";
  const { totals, categories, warnings, upcoming, items, weddingFunctions } = budget;
  const functionName = useMemo(() => new Map(weddingFunctions.map((f) => [f.id, f.name])), [weddingFunctions]);
  // The chart shows the categories that have figures (twelve empty groups would only crowd a phone).
  const charted = useMemo(() => categories.filter((c) => c.estimated || c.booked || c.paid), [categories]);
  const chartLabels = useMemo(() => charted.map((c) => c.label), [charted]);
  const chartSeries = useMemo<BudgetChartSeries[]>(
    () => [
      { label: "Estimated", color: "#c98b00", values: charted.map((c) => c.estimated) },
      { label: "Booked", color: "#7a1f2b", values: charted.map((c) => c.booked) },
      { label: "Paid", color: "#15803d", values: charted.map((c) => c.paid) },
    ],
    [charted],
  );
  const total = refusal(feedback, "total");
  const suggest = refusal(feedback, "suggest");
  const add = refusal(feedback, "add-line");
  const functionOptions = (
    <>
      <option value="">No function</option>
      {weddingFunctions.map((f) => (
        <option key={f.id} value={f.id}>
          {f.parentId ? "— " : ""}
          {f.name} ({formatDate(f.eventDate)})
        </option>
      ))}
    </>
  );
  const categoryOptions = BUDGET_CATEGORIES.map((c) => (
    <option key={c.key} value={c.key}>
      {c.label}
    </option>
  ));

  return (
    <div className="space-y-5">
      <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby="budget-heading">
        <h1 id="budget-heading" className="text-3xl font-bold text-maroon-700">
          Wedding Budget
        </h1>
        <p className="mt-1 text-sm text-ink/75">
          Your own estimates, with what your bookings have committed and paid filled in from them. Amounts in whole rupees.
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="budget-figures">
          <Figure label="Total budget" value={budget.totalBudget === null ? "Not set" : money(budget.totalBudget)} />
          <Figure label="Committed (booked)" value={money(totals.committed)} />
          <Figure label="Paid" value={money(totals.paid)} note={`${money(totals.due)} still to pay`} />
          <Figure
            label="Remaining"
            value={totals.remaining === null ? "–" : money(totals.remaining)}
            tone={totals.remaining !== null && totals.remaining < 0 ? "bad" : undefined}
            note={totals.quoted ? `${money(totals.quoted)} quoted` : undefined}
          />
        </dl>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Total budget">
          <Alert message={total?.message} />
          <div className="w-56">
            <Field
              id="total"
              label="Total budget (₹)"
              name="totalBudget"
              type="number"
              required
              error={total?.errors.totalBudget}
              defaultValue={total?.values?.totalBudget ?? budget.totalBudget}
            />
          </div>
          <button type="submit" name="intent" value="total" className="btn-primary px-4 py-2" disabled={busy}>
            Save total
          </button>
        </Form>
      </section>

      {warnings.length > 0 && (
        <section className="rounded-2xl border border-red-200 bg-red-50 p-4 md:p-6" aria-labelledby="warnings-heading" data-testid="budget-warnings">
          <h2 id="warnings-heading" className="text-lg font-bold text-red-900">
            Over budget
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900">
            {warnings.map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </section>
      )}

      <Panel
        title="By category"
        id="categories"
        action={
          budget.totalBudget ? (
            <Form method="post">
              <button type="submit" name="intent" value="suggest" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
                Suggest a split
              </button>
            </Form>
          ) : null
        }
      >
        <Alert message={suggest?.message} />
        {budget.totalBudget ? (
          <p className="mb-3 text-sm text-ink/70">
            “Suggest a split” fills each category that has no estimate with a fixed share of your total (shown beside it); you can change them.
          </p>
        ) : (
          <p className="mb-3 text-sm text-ink/70">Set your total budget to see a suggested share for each category.</p>
        )}
        {charted.length > 0 && <BudgetChart labels={chartLabels} series={chartSeries} />}
        <ul className="divide-y divide-ink/5 md:hidden" aria-label="Categories">
          {categories.map((c) => (
            <li key={c.key} className="py-2 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-medium">{c.label}</span>
                {c.suggested !== null && (
                  <span className="text-xs text-ink/60">
                    {c.share}% = {money(c.suggested)}
                  </span>
                )}
              </p>
              <dl className="mt-1 grid grid-cols-3 gap-x-2 gap-y-1 text-xs tabular-nums">
                <MiniFigure label="Estimated" value={money(c.estimated)} />
                <MiniFigure label="Quoted" value={money(c.quoted)} />
                <MiniFigure label="Booked" value={money(c.booked)} bad={c.over} />
                <MiniFigure label="Paid" value={money(c.paid)} />
                <MiniFigure label="Remaining" value={remainingOf(c)} bad={c.estimated > 0 && c.remaining < 0} />
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-left text-sm" data-testid="category-table">
            <caption className="sr-only">Estimated, quoted, booked, paid and remaining per category</caption>
            <thead>
              <tr className="border-b border-ink/10 text-ink/70">
                <th scope="col" className="py-2 pr-3">
                  Category
                </th>
                <th scope="col" className={cell}>
                  Estimated
                </th>
                <th scope="col" className={cell}>
                  Quoted
                </th>
                <th scope="col" className={cell}>
                  Booked
                </th>
                <th scope="col" className={cell}>
                  Paid
                </th>
                <th scope="col" className={cell}>
                  Remaining
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
                <tr key={c.key} className="border-b border-ink/5" data-category={c.key}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {c.label}
                    {c.suggested !== null && (
                      <span className="block text-xs font-normal text-ink/60">
                        {c.share}% = {money(c.suggested)}
                      </span>
                    )}
                  </th>
                  <td className={cell}>{money(c.estimated)}</td>
                  <td className={cell}>{money(c.quoted)}</td>
                  <td className={`${cell} ${c.over ? "font-semibold text-red-700" : ""}`}>{money(c.booked)}</td>
                  <td className={cell}>{money(c.paid)}</td>
                  <td className={`${cell} ${c.estimated > 0 && c.remaining < 0 ? "text-red-700" : ""}`}>{remainingOf(c)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="py-2 pr-3">
                  Total
                </th>
                <td className={cell}>{money(totals.estimated)}</td>
                <td className={cell}>{money(totals.quoted)}</td>
                <td className={cell}>{money(totals.booked)}</td>
                <td className={cell}>{money(totals.paid)}</td>
                <td className={cell}>{remainingOf({ estimated: totals.estimated, remaining: totals.estimated - totals.booked })}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </Panel>

      <Panel title="By function" id="functions">
        {budget.functions.length === 0 ? (
          <p className="text-sm text-ink/75">
            Add your functions (haldi, sangeet, wedding…) in the{" "}
            <Link to="/profile/weddingplan" className="font-semibold text-maroon-700 underline">
              Wedding Planner
            </Link>{" "}
            to see each one’s spend against its budget.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="function-table">
              <caption className="sr-only">Budget, estimated, booked and paid per function</caption>
              <thead>
                <tr className="border-b border-ink/10 text-ink/70">
                  <th scope="col" className="py-2 pr-3">
                    Function
                  </th>
                  <th scope="col" className={cell}>
                    Its budget
                  </th>
                  <th scope="col" className={cell}>
                    Estimated
                  </th>
                  <th scope="col" className={cell}>
                    Booked
                  </th>
                  <th scope="col" className={cell}>
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {budget.functions.map((f) => (
                  <tr key={f.id} className="border-b border-ink/5">
                    <th scope="row" className={`py-2 pr-3 font-medium ${f.parentId ? "pl-4" : ""}`}>
                      {f.name}
                      <span className="block text-xs font-normal text-ink/60">{formatDate(f.eventDate)}</span>
                    </th>
                    <td className={cell}>{f.budget ? money(f.budget) : "–"}</td>
                    <td className={cell}>{money(f.estimated)}</td>
                    <td className={`${cell} ${f.over ? "font-semibold text-red-700" : ""}`}>{money(f.booked)}</td>
                    <td className={cell}>{money(f.paid)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 pr-3 font-medium text-ink/70">
                    Not under a function
                  </th>
                  <td className={cell}>–</td>
                  <td className={cell}>{money(budget.unassigned.estimated)}</td>
                  <td className={cell}>{money(budget.unassigned.booked)}</td>
                  <td className={cell}>{money(budget.unassigned.paid)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel title="Upcoming payments" id="payments">
        {upcoming.length === 0 ? (
          <p className="text-sm text-ink/75">No payments with a due date are waiting.</p>
        ) : (
          <ul className="divide-y divide-maroon-100" aria-label="Upcoming payments">
            {upcoming.map((p, i) => (
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <span>
                  <span className={`font-semibold ${p.overdue ? "text-red-700" : ""}`}>
                    {formatDate(p.date)}
                    {p.overdue ? " (overdue)" : ""}
                  </span>{" "}
                  · {p.label}
                  {p.bookingId && (
                    <>
                      {" "}
                      ·{" "}
                      <Link to={`/profile/bookings/${p.bookingId}`} className="text-maroon-700 underline">
                        booking
                      </Link>
                    </>
                  )}
                </span>
                <span className="font-semibold tabular-nums">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Budget lines" id="lines">
        {items.length === 0 ? (
          <p className="mb-3 text-sm text-ink/75">No lines yet. Add what you expect to spend, or book a vendor and it appears here by itself.</p>
        ) : (
          <ul className="mb-4 divide-y divide-maroon-100" aria-label="Budget lines">
            {items.map((item) => (
              <LineRow
                key={`${item.id}:${item.category}:${item.label}:${item.eventId}:${item.estimated}:${item.quoted}:${item.booked}:${item.paid}:${item.dueDate}:${item.notes}`}
                item={item}
                feedback={feedback}
                busy={busy}
                functionName={item.eventId ? (functionName.get(item.eventId) ?? null) : null}
                categoryOptions={categoryOptions}
                functionOptions={functionOptions}
              />
            ))}
          </ul>
        )}
        {/* Keyed by the lines, so after a line is added (post, redirect, get) the form starts empty and closed. */}
        <details key={items.length} open={Boolean(add) || items.length === 0} className="rounded-xl border border-maroon-100 p-3">
          <summary className="cursor-pointer font-semibold text-maroon-700">Add a line</summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Add a budget line">
            <div className="sm:col-span-2 lg:col-span-4">
              <Alert message={add?.message} />
            </div>
            <LineFields id="new" errors={add?.errors ?? {}} values={add?.values ?? {}} categoryOptions={categoryOptions} functionOptions={functionOptions} />
            <div className="flex items-end">
              <button type="submit" name="intent" value="add-line" className="btn-primary px-4 py-2" disabled={busy}>
                Add line
              </button>
            </div>
          </Form>
        </details>
      </Panel>
    </div>
  );
}

function Figure({ label, value, note, tone }: { label: string; value: string; note?: string | undefined; tone?: "bad" | undefined }) {
  return (
    <div className="rounded-xl border border-maroon-100 bg-white p-3">
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd className={`mt-1 text-xl font-bold md:text-2xl ${tone === "bad" ? "text-red-700" : "text-maroon-700"}`}>{value}</dd>
      {note && <dd className="text-xs text-ink/65">{note}</dd>}
    </div>
  );
}

type Values = Record<string, string>;

function LineFields({
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
      <Field id={id} label="Category" name="category" error={errors.category} defaultValue={v("category", item?.category ?? "venue")}>
        {categoryOptions}
      </Field>
      <Field id={id} label="Label" name="label" required error={errors.label} defaultValue={v("label", item?.label)} />
      <Field id={id} label="Function" name="eventId" error={errors.eventId} defaultValue={v("eventId", item?.eventId)}>
        {functionOptions}
      </Field>
      <Field id={id} label="Estimated (₹)" name="estimated" type="number" error={errors.estimated} defaultValue={v("estimated", item?.estimated)} />
      {!linked && (
        <>
          <Field id={id} label="Quoted (₹)" name="quoted" type="number" error={errors.quoted} defaultValue={v("quoted", item?.quoted)} />
          <Field id={id} label="Booked (₹)" name="booked" type="number" error={errors.booked} defaultValue={v("booked", item?.booked)} />
          <Field id={id} label="Paid (₹)" name="paid" type="number" error={errors.paid} defaultValue={v("paid", item?.paid)} />
        </>
      )}
      <Field id={id} label="Payment due" name="dueDate" type="date" error={errors.dueDate} defaultValue={v("dueDate", item?.dueDate)} />
      <div className="sm:col-span-2 lg:col-span-3">
        <Field id={id} label="Notes" name="notes" error={errors.notes} defaultValue={v("notes", item?.notes)} />
      </div>
    </>
  );
}

function LineRow({
  item,
  feedback,
  busy,
  functionName,
  categoryOptions,
  functionOptions,
}: {
  item: BudgetItem;
  feedback: Feedback;
  busy: boolean;
  functionName: string | null;
  categoryOptions: ReactNode;
  functionOptions: ReactNode;
}) {
  const key = item.lineId ?? item.bookingId ?? item.id;
  const edit = refusal(feedback, "edit-line", key);
  const remove = refusal(feedback, "delete-line", key);
  const link = refusal(feedback, "link-booking", key);
  const source =
    item.kind === "quote"
      ? "Quote on an open enquiry (not booked yet)"
      : item.bookingStatus === "CANCELLED"
        ? "Booking cancelled: it no longer counts"
        : item.bookingId
          ? "From your booking: booked and paid fill in by themselves"
          : null;
  return (
    <li className="py-3" data-testid="budget-line" data-kind={item.kind}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {item.label}
            {item.vendor && item.vendor !== item.label ? <span className="font-normal text-ink/70"> · {item.vendor}</span> : null}
          </p>
          <p className="text-xs text-ink/65">
            {item.categoryLabel}
            {functionName ? ` · ${functionName}` : ""}
            {item.dueDate ? ` · due ${formatDate(item.dueDate)}` : ""}
            {source ? ` · ${source}` : ""}
          </p>
        </div>
        <p className="text-sm tabular-nums">
          {item.estimated > 0 && <span className="mr-3">Est. {money(item.estimated)}</span>}
          {item.quoted > 0 && <span className="mr-3">Quoted {money(item.quoted)}</span>}
          {(item.booked > 0 || item.kind !== "quote") && <span className="mr-3">Booked {money(item.booked)}</span>}
          {item.kind !== "quote" && <span>Paid {money(item.paid)}</span>}
        </p>
      </div>
      {item.kind === "line" && (
        <details open={Boolean(edit || remove)} className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">
            Edit<span className="sr-only"> {item.label}</span>
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={`Edit ${item.label}`}>
            <input type="hidden" name="lineId" value={key} />
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
                Save
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-2">
            <Alert message={remove?.message} />
            <input type="hidden" name="lineId" value={key} />
            <button type="submit" name="intent" value="delete-line" className="text-sm font-semibold text-red-700 underline" disabled={busy}>
              Delete line<span className="sr-only"> {item.label}</span>
            </button>
            {item.bookingId && <span className="ml-2 text-xs text-ink/65">The booking stays; it goes back to its own category.</span>}
          </Form>
        </details>
      )}
      {item.kind === "booking" && (
        <details open={Boolean(link)} className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">
            Place under a category and function<span className="sr-only"> ({item.label})</span>
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-3" aria-label={`Place ${item.label}`}>
            <input type="hidden" name="bookingId" value={key} />
            <div className="sm:col-span-3">
              <Alert message={link?.message} />
            </div>
            <Field id={`booking-${key}`} label="Category" name="category" error={link?.errors.category} defaultValue={link?.values?.category ?? item.category}>
              {categoryOptions}
            </Field>
            <Field id={`booking-${key}`} label="Function" name="eventId" error={link?.errors.eventId} defaultValue={link?.values?.eventId ?? ""}>
              {functionOptions}
            </Field>
            <div className="flex items-end">
              <button type="submit" name="intent" value="link-booking" className="btn-secondary px-4 py-2" disabled={busy}>
                Save
              </button>
            </div>
          </Form>
        </details>
      )}
    </li>
  );
}
