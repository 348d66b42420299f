import { Link } from "react-router";
import type { Route } from "./+types/credit-note";
import { readCreditNote } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { CREDIT_NOTE_MESSAGES, formatPaise, formatRate } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * /credit-notes/{creditNoteId}: a GST credit note (a refund of an invoiced payment, issue 30), for
 * the account its invoice was issued to or an admin (anyone else: not found; a visitor logs in
 * first). Printable alone, like the invoice. The PDF is /credit-notes/{id}/pdf, the JSON
 * GET /api/v1/subscribe/credit-note/{id}.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Credit note ${loaderData.note.number}` : "Credit note") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const note = await readCreditNote(domain, params.creditNoteId);
    const payments = can.viewAdminArea(domain.actor) ? null : can.manageBusinessProfile(domain.actor) ? "/VendorDashboard/payments" : "/profile/payments";
    return { note, payments };
  });
}

const rupees = (paise: number) => `₹${formatPaise(paise)}`;

const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden; }
  #credit-note, #credit-note * { visibility: visible; }
  html, body { background: #fff !important; }
  #credit-note { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; margin: 0; border: 0; box-shadow: none; padding: 0; }
  #credit-note .no-print { display: none; }
}`;

export default function CreditNote({ loaderData }: Route.ComponentProps) {
  const { note, payments } = loaderData;
  const s = note.supplier;
  const b = note.billedTo;
  const intra = note.cgstRate > 0 || note.sgstRate > 0;
  const line = (label: string, amount: number, strong = false) => (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? "border-t border-maroon-200 pt-2 text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{rupees(amount)}</dd>
    </div>
  );
  return (
    <div className="container-page py-6 md:py-10">
      <style>{PRINT_CSS}</style>
      <article
        id="credit-note"
        className="mx-auto max-w-3xl rounded-2xl border border-maroon-100 bg-white p-5 text-ink md:p-10"
        aria-labelledby="credit-note-title"
      >
        <header className="flex flex-col gap-3 border-b border-maroon-100 pb-5 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 id="credit-note-title" className="text-2xl font-bold tracking-wide text-maroon-700 md:text-3xl">
              Credit note
            </h1>
            <p className="mt-1 text-sm text-ink/75">Original for recipient</p>
          </div>
          <dl className="text-sm sm:text-right">
            <div>
              <dt className="inline font-semibold">Credit note no. </dt>
              <dd className="inline font-mono font-semibold" data-testid="credit-note-number">
                {note.number}
              </dd>
            </div>
            <div>
              <dt className="inline">Date: </dt>
              <dd className="inline">{formatDate(note.issuedAt)}</dd>
            </div>
            <div>
              <dt className="inline">Against tax invoice: </dt>
              <dd className="inline" data-testid="against-invoice">
                <span className="font-mono">{note.invoiceNumber}</span> dated {formatDate(note.invoiceIssuedAt)}
              </dd>
            </div>
            <div>
              <dt className="inline">Place of supply: </dt>
              <dd className="inline">{note.placeOfSupply}</dd>
            </div>
          </dl>
        </header>

        <div className="grid gap-5 border-b border-maroon-100 py-5 sm:grid-cols-2">
          <section aria-labelledby="supplier-heading">
            <h2 id="supplier-heading" className="text-xs font-semibold tracking-wider text-ink/75 uppercase">
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
            <h2 id="recipient-heading" className="text-xs font-semibold tracking-wider text-ink/75 uppercase">
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

        <section className="border-b border-maroon-100 py-5" aria-labelledby="refund-heading">
          <h2 id="refund-heading" className="sr-only">
            What was refunded
          </h2>
          <div className="flex justify-between gap-4">
            <div>
              <p className="font-semibold">Refund: {note.description}</p>
              <p className="text-sm text-ink/75">
                SAC {note.sac}
                {note.sacDescription ? `: ${note.sacDescription}` : ""}
              </p>
              <p className="mt-1 text-sm">Reason: {note.reason}</p>
            </div>
            <p className="shrink-0 tabular-nums">{rupees(note.taxableValue)}</p>
          </div>
        </section>

        <dl className="ml-auto max-w-sm py-4 text-sm">
          {line("Taxable value", note.taxableValue)}
          {intra ? (
            <>
              {line(`CGST @ ${formatRate(note.cgstRate)}`, note.cgstAmount)}
              {line(`SGST @ ${formatRate(note.sgstRate)}`, note.sgstAmount)}
            </>
          ) : (
            line(`IGST @ ${formatRate(note.igstRate)}`, note.igstAmount)
          )}
          {line("Total refunded", note.total, true)}
        </dl>
        <p className="text-sm">
          <span className="font-semibold">Amount in words: </span>
          <span data-testid="amount-in-words">{note.totalInWords}</span>
        </p>
        <ul className="mt-4 space-y-0.5 text-xs text-ink/75">
          <li>{CREDIT_NOTE_MESSAGES.issuedFor}</li>
          <li>Tax payable on reverse charge: No.</li>
        </ul>
        <p className="mt-6 border-t border-maroon-100 pt-4 text-center text-xs text-ink/75">{CREDIT_NOTE_MESSAGES.footer}</p>

        <div className="no-print mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            Print
          </button>
          <a className="btn" href={`/credit-notes/${note.id}/pdf`} download={`${note.number.replaceAll("/", "-")}.pdf`}>
            Download PDF
          </a>
          <Link className="btn" to={`/invoices/${note.invoiceId}`}>
            The invoice
          </Link>
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
