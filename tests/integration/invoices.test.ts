import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { invoiceStatements, readInvoice } from "#domain/billing/index.ts";
import { BILLING_MESSAGES, billingDetailsInput, myBillingDetails, saveBillingDetails } from "#domain/accounts/index.ts";
import { GSTIN_MESSAGES, INVOICE_MESSAGES } from "#shared/gst.ts";
import { domainConfig } from "#functions/domain-context.ts";
import type { Env } from "#functions/env.ts";
import { call, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { PDFDocument } from "@cantoo/pdf-lib";
import { invoicePdf } from "#app/lib/invoice-pdf.server.ts";
import { pdfPageText } from "#tests/support/pdf-text.ts";
import { withLocale } from "#platform/locale.ts";

/**
 * GST invoices issued in the crediting batch (functions/domain/billing/invoices.ts). A credit is simulated
 * by writing the plan, an ACTIVE subscription and a SUCCESS payment directly, then running the
 * invoice's statements in one batch, as the money path does. Each test issues in a financial
 * year of its own, so its numbers start at 000001 whatever else the database holds.
 */

/** An instant in India time: ist(2031, 4, 1) is 1 April 2031 00:00 IST. */
const ist = (y: number, month: number, d: number, h = 0, min = 0, ms = 0) => Date.UTC(y, month - 1, d, h, min, 0, ms) - 330 * 60_000;
let n = 0;

/** A credited payment of `amount` rupees for the vendor (plan, ACTIVE subscription, SUCCESS payment). */
async function creditedPayment(userId: string, amount: number, planName = "Gold") {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const now = Date.now();
  const [plan, sub, pay] = [`plan-${tag}`, `sub-${tag}`, `pay-${tag}`];
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO plans (id, name, description, price, duration_days, features, is_active, created_at, updated_at) VALUES (?, ?, '', ?, 365, '[]', 1, ?, ?)",
    ).bind(plan, planName, amount, now, now),
    env.DB.prepare(
      "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?)",
    ).bind(sub, userId, plan, `order_${tag}`, now, now + 365 * 86_400_000, now, now),
    env.DB.prepare(
      "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, currency, status, gateway_order_id, gateway_payment_id, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, ?, 'INR', 'SUCCESS', ?, ?, ?, ?)",
    ).bind(pay, userId, sub, amount, `order_${tag}`, `pay_${tag}`, now, now),
  ]);
  return { id: pay, userId, amount, planName };
}

type Row = Record<string, unknown>;
const invoiceOf = (paymentId: string) => env.DB.prepare("SELECT * FROM invoices WHERE payment_id = ?").bind(paymentId).first<Row>();
const numbersOf = async (year: string) =>
  (
    await env.DB.prepare("SELECT number, sequence FROM invoices WHERE financial_year = ? ORDER BY sequence")
      .bind(year)
      .all<{ number: string; sequence: number }>()
  ).results;

async function issue(payment: Awaited<ReturnType<typeof creditedPayment>>, at: number, config?: Parameters<typeof testContext>[0]) {
  const ctx = testContext({ now: at, ...config });
  await env.DB.batch(await invoiceStatements(ctx, payment, at));
  return invoiceOf(payment.id);
}

async function setVendor(userId: string, fields: { gstin?: string | null; billing_address?: string | null; email?: string | null }) {
  for (const [k, v] of Object.entries(fields)) await env.DB.prepare(`UPDATE vendors SET ${k} = ? WHERE user_id = ?`).bind(v, userId).run();
}

