import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { BUDGET_CATEGORIES } from "#shared/budget-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import { BudgetChart, type BudgetChartSeries } from "./budget-chart.tsx";
import { LineFields, LineRow } from "./budget-lines.tsx";
import { CategoryFigures, FunctionFigures, UpcomingPayments } from "./budget-tables.tsx";
import { Alert, Field, Figure, money, Panel, refusal, type Feedback } from "./budget-ui.tsx";

/**
 * /profile/weddingbudget: the couple's total budget, per category (table, cards on phones, and a
 * uPlot chart loaded only here) and per function, warnings, payments to come, and the lines.
 * Plain forms with an intent (weddingbudget.server.ts); the rules are functions/domain/planning/ (budget-*.ts, total-budget.ts).
 */

export { action, loader } from "./weddingbudget.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Wedding Budget") }, { name: "robots", content: "noindex" }];

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
            “Suggest a split” fills each category that has no estimate with a fixed share of your total (shown beside it); you can change them. A line of your
            own with an estimate replaces the suggestion in its category.
          </p>
        ) : (
          <p className="mb-3 text-sm text-ink/70">Set your total budget to see a suggested share for each category.</p>
        )}
        {charted.length > 0 && <BudgetChart labels={chartLabels} series={chartSeries} />}
        <CategoryFigures categories={categories} totals={totals} />
      </Panel>

      <Panel title="By function" id="functions">
        <FunctionFigures budget={budget} />
      </Panel>

      <Panel title="Upcoming payments" id="payments">
        <UpcomingPayments upcoming={upcoming} />
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
            <OnceToken token={loaderData.onceToken} />
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
