import { Link } from "react-router";
import type { Route } from "./+types/credit-note";
import { readCreditNote } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { CREDIT_NOTE_MESSAGES } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { paymentsLink, TaxDocument } from "./tax-document.tsx";

/**
 * /credit-notes/{creditNoteId}: a GST credit note (a refund of an invoiced payment, issue 30), for
 * the account its invoice was issued to or an admin (anyone else: not found; a visitor logs in
 * first). Printable alone: the invoice's layout (tax-document.tsx). The PDF is /credit-notes/{id}/pdf, the JSON
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

export default function CreditNote({ loaderData }: Route.ComponentProps) {
  const { note, payments } = loaderData;
  return (
    <TaxDocument
      id="credit-note"
      title="Credit note"
      numberLabel="Credit note no. "
      numberTestId="credit-note-number"
      doc={note}
      headerExtra={
        <div>
          <dt className="inline">Against tax invoice: </dt>
          <dd className="inline" data-testid="against-invoice">
            <span className="font-mono">{note.invoiceNumber}</span> dated {formatDate(note.invoiceIssuedAt)}
          </dd>
        </div>
      }
      supply={{
        heading: "What was refunded",
        headingId: "refund-heading",
        description: `Refund: ${note.description}`,
        extra: <p className="mt-1 text-sm">Reason: {note.reason}</p>,
      }}
      totalLabel="Total refunded"
      notes={[CREDIT_NOTE_MESSAGES.issuedFor]}
      footer={CREDIT_NOTE_MESSAGES.footer}
      pdfUrl={`/credit-notes/${note.id}/pdf`}
      links={
        <>
          <Link className="btn" to={`/invoices/${note.invoiceId}`}>
            The invoice
          </Link>
          {paymentsLink(payments)}
        </>
      }
    />
  );
}