describe("issuing an invoice in the crediting batch", () => {
  it("takes CGST + SGST out of an inclusive price for a vendor in the supplier's state, snapshots both parties and queues the e-mail with the number and link", async () => {
    const vendor = await createVendor({ businessName: "Shubh Caterers", state: "Karnataka", city: "Bengaluru" });
    await setVendor(vendor.id, { billing_address: "14 MG Road", email: "accounts@shubh.example" });
    const payment = await creditedPayment(vendor.id, 14999);
    const row = await issue(payment, ist(2031, 5, 10, 12));
    expect(row).toMatchObject({
      number: "MDP/3132/000001",
      financial_year: "2031-32",
      sequence: 1,
      sac: "998365",
      taxable_value: 12_71_102,
      cgst_rate: 900,
      cgst_amount: 1_14_399,
      sgst_rate: 900,
      sgst_amount: 1_14_399,
      igst_rate: 0,
      igst_amount: 0,
      total: 14_99_900,
      prices_include_gst: 1,
      place_of_supply: "Karnataka (29)",
      user_id: vendor.id,
    });
    expect(JSON.parse(String(row!.supplier))).toEqual({
      legalName: "Mandap Marketplace Private Limited",
      gstin: "29AAJCM1234K1ZA",
      address: "2nd Floor, 12 Residency Road, Bengaluru 560025",
      state: "Karnataka",
      stateCode: "29",
    });
    expect(JSON.parse(String(row!.billed_to))).toEqual({
      businessName: "Shubh Caterers",
      address: "14 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      stateCode: "29",
      gstin: null,
      email: "accounts@shubh.example",
    });
    const mail = await env.DB.prepare("SELECT to_address, subject, text, status FROM outbox WHERE to_address = 'accounts@shubh.example'").first<Row>();
    expect(mail).toMatchObject({ subject: "Your Mandap tax invoice MDP/3132/000001", status: "QUEUED" });
    expect(String(mail!.text)).toContain(`http://localhost/invoices/${String(row!.id)}`);
    expect(String(mail!.text)).toContain("invoice MDP/3132/000001 for Rs. 14,999.00");
    expect(String(mail!.text)).not.toContain("{number}");
  });

  it("charges IGST to a vendor in another state, and uses a registered vendor's GSTIN state as the place of supply", async () => {
    const outside = await createVendor({ state: "Rajasthan", city: "Jaipur" });
    const igst = await issue(await creditedPayment(outside.id, 4999, "Silver"), ist(2032, 6, 1));
    expect(igst).toMatchObject({
      place_of_supply: "Rajasthan (08)",
      taxable_value: 4_23_644,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_rate: 1800,
      igst_amount: 76_256,
    });
    expect(igst!.description).toBe("Mandap Silver plan: vendor listing subscription");

    const registered = await createVendor({ state: "Rajasthan", city: "Jaipur" });
    await setVendor(registered.id, { gstin: "29AAGCB7383J1Z4" });
    const intra = await issue(await creditedPayment(registered.id, 4999, "Silver"), ist(2032, 6, 2));
    expect(intra).toMatchObject({ place_of_supply: "Karnataka (29)", cgst_amount: 38_128, sgst_amount: 38_128, igst_amount: 0, number: "MDP/3233/000002" });
    expect(JSON.parse(String(intra!.billed_to))).toMatchObject({ gstin: "29AAGCB7383J1Z4", state: "Rajasthan" });
  });

  it("adds GST on top when prices exclude it", async () => {
    const vendor = await createVendor({ state: "Karnataka", city: "Mysuru" });
    const base = domainConfig(env as unknown as Env).billing;
    const row = await issue(await creditedPayment(vendor.id, 4999), ist(2033, 7, 1), { config: { billing: { ...base, pricesIncludeGst: false } } });
    expect(row).toMatchObject({ taxable_value: 4_99_900, cgst_amount: 44_991, sgst_amount: 44_991, total: 5_89_882, prices_include_gst: 0 });
  });
});

