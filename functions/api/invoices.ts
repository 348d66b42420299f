import { z } from "zod";
import { ACCESS } from "#domain/core/index.ts";
import { readCreditNote, readInvoice } from "#domain/billing/index.ts";
import { Resource } from "./endpoint.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });

/** GST tax invoices: the JSON twin of /invoices/{id} (the page and its PDF are app/routes/invoice*.tsx). */
export const invoicesApi = new Resource("/subscribe", "Invoices")
  .endpoint(
    {
      method: "get",
      path: "/invoice/:id",
      summary:
        "A GST tax invoice (amounts in paise, rates in basis points: 900 = 9 %): a vendor's plan or a couple's invitation design (`kind`), for the account it was issued to or an admin; the page is /invoices/{id}, the PDF /invoices/{id}/pdf",
      params: idParams,
      access: ACCESS.signedIn,
      responses: { 404: "No such invoice of yours" },
    },
    async (c, { params }) => c.json({ success: true, invoice: await readInvoice(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/credit-note/:id",
      summary:
        "A GST credit note of a refund (issue 30; amounts in paise, rates in basis points), naming the invoice it reverses part of, for the account the invoice was issued to or an admin; the page is /credit-notes/{id}, the PDF /credit-notes/{id}/pdf",
      params: idParams,
      access: ACCESS.signedIn,
      responses: { 404: "No such credit note of yours" },
    },
    async (c, { params }) => c.json({ success: true, creditNote: await readCreditNote(c.get("domain"), params.id) }),
  );
