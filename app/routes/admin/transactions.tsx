import { Form, Link } from "react-router";
import type { Route } from "./+types/transactions";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { ACCESS, Invalid } from "#domain/core/index.ts";
import {
  GatewayUnavailable,
  listTransactions,
  reconciliationFlags,
  refundPayment,
  resolveReconciliationFlag,
  type ReconciliationFlag,
  type TransactionsPage,
} from "#domain/billing/index.ts";
import { formatCount, formatRupees } from "#shared/format.ts";
import { PAYMENT_PURPOSE_VALUES, PAYMENT_STATUS_VALUES, PURPOSE_LABELS } from "#shared/plan-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import type { RefundFailure } from "./refund-form.tsx";
import { PURPOSE_TONES, STATUS_LABELS, STATUS_TONES, TransactionRow } from "./transaction-row.tsx";
import { ReconciliationFlags } from "./reconciliation-flags.tsx";
import { Field, Pager, Select } from "#app/components/ui/index.ts";

/**
 * /admin/transactions: every payment to Mandap (functions/domain/billing/transactions.ts, the same query
 * as GET /admin/transactions), filtered by days in India time and status through the URL (a plain
 * GET form), with the totals, pages, invoice links and the CSV of the same filter. A successful
 * payment can be refunded from its row, in full or in part, with a reason (issue 30; the same
 * domain call as POST /admin/transactions/{id}/refund).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Transactions") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/transactions";
const FILTER_KEYS = ["from", "to", "status", "purpose"] as const;

type Loaded = (
  | { ok: true; result: TransactionsPage; values: Record<string, string>; errors: Record<string, string> }
  | { ok: false; result: null; values: Record<string, string>; errors: Record<string, string>; message: string }
) & { flags: ReconciliationFlag[] };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  const { domain } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries([...FILTER_KEYS, "page"].map((k) => [k, params.get(k) ?? ""]));
  return loadOrRespond(request, async () => {
    // What the daily reconciliation with the gateway flagged (issue 30), whatever the filters.
    const flags = await reconciliationFlags(domain);
    try {
      return { ok: true as const, result: await listTransactions(domain, values), values, errors: {}, flags };
    } catch (e) {
      // Filters typed into the URL that do not fit: the form shows why, and no list.
      if (e instanceof Invalid) return { ok: false as const, result: null, values, errors: e.fields, message: e.message, flags };
      throw e;
    }
  });
}

/** Refund on a payment's row; resolve a reconciliation flag with a note (admins only, checked before the form is read). */
export const action = pageAction({
  access: ACCESS.admin,
  defaultIntent: "refund",
  failureIntent: (intent, form) =>
    intent === "resolve" ? `resolve:${String(form.get("gatewayPaymentId") ?? "")}` : `refund:${String(form.get("paymentId") ?? "")}`,
  intents: {
    resolve: async ({ domain, fields, done }) => {
      const gatewayPaymentId = typeof fields.gatewayPaymentId === "string" ? fields.gatewayPaymentId : "";
      return { ...done((await resolveReconciliationFlag(domain, gatewayPaymentId, { note: fields.note })).message), resolvedFlag: gatewayPaymentId };
    },
    refund: async ({ domain, fields, done }) => {
      const paymentId = typeof fields.paymentId === "string" ? fields.paymentId : "";
      try {
        return { ...done((await refundPayment(domain, paymentId, { amount: fields.amount, reason: fields.reason })).message), paymentId };
      } catch (e) {
        // The gateway refused or could not be reached: nothing was refunded; the row says why.
        if (e instanceof GatewayUnavailable)
          return { ok: false as const, intent: `refund:${paymentId}`, message: e.message, errors: {} as Record<string, string> };
        throw e;
      }
    },
  },
});