describe("the invoice series", () => {
  it("gives invoices issued in parallel batches consecutive numbers, none skipped", async () => {
    const vendor = await createVendor({ state: "Karnataka" });
    const payments = await Promise.all(Array.from({ length: 6 }, () => creditedPayment(vendor.id, 4999)));
    const at = ist(2034, 8, 15);
    const statements = await Promise.all(payments.map((p) => invoiceStatements(testContext({ now: at }), p, at)));
    await Promise.all(statements.map((s) => env.DB.batch(s)));
    expect(await numbersOf("2034-35")).toEqual([1, 2, 3, 4, 5, 6].map((i) => ({ number: `MDP/3435/00000${i}`, sequence: i })));
  });

  it("a crediting batch that fails leaves no gap and no e-mail", async () => {
    const vendor = await createVendor({ state: "Karnataka" });
    await setVendor(vendor.id, { email: `gap-${vendor.id}@test.example` });
    const at = ist(2035, 9, 1);
    const failing = await creditedPayment(vendor.id, 4999);
    const statements = await invoiceStatements(testContext({ now: at }), failing, at);
    // The money path's own statement fails after the invoice's (e.g. the payment was already credited).
    const boom = env.DB.prepare(
      "INSERT INTO payments (id, user_id, purpose, amount, gateway_order_id, created_at, updated_at) SELECT id, user_id, purpose, amount, gateway_order_id, 1, 1 FROM payments WHERE id = ?",
    ).bind(failing.id);
    await expect(env.DB.batch([...statements, boom])).rejects.toThrow();
    expect(await invoiceOf(failing.id)).toBeNull();
    expect(await env.DB.prepare("SELECT count(*) AS c FROM outbox WHERE to_address = ?").bind(`gap-${vendor.id}@test.example`).first("c")).toBe(0);

    await issue(await creditedPayment(vendor.id, 4999), at);
    expect(await numbersOf("2035-36")).toEqual([{ number: "MDP/3536/000001", sequence: 1 }]);
  });

  it("restarts at 000001 on 1 April in India time", async () => {
    const vendor = await createVendor({ state: "Karnataka" });
    const march = await issue(await creditedPayment(vendor.id, 4999), ist(2037, 3, 31, 23, 59, 59_999));
    const march2 = await issue(await creditedPayment(vendor.id, 4999), ist(2037, 3, 31, 23, 59, 59_999));
    const april = await issue(await creditedPayment(vendor.id, 4999), ist(2037, 4, 1));
    expect([march!.number, march2!.number, april!.number]).toEqual(["MDP/3637/000001", "MDP/3637/000002", "MDP/3738/000001"]);
  });

  it("a second invoice for the same payment fails the whole batch and changes nothing", async () => {
    const vendor = await createVendor({ state: "Karnataka" });
    await setVendor(vendor.id, { email: `twice-${vendor.id}@test.example` });
    const payment = await creditedPayment(vendor.id, 4999);
    const at = ist(2038, 5, 5);
    await issue(payment, at);
    const again = await invoiceStatements(testContext({ now: at + 1000 }), payment, at + 1000);
    await expect(env.DB.batch(again)).rejects.toThrow(/UNIQUE/);
    expect(await numbersOf("2038-39")).toEqual([{ number: "MDP/3839/000001", sequence: 1 }]);
    expect(await env.DB.prepare("SELECT count(*) AS c FROM outbox WHERE to_address = ?").bind(`twice-${vendor.id}@test.example`).first("c")).toBe(1);
  });
});

describe("the supplier's details", () => {
  it("production has no local default: unset SUPPLIER_* stay empty and issuing fails naming them", async () => {
    const config = domainConfig({ ...(env as unknown as Env), APP_ENV: "production", SUPPLIER_GSTIN: "27AAPFU0939F1ZV", SUPPLIER_STATE: "Maharashtra" });
    expect(config.billing).toMatchObject({ supplierLegalName: "", supplierAddress: "", supplierGstin: "27AAPFU0939F1ZV", supplierState: "Maharashtra" });
    const vendor = await createVendor({ state: "Karnataka" });
    const payment = await creditedPayment(vendor.id, 4999);
    await expect(invoiceStatements(testContext({ config }), payment, Date.now())).rejects.toThrow(
      INVOICE_MESSAGES.supplierMissing(["legal name (SUPPLIER_LEGAL_NAME)", "address (SUPPLIER_ADDRESS)"]),
    );
  });

  it("a supplier GSTIN of another state than SUPPLIER_STATE is refused", async () => {
    const base = domainConfig(env as unknown as Env).billing;
    const vendor = await createVendor({ state: "Karnataka" });
    const payment = await creditedPayment(vendor.id, 4999);
    await expect(invoiceStatements(testContext({ config: { billing: { ...base, supplierGstin: "27AAPFU0939F1ZV" } } }), payment, Date.now())).rejects.toThrow(
      /GSTIN of Karnataka \(SUPPLIER_GSTIN starts with 27\)/,
    );
  });
});

