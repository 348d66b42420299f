import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import type { Locale } from "#shared/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import type { invoices, users, vendors } from "#db/schema/index.ts";
import type { LeftJoined, Row } from "#db/rows.ts";
import type { InvoiceRecipient, InvoiceSupplier } from "#db/schema/billing.ts";
import { taxDocumentMail, readOwnTaxDocument, taxDocumentView, type TaxDocumentRow, type TaxDocumentView } from "./tax-documents.ts";
import {
  checkGstin,
  financialYearOf,
  formatPaise,
  gstOnPrice,
  invoicePrefix,
  DESIGN_SAC_CODE,
  SAC_CODE,
  stateCodeOf,
  stateOfCode,
  type GstBreakdown,
  INVOICE_MESSAGES,
} from "#shared/gst.ts";
import { placeOfCity } from "#shared/checklist.ts";
import { type BillingConfig, type DomainContext, newId } from "../core/index.ts";

/**
 * GST tax invoices (issue 11, docs/decisions/0018-gst-invoices.md).
 *
 * `invoiceStatements` returns the statements that issue the invoice of a payment being credited:
 * the crediting batch (functions/domain/billing/payment-credits.ts) runs them in the same atomic D1 batch as the
 * payment's SUCCESS and the subscription's ACTIVE, so an invoice exists exactly when a payment was
 * credited. The tax is computed here in JS (shared/gst.ts); the number is computed inside the
 * INSERT (MAX(sequence) + 1 of the financial year), so the series is gap-free: D1 runs one write
 * batch at a time, and a batch that fails takes its number with it. The invoice row's unique
 * payment_id makes a second credit of the same payment fail as a whole. The e-mail with the
 * invoice link is queued in the same batch (the cron delivers it, or `ctx.mail.deliver`).
 * `consumerInvoiceStatements` does the same for a couple's invitation design (B2C, in the same
 * series; docs/decisions/0044-consumer-invoices.md), run by the template purpose's grant.
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
  Row<typeof users, "user_name" | "locale"> & { vendor_email: string | null; login_email: string };

/** A plan payment's invoice to the vendor (B2B when they gave a GSTIN): the statements for the crediting batch. */
export async function invoiceStatements(
  ctx: DomainContext,
  payment: { id: string; userId: string; amount: number; planName: string },
  issuedAt: number,
): Promise<D1PreparedStatement[]> {
  const vendor = await ctx.db
    .prepare(
      `SELECT v.business_name, u.user_name, u.locale, v.email AS vendor_email, u.email AS login_email, v.state, v.city, v.gstin, v.billing_address
       FROM users u LEFT JOIN vendors v ON v.user_id = u.id WHERE u.id = ?`,
    )
    .bind(payment.userId)
    .first<VendorRow>();
  if (!vendor) throw new Error(`No account ${payment.userId} to invoice payment ${payment.id}`);
  return issueStatements(
    ctx,
    {
      payment,
      billedTo: {
        businessName: vendor.business_name ?? vendor.user_name,
        address: vendor.billing_address,
        city: vendor.city,
        state: vendor.state,
        stateCode: stateCodeOf(vendor.state),
        gstin: vendor.gstin && checkGstin(vendor.gstin).ok ? vendor.gstin : null,
        // '' is no business address (a vendor who signed up with a number): the login address, if any.
        email: vendor.vendor_email || vendor.login_email,
      },
      description: `Mandap ${payment.planName} plan: vendor listing subscription`,
      sac: SAC_CODE,
      pricesIncludeGst: ctx.config.billing.pricesIncludeGst,
      paidFor: (locale) => messages.mail_paid_for_plan({ plan: payment.planName }, { locale }),
      linkBack: null,
      locale: mailLocale(vendor.locale),
    },
    issuedAt,
  );
}

/**
 * A design's invoice to the couple (B2C: no GSTIN; docs/decisions/0044-consumer-invoices.md): the
 * statements for the crediting batch. The place of supply is the state of the couple's wedding city
 * (the only address a couple gives us), else the supplier's state. The price includes GST whatever
 * PRICES_INCLUDE_GST says (decision 0025): the tax is worked back out of it. `onlyIf` is the
 * purchase's condition checked inside the batch (the design was not the couple's already): where
 * it does not hold, no invoice is written, no number taken and no mail queued.
 */
export async function consumerInvoiceStatements(
  ctx: DomainContext,
  payment: { id: string; userId: string; amount: number; designName: string },
  issuedAt: number,
  onlyIf?: { sql: string; binds: unknown[] },
): Promise<D1PreparedStatement[]> {
  const couple = await ctx.db
    .prepare("SELECT user_name AS name, email, wedding_city AS weddingCity, locale FROM users WHERE id = ?")
    .bind(payment.userId)
    .first<{ name: string; email: string; weddingCity: string | null; locale: string | null }>();
  if (!couple) throw new Error(`No account ${payment.userId} to invoice payment ${payment.id}`);
  const place = placeOfCity(couple.weddingCity);
  return issueStatements(
    ctx,
    {
      payment,
      billedTo: {
        businessName: couple.name,
        address: null,
        city: place?.city ?? null,
        state: place?.state ?? null,
        stateCode: stateCodeOf(place?.state),
        gstin: null,
        email: couple.email,
      },
      description: `Mandap invitation design "${payment.designName}": use in the card editor, export and e-invites`,
      sac: DESIGN_SAC_CODE,
      pricesIncludeGst: true,
      paidFor: (locale) => messages.mail_paid_for_design({ design: payment.designName }, { locale }),
      linkBack: "/profile/payments",
      locale: mailLocale(couple.locale),
      onlyIf,
    },
    issuedAt,
  );
}

