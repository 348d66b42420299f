import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { BUDGET_CATEGORIES } from "#shared/budget-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { OnceToken } from "#app/lib/once-token.tsx";
import { useWeddingLive } from "#app/lib/wedding-live.ts";
import { BudgetChart, type BudgetChartSeries } from "./budget-chart.tsx";
import { LineFields, LineRow } from "./budget-lines.tsx";
import { CategoryFigures, FunctionFigures, UpcomingPayments } from "./budget-tables.tsx";
import { ReadOnlyNote } from "../read-only-note.tsx";
import { Alert, categoryName, Field, Figure, functionLabel, money, Panel, refusal, type Feedback } from "./budget-ui.tsx";

/**
 * /profile/weddingbudget: the couple's total budget, per category (table, cards on phones, and a
 * uPlot chart loaded only here) and per function, warnings, payments to come, and the lines.
 * Plain forms with an intent (weddingbudget.server.ts); the rules are functions/domain/planning/ (budget-*.ts, total-budget.ts).
 * A co-planner who may not change the budget reads it without its forms (budget.rights).
 */

export { action, loader } from "./weddingbudget.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_budget_title()) }, { name: "robots", content: "noindex" }];

export default function WeddingBudget({ loaderData, actionData }: Route.ComponentProps) {
  // Another co-planner's change of this area reloads the page's data (issue 33).
  useWeddingLive("budget");
  const { budget } = loaderData;
  const feedback = actionData as Feedback;
  const busy = useNavigation().state !== "idle";
  const edits = budget.rights.edits.budget;
  const { totals, categories, warnings, upcoming, items, weddingFunctions } = budget;
  const functionName = useMemo(() => new Map(weddingFunctions.map((f) => [f.id, f.name])), [weddingFunctions]);
  // The chart shows the categories that have figures (twelve empty groups would only crowd a phone).
  const charted = useMemo(() => categories.filter((c) => c.estimated || c.booked || c.paid), [categories]);
  const chartLabels = useMemo(() => charted.map((c) => categoryName(c.key, c.label)), [charted]);
  const chartSeries = useMemo<BudgetChartSeries[]>(
    () => [
      { label: m.couple_budget_estimated(), color: "#c98b00", values: charted.map((c) => c.estimated) },
      { label: m.couple_budget_booked(), color: "#7a1f2b", values: charted.map((c) => c.booked) },
      { label: m.couple_budget_paid(), color: "#15803d", values: charted.map((c) => c.paid) },
    ],
    [charted],
  );
  const total = refusal(feedback, "total");
  const suggest = refusal(feedback, "suggest");
  const add = refusal(feedback, "add-line");
  const functionOptions = (
    <>
      <option value="">{m.couple_budget_no_function()}</option>
      {weddingFunctions.map((f) => (
        <option key={f.id} value={f.id}>
          {f.parentId ? "— " : ""}
          {functionLabel(f.name)} ({formatDate(f.eventDate)})
        </option>
      ))}
    </>
  );
  const categoryOptions = BUDGET_CATEGORIES.map((c) => (
    <option key={c.key} value={c.key}>
      {categoryName(c.key, c.label)}
    </option>
  ));

  return (
    <div className="space-y-5">
      <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby="budget-heading">
        <h1 id="budget-heading" className="text-3xl font-bold text-maroon-700">
          {m.couple_budget_title()}
        </h1>
        <p className="mt-1 text-sm text-ink/75">{m.couple_budget_intro()}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="budget-figures">
          <Figure label={m.couple_budget_total()} value={budget.totalBudget === null ? m.couple_budget_not_set() : money(budget.totalBudget)} />
          <Figure label={m.couple_budget_committed()} value={money(totals.committed)} />
          <Figure label={m.couple_budget_paid()} value={money(totals.paid)} note={m.couple_budget_still_to_pay({ amount: money(totals.due) })} />
          <Figure
            label={m.couple_budget_remaining()}
            value={totals.remaining === null ? "–" : money(totals.remaining)}
            tone={totals.remaining !== null && totals.remaining < 0 ? "bad" : undefined}
            note={totals.quoted ? m.couple_budget_quoted_note({ amount: money(totals.quoted) }) : undefined}
          />
        </dl>
        {edits && (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" aria-label={m.couple_budget_total()}>
            <Alert message={total?.message} />
            {/* The total this form was drawn with is its version: a change after someone else set another total is refused (decision 0052). */}
            <input type="hidden" name="version" value={budget.totalBudget ?? 0} />
            <div className="w-56">
              <Field
                id="total"
                label={m.couple_budget_total_input()}
                name="totalBudget"
                type="number"
                required
                error={total?.errors.totalBudget}
                defaultValue={total?.values?.totalBudget ?? budget.totalBudget}
              />
            </div>
            <button type="submit" name="intent" value="total" className="btn-primary px-4 py-2" disabled={busy}>
              {m.couple_budget_save_total()}
            </button>
          </Form>
        )}
      </section>

      {!edits && <ReadOnlyNote part="budget" />}

      {warnings.length > 0 && (
        <section className="rounded-2xl border border-red-200 bg-red-50 p-4 md:p-6" aria-labelledby="warnings-heading" data-testid="budget-warnings">
          <h2 id="warnings-heading" className="text-lg font-bold text-red-900">
            {m.couple_budget_over()}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900">
            {warnings.map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </section>
      )}

      <Panel
        title={m.couple_budget_by_category()}
        id="categories"
        action={
          edits && budget.totalBudget ? (
            <Form method="post">
              {/* The total and estimates this page showed: a split asked for after someone else changed them is refused (decision 0052). */}
              <input type="hidden" name="version" value={budget.splitVersion} />
              <button type="submit" name="intent" value="suggest" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
                {m.couple_budget_suggest()}
              </button>
            </Form>
          ) : null
        }
      >
        <Alert message={suggest?.message} />
        {edits &&
          (budget.totalBudget ? (
            <p className="mb-3 text-sm text-ink/70">{m.couple_budget_suggest_text()}</p>
          ) : (
            <p className="mb-3 text-sm text-ink/70">{m.couple_budget_set_total_first()}</p>
          ))}
        {charted.length > 0 && <BudgetChart labels={chartLabels} series={chartSeries} />}
        <CategoryFigures categories={categories} totals={totals} />
      </Panel>

      <Panel title={m.couple_budget_by_function()} id="functions">
        <FunctionFigures budget={budget} />
      </Panel>

      <Panel title={m.couple_budget_upcoming()} id="payments">
        <UpcomingPayments upcoming={upcoming} />
      </Panel>

      <Panel title={m.couple_budget_lines()} id="lines">
        {items.length === 0 ? (
          <p className="mb-3 text-sm text-ink/75">{m.couple_budget_no_lines()}</p>
        ) : (
          <ul className="mb-4 divide-y divide-maroon-100" aria-label={m.couple_budget_lines()}>
            {items.map((item) => (
              <LineRow
                key={`${item.id}:${item.category}:${item.label}:${item.eventId}:${item.estimated}:${item.quoted}:${item.booked}:${item.paid}:${item.dueDate}:${item.notes}`}
                item={item}
                feedback={feedback}
                busy={busy}
                functionName={item.eventId ? functionLabel(functionName.get(item.eventId) ?? "") || null : null}
                categoryOptions={categoryOptions}
                functionOptions={functionOptions}
                edits={edits}
              />
            ))}
          </ul>
        )}
        {/* Keyed by the lines, so after a line is added (post, redirect, get) the form starts empty and closed. */}
        {edits && (
          <details key={items.length} open={Boolean(add) || items.length === 0} className="rounded-xl border border-maroon-100 p-3">
            <summary className="cursor-pointer font-semibold text-maroon-700">{m.couple_budget_add_line()}</summary>
            <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={m.couple_budget_add_line_label()}>
              <OnceToken token={loaderData.onceToken} />
              <div className="sm:col-span-2 lg:col-span-4">
                <Alert message={add?.message} />
              </div>
              <LineFields id="new" errors={add?.errors ?? {}} values={add?.values ?? {}} categoryOptions={categoryOptions} functionOptions={functionOptions} />
              <div className="flex items-end">
                <button type="submit" name="intent" value="add-line" className="btn-primary px-4 py-2" disabled={busy}>
                  {m.couple_budget_add_line_button()}
                </button>
              </div>
            </Form>
          </details>
        )}
      </Panel>
    </div>
  );
}
