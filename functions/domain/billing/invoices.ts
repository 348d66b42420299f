import type { invoices, users, vendors } from "#db/schema/index.ts";
import type { LeftJoined, Row } from "#db/rows.ts";
import type { InvoiceRecipient, InvoiceSupplier } from "#db/schema/billing.ts";
import { queueMail } from "#platform/mail.ts";
import {
  amountInWords,
  checkGstin,
  financialYearOf,
  formatPaise,
  gstOnPrice,
  invoicePrefix,
  SAC_CODE,
  SAC_DESCRIPTION,
  stateCodeOf,
  stateOfCode,
  type GstBreakdown,
  INVOICE_MESSAGES,
} from "#shared/gst.ts";
import { type BillingConfig, type DomainContext, NotFound, newId, allows, ACCESS, requireSignedIn } from "../core/index.ts";

/**
 * GST tax invoices (issue 11, docs/decisions/0018-gst-invoices.md).
 *
 * `invoiceStatements` returns the statements that issue the invoice of a payment being credited:
 * the crediting batch (functions/domain/billing/payment-credits.ts) runs them in the same atomic D1 batch as the
 * payment's SUCCESS and the subscription's ACTIVE, so an invoice exists exactly when a payment was
 * credited. The tax is computed here in JS (shared/gst.ts); the number is computed inside the
 * INSERT (MAX(sequence) + 1 of the financial year), so the series is gap-free: D1 runs one write
 * batch at a time, and a batch that fails takes its number with it. The invoice row's unique
 * payment_id makes a second credit of the same payment fail as a whole. The vendor's e-mail with
 * the invoice link is queued in the same batch (the cron delivers it, or `ctx.mail.deliver`).
 *
 * `payment.amount` is the plan price in whole rupees (payments.amount). With GST-inclusive prices
 * (the default) it is also what was charged; with PRICES_INCLUDE_GST=false the gateway must charge
 * `grossPaise(price, false)` (price + 18 %), which is this invoice's total.
 */

/** The supplier as the invoice prints it, or an error naming what is missing or wrong (production has no defaults: functions/domain-context.ts). */
export function supplierOf(billing: BillingConfig): InvoiceSupplier {
  const missing: string[] = [];
  if (!billing.supplierLegalName.trim()) missing.push("legal name (SUPPLIER_LEGAL_NAME)");
  if (!billing.supplierAddress.trim()) missing.push("address (SUPPLIER_ADDRESS)");
  const stateCode = stateCodeOf(billing.supplierState);
  if (!stateCode) missing.push("state (SUPPLIER_STATE, a state name such as Karnataka)");
  const gstin = checkGstin(billing.supplierGstin);
  if (!gstin.ok) missing.push("GSTIN (SUPPLIER_GSTIN, a valid GSTIN)");
  else if (stateCode && gstin.stateCode !== stateCode) missing.push(`GSTIN of ${billing.supplierState} (SUPPLIER_GSTIN starts with ${gstin.stateCode})`);
  if (missing.length || !gstin.ok || !stateCode) throw new Error(INVOICE_MESSAGES.supplierMissing(missing));
  return {
    legalName: billing.supplierLegalName.trim(),
    gstin: gstin.gstin,
    address: billing.supplierAddress.trim(),
    state: stateOfCode(stateCode) ?? billing.supplierState,
    stateCode,
  };
}

/**
 * Where the supply is (IGST Act s. 12(2)): a registered recipient's GSTIN state; else the state of
 * the address on record; else (no address) the supplier's state.
 */
export function placeOfSupply(recipient: Pick<InvoiceRecipient, "gstin" | "state">, supplier: InvoiceSupplier): { state: string; stateCode: string } {
  const registered = recipient.gstin ? checkGstin(recipient.gstin) : null;
  if (registered?.ok) return { state: registered.state, stateCode: registered.stateCode };
  const code = stateCodeOf(recipient.state);
  if (code && recipient.state) return { state: stateOfCode(code) ?? recipient.state, stateCode: code };
  return { state: supplier.state, stateCode: supplier.stateCode };
}

type VendorRow = LeftJoined<Row<typeof vendors, "business_name" | "state" | "city" | "gstin" | "billing_address">> &
  Row<typeof users, "user_name"> & { vendor_email: string | null; login_email: string };

