// Invoices for tests/e2e/invoices.spec.ts, made by tests/e2e/prepare.mjs before the server starts:
// paying needs the gateway (another part of issue 11), so two vendors get a SUCCESS payment
// written directly and their invoice issued by the real domain code (invoiceStatements, in one
// batch as the crediting does). One is in the supplier's state (CGST + SGST), one in another
// state with a GSTIN (IGST). A third has had ₹1,000 of its plan refunded: its credit note is issued
// by the real domain code too (creditNoteStatements, as the refund's settling does), for the Hindi
// crawl. Their credentials and invoice (and credit note) ids go to INVOICES_FILE.
import { writeFileSync } from "node:fs";
// Node runs this file with type stripping only, and the billing face loads payment-records.ts (parameter
// properties Node cannot strip): the one deep import outside the domain, allowed in eslint.config.js.
import { invoiceStatements } from "#domain/billing/invoices.ts";
import { creditNoteStatements } from "#domain/billing/credit-notes.ts";

export const INVOICES_FILE = "invoices.json";

/** @param {D1Database} DB @param {string} state @param {string} hash @param {string} password @param {number} now */
export async function prepareInvoices(DB, state, hash, password, now) {
  const tag = now.toString(36);
  // The local supplier of functions/domain-context.ts domainConfig (which Node cannot import: the
  // Worker's adapters it pulls in are not plain TypeScript for Node's type stripping).
  const config = {
    billing: {
      supplierLegalName: "Mandap Marketplace Private Limited",
      supplierGstin: "29AAJCM1234K1ZA",
      supplierAddress: "2nd Floor, 12 Residency Road, Bengaluru 560025",
      supplierState: "Karnataka",
      pricesIncludeGst: true,
    },
  };
  const ctx = /** @type {never} */ ({ db: DB, config, request: { origin: "http://localhost" }, now });
  const made = [];
  const vendors = [
    { key: "intra", name: `Kaveri Caterers ${tag}`, state: "Karnataka", city: "Bengaluru", address: "14 MG Road", gstin: null, plan: "Gold", price: 14999 },
    {
      key: "inter",
      name: `Marwar Tent House ${tag}`,
      state: "Rajasthan",
      city: "Jodhpur",
      address: "3 Sardar Market",
      gstin: "08AABCS1429B1ZU",
      plan: "Silver",
      price: 4999,
    },
    {
      key: "refunded",
      name: `Shubh Mehndi ${tag}`,
      state: "Rajasthan",
      city: "Jaipur",
      address: "7 Johari Bazaar",
      gstin: null,
      plan: "Silver",
      price: 4999,
      refund: 1000,
    },
  ];
  for (const v of vendors) {
    const id = `e2e-inv-${v.key}-${tag}`;
    const email = `e2e.invoice.${v.key}.${tag}@example.com`;
    await DB.batch([
      DB.prepare(
        "INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, 'VENDOR', 1, ?, ?)",
      ).bind(id, email, hash, `Invoice Vendor ${v.key}`, now, now),
      DB.prepare(
        "INSERT INTO vendors (user_id, slug, business_name, email, state, city, gstin, billing_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(id, `e2e-inv-${v.key}-${tag}`, v.name, email, v.state, v.city, v.gstin, v.address, now, now),
      DB.prepare(
        "INSERT INTO payments (id, user_id, purpose, amount, currency, status, gateway_order_id, gateway_payment_id, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, 'INR', 'SUCCESS', ?, ?, ?, ?)",
      ).bind(`${id}-pay`, id, v.price, `order_e2e${v.key}${tag}`, `pay_e2e${v.key}${tag}`, now, now),
    ]);
    await DB.batch(await invoiceStatements(ctx, { id: `${id}-pay`, userId: id, amount: v.price, planName: v.plan }, now));
    const invoice = await DB.prepare("SELECT id, number FROM invoices WHERE payment_id = ?").bind(`${id}-pay`).first();
    let creditNoteId;
    if (v.refund) {
      const refund = { id: `${id}-refund`, paymentId: `${id}-pay`, amountPaise: v.refund * 100, reason: "Goodwill: the listing was down for a week" };
      await DB.prepare(
        "INSERT INTO payment_refunds (id, payment_id, gateway_refund_id, amount, amount_paise, reason, status, created_at, processed_at) VALUES (?, ?, ?, ?, ?, ?, 'PROCESSED', ?, ?)",
      )
        .bind(refund.id, refund.paymentId, `rfnd_e2e${v.key}${tag}`, v.refund, refund.amountPaise, refund.reason, now, now)
        .run();
      await DB.batch(await creditNoteStatements(ctx, refund, now));
      creditNoteId = (await DB.prepare("SELECT id FROM credit_notes WHERE refund_id = ?").bind(refund.id).first()).id;
    }
    made.push({
      key: v.key,
      vendor: { id, role: "vendor", email, password, name: `Invoice Vendor ${v.key}`, businessName: v.name },
      invoiceId: invoice.id,
      number: invoice.number,
      ...(creditNoteId ? { creditNoteId } : {}),
    });
  }
  writeFileSync(`${state}/${INVOICES_FILE}`, JSON.stringify(made));
}
