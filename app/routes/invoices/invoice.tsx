import type { Route } from "./+types/invoice";
import { readInvoice } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { INVOICE_MESSAGES } from "#shared/gst.ts";
import { pageTitle } from "#shared/strings.ts";
import { paymentsLink, TaxDocument } from "./tax-document.tsx";

/**
 * /invoices/{invoiceId}: a GST tax invoice, for the vendor or couple it was issued to or an admin (anyone
 * else: not found; a visitor logs in first). Printable: printing shows the invoice alone. The PDF
 * is /invoices/{invoiceId}/pdf, the JSON GET /api/v1/subscribe/invoice/{id}. The layout is the
 * credit note's too (tax-document.tsx).
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

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { invoice, payments } = loaderData;
  return (
    <TaxDocument
      id="invoice"
      title="Tax invoice"
      numberLabel="Invoice no. "
      numberTestId="invoice-number"
      doc={invoice}
      supply={{ heading: "What was supplied", headingId: "supply-heading", description: invoice.description }}
      totalLabel="Total"
      notes={[invoice.priceNote, "Tax payable on reverse charge: No."]}
      footer={INVOICE_MESSAGES.footer}
      pdfUrl={`/invoices/${invoice.id}/pdf`}
      links={paymentsLink(payments)}
    />
  );
}