export async function invoiceStatements(
  ctx: DomainContext,
  payment: { id: string; userId: string; amount: number; planName: string },
  issuedAt: number,
): Promise<D1PreparedStatement[]> {
  const { db } = ctx;
  const supplier = supplierOf(ctx.config.billing);
  const vendor = await db
    .prepare(
      `SELECT v.business_name, u.user_name, v.email AS vendor_email, u.email AS login_email, v.state, v.city, v.gstin, v.billing_address
       FROM users u LEFT JOIN vendors v ON v.user_id = u.id WHERE u.id = ?`,
    )
    .bind(payment.userId)
    .first<VendorRow>();
  if (!vendor) throw new Error(`No account ${payment.userId} to invoice payment ${payment.id}`);
  const billedTo: InvoiceRecipient = {
    businessName: vendor.business_name ?? vendor.user_name,
    address: vendor.billing_address,
    city: vendor.city,
    state: vendor.state,
    stateCode: stateCodeOf(vendor.state),
    gstin: vendor.gstin && checkGstin(vendor.gstin).ok ? vendor.gstin : null,
    email: vendor.vendor_email ?? vendor.login_email,
  };
  const place = placeOfSupply(billedTo, supplier);
  const { pricesIncludeGst } = ctx.config.billing;
  const tax = gstOnPrice(payment.amount, pricesIncludeGst, place.stateCode === supplier.stateCode);
  const financialYear = financialYearOf(issuedAt);
  const invoiceId = newId(issuedAt);
  const description = `Mandap ${payment.planName} plan: vendor listing subscription`;

  const insert = db
    .prepare(
      `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value,
         cgst_rate, cgst_amount, sgst_rate, sgst_amount, igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
       SELECT ?1, ?2, ?3, ?4 || printf('%06d', next.seq), ?5, next.seq, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20
       FROM (SELECT COALESCE(MAX(sequence), 0) + 1 AS seq FROM invoices WHERE financial_year = ?5) AS next`,
    )
    .bind(
      invoiceId,
      payment.id,
      payment.userId,
      invoicePrefix(financialYear),
      financialYear,
      description,
      SAC_CODE,
      tax.taxableValue,
      tax.cgstRate,
      tax.cgst,
      tax.sgstRate,
      tax.sgst,
      tax.igstRate,
      tax.igst,
      tax.total,
      Number(pricesIncludeGst),
      `${place.state} (${place.stateCode})`,
      JSON.stringify(supplier),
      JSON.stringify(billedTo),
      issuedAt,
    );

  const link = `${ctx.request.origin}/invoices/${invoiceId}`;
  const mail = queueMail(
    db,
    {
      to: billedTo.email,
      subject: `Your Mandap tax invoice {number}`,
      text: [
        `Namaste ${billedTo.businessName},`,
        "",
        `Thank you for your payment for the ${payment.planName} plan. Your GST tax invoice {number} for ${amountLine(tax)} is here:`,
        link,
        `(a PDF copy: ${link}/pdf)`,
        "",
        "Team Mandap",
      ].join("\n"),
    },
    issuedAt,
  );
  // The number exists only once the INSERT above has run in the batch: put it into the queued mail.
  const number = db
    .prepare(
      "UPDATE outbox SET subject = replace(subject, '{number}', (SELECT number FROM invoices WHERE id = ?1)), text = replace(text, '{number}', (SELECT number FROM invoices WHERE id = ?1)) WHERE id = ?2",
    )
    .bind(invoiceId, mail.id);
  return [insert, mail.statement, number];
}

const amountLine = (tax: GstBreakdown) => `Rs. ${formatPaise(tax.total)}`;

/** An invoice as the pages, the PDF and the API show it. Amounts in paise, rates in basis points. */
export type InvoiceView = {
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
  total: number;
  totalInWords: string;
  pricesIncludeGst: boolean;
  placeOfSupply: string;
  supplier: InvoiceSupplier;
  billedTo: InvoiceRecipient;
};

type InvoiceRow = Row<
  typeof invoices,
  | "id"
  | "payment_id"
  | "user_id"
  | "number"
  | "financial_year"
  | "issued_at"
  | "description"
  | "sac"
  | "taxable_value"
  | "cgst_rate"
  | "cgst_amount"
  | "sgst_rate"
  | "sgst_amount"
  | "igst_rate"
  | "igst_amount"
  | "total"
  | "prices_include_gst"
  | "place_of_supply"
  | "supplier"
  | "billed_to"
>;

/** An invoice for the vendor it was issued to, or an admin; anyone else is told it does not exist. */
export async function readInvoice(ctx: DomainContext, invoiceId: string): Promise<InvoiceView> {
  const actor = requireSignedIn(ctx.actor);
  const row = await ctx.db.prepare("SELECT * FROM invoices WHERE id = ?").bind(invoiceId).first<InvoiceRow>();
  const mayRead = row && (allows(ACCESS.admin, actor) || (allows(ACCESS.vendor, actor) && row.user_id === actor.id));
  if (!row || !mayRead) throw new NotFound(INVOICE_MESSAGES.notFound);
  return {
    id: row.id,
    paymentId: row.payment_id,
    number: row.number,
    financialYear: row.financial_year,
    issuedAt: row.issued_at,
    description: row.description,
    sac: row.sac,
    sacDescription: row.sac === SAC_CODE ? SAC_DESCRIPTION : "",
    taxableValue: row.taxable_value,
    cgstRate: row.cgst_rate,
    cgstAmount: row.cgst_amount,
    sgstRate: row.sgst_rate,
    sgstAmount: row.sgst_amount,
    igstRate: row.igst_rate,
    igstAmount: row.igst_amount,
    total: row.total,
    totalInWords: amountInWords(row.total),
    pricesIncludeGst: Boolean(row.prices_include_gst),
    placeOfSupply: row.place_of_supply,
    supplier: JSON.parse(row.supplier) as InvoiceSupplier,
    billedTo: JSON.parse(row.billed_to) as InvoiceRecipient,
  };
}