/** The filters as a query string (without empty values), for page links and the CSV. */
function query(filters: Record<string, string | null | undefined>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export default function Transactions({ loaderData, actionData }: Route.ComponentProps) {
  const { values, errors, result } = loaderData;
  const failed = actionData && !actionData.ok ? (actionData as RefundFailure & { intent: string }) : null;
  const refunded = actionData?.ok && "paymentId" in actionData ? actionData : null;
  const resolved = actionData?.ok && "resolvedFlag" in actionData ? actionData.message : null;
  const filters = result?.filters ?? { from: values.from, to: values.to, status: values.status, purpose: values.purpose };
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Transactions</h1>
        <p className="mt-1 text-sm text-ink/75">Every payment to Mandap, newest first. Days are India time; both days are included.</p>
        <Form method="get" action={PATH} className="mt-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter transactions">
          <Field id="filter-from" type="date" name="from" label="From" defaultValue={values.from} error={errors.from} className="min-w-0" />
          <Field id="filter-to" type="date" name="to" label="To" defaultValue={values.to} error={errors.to} className="min-w-0" />
          <Select id="filter-status" name="status" label="Status" defaultValue={values.status} error={errors.status} className="min-w-0">
            <option value="">All</option>
            {PAYMENT_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select id="filter-purpose" name="purpose" label="Plans or designs" defaultValue={values.purpose} error={errors.purpose} className="min-w-0">
            <option value="">Both</option>
            {PAYMENT_PURPOSE_VALUES.map((s) => (
              <option key={s} value={s}>
                {PURPOSE_LABELS[s]}s
              </option>
            ))}
          </Select>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary px-4 py-2">
              Apply
            </button>
            <Link to={PATH} className="text-sm font-semibold text-maroon-700 underline">
              Clear
            </Link>
          </div>
        </Form>
        {!loaderData.ok && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {loaderData.message}
          </p>
        )}
      </section>

      {resolved && (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {resolved}
        </p>
      )}
      {loaderData.flags.length > 0 && <ReconciliationFlags flags={loaderData.flags} failure={failed?.intent.startsWith("resolve:") ? failed : null} />}

      {result && (
        <>
          <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="totals-heading">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 id="totals-heading" className="text-xl font-bold">
                Totals
              </h2>
              <a href={`/api/v1/admin/transactions.csv${query(filters)}`} className="btn-secondary px-4 py-2" download data-testid="csv">
                Download CSV
              </a>
            </div>
            <p className="mt-2 text-base" data-testid="totals">
              <strong>{formatCount(result.totals.count)}</strong> {result.totals.count === 1 ? "payment" : "payments"}
              {filters.status ? ` (${STATUS_LABELS[filters.status]})` : ""}, <strong>{formatRupees(result.totals.successAmount)}</strong> received
            </p>
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Plans and designs" data-testid="by-purpose">
              {PAYMENT_PURPOSE_VALUES.map((s) => (
                <li key={s}>
                  <span className={`mr-1 rounded px-1.5 py-0.5 text-xs font-semibold ${PURPOSE_TONES[s]}`}>{PURPOSE_LABELS[s]}s</span>
                  {formatCount(result.totals.byPurpose[s].count)} {result.totals.byPurpose[s].count === 1 ? "payment" : "payments"},{" "}
                  {formatRupees(result.totals.byPurpose[s].received)} received
                </li>
              ))}
            </ul>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="By status" data-testid="by-status">
              {PAYMENT_STATUS_VALUES.map((s) => (
                <li key={s} className={`rounded-lg px-3 py-1 ${STATUS_TONES[s]}`}>
                  {STATUS_LABELS[s]}: {formatCount(result.totals.byStatus[s].count)} · {formatRupees(result.totals.byStatus[s].amount)}
                </li>
              ))}
            </ul>
          </section>

          {result.transactions.length ? (
            <ul className="flex flex-col gap-3" aria-label="Payments">
              {result.transactions.map((t) => (
                <TransactionRow
                  key={t.id}
                  t={t}
                  failure={failed?.intent === `refund:${t.id}` ? failed : null}
                  done={refunded?.paymentId === t.id ? refunded.message : null}
                />
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-maroon-100 bg-white p-5 text-sm">
              {result.page > 1 ? "Nothing on this page." : "No payments match these filters."}
            </p>
          )}
          <Pager
            page={result.page}
            hasMore={result.hasMore}
            href={(p) => `${PATH}${query(filters, p > 1 ? { page: String(p) } : {})}`}
            previousLabel="Newer"
            nextLabel="Older"
            className=""
          />
        </>
      )}
    </div>
  );
}
