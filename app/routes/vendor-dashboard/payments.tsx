import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { paymentHistory, type PaymentRecord } from "#domain/billing/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { formatPaise } from "#shared/gst.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { NoEmailNote } from "#app/components/SignInWays.tsx";

/**
 * /VendorDashboard/payments: what the vendor has paid Mandap, newest first (GET
 * /subscribe/payment-history answers the same): date, plan, amount, status, the gateway's payment
 * id, why a payment failed, the invoice and the credit notes of its refunds. A table on wide screens, one card per payment on a phone.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_payments_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  // A phone-only account (no e-mail address) gets no invoice mails: the page says so (issue 32).
  return loadOrRespond(request, async () => ({ payments: await paymentHistory(domain), hasEmail: Boolean(domain.actor?.email) }));
}

const STATUS_LABEL: Record<PaymentRecord["status"], () => string> = {
  SUCCESS: m.vendor_payments_status_paid,
  PENDING: m.vendor_payments_status_pending,
  FAILED: m.vendor_payments_status_failed,
  REFUNDED: m.vendor_payments_status_refunded,
  PARTIALLY_REFUNDED: m.vendor_payments_status_partly,
  REFUND_DUE: m.vendor_payments_status_refund_due,
};
const STATUS_TONE: Record<PaymentRecord["status"], string> = {
  SUCCESS: "bg-green-100 text-green-800",
  PENDING: "bg-marigold-300/30 text-ink",
  FAILED: "bg-red-100 text-red-800",
  REFUNDED: "bg-maroon-50 text-maroon-700",
  PARTIALLY_REFUNDED: "bg-maroon-50 text-maroon-700",
  REFUND_DUE: "bg-red-100 text-red-800",
};

/** What was paid for: the plan's name (as the admin named it, so marked translate="no" where shown), or what kind of payment it was. */
const what = (p: PaymentRecord) => p.plan_name ?? (p.purpose === "SUBSCRIPTION" ? m.vendor_payments_plan() : m.vendor_payments_template());

function Status({ payment }: { payment: PaymentRecord }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[payment.status]}`}>{STATUS_LABEL[payment.status]()}</span>;
}

/** The invoice and, beside it, the credit note of each refund. */
function Invoice({ payment }: { payment: PaymentRecord }) {
  if (!payment.invoice_url) return <span className="text-ink/60">—</span>;
  return (
    <div className="flex flex-col gap-1">
      <a href={payment.invoice_url} className="font-semibold text-maroon-700 underline">
        {m.vendor_payments_invoice()}
        {payment.invoice_number ? ` ${payment.invoice_number}` : ""}
      </a>
      {payment.credit_notes.map((note) => (
        <a key={note.id} href={note.url} className="text-maroon-700 underline">
          {m.vendor_payments_credit_note({ number: note.number, amount: formatPaise(note.total) })}
        </a>
      ))}
    </div>
  );
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_payments_title()}</h1>
      <p className="mt-1 text-sm text-ink/75">{m.vendor_payments_intro()}</p>
      {loaderData.hasEmail ? null : <NoEmailNote />}
      {payments.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-maroon-100 p-4">
          <p className="text-ink/75">{m.vendor_payments_none()}</p>
          <Link to="/VendorDashboard/Plan" className="mt-2 inline-block font-semibold text-maroon-700 underline">
            {m.vendor_payments_see_plans()}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-3 md:hidden" aria-label={m.vendor_payments_list()}>
            {payments.map((p) => (
              <li key={p.id} className="rounded-xl border border-maroon-100 p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold" translate={p.plan_name ? "no" : undefined}>
                      {what(p)}
                    </p>
                    <p className="text-ink/75">{formatDate(p.date)}</p>
                  </div>
                  <div className="text-right">
                    <p className="font-bold">{formatRupees(p.amount)}</p>
                    <Status payment={p} />
                  </div>
                </div>
                {p.failure_reason && p.status !== "SUCCESS" && (
                  <p lang="en" className="mt-2 text-red-800">
                    {p.failure_reason}
                  </p>
                )}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                  <dt className="text-ink/60">{m.vendor_payments_id()}</dt>
                  <dd className="break-all font-mono">{p.gateway_payment_id ?? "—"}</dd>
                  <dt className="text-ink/60">{m.vendor_payments_invoice()}</dt>
                  <dd>
                    <Invoice payment={p} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden md:block">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-maroon-100">
                  <th className="py-2 pr-3">{m.vendor_payments_date()}</th>
                  <th className="py-2 pr-3">{m.vendor_payments_plan()}</th>
                  <th className="py-2 pr-3">{m.vendor_payments_amount()}</th>
                  <th className="py-2 pr-3">{m.vendor_payments_status()}</th>
                  <th className="py-2 pr-3">{m.vendor_payments_id()}</th>
                  <th className="py-2">{m.vendor_payments_invoice()}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id} className="border-b border-maroon-50 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(p.date)}</td>
                    <td className="py-2 pr-3" translate={p.plan_name ? "no" : undefined}>
                      {what(p)}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatRupees(p.amount)}</td>
                    <td className="py-2 pr-3">
                      <Status payment={p} />
                      {p.failure_reason && p.status !== "SUCCESS" && (
                        <p lang="en" className="mt-1 text-xs text-red-800">
                          {p.failure_reason}
                        </p>
                      )}
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">{p.gateway_payment_id ?? "—"}</td>
                    <td className="py-2">
                      <Invoice payment={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
