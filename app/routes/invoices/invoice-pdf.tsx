import type { Route } from "./+types/invoice-pdf";
import { readInvoice } from "#domain/billing/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { invoicePdf } from "#app/lib/invoice-pdf.server.ts";
import { appContext } from "#functions/page-context.ts";

/** /invoices/{invoiceId}/pdf: the tax invoice as a PDF (a resource route), for the same readers as the page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain, env } = context.get(appContext);
  const invoice = await loadOrRespond(request, () => readInvoice(domain, params.invoiceId));
  const bytes = await invoicePdf(invoice, env.ASSETS);
  return new Response(bytes.slice().buffer, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${invoice.number.replaceAll("/", "-")}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
