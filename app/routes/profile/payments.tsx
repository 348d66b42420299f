import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { couplePayments, type CouplePayment } from "#domain/invitations/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { NoEmailNote } from "#app/components/SignInWays.tsx";

/**
 * /profile/payments: what the couple paid for invitation designs, newest first (GET
 * /api/v1/template/payments answers the same; functions/domain/invitations/purchase-history.ts):
 * the design, date, amount, status (Refunded / Partly refunded with the amount), the GST invoice
 * and its PDF, the credit note (and PDF) of each refund of an invoiced design, and each refund. One card per payment, at every width.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_payments_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  // A phone-only account (no e-mail address) gets no receipt or invoice mails: the page says so (issue 32).
  return loadOrRespond(request, async () => ({ payments: await couplePayments(domain), hasEmail: Boolean(domain.actor?.email) }));
}

const STATUS_LABEL: Record<CouplePayment["status"], () => string> = {
  SUCCESS: m.couple_payment_paid,
  PENDING: m.couple_payment_pending,
  FAILED: m.couple_payment_failed,
  REFUNDED: m.couple_payment_refunded,
  PARTIALLY_REFUNDED: m.couple_payment_partly_refunded,
  REFUND_DUE: m.couple_payment_refund_due,
};
const STATUS_TONE: Record<CouplePayment["status"], string> = {
  SUCCESS: "bg-green-100 text-green-900",
  PENDING: "bg-marigold-300/40 text-ink",
  FAILED: "bg-red-100 text-red-900",
  REFUNDED: "bg-ink/10 text-ink/80",
  PARTIALLY_REFUNDED: "bg-marigold-300/40 text-ink",
  REFUND_DUE: "bg-red-100 text-red-900",
};
const REFUND_LABEL: Record<CouplePayment["refunds"][number]["status"], () => string> = {
  PROCESSED: m.couple_refund_processed,
  PENDING: m.couple_refund_pending,
  FAILED: m.couple_refund_failed,
};

function Payment({ p }: { p: CouplePayment }) {
  return (
    <li className="rounded-xl border border-maroon-100 p-4" data-testid="couple-payment">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words" translate="no">
            {p.designName}
          </p>
          <p className="text-sm text-ink/75">{formatDate(p.date)}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold">{formatRupees(p.amount)}</p>
          <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[p.status]}`} data-testid="payment-status">
            {STATUS_LABEL[p.status]()}
          </span>
          {p.refundedAmount > 0 && p.refundedAmount < p.amount && (
            <p className="mt-1 text-sm text-ink/75" data-testid="refunded-amount">
              {m.couple_amount_refunded({ amount: formatRupees(p.refundedAmount) })}
            </p>
          )}
        </div>
      </div>
      {p.note && (
        // A failed payment's note is the reason the gateway gave, stored as a record in English (decision 0046).
        <p className="mt-2 text-sm text-ink/80" lang={p.status === "FAILED" ? "en" : undefined}>
          {p.note}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink/65">{m.couple_invoice()}</dt>
        <dd>
          {p.invoice ? (
            <>
              <a href={p.invoice.url} className="font-semibold text-maroon-700 underline" data-testid="invoice-link">
                {m.couple_tax_invoice({ number: p.invoice.number })}
              </a>
              <a href={p.invoice.pdfUrl} className="ml-3 text-maroon-700 underline">
                PDF
              </a>
            </>
          ) : (
            <span className="text-ink/65">
              {p.status === "SUCCESS" || p.status === "PARTIALLY_REFUNDED" || p.status === "REFUNDED" ? m.couple_no_invoice() : m.couple_none()}
            </span>
          )}
        </dd>
        {p.creditNotes.length > 0 && (
          <>
            <dt className="text-ink/65">{m.couple_credit_notes_label({ count: p.creditNotes.length })}</dt>
            <dd>
              <ul className="flex flex-col gap-0.5" data-testid="credit-notes">
                {p.creditNotes.map((n) => (
                  <li key={n.id}>
                    <a href={n.url} className="font-semibold text-maroon-700 underline" data-testid="credit-note-link">
                      {m.couple_credit_note({ number: n.number })}
                    </a>
                    <a href={n.pdfUrl} className="ml-3 text-maroon-700 underline">
                      PDF
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {p.gatewayPaymentId && (
          <>
            <dt className="text-ink/65">{m.couple_payment_id()}</dt>
            <dd className="font-mono text-xs leading-5 break-all">{p.gatewayPaymentId}</dd>
          </>
        )}
        {p.refunds.length > 0 && (
          <>
            <dt className="text-ink/65">{m.couple_refunds()}</dt>
            <dd>
              <ul className="flex flex-col gap-0.5" data-testid="refunds">
                {p.refunds.map((r) => (
                  <li key={r.id}>{m.couple_refund_line({ amount: formatRupees(r.amount), status: REFUND_LABEL[r.status](), date: formatDate(r.date) })}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="payments-title">
      <h1 id="payments-title" className="text-3xl font-bold text-maroon-700">
        {m.couple_payments_title()}
      </h1>
      <p className="mt-1 text-sm text-ink/75">{m.couple_payments_intro()}</p>
      {loaderData.hasEmail ? null : <NoEmailNote />}
      {payments.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-maroon-100 p-4">
          <p className="text-ink/75">{m.couple_payments_none()}</p>
          <Link to="/templates" className="mt-2 inline-block font-semibold text-maroon-700 underline">
            {m.couple_see_designs()}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 flex max-w-3xl flex-col gap-3" aria-label={m.couple_payments_title()}>
          {payments.map((p) => (
            <Payment key={p.id} p={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
