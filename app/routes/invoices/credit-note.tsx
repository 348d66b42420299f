import { Link } from "react-router";
import type { Route } from "./+types/credit-note";
import { readCreditNote } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import { rich } from "#app/components/rich.tsx";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { paymentsLink, TaxDocument } from "./tax-document.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /credit-notes/{creditNoteId}: a GST credit note (a refund of an invoiced payment, issue 30), for
 * the account its invoice was issued to or an admin (anyone else: not found; a visitor logs in
 * first). Printable alone: the invoice's layout (tax-document.tsx). The PDF is /credit-notes/{id}/pdf, the JSON
 * GET /api/v1/subscribe/credit-note/{id}.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? m.tax_credit_note_title_number({ number: loaderData.note.number }) : m.tax_credit_note_title()) },
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

export default function CreditNote({ loaderData }: Route.ComponentProps) {
  const { note, payments } = loaderData;
  return (
    <TaxDocument
      id="credit-note"
      title={m.tax_credit_note_title()}
      numberLabel={`${m.tax_credit_note_no()} `}
      numberTestId="credit-note-number"
      doc={note}
      headerExtra={
        <div>
          <dt className="inline">{m.tax_against_label()} </dt>
          <dd className="inline" data-testid="against-invoice">
            <span className="font-mono" translate="no">
              {note.invoiceNumber}
            </span>{" "}
            {m.tax_dated({ date: formatDate(note.invoiceIssuedAt) })}
          </dd>
        </div>
      }
      supply={{
        heading: m.tax_what_refunded(),
        headingId: "refund-heading",
        description: rich(m.tax_refund_of, { description: <span translate="no">{note.description}</span> }),
        extra: <p className="mt-1 text-sm">{rich(m.tax_reason, { reason: <span translate="no">{note.reason}</span> })}</p>,
      }}
      totalLabel={m.tax_total_refunded()}
      notes={[m.tax_credit_note_issued_for()]}
      footer={m.tax_credit_note_footer()}
      pdfUrl={pathInLocale(`/credit-notes/${note.id}/pdf`, getLocale())}
      links={
        <>
          <Link className="btn" to={`/invoices/${note.invoiceId}`}>
            {m.tax_the_invoice()}
          </Link>
          {paymentsLink(payments)}
        </>
      }
    />
  );
}
