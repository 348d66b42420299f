import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { type InvoiceView } from "#domain/billing/index.ts";
import { formatPaise, formatRate, INVOICE_MESSAGES } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";

/**
 * A GST tax invoice as an A4 PDF (pdf-lib, the standard Helvetica fonts: nothing to embed, so the
 * Worker builds it in a few milliseconds). The standard fonts have no "₹" and only the Windows
 * Latin-1 characters, so amounts read "Rs. 14,999.00" and any other character (e.g. a business
 * name in Devanagari) is printed as "?"; the HTML invoice shows them as typed.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.13, 0.1, 0.12);
const MUTED = rgb(0.38, 0.34, 0.36);
const MAROON = rgb(0.5, 0.11, 0.24);

/** Text the standard fonts can draw: Latin-1 printable characters; anything else becomes "?". */
export function pdfSafe(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/₹/g, "Rs.")
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

const rs = (paise: number) => `Rs. ${formatPaise(paise)}`;

/** Lines of at most `width` points, broken at spaces. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function invoicePdf(invoice: InvoiceView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Tax invoice ${invoice.number}`);
  doc.setSubject(`GST tax invoice ${invoice.number} from ${pdfSafe(invoice.supplier.legalName)}`);
  doc.setAuthor(pdfSafe(invoice.supplier.legalName));
  doc.setCreator("Mandap");
  doc.setProducer("Mandap (pdf-lib)");
  doc.setCreationDate(new Date(invoice.issuedAt));
  doc.setModificationDate(new Date(invoice.issuedAt));
  const page: PDFPage = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = A4;
  const right = width - MARGIN;
  let y = height - MARGIN;

  const text = (
    value: string,
    x: number,
    at: number,
    opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; align?: "left" | "right" } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const safe = pdfSafe(value);
    const left = opts.align === "right" ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y: at, size, font, color: opts.color ?? INK });
  };
  const block = (lines: string[], x: number, top: number, w: number, size = 10, font = regular) => {
    let at = top;
    for (const raw of lines) {
      for (const line of wrap(raw, font, size, w)) {
        text(line, x, at, { size, font });
        at -= size + 4;
      }
    }
    return at;
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.6, color: MUTED });

  // Heading: title left, number, date and place of supply right.
  text("TAX INVOICE", MARGIN, y, { font: bold, size: 18, color: MAROON });
  text(`Invoice no. ${invoice.number}`, right, y + 2, { font: bold, size: 11, align: "right" });
  y -= 16;
  text(`Date: ${formatDate(invoice.issuedAt)}`, right, y, { align: "right" });
  y -= 14;
  text(`Place of supply: ${invoice.placeOfSupply}`, right, y, { align: "right" });
  y -= 22;
  rule(y);
  y -= 18;

  // Supplier and recipient side by side.
  const column = (right - MARGIN - 24) / 2;
  const s = invoice.supplier;
  const b = invoice.billedTo;
  text("Supplier", MARGIN, y, { font: bold, color: MUTED, size: 9 });
  text("Billed to", MARGIN + column + 24, y, { font: bold, color: MUTED, size: 9 });
  y -= 15;
  const supplierEnd = block([s.legalName], MARGIN, y, column, 11, bold);
  const recipientEnd = block([b.businessName], MARGIN + column + 24, y, column, 11, bold);
  const recipientPlace = [b.address, [b.city, b.state].filter(Boolean).join(", ")].filter(Boolean) as string[];
  const supplierBottom = block([s.address, `${s.state} (state code ${s.stateCode})`, `GSTIN: ${s.gstin}`], MARGIN, supplierEnd, column);
  const recipientBottom = block(
    [...recipientPlace, ...(b.stateCode ? [`State code ${b.stateCode}`] : []), b.gstin ? `GSTIN: ${b.gstin}` : "GSTIN: not registered", b.email],
    MARGIN + column + 24,
    recipientEnd,
    column,
  );
  y = Math.min(supplierBottom, recipientBottom) - 14;
  rule(y);
  y -= 18;

  // The line and the tax.
  text("Description", MARGIN, y, { font: bold, size: 9, color: MUTED });
  text("SAC", right - 170, y, { font: bold, size: 9, color: MUTED });
  text("Amount", right, y, { font: bold, size: 9, color: MUTED, align: "right" });
  y -= 16;
  const descEnd = block([invoice.description], MARGIN, y, right - 190 - MARGIN);
  text(invoice.sac, right - 170, y);
  text(rs(invoice.taxableValue), right, y, { align: "right" });
  y = descEnd - 8;
  rule(y);
  y -= 18;
  const row = (label: string, amount: string, opts: { font?: PDFFont; size?: number } = {}) => {
    text(label, right - 260, y, opts);
    text(amount, right, y, { ...opts, align: "right" });
    y -= (opts.size ?? 10) + 8;
  };
  row("Taxable value", rs(invoice.taxableValue));
  if (invoice.cgstRate || invoice.sgstRate) {
    row(`CGST @ ${formatRate(invoice.cgstRate)}`, rs(invoice.cgstAmount));
    row(`SGST @ ${formatRate(invoice.sgstRate)}`, rs(invoice.sgstAmount));
  } else {
    row(`IGST @ ${formatRate(invoice.igstRate)}`, rs(invoice.igstAmount));
  }
  y -= 2;
  page.drawLine({ start: { x: right - 260, y: y + 14 }, end: { x: right, y: y + 14 }, thickness: 0.6, color: MUTED });
  row("Total", rs(invoice.total), { font: bold, size: 12 });
  y -= 4;
  y = block([`Amount in words: ${invoice.totalInWords}`], MARGIN, y, right - MARGIN, 10, bold) - 10;
  y = block(
    [invoice.priceNote, "Tax payable on reverse charge: No.", `SAC ${invoice.sac}${invoice.sacDescription ? `: ${invoice.sacDescription}` : ""}.`],
    MARGIN,
    y,
    right - MARGIN,
    9,
  );

  text(INVOICE_MESSAGES.footer, MARGIN, MARGIN, { size: 9, color: MUTED });
  return doc.save();
}
