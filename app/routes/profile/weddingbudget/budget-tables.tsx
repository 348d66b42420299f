import { Link } from "react-router";
import { formatDate } from "#shared/format.ts";
import type { Route } from "./+types/route";
import { categoryName, cell, functionLabel, MiniFigure, money, remainingOf } from "./budget-ui.tsx";
import { m } from "#shared/paraglide/messages.js";

/** The budget page's read-only parts: per category (cards on phones, a table wider), per function, payments to come. */
type Budget = Route.ComponentProps["loaderData"]["budget"];

export function CategoryFigures({ categories, totals }: { categories: Budget["categories"]; totals: Budget["totals"] }) {
  return (
    <>
      <ul className="divide-y divide-ink/5 md:hidden" aria-label={m.couple_budget_categories()}>
        {categories.map((c) => (
          <li key={c.key} className="py-2 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="font-medium">{categoryName(c.key, c.label)}</span>
              {c.suggested !== null && (
                <span className="text-xs text-ink/60">
                  {c.share}% = {money(c.suggested)}
                </span>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-3 gap-x-2 gap-y-1 text-xs tabular-nums">
              <MiniFigure label={m.couple_budget_estimated()} value={money(c.estimated)} />
              <MiniFigure label={m.couple_budget_quoted()} value={money(c.quoted)} />
              <MiniFigure label={m.couple_budget_booked()} value={money(c.booked)} bad={c.over} />
              <MiniFigure label={m.couple_budget_paid()} value={money(c.paid)} />
              <MiniFigure label={m.couple_budget_left()} value={remainingOf(c)} bad={c.estimated > 0 && c.remaining < 0} />
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="category-table">
          <caption className="sr-only">{m.couple_budget_category_caption()}</caption>
          <thead>
            <tr className="border-b border-ink/10 text-ink/70">
              <th scope="col" className="py-2 pr-3">
                {m.couple_budget_category()}
              </th>
              <th scope="col" className={cell}>
                {m.couple_budget_estimated()}
              </th>
              <th scope="col" className={cell}>
                {m.couple_budget_quoted()}
              </th>
              <th scope="col" className={cell}>
                {m.couple_budget_booked()}
              </th>
              <th scope="col" className={cell}>
                {m.couple_budget_paid()}
              </th>
              <th scope="col" className={cell}>
                {m.couple_budget_left()}
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.key} className="border-b border-ink/5" data-category={c.key}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {categoryName(c.key, c.label)}
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
                {m.couple_budget_total_row()}
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
    </>
  );
}

export function FunctionFigures({ budget }: { budget: Budget }) {
  return (
    <>
      {budget.functions.length === 0 ? (
        <p className="text-sm text-ink/75">
          {m.couple_budget_no_functions_before()}{" "}
          <Link to="/profile/weddingplan" className="font-semibold text-maroon-700 underline">
            {m.couple_plan_title()}
          </Link>{" "}
          {m.couple_budget_no_functions_after()}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="function-table">
            <caption className="sr-only">{m.couple_budget_function_caption()}</caption>
            <thead>
              <tr className="border-b border-ink/10 text-ink/70">
                <th scope="col" className="py-2 pr-3">
                  {m.couple_budget_function()}
                </th>
                <th scope="col" className={cell}>
                  {m.couple_budget_its_budget()}
                </th>
                <th scope="col" className={cell}>
                  {m.couple_budget_estimated()}
                </th>
                <th scope="col" className={cell}>
                  {m.couple_budget_booked()}
                </th>
                <th scope="col" className={cell}>
                  {m.couple_budget_paid()}
                </th>
              </tr>
            </thead>
            <tbody>
              {budget.functions.map((f) => (
                <tr key={f.id} className="border-b border-ink/5">
                  <th scope="row" className={`py-2 pr-3 font-medium ${f.parentId ? "pl-4" : ""}`}>
                    {functionLabel(f.name)}
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
                  {m.couple_budget_not_under_function()}
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
    </>
  );
}

export function UpcomingPayments({ upcoming }: { upcoming: Budget["upcoming"] }) {
  return (
    <>
      {upcoming.length === 0 ? (
        <p className="text-sm text-ink/75">{m.couple_budget_no_upcoming()}</p>
      ) : (
        <ul className="divide-y divide-maroon-100" aria-label={m.couple_budget_upcoming()}>
          {upcoming.map((p, i) => (
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <span>
                <span className={`font-semibold ${p.overdue ? "text-red-700" : ""}`}>
                  {formatDate(p.date)}
                  {p.overdue ? m.couple_budget_overdue() : ""}
                </span>{" "}
                · <span translate="no">{p.label}</span>
                {p.bookingId && (
                  <>
                    {" "}
                    ·{" "}
                    <Link to={`/profile/bookings/${p.bookingId}`} className="text-maroon-700 underline">
                      {m.couple_budget_booking()}
                    </Link>
                  </>
                )}
              </span>
              <span className="font-semibold tabular-nums">{money(p.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
