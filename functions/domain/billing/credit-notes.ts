import type { creditNotes } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { InvoiceRecipient } from "#db/schema/billing.ts";
import { taxDocumentMail, readOwnTaxDocument, taxDocumentView, type TaxDocumentRow, type TaxDocumentView } from "./tax-documents.ts";
import { CREDIT_NOTE_MESSAGES, creditNotePrefix, creditNoteTax, financialYearOf, formatPaise } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { type DomainContext, newId } from "../core/index.ts";
import { mailLocale } from "#platform/mail-layout.ts";
import { withLocale } from "#platform/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";

/**
 * GST credit notes (issue 30, docs/decisions/0045-gst-credit-notes.md).
 *
 * A refund of an invoiced payment issues a credit note in the batch that records the refund as
 * processed (refunds.ts `settleRefund`), so there is exactly one per recorded refund: the INSERT
 * runs only when no credit note names the refund yet (and `credit_notes.refund_id` is unique),
 * however many webhooks arrive. Its own series per financial year ("CN/2627/000001"), numbered inside
 * the INSERT as invoices are (MAX(sequence) + 1: D1 runs one write batch at a time, and a batch that
 * fails takes its number with it). It names the invoice's number and date and carries the invoice's
 * tax heads on the refunded amount (shared/gst.ts `creditNoteTax`); the refund that takes the rest
 * takes exactly what is left of each head, worked out in the INSERT against the credit notes
 * recorded by then. The recipient is mailed a link in the same batch.
 */

type InvoiceForCredit = {
  id: string;
  user_id: string;
  /** The account's language (users.locale): the credit note's mail is written in it. */
  locale: string | null;
  number: string;
  issued_at: number;
  description: string;
  sac: string;
  taxable_value: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total: number;
  billed_to: string;
};

/**
 * The statements that issue the credit note of a refund being recorded as processed (none when the
 * payment has no invoice, e.g. a purchase made before invoices were issued for it).
 */