describe("reading an invoice", () => {
  /** An invoice of a fresh vendor, the first of `year`-(year + 1). */
  async function issued(year: number) {
    const vendor = await createVendor({ businessName: `Rang Decor ${year}`, state: "Karnataka" });
    const payment = await creditedPayment(vendor.id, 14999);
    const row = await issue(payment, ist(year, 6, 1));
    return { vendor, id: String(row!.id) };
  }

  it("the vendor it was issued to and admins read it, with the total in words", async () => {
    const { vendor, id } = await issued(2039);
    const mine = await readInvoice(testContext({ actor: actorOf(vendor.id) }), id);
    expect(mine).toMatchObject({
      id,
      number: "MDP/3940/000001",
      total: 14_99_900,
      totalInWords: "Rupees Fourteen Thousand Nine Hundred Ninety-Nine Only",
      sacDescription: "Sale of Internet advertising space",
      billedTo: { businessName: "Rang Decor 2039" },
      supplier: { gstin: "29AAJCM1234K1ZA" },
    });
    const admin = await createUser({ role: "ADMIN" });
    expect((await readInvoice(testContext({ actor: actorOf(admin.id, "ADMIN") }), id)).number).toBe("MDP/3940/000001");
  });

  it("anyone else is told it does not exist; a visitor must log in", async () => {
    const { id } = await issued(2040);
    const other = await createVendor();
    const couple = await createUser();
    await expect(readInvoice(testContext({ actor: actorOf(other.id) }), id)).rejects.toMatchObject({ status: 404, message: INVOICE_MESSAGES.notFound });
    await expect(readInvoice(testContext({ actor: actorOf(couple.id, "USER") }), id)).rejects.toMatchObject({ status: 404 });
    await expect(readInvoice(testContext({ actor: actorOf(other.id) }), "no-such-invoice")).rejects.toMatchObject({ status: 404 });
    await expect(readInvoice(testContext({ actor: null }), id)).rejects.toMatchObject({ status: 401 });
  });

  it("GET /api/v1/subscribe/invoice/{id}: the owner gets the invoice, another vendor or a couple 404, a visitor 401", async () => {
    const { vendor, id } = await issued(2041);
    const owner = await call(`/api/v1/subscribe/invoice/${id}`, { cookie: await sessionCookieFor(vendor.id) });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ success: true, invoice: { id, number: "MDP/4142/000001", cgstAmount: 1_14_399 } });
    const other = await createVendor();
    const couple = await createUser();
    expect((await call(`/api/v1/subscribe/invoice/${id}`, { cookie: await sessionCookieFor(other.id) })).status).toBe(404);
    expect((await call(`/api/v1/subscribe/invoice/${id}`, { cookie: await sessionCookieFor(couple.id) })).status).toBe(404);
    expect((await call(`/api/v1/subscribe/invoice/${id}`)).status).toBe(401);
  });
});