type Issue = {
  payment: { id: string; userId: string; amount: number };
  billedTo: InvoiceRecipient;
  description: string;
  sac: string;
  pricesIncludeGst: boolean;
  /** What the mail says was paid for, in its language: "the Gold plan". */
  paidFor: (locale: Locale) => string;
  /** The language of the recipient's mail (users.locale). */
  locale: Locale;
  /** Where the recipient sees all their payments (the mail names it), if not the vendor's dashboard. */
  linkBack: string | null;
  onlyIf?: { sql: string; binds: unknown[] };
};

/**
 * The invoice's INSERT, its queued e-mail and the UPDATE that puts the number into the mail: one
 * series for every invoice (plans and designs; decision 0044), numbered inside the INSERT.
 */
function issueStatements(ctx: DomainContext, issue: Issue, issuedAt: number): D1PreparedStatement[] {
  const { db } = ctx;
  const { payment, billedTo } = issue;
  const supplier = supplierOf(ctx.config.billing);
  const place = placeOfSupply(billedTo, supplier);
  const tax = gstOnPrice(payment.amount, issue.pricesIncludeGst, place.stateCode === supplier.stateCode);
  const financialYear = financialYearOf(issuedAt);
  const invoiceId = newId(issuedAt);

  // A condition's "?" placeholders number on from ?21 (SQLite gives a bare "?" the next number after the largest so far).
  const insert = db
    .prepare(
      `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value,
         cgst_rate, cgst_amount, sgst_rate, sgst_amount, igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
       SELECT ?1, ?2, ?3, ?4 || printf('%06d', next.seq), ?5, next.seq, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20
       FROM (SELECT COALESCE(MAX(sequence), 0) + 1 AS seq FROM invoices WHERE financial_year = ?5) AS next${issue.onlyIf ? ` WHERE ${issue.onlyIf.sql}` : ""}`,
    )
    .bind(
      invoiceId,
      payment.id,
      payment.userId,
      invoicePrefix(financialYear),
      financialYear,
      issue.description,
      issue.sac,
      tax.taxableValue,
      tax.cgstRate,
      tax.cgst,
      tax.sgstRate,
      tax.sgst,
      tax.igstRate,
      tax.igst,
      tax.total,
      Number(issue.pricesIncludeGst),
      `${place.state} (${place.stateCode})`,
      JSON.stringify(supplier),
      JSON.stringify(billedTo),
      issuedAt,
      ...(issue.onlyIf?.binds ?? []),
    );

  const link = `${ctx.request.origin}/invoices/${invoiceId}`;
  const locale = issue.locale;
  const paidFor = issue.paidFor(locale);
  const mail = taxDocumentMail(
    db,
    "invoices",
    invoiceId,
    composeMail({
      to: billedTo.email,
      locale,
      // "{number}" stays in the text: taxDocumentMail writes the number in when the batch takes it.
      subject: messages.mail_invoice_subject({ number: "{number}" }, { locale }),
      audience: issue.linkBack ? "couple" : "vendor",
      origin: ctx.request.origin,
      greeting: messages.mail_namaste({ name: billedTo.businessName }, { locale }),
      body: [
        messages.mail_invoice_intro({ paidFor, number: "{number}", amount: amountLine(tax) }, { locale }),
        { link: { label: messages.mail_invoice_see({}, { locale }), url: link } },
        messages.mail_invoice_pdf({ url: `${link}/pdf` }, { locale }),
        ...(issue.linkBack ? [messages.mail_invoice_all({ url: `${ctx.request.origin}${issue.linkBack}` }, { locale })] : []),
      ],
      reason: messages.mail_invoice_reason({ paidFor }, { locale }),
    }),
    issuedAt,
  );
  return [insert, ...mail];
}

const amountLine = (tax: GstBreakdown) => `Rs. ${formatPaise(tax.total)}`;

/** An invoice as the pages, the PDF and the API show it (tax-documents.ts), with what was bought and how its price stood to GST. */
export type InvoiceView = TaxDocumentView & {
  pricesIncludeGst: boolean;
  /** What was bought: a vendor's plan or a couple's invitation design (decision 0044). */
  kind: "plan" | "design";
  /** The line under the totals saying whether the price included GST. */
  priceNote: string;
};

type InvoiceRow = TaxDocumentRow & Row<typeof invoices, "prices_include_gst">;

/** An invoice for the account it was issued to (a vendor's plan, a couple's design), or an admin; anyone else is told it does not exist. */
export async function readInvoice(ctx: DomainContext, invoiceId: string): Promise<InvoiceView> {
  const row = await readOwnTaxDocument<InvoiceRow>(ctx, "invoices", invoiceId, INVOICE_MESSAGES.notFound);
  return {
    ...taxDocumentView(row),
    pricesIncludeGst: Boolean(row.prices_include_gst),
    kind: row.sac === DESIGN_SAC_CODE ? "design" : "plan",
    // In the language of the request or page that reads it (the paper's own figures are as issued).
    priceNote:
      row.sac === DESIGN_SAC_CODE
        ? messages.tax_price_note_design()
        : row.prices_include_gst
          ? messages.tax_price_note_included()
          : messages.tax_price_note_on_top(),
  };
}
