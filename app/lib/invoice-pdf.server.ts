import { PDFDocument, rgb, type Color, type PDFPage } from "@cantoo/pdf-lib";
import { type CreditNoteView, type InvoiceView } from "#domain/billing/index.ts";
import { formatPaise, formatRate } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { drawRuns, embedPdfFonts, widthOf, type AssetsFetcher, type FontFace } from "./pdf-fonts.server.ts";

/**
 * GST papers as A4 PDFs (@cantoo/pdf-lib, the maintained fork of pdf-lib): the tax invoice, and
 * the credit note that reverses part of one. Noto Sans (Latin and Devanagari subsets, embedded as
 * subsets: app/lib/pdf-fonts.server.ts) prints amounts as "₹14,999.00" and a name or address in
 * Devanagari as typed. The labels and the amount in words are in the language of the request (a PDF
 * opened from a Hindi page is /hi/invoices/{id}/pdf: "एक लाख पचास हज़ार रुपये मात्र"); the paper's
 * record (parties, description, the SAC's official description) is printed as issued.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.13, 0.1, 0.12);
const MUTED = rgb(0.38, 0.34, 0.36);
const MAROON = rgb(0.5, 0.11, 0.24);

const rupees = (paise: number) => `₹${formatPaise(paise)}`;

/** What an invoice and a credit note print alike: the parties, the supply and its tax heads. */
export type TaxPaper = Pick<
  InvoiceView,
  | "number"
  | "issuedAt"
  | "placeOfSupply"
  | "supplier"
  | "billedTo"
  | "description"
  | "sac"
  | "sacDescription"
  | "taxableValue"
  | "cgstRate"
  | "cgstAmount"
  | "sgstRate"
  | "sgstAmount"
  | "igstRate"
  | "igstAmount"
  | "total"
  | "totalInWords"
>;

type Heading = {
  /** "TAX INVOICE", "CREDIT NOTE". */
  title: string;
  /** The document's metadata title: "Tax invoice MDP/2627/000001". */
  docTitle: string;
  /** "Invoice no.", "Credit note no.". */
  numberLabel: string;
  /** Lines under the date (the original invoice a credit note reverses). */
  references: string[];
  /** Notes under the amount in words. */
  notes: string[];
  footer: string;
};

