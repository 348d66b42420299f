import type { Route } from "./+types/invoice";
import { readInvoice } from "#domain/billing/index.ts";
import { can } from "#domain/core/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import { pageTitle } from "#shared/strings.ts";
import { paymentsLink, TaxDocument } from "./tax-document.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /invoices/{invoiceId}: a GST tax invoice, for the vendor or couple it was issued to or an admin (anyone
 * else: not found; a visitor logs in first). Printable: printing shows the invoice alone. The PDF
 * is /invoices/{invoiceId}/pdf, the JSON GET /api/v1/subscribe/invoice/{id}. The layout is the
 * credit note's too (tax-document.tsx).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? m.tax_invoice_title_number({ number: loaderData.invoice.number }) : m.tax_invoice_title()) },
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
      title={m.tax_invoice_title()}
      numberLabel={`${m.tax_invoice_no()} `}
      numberTestId="invoice-number"
      doc={invoice}
      // The description is the invoice's record as issued.
      supply={{ heading: m.tax_what_supplied(), headingId: "supply-heading", description: <span translate="no">{invoice.description}</span> }}
      totalLabel={m.tax_total()}
      notes={[invoice.priceNote, m.tax_reverse_charge()]}
      footer={m.tax_invoice_footer()}
      pdfUrl={pathInLocale(`/invoices/${invoice.id}/pdf`, getLocale())}
      links={paymentsLink(payments)}
    />
  );
}
