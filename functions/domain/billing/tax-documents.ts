import type { InvoiceRecipient, InvoiceSupplier } from "#db/schema/billing.ts";
import { type MailMessage, queueMail } from "#platform/mail.ts";
import { amountInWords, SAC_DESCRIPTIONS } from "#shared/gst.ts";
import { type DomainContext, NotFound, allows, ACCESS, requireSignedIn } from "../core/index.ts";

/**
 * What GST tax invoices (invoices.ts) and credit notes (credit-notes.ts) share: both are numbered
 * inside their INSERT, mailed in the same batch with the number written in once that INSERT has
 * run, read by the account they were issued to or an admin, and shown with the same figures (the
 * pages share one layout: app/routes/invoices/tax-document.tsx).
 */

/** The tables of the two kinds of tax document. */
type TaxDocumentTable = "invoices" | "credit_notes";

/**
 * The statements that mail a tax document the batch is issuing: the mail, queued only when the
 * document's INSERT wrote its row, then the UPDATE that puts the number the INSERT made in place of
 * "{number}" in its subject, text and HTML. Run them after the INSERT, in the same batch.
 */
export function taxDocumentMail(db: D1Database, table: TaxDocumentTable, documentId: string, message: MailMessage, at: number): D1PreparedStatement[] {
  const mail = queueMail(db, message, at, { sql: `EXISTS (SELECT 1 FROM ${table} WHERE id = ?)`, binds: [documentId] });
  const number = `(SELECT number FROM ${table} WHERE id = ?1)`;
  const fill = db
    .prepare(
      `UPDATE outbox SET subject = replace(subject, '{number}', ${number}), text = replace(text, '{number}', ${number}),
         html = replace(html, '{number}', ${number}) WHERE id = ?2`,
    )
    .bind(documentId, mail.id);
  return [mail.statement, fill];
}

/** The columns both tables have, as stored. */
export type TaxDocumentRow = {
  id: string;
  user_id: string;
  payment_id: string;
  number: string;
  financial_year: string;
  issued_at: number;
  description: string;
  sac: string;
  taxable_value: number;
  cgst_rate: number;
  cgst_amount: number;
  sgst_rate: number;
  sgst_amount: number;
  igst_rate: number;
  igst_amount: number;
  total: number;
  place_of_supply: string;
  supplier: string;
  billed_to: string;
};

/** A tax document's figures as the pages, the PDFs and the API show them. Amounts in paise, rates in basis points. */
export type TaxDocumentView = {
  id: string;
  paymentId: string;
  number: string;
  financialYear: string;
  issuedAt: number;
  description: string;
  sac: string;
  sacDescription: string;
  taxableValue: number;
  cgstRate: number;
  cgstAmount: number;
  sgstRate: number;
  sgstAmount: number;
  igstRate: number;
  igstAmount: number;
  /** The invoice's total, or what a credit note refunded. */
  total: number;
  totalInWords: string;
  placeOfSupply: string;
  supplier: InvoiceSupplier;
  billedTo: InvoiceRecipient;
};

/**
 * One tax document for the account it was issued to, or an admin; anyone else (and an id that is
 * not one) is told it does not exist with `notFound`. A visitor is asked to sign in.
 */
export async function readOwnTaxDocument<R extends TaxDocumentRow>(ctx: DomainContext, table: TaxDocumentTable, id: string, notFound: string): Promise<R> {
  const actor = requireSignedIn(ctx.actor);
  const row = id.length <= 64 ? await ctx.db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<R>() : null;
  if (!row || !(allows(ACCESS.admin, actor) || row.user_id === actor.id)) throw new NotFound(notFound);
  return row;
}

/** The figures both kinds show, from a stored row. */
export function taxDocumentView(row: TaxDocumentRow): TaxDocumentView {
  return {
    id: row.id,
    paymentId: row.payment_id,
    number: row.number,
    financialYear: row.financial_year,
    issuedAt: row.issued_at,
    description: row.description,
    sac: row.sac,
    sacDescription: SAC_DESCRIPTIONS[row.sac] ?? "",
    taxableValue: row.taxable_value,
    cgstRate: row.cgst_rate,
    cgstAmount: row.cgst_amount,
    sgstRate: row.sgst_rate,
    sgstAmount: row.sgst_amount,
    igstRate: row.igst_rate,
    igstAmount: row.igst_amount,
    total: row.total,
    totalInWords: amountInWords(row.total),
    placeOfSupply: row.place_of_supply,
    supplier: JSON.parse(row.supplier) as InvoiceSupplier,
    billedTo: JSON.parse(row.billed_to) as InvoiceRecipient,
  };
}