/** Lines of at most `width` points, broken at spaces. */
function wrap(text: string, face: FontFace, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (widthOf(next, face, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

async function taxPaperPdf(paper: TaxPaper, heading: Heading, assets: AssetsFetcher | undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(heading.docTitle);
  doc.setSubject(messages.tax_pdf_subject({ document: heading.docTitle.toLowerCase(), supplier: paper.supplier.legalName }));
  doc.setAuthor(paper.supplier.legalName);
  doc.setCreator("Mandap");
  doc.setProducer("Mandap (@cantoo/pdf-lib)");
  doc.setCreationDate(new Date(paper.issuedAt));
  doc.setModificationDate(new Date(paper.issuedAt));
  const page: PDFPage = doc.addPage(A4);
  const { regular, bold } = await embedPdfFonts(doc, assets);
  const [width, height] = A4;
  const right = width - MARGIN;
  let y = height - MARGIN;

  const text = (value: string, x: number, at: number, opts: { face?: FontFace; size?: number; color?: Color; align?: "left" | "right" } = {}) => {
    const face = opts.face ?? regular;
    const size = opts.size ?? 10;
    const left = opts.align === "right" ? x - widthOf(value, face, size) : x;
    drawRuns(page, value, { x: left, y: at, size, face, color: opts.color ?? INK });
  };
  const block = (lines: string[], x: number, top: number, w: number, size = 10, face = regular) => {
    let at = top;
    for (const raw of lines) {
      for (const line of wrap(raw, face, size, w)) {
        text(line, x, at, { size, face });
        at -= size + 5;
      }
    }
    return at;
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.6, color: MUTED });

  // Heading: title left, number, date, references and place of supply right.
  text(heading.title, MARGIN, y, { face: bold, size: 18, color: MAROON });
  text(`${heading.numberLabel} ${paper.number}`, right, y + 2, { face: bold, size: 11, align: "right" });
  y -= 16;
  text(`${messages.tax_date()} ${formatDate(paper.issuedAt)}`, right, y, { align: "right" });
  for (const reference of heading.references) {
    y -= 14;
    text(reference, right, y, { align: "right" });
  }
  y -= 14;
  text(`${messages.tax_place_of_supply()} ${paper.placeOfSupply}`, right, y, { align: "right" });
  y -= 22;
  rule(y);
  y -= 18;

  // Supplier and recipient side by side.
  const column = (right - MARGIN - 24) / 2;
  const s = paper.supplier;
  const b = paper.billedTo;
  text(messages.tax_supplier(), MARGIN, y, { face: bold, color: MUTED, size: 9 });
  text(messages.tax_billed_to(), MARGIN + column + 24, y, { face: bold, color: MUTED, size: 9 });
  y -= 15;
  const supplierEnd = block([s.legalName], MARGIN, y, column, 11, bold);
  const recipientEnd = block([b.businessName], MARGIN + column + 24, y, column, 11, bold);
  const recipientPlace = [b.address, [b.city, b.state].filter(Boolean).join(", ")].filter(Boolean) as string[];
  const supplierBottom = block([s.address, messages.tax_state_code({ state: s.state, code: s.stateCode }), `GSTIN: ${s.gstin}`], MARGIN, supplierEnd, column);
  const recipientBottom = block(
    [
      ...recipientPlace,
      ...(b.stateCode ? [messages.tax_state_code_only({ code: b.stateCode })] : []),
      `GSTIN: ${b.gstin ?? messages.tax_gstin_not_registered()}`,
      b.email,
    ],
    MARGIN + column + 24,
    recipientEnd,
    column,
  );
  y = Math.min(supplierBottom, recipientBottom) - 14;
  rule(y);
  y -= 18;

  // The line and the tax.
  text(messages.tax_description(), MARGIN, y, { face: bold, size: 9, color: MUTED });
  text("SAC", right - 170, y, { face: bold, size: 9, color: MUTED });
  text(messages.tax_amount(), right, y, { face: bold, size: 9, color: MUTED, align: "right" });
  y -= 16;
  const descEnd = block([paper.description], MARGIN, y, right - 190 - MARGIN);
  text(paper.sac, right - 170, y);
  text(rupees(paper.taxableValue), right, y, { align: "right" });
  y = descEnd - 8;
  rule(y);
  y -= 18;
  const row = (label: string, amount: string, opts: { face?: FontFace; size?: number } = {}) => {
    text(label, right - 260, y, opts);
    text(amount, right, y, { ...opts, align: "right" });
    y -= (opts.size ?? 10) + 8;
  };
  row(messages.tax_taxable_value(), rupees(paper.taxableValue));
  if (paper.cgstRate || paper.sgstRate) {
    row(`CGST @ ${formatRate(paper.cgstRate)}`, rupees(paper.cgstAmount));
    row(`SGST @ ${formatRate(paper.sgstRate)}`, rupees(paper.sgstAmount));
  } else {
    row(`IGST @ ${formatRate(paper.igstRate)}`, rupees(paper.igstAmount));
  }
  y -= 2;
  page.drawLine({ start: { x: right - 260, y: y + 14 }, end: { x: right, y: y + 14 }, thickness: 0.6, color: MUTED });
  row(messages.tax_total(), rupees(paper.total), { face: bold, size: 12 });
  y -= 4;
  y = block([`${messages.tax_amount_in_words()} ${paper.totalInWords}`], MARGIN, y, right - MARGIN, 10, bold) - 10;
  block([...heading.notes, `SAC ${paper.sac}${paper.sacDescription ? `: ${paper.sacDescription}` : ""}.`], MARGIN, y, right - MARGIN, 9);

  text(heading.footer, MARGIN, MARGIN, { size: 9, color: MUTED });
  return doc.save();
}

/** A GST tax invoice as a PDF; `assets` is the Worker's ASSETS binding (the fonts are static assets). */
export function invoicePdf(invoice: InvoiceView, assets: AssetsFetcher | undefined): Promise<Uint8Array> {
  return taxPaperPdf(
    invoice,
    {
      title: messages.tax_invoice_heading(),
      docTitle: messages.tax_invoice_title_number({ number: invoice.number }),
      numberLabel: messages.tax_invoice_no(),
      references: [],
      notes: [invoice.priceNote, messages.tax_reverse_charge()],
      footer: messages.tax_invoice_footer(),
    },
    assets,
  );
}

/** A GST credit note as a PDF: the invoice's layout, naming the invoice it reverses part of, with the refund's tax heads. */
export function creditNotePdf(note: CreditNoteView, assets: AssetsFetcher | undefined): Promise<Uint8Array> {
  return taxPaperPdf(
    note,
    {
      title: messages.tax_credit_note_heading(),
      docTitle: messages.tax_credit_note_title_number({ number: note.number }),
      numberLabel: messages.tax_credit_note_no(),
      references: [note.against],
      notes: [messages.tax_reason({ reason: note.reason }), messages.tax_credit_note_issued_for(), messages.tax_reverse_charge()],
      footer: messages.tax_credit_note_footer(),
    },
    assets,
  );
}
