import type { Route } from "./+types/credit-note-pdf";
import { readCreditNote } from "#domain/billing/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { creditNotePdf } from "#app/lib/invoice-pdf.server.ts";
import { appContext } from "#functions/page-context.ts";

/** /credit-notes/{creditNoteId}/pdf: the GST credit note as a PDF (a resource route), for the same readers as the page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain, env } = context.get(appContext);
  const note = await loadOrRespond(request, () => readCreditNote(domain, params.creditNoteId));
  const bytes = await creditNotePdf(note, env.ASSETS);
  return new Response(bytes.slice().buffer, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${note.number.replaceAll("/", "-")}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
