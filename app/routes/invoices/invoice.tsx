import { Link } from "react-router";
import type { Route } from "./+types/invoice";
import { readInvoice } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatPaise, formatRate, INVOICE_MESSAGES } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * /invoices/{invoiceId}: a GST tax invoice, for the vendor or couple it was issued to or an admin (anyone
 * else: not found; a visitor logs in first). Printable: printing shows the invoice alone. The PDF
 * is /invoices/{invoiceId}/pdf, the JSON GET /api/v1/subscribe/invoice/{id}.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Tax invoice ${loaderData.invoice.number}` : "Tax invoice") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  // The vendor or the couple goes back to their payments; an admin came from the admin area.
  return loadOrRespond(request, async () => {
    const invoice = await readInvoice(domain, params.invoiceId);
    // Only its owner or an admin reads it: the owner's payments are the couple's or the vendor's page.
    const payments = can.viewAdminArea(domain.actor) ? null : invoice.kind === "design" ? "/profile/payments" : "/VendorDashboard/payments";
    return { invoice, payments };
  });
}

const rupees = (paise: number) => `₹${formatPaise(paise)}`;

/** While printing, only the invoice: the site's header, footer and the buttons stay on screen. */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden; }
  #invoice, #invoice * { visibility: visible; }
  html, body { background: #fff !important; }
  #invoice { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; margin: 0; border: 0; box-shadow: none; padding: 0; }
  #invoice .no-print { display: none; }
}`;

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { invoice, payments } = loaderData;
  const s = invoice.supplier;
  const b = invoice.billedTo;
  const intra = invoice.cgstRate > 0 || invoice.sgstRate > 0;
  const line = (label: string, amount: number, strong = false) => (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? "border-t border-maroon-200 pt-2 text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{rupees(amount)}</dd>
    </div>
  );
  return (
    <div className="container-page py-6 md:py-10">
      <style>{PRINT_CSS}</style>
      <article id="invoice" className="mx-auto max-w-3xl rounded-2xl border border-maroon-100 bg-white p-5 text-ink md:p-10" aria-labelledby="invoice-title">
        <header className="flex flex-col gap-3 border-b border-maroon-100 pb-5 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 id="invoice-title" className="text-2xl font-bold tracking-wide text-maroon-700 md:text-3xl">
              Tax invoice
            </h1>
            <p className="mt-1 text-sm text-ink/75">Original for recipient</p>
          </div>
          <dl className="text-sm sm:text-right">
            <div>
              <dt className="inline font-semibold">Invoice no. </dt>
              <dd className="inline font-mono font-semibold" data-testid="invoice-number">
                {invoice.number}
              </dd>
            </div>
            <div>
              <dt className="inline">Date: </dt>
              <dd className="inline">{formatDate(invoice.issuedAt)}</dd>
            </div>
            <div>
              <dt className="inline">Place of supply: </dt>
              <dd className="inline">{invoice.placeOfSupply}</dd>
            </div>
          </dl>
        </header>

        <div className="grid gap-5 border-b border-maroon-100 py-5 sm:grid-cols-2">
          <section aria-labelledby="supplier-heading">
            <h2 id="supplier-heading" className="text-xs font-semibold uppercase tracking-wider text-ink/75">
              Supplier
            </h2>
            <p className="mt-1 font-semibold">{s.legalName}</p>
            <p className="text-sm">{s.address}</p>
            <p className="text-sm">
              {s.state} (state code {s.stateCode})
            </p>
            <p className="text-sm">
              GSTIN: <span className="font-mono">{s.gstin}</span>
            </p>
          </section>
          <section aria-labelledby="recipient-heading">
            <h2 id="recipient-heading" className="text-xs font-semibold uppercase tracking-wider text-ink/75">
              Billed to
            </h2>
            <p className="mt-1 font-semibold">{b.businessName}</p>
            {b.address && <p className="text-sm">{b.address}</p>}
            {(b.city || b.state) && (
              <p className="text-sm">
                {[b.city, b.state].filter(Boolean).join(", ")}
                {b.stateCode ? ` (state code ${b.stateCode})` : ""}
              </p>
            )}
            <p className="text-sm">GSTIN: {b.gstin ? <span className="font-mono">{b.gstin}</span> : "not registered"}</p>
            <p className="text-sm break-all">{b.email}</p>
          </section>
        </div>

        <section className="border-b border-maroon-100 py-5" aria-labelledby="supply-heading">
          <h2 id="supply-heading" className="sr-only">
            What was supplied
          </h2>
          <div className="flex justify-between gap-4">
            <div>
              <p className="font-semibold">{invoice.description}</p>
              <p className="text-sm text-ink/75">
                SAC {invoice.sac}
                {invoice.sacDescription ? `: ${invoice.sacDescription}` : ""}
              </p>
            </div>
            <p className="shrink-0 tabular-nums">{rupees(invoice.taxableValue)}</p>
          </div>
        </section>

        <dl className="ml-auto max-w-sm py-4 text-sm">
          {line("Taxable value", invoice.taxableValue)}
          {intra ? (
            <>
              {line(`CGST @ ${formatRate(invoice.cgstRate)}`, invoice.cgstAmount)}
              {line(`SGST @ ${formatRate(invoice.sgstRate)}`, invoice.sgstAmount)}
            </>
          ) : (
            line(`IGST @ ${formatRate(invoice.igstRate)}`, invoice.igstAmount)
          )}
          {line("Total", invoice.total, true)}
        </dl>
        <p className="text-sm">
          <span className="font-semibold">Amount in words: </span>
          <span data-testid="amount-in-words">{invoice.totalInWords}</span>
        </p>
        <ul className="mt-4 space-y-0.5 text-xs text-ink/75">
          <li>{invoice.priceNote}</li>
          <li>Tax payable on reverse charge: No.</li>
        </ul>
        <p className="mt-6 border-t border-maroon-100 pt-4 text-center text-xs text-ink/75">{INVOICE_MESSAGES.footer}</p>

        <div className="no-print mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            Print
          </button>
          <a className="btn" href={`/invoices/${invoice.id}/pdf`} download={`${invoice.number.replaceAll("/", "-")}.pdf`}>
            Download PDF
          </a>
          {payments && (
            <Link className="btn" to={payments}>
              Payment history
            </Link>
          )}
        </div>
      </article>
    </div>
  );
}
