import { Link } from "react-router";
import type { Transaction } from "#domain/billing/index.ts";
import { REFUNDABLE_STATUSES } from "#shared/stored-values.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { PURPOSE_LABELS } from "#shared/plan-schemas.ts";
import { contactLine } from "#shared/phone-schemas.ts";
import { RefundForm, type RefundFailure } from "./refund-form.tsx";

/** One payment's row on /admin/transactions (app/routes/admin/transactions.tsx), with its refund form, and the status and purpose labels the page shares. */
export const STATUS_LABELS: Record<string, string> = {
  PENDING: "Pending",
  SUCCESS: "Success",
  FAILED: "Failed",
  REFUNDED: "Refunded",
  REFUND_DUE: "Not credited: refund due",
  PARTIALLY_REFUNDED: "Partly refunded",
};
export const STATUS_TONES: Record<string, string> = {
  PENDING: "bg-marigold-300/60 text-maroon-900",
  SUCCESS: "bg-green-100 text-green-900",
  FAILED: "bg-red-100 text-red-900",
  REFUNDED: "bg-ink/10 text-ink/80",
  REFUND_DUE: "bg-red-100 text-red-900",
  PARTIALLY_REFUNDED: "bg-marigold-300/60 text-maroon-900",
};

export const PURPOSE_TONES: Record<Transaction["purpose"], string> = {
  SUBSCRIPTION: "bg-maroon-50 text-maroon-800",
  TEMPLATE: "bg-marigold-300/40 text-ink",
};

const time = (ms: number) =>
  `${formatDate(ms)}, ${new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(ms))}`;

export function TransactionRow({ t, failure, done }: { t: Transaction; failure: RefundFailure | null; done: string | null }) {
  return (
    <li className="rounded-2xl border border-maroon-100 bg-white p-4" data-testid="transaction">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold break-words text-maroon-700">{t.businessName ?? t.userName}</p>
          <p className="text-sm break-all text-ink/75">{contactLine(t)}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold">{formatRupees(t.amount)}</p>
          {t.refundedAmount > 0 && (
            <p className="text-sm text-ink/75" data-testid="refunded">
              {formatRupees(t.refundedAmount)} refunded
            </p>
          )}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[t.status] ?? ""}`} data-testid="status">
            {STATUS_LABELS[t.status] ?? t.status}
          </span>
        </div>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className="inline text-ink/65">Date: </dt>
          <dd className="inline">{time(t.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">For: </dt>
          <dd className="inline">
            <span className={`mr-1 rounded px-1.5 py-0.5 text-xs font-semibold ${PURPOSE_TONES[t.purpose]}`} data-testid="kind">
              {PURPOSE_LABELS[t.purpose]}
            </span>
            {t.planName ?? t.designName}
          </dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Invoice: </dt>
          <dd className="inline">
            {t.invoiceId ? (
              <Link to={`/invoices/${t.invoiceId}`} className="font-semibold text-maroon-700 underline">
                {t.invoiceNumber}
              </Link>
            ) : (
              "None"
            )}
          </dd>
        </div>
        {t.creditNotes.length > 0 && (
          <div>
            <dt className="inline text-ink/65">Credit notes: </dt>
            <dd className="inline" data-testid="credit-notes">
              {t.creditNotes.map((c, i) => (
                <span key={c.id}>
                  {i > 0 && ", "}
                  <Link to={`/credit-notes/${c.id}`} className="font-semibold text-maroon-700 underline">
                    {c.number}
                  </Link>
                </span>
              ))}
            </dd>
          </div>
        )}
        <div className="min-w-0 sm:col-span-2 lg:col-span-3">
          <dt className="inline text-ink/65">Order: </dt>
          <dd className="inline font-mono text-xs break-all">{t.gatewayOrderId}</dd>
          {t.gatewayPaymentId && (
            <>
              <dt className="ml-3 inline text-ink/65">Payment: </dt>
              <dd className="inline font-mono text-xs break-all">{t.gatewayPaymentId}</dd>
            </>
          )}
        </div>
        {t.automaticRefund && (
          <div className="sm:col-span-2 lg:col-span-3" data-testid="automatic-refund">
            <dt className="inline text-ink/65">Refund by itself: </dt>
            <dd className="inline">
              {t.automaticRefund.refundedAt ? (
                `made ${time(t.automaticRefund.refundedAt)} (${t.automaticRefund.reason})`
              ) : (
                <span className="text-red-800">
                  not made yet: {t.automaticRefund.lastError ?? "waiting for the gateway"} ({t.automaticRefund.attempts}{" "}
                  {t.automaticRefund.attempts === 1 ? "attempt" : "attempts"}; tried again by itself after {time(t.automaticRefund.nextAttemptAt)}, or refund it
                  below)
                </span>
              )}
            </dd>
          </div>
        )}
        {t.failureReason && (
          <div className="sm:col-span-2 lg:col-span-3">
            <dt className="inline text-ink/65">Why it failed: </dt>
            <dd className="inline text-red-800">{t.failureReason}</dd>
          </div>
        )}
      </dl>
      {done && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {done}
        </p>
      )}
      {(REFUNDABLE_STATUSES as readonly string[]).includes(t.status) && t.gatewayPaymentId && t.refundedAmount < t.amount && (
        <RefundForm key={done ?? "form"} t={t} failure={failure} />
      )}
    </li>
  );
}