export async function creditNoteStatements(
  ctx: DomainContext,
  refund: { id: string; paymentId: string; amountPaise: number; reason: string },
  issuedAt: number,
): Promise<D1PreparedStatement[]> {
  const { db } = ctx;
  const [invoice, credited] = await Promise.all([
    db
      .prepare(
        `SELECT id, user_id, number, issued_at, description, sac, taxable_value, cgst_amount, sgst_amount, igst_amount, total, billed_to,
           (SELECT locale FROM users WHERE users.id = invoices.user_id) AS locale
         FROM invoices WHERE payment_id = ?`,
      )
      .bind(refund.paymentId)
      .first<InvoiceForCredit>(),
    db
      .prepare(
        `SELECT COALESCE(SUM(taxable_value), 0) AS taxableValue, COALESCE(SUM(cgst_amount), 0) AS cgst, COALESCE(SUM(sgst_amount), 0) AS sgst,
                COALESCE(SUM(igst_amount), 0) AS igst, COALESCE(SUM(total), 0) AS total
         FROM credit_notes WHERE payment_id = ?`,
      )
      .bind(refund.paymentId)
      .first<{ taxableValue: number; cgst: number; sgst: number; igst: number; total: number }>(),
  ]);
  if (!invoice || refund.amountPaise <= 0) return [];
  const heads = {
    taxableValue: invoice.taxable_value,
    cgst: invoice.cgst_amount,
    sgst: invoice.sgst_amount,
    igst: invoice.igst_amount,
    total: invoice.total,
  };
  // The share of each head as far as this request can see; the INSERT decides again whether this
  // refund takes the rest, against the credit notes recorded when the batch runs.
  const share = creditNoteTax(heads, credited ?? { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }, refund.amountPaise);
  const financialYear = financialYearOf(issuedAt);
  const id = newId(issuedAt);
  const rest = "(prior.total + ?9 >= i.total)";
  const pick = (column: string, priorColumn: string, bind: string) => `CASE WHEN ${rest} THEN i.${column} - prior.${priorColumn} ELSE ${bind} END`;
  const insert = db
    .prepare(
      `INSERT INTO credit_notes (id, refund_id, invoice_id, payment_id, user_id, number, financial_year, sequence, reason, invoice_number, invoice_issued_at,
         description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount, igst_rate, igst_amount, total, place_of_supply, supplier, billed_to, issued_at)
       SELECT ?1, ?2, i.id, i.payment_id, i.user_id, ?3 || printf('%06d', next.seq), ?4, next.seq, ?5, i.number, i.issued_at,
         i.description, i.sac, ${pick("taxable_value", "taxable", "?10")}, i.cgst_rate, ${pick("cgst_amount", "cgst", "?11")},
         i.sgst_rate, ${pick("sgst_amount", "sgst", "?12")}, i.igst_rate, ${pick("igst_amount", "igst", "?13")}, ${pick("total", "total", "?9")},
         i.place_of_supply, i.supplier, i.billed_to, ?6
       FROM invoices i,
         (SELECT COALESCE(MAX(sequence), 0) + 1 AS seq FROM credit_notes WHERE financial_year = ?4) AS next,
         (SELECT COALESCE(SUM(taxable_value), 0) AS taxable, COALESCE(SUM(cgst_amount), 0) AS cgst, COALESCE(SUM(sgst_amount), 0) AS sgst,
                 COALESCE(SUM(igst_amount), 0) AS igst, COALESCE(SUM(total), 0) AS total FROM credit_notes WHERE payment_id = ?7) AS prior
       WHERE i.id = ?8 AND NOT EXISTS (SELECT 1 FROM credit_notes WHERE refund_id = ?2)`,
    )
    .bind(
      id,
      refund.id,
      creditNotePrefix(financialYear),
      financialYear,
      refund.reason.slice(0, 300),
      issuedAt,
      refund.paymentId,
      invoice.id,
      refund.amountPaise,
      share.taxableValue,
      share.cgst,
      share.sgst,
      share.igst,
    );

  const billedTo = JSON.parse(invoice.billed_to) as InvoiceRecipient;
  const link = `${ctx.request.origin}/credit-notes/${id}`;
  const locale = mailLocale(invoice.locale);
  // Queued only when this batch's credit note was inserted (not for a refund already credited).
  const mail = taxDocumentMail(
    db,
    "credit_notes",
    id,
    {
      to: billedTo.email,
      // In the account's language; "{number}" is written in when the batch takes it.
      subject: messages.mail_credit_note_subject({ number: "{number}" }, { locale }),
      text: [
        messages.mail_namaste({ name: billedTo.businessName }, { locale }),
        "",
        messages.mail_credit_note_refunded(
          {
            amount: formatPaise(refund.amountPaise),
            description: invoice.description,
            invoice: invoice.number,
            date: withLocale(locale, () => formatDate(invoice.issued_at)),
          },
          { locale },
        ),
        messages.mail_credit_note_here({ number: "{number}" }, { locale }),
        link,
        messages.mail_credit_note_pdf({ url: `${link}/pdf` }, { locale }),
        "",
        messages.mail_team_mandap({}, { locale }),
      ].join("\n"),
    },
    issuedAt,
  );
  return [insert, ...mail];
}

/** A credit note as the pages, the PDF and the API show it (tax-documents.ts), with the invoice it corrects and why. */
export type CreditNoteView = TaxDocumentView & {
  invoiceId: string;
  invoiceNumber: string;
  invoiceIssuedAt: number;
  /** "Against tax invoice MDP/2627/000001 dated 5 May 2026". */
  against: string;
  reason: string;
};

type CreditNoteRow = TaxDocumentRow & Row<typeof creditNotes, "invoice_id" | "invoice_number" | "invoice_issued_at" | "reason">;

/** A credit note for the account its invoice was issued to, or an admin; anyone else is told it does not exist. */
export async function readCreditNote(ctx: DomainContext, creditNoteId: string): Promise<CreditNoteView> {
  const row = await readOwnTaxDocument<CreditNoteRow>(ctx, "credit_notes", creditNoteId, CREDIT_NOTE_MESSAGES.notFound);
  return {
    ...taxDocumentView(row),
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    invoiceIssuedAt: row.invoice_issued_at,
    // In the language of the request or page that reads it.
    against: messages.tax_against({ number: row.invoice_number, date: formatDate(row.invoice_issued_at) }),
    reason: row.reason,
  };
}
