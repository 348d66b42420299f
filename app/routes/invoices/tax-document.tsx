import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TaxDocumentView } from "#domain/billing/index.ts";
import { formatPaise, formatRate } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * The one layout of a GST tax document (decision 0045: the credit note is the invoice's layout):
 * /invoices/{id} (invoice.tsx) and /credit-notes/{id} (credit-note.tsx) say what differs (title,
 * number label, the lines that are the kind's own, the total's label, the notes and the links).
 * Printable: printing shows the document alone.
 */
export type TaxDocumentProps = {
  /** The article's id ("invoice", "credit-note"): what printing keeps, and the page's anchors. */
  id: string;
  title: string;
  numberLabel: string;
  numberTestId: string;
  doc: TaxDocumentView;
  /** Header lines after the date (a credit note: the invoice it is against). */
  headerExtra?: ReactNode;
  /** The supply section's hidden heading, its id, the description line and what goes under the SAC. */
  supply: { heading: string; headingId: string; description: ReactNode; extra?: ReactNode };
  totalLabel: string;
  notes: ReactNode[];
  footer: string;
  pdfUrl: string;
  /** Links after "Download PDF". */
  links?: ReactNode;
};

const rupees = (paise: number) => `₹${formatPaise(paise)}`;

/** While printing, only the document: the site's header, footer and the buttons stay on screen. */
const printCss = (id: string) => `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden; }
  #${id}, #${id} * { visibility: visible; }
  html, body { background: #fff !important; }
  #${id} { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; margin: 0; border: 0; box-shadow: none; padding: 0; }
  #${id} .no-print { display: none; }
}`;

export function TaxDocument({ id, title, numberLabel, numberTestId, doc, headerExtra, supply, totalLabel, notes, footer, pdfUrl, links }: TaxDocumentProps) {
  const s = doc.supplier;
  const b = doc.billedTo;
  const intra = doc.cgstRate > 0 || doc.sgstRate > 0;
  const line = (label: string, amount: number, strong = false) => (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? "border-t border-maroon-200 pt-2 text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{rupees(amount)}</dd>
    </div>
  );
  return (
    <div className="container-page py-6 md:py-10">
      <style>{printCss(id)}</style>
      <article id={id} className="mx-auto max-w-3xl rounded-2xl border border-maroon-100 bg-white p-5 text-ink md:p-10" aria-labelledby={`${id}-title`}>
        <header className="flex flex-col gap-3 border-b border-maroon-100 pb-5 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 id={`${id}-title`} className="text-2xl font-bold tracking-wide text-maroon-700 md:text-3xl">
              {title}
            </h1>
            <p className="mt-1 text-sm text-ink/75">{m.tax_original()}</p>
          </div>
          <dl className="text-sm sm:text-right">
            <div>
              <dt className="inline font-semibold">{numberLabel}</dt>
              <dd className="inline font-mono font-semibold" data-testid={numberTestId} translate="no">
                {doc.number}
              </dd>
            </div>
            <div>
              <dt className="inline">{m.tax_date()} </dt>
              <dd className="inline">{formatDate(doc.issuedAt)}</dd>
            </div>
            {headerExtra}
            <div>
              <dt className="inline">{m.tax_place_of_supply()} </dt>
              <dd className="inline" translate="no">
                {doc.placeOfSupply}
              </dd>
            </div>
          </dl>
        </header>

        <div className="grid gap-5 border-b border-maroon-100 py-5 sm:grid-cols-2">
          <section aria-labelledby="supplier-heading">
            <h2 id="supplier-heading" className="text-xs font-semibold tracking-wider text-ink/75 uppercase">
              {m.tax_supplier()}
            </h2>
            {/* The parties as the paper was issued (their names and addresses are its record): marked so. */}
            <p className="mt-1 font-semibold" translate="no">
              {s.legalName}
            </p>
            <p className="text-sm" translate="no">
              {s.address}
            </p>
            <p className="text-sm">{rich(m.tax_state_code, { state: <span translate="no">{s.state}</span>, code: s.stateCode })}</p>
            <p className="text-sm">
              GSTIN:{" "}
              <span className="font-mono" translate="no">
                {s.gstin}
              </span>
            </p>
          </section>
          <section aria-labelledby="recipient-heading">
            <h2 id="recipient-heading" className="text-xs font-semibold tracking-wider text-ink/75 uppercase">
              {m.tax_billed_to()}
            </h2>
            <p className="mt-1 font-semibold" translate="no">
              {b.businessName}
            </p>
            {b.address && (
              <p className="text-sm" translate="no">
                {b.address}
              </p>
            )}
            {(b.city || b.state) && (
              <p className="text-sm">
                {b.stateCode ? (
                  rich(m.tax_state_code, { state: <span translate="no">{[b.city, b.state].filter(Boolean).join(", ")}</span>, code: b.stateCode })
                ) : (
                  <span translate="no">{[b.city, b.state].filter(Boolean).join(", ")}</span>
                )}
              </p>
            )}
            <p className="text-sm">
              GSTIN:{" "}
              {b.gstin ? (
                <span className="font-mono" translate="no">
                  {b.gstin}
                </span>
              ) : (
                m.tax_gstin_not_registered()
              )}
            </p>
            <p className="text-sm break-all" translate="no">
              {b.email}
            </p>
          </section>
        </div>

        <section className="border-b border-maroon-100 py-5" aria-labelledby={supply.headingId}>
          <h2 id={supply.headingId} className="sr-only">
            {supply.heading}
          </h2>
          <div className="flex justify-between gap-4">
            <div>
              <p className="font-semibold">{supply.description}</p>
              {/* The SAC's description is the GST schedule's own (English) name of the service. */}
              <p className="text-sm text-ink/75">
                SAC {doc.sac}
                {doc.sacDescription ? ": " : ""}
                {doc.sacDescription && <span lang="en-IN">{doc.sacDescription}</span>}
              </p>
              {supply.extra}
            </div>
            <p className="shrink-0 tabular-nums">{rupees(doc.taxableValue)}</p>
          </div>
        </section>

        <dl className="ml-auto max-w-sm py-4 text-sm">
          {line(m.tax_taxable_value(), doc.taxableValue)}
          {intra ? (
            <>
              {line(`CGST @ ${formatRate(doc.cgstRate)}`, doc.cgstAmount)}
              {line(`SGST @ ${formatRate(doc.sgstRate)}`, doc.sgstAmount)}
            </>
          ) : (
            line(`IGST @ ${formatRate(doc.igstRate)}`, doc.igstAmount)
          )}
          {line(totalLabel, doc.total, true)}
        </dl>
        <p className="text-sm">
          <span className="font-semibold">{m.tax_amount_in_words()} </span>
          <span data-testid="amount-in-words">{doc.totalInWords}</span>
        </p>
        <ul className="mt-4 space-y-0.5 text-xs text-ink/75">
          {notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
        <p className="mt-6 border-t border-maroon-100 pt-4 text-center text-xs text-ink/75">{footer}</p>

        <div className="no-print mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {m.tax_print()}
          </button>
          <a className="btn" href={pdfUrl} download={`${doc.number.replaceAll("/", "-")}.pdf`}>
            {m.tax_download_pdf()}
          </a>
          {links}
        </div>
      </article>
    </div>
  );
}

/** The link back to the reader's payments page (none for an admin, who came from the admin area). */
export const paymentsLink = (payments: string | null) =>
  payments && (
    <Link className="btn" to={payments}>
      {m.tax_payment_history()}
    </Link>
  );
