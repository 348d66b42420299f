import { Link } from "react-router";
import { formatDate } from "#shared/format.ts";
import type { Route } from "./+types/route";
import { cell, MiniFigure, money, remainingOf } from "./budget-ui.tsx";

/** The budget page's read-only parts: per category (cards on phones, a table wider), per function, payments to come. */
type Budget = Route.ComponentProps["loaderData"]["budget"];

export function CategoryFigures({ categories, totals }: { categories: Budget["categories"]; totals: Budget["totals"] }) {
  return (
    <>
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
              <MiniFigure label="Left of estimate" value={remainingOf(c)} bad={c.estimated > 0 && c.remaining < 0} />
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="category-table">
          <caption className="sr-only">Estimated, quoted, booked, paid and what is left of the estimate per category</caption>
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
                Left of estimate
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
    </>
  );
}

export function FunctionFigures({ budget }: { budget: Budget }) {
  return (
    <>
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
    </>
  );
}

export function UpcomingPayments({ upcoming }: { upcoming: Budget["upcoming"] }) {
  return (
    <>
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
    </>
  );
}