// Building the first PDF loads fontkit (a large module) into the test pool: give it time.
describe("the invoice as a PDF", { timeout: 30_000 }, () => {
  it("is one A4 page that pdf-lib reads back, with the number, both parties, the tax lines and the total in words", async () => {
    const vendor = await createVendor({ businessName: "Mehndi Moments", state: "Rajasthan", city: "Udaipur" });
    await setVendor(vendor.id, { billing_address: "7 Lake Palace Road" });
    const row = await issue(await creditedPayment(vendor.id, 4999, "Silver"), ist(2042, 7, 7));
    const invoice = await readInvoice(testContext({ actor: actorOf(vendor.id) }), String(row!.id));
    const bytes = await invoicePdf(invoice, env.ASSETS);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Tax invoice MDP/4243/000001");
    const { text } = await pdfPageText(bytes);
    for (const expected of [
      "Invoice no. MDP/4243/000001",
      "Place of supply: Rajasthan (08)",
      "Mandap Marketplace Private Limited",
      "GSTIN: 29AAJCM1234K1ZA",
      "Mehndi Moments",
      "7 Lake Palace Road",
      "IGST @ 18 %",
      "₹762.56",
      "₹4,236.44",
      "₹4,999.00",
      "998365",
      "Amount in words: Rupees Four Thousand Nine Hundred Ninety-Nine Only",
      INVOICE_MESSAGES.footer,
    ])
      expect(text).toContain(expected);
  });

  it("opened from a Hindi page (/hi/invoices/{id}/pdf), prints its labels and the amount in words in Hindi and the invoice's record as issued", async () => {
    const vendor = await createVendor({ businessName: "Rang Mehndi Studio", state: "Rajasthan", city: "Udaipur" });
    const row = await issue(await creditedPayment(vendor.id, 4999, "Silver"), ist(2044, 7, 7));
    const ctx = testContext({ actor: actorOf(vendor.id) });
    const { text } = await withLocale("hi", async () => pdfPageText(await invoicePdf(await readInvoice(ctx, String(row!.id)), env.ASSETS)));
    // fontkit shapes Devanagari, so the text read back is in the glyphs' visual order (a vowel sign ि
    // before its consonant, a reph after): these are labels whose glyphs read back as typed.
    for (const expected of [
      "टैक्स इनवॉइस",
      "इनवॉइस नं. MDP/4445/000001",
      "पाने वाला",
      "Karnataka (राज्य कोड 29)",
      "राज्य कोड 08",
      "GSTIN: पंजीकृत नहीं",
      "कर योग्य मूल्य₹4,236.44",
      "IGST @ 18 %₹762.56",
      "कुल₹4,999.00",
      // The amount in words in Hindi (shared/number-words.ts): चार हज़ार नौ सौ निन्यानबे रुपये मात्र.
      "चार हज़ार नौ सौ",
      "रुपये मात्र",
      "प्लान की कीमत में GST",
      "हस्ताक्षर की ज़रूरत नहीं है।",
      "Mandap Silver plan: vendor listing subscription",
      "Rang Mehndi Studio",
    ])
      expect(text).toContain(expected);
    for (const english of [
      "TAX INVOICE",
      "Invoice no.",
      "Place of supply",
      "Supplier",
      "Billed to",
      "Description",
      "Taxable value",
      "Total",
      "Amount in words",
      "Rupees",
      "reverse charge",
      INVOICE_MESSAGES.footer,
    ])
      expect(text).not.toContain(english);
    // The same paper read outside a Hindi page is the English one.
    expect((await pdfPageText(await invoicePdf(await readInvoice(ctx, String(row!.id)), env.ASSETS))).text).toContain("TAX INVOICE");
  });

  it("prints ₹ and a business name and address in Devanagari as typed, in embedded Noto Sans subsets", async () => {
    const vendor = await createVendor({ businessName: "शुभ मंगल सेवा", state: "Karnataka", city: "Bengaluru" });
    await setVendor(vendor.id, { billing_address: "१२ गांधी नगर, “Shubh” – Annex" });
    const row = await issue(await creditedPayment(vendor.id, 14999, "Gold"), ist(2043, 5, 5));
    const invoice = await readInvoice(testContext({ actor: actorOf(vendor.id) }), String(row!.id));
    const { text, fonts } = await pdfPageText(await invoicePdf(invoice, env.ASSETS));
    for (const expected of ["शुभ मंगल सेवा", "१२ गांधी नगर, “Shubh” – Annex", "CGST @ 9 %", "₹14,999.00"]) expect(text).toContain(expected);
    expect(text).not.toContain("Rs.");
    expect(text).not.toContain("?");
    expect(text).not.toContain("\uFFFD");
    // Noto Sans, regular and bold (pdf-lib adds a number to each embedded font's name); no standard font.
    expect([...new Set(fonts.map((f) => f.replace(/^\//, "").replace(/-\d+$/, "")))].sort()).toEqual(["NotoSansDevanagari-Bold", "NotoSansDevanagari-Regular"]);
  });
});

describe("the vendor's billing details (settings)", () => {
  it("a bad GSTIN is refused with what is wrong and changes nothing; a good one is saved upper-case and printed on the next invoice", async () => {
    const vendor = await createVendor({ state: "Rajasthan", city: "Jaipur" });
    const ctx = testContext({ actor: actorOf(vendor.id) });
    await saveBillingDetails(ctx, { billing_address: "22 Johari Bazaar" });
    for (const [typed, message] of [
      ["08AAPFU0939F1Z", GSTIN_MESSAGES.length],
      ["08AAPFU0939F1ZW", GSTIN_MESSAGES.checksum],
      ["08AAPF10939F1ZV", GSTIN_MESSAGES.shape],
    ] as const) {
      await expect(saveBillingDetails(ctx, { gstin: typed, billing_address: "Changed" })).rejects.toMatchObject({
        status: 400,
        message,
        fields: { gstin: message },
      });
    }
    expect(await myBillingDetails(ctx)).toEqual({ gstin: null, billing_address: "22 Johari Bazaar", state: "Rajasthan", city: "Jaipur" });

    const saved = await saveBillingDetails(ctx, billingDetailsInput.parse({ gstin: " 08aabcs1429b1zu " }));
    expect(saved).toMatchObject({ gstin: "08AABCS1429B1ZU", billing_address: "22 Johari Bazaar", message: BILLING_MESSAGES.saved });
    const row = await issue(await creditedPayment(vendor.id, 4999), ist(2043, 5, 1));
    expect(JSON.parse(String(row!.billed_to))).toMatchObject({ gstin: "08AABCS1429B1ZU", address: "22 Johari Bazaar", state: "Rajasthan" });
    expect(row!.place_of_supply).toBe("Rajasthan (08)");

    await saveBillingDetails(ctx, { gstin: "", billing_address: "" });
    expect(await myBillingDetails(ctx)).toMatchObject({ gstin: null, billing_address: null });
  });

  it("only vendors have billing details", async () => {
    const couple = await createUser();
    await expect(saveBillingDetails(testContext({ actor: actorOf(couple.id, "USER") }), { gstin: "" })).rejects.toMatchObject({ status: 403 });
    await expect(saveBillingDetails(testContext({ actor: null }), { gstin: "" })).rejects.toMatchObject({ status: 401 });
  });
});
