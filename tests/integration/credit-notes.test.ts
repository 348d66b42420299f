import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readCreditNote } from "#domain/billing/index.ts";
import { creditNotePdf } from "#app/lib/invoice-pdf.server.ts";
import { creditNoteTax, type TaxHeads } from "#shared/gst.ts";
import { formatDate } from "#shared/format.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, signedIn } from "#tests/support/factories.ts";
import { callback, createPlan, type OrderAnswer, paymentOf, payInSandbox, sendWebhook } from "#tests/support/payments.ts";
import { pdfPageText } from "#tests/support/pdf-text.ts";
import { withLocale } from "#platform/locale.ts";

/**
 * GST credit notes (issue 30, functions/domain/billing/credit-notes.ts): a vendor's plan bought in
 * the sandbox is refunded by an admin in part and then in full; each refund issues one credit note
 * in its own series, naming the invoice, with the invoice's tax heads on the refunded amount; the
 * vendor is mailed, sees them beside the invoice, and admins see them in transactions and the CSV.
 */

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The sandbox's own webhook attempts go nowhere: the tests deliver them as the gateway would.
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

type Row = Record<string, unknown>;

async function paidPlan(price = 4999, locale?: "hi") {
  const vendor = await signedIn("VENDOR");
  if (locale) expect((await call("/api/v1/users/language", { method: "PUT", body: { locale }, cookie: vendor.cookie })).status).toBe(200);
  const planId = await createPlan({ price, days: 30 });
  const res = await call(`/api/v1/subscribe/create-order/${planId}`, { method: "POST", cookie: vendor.cookie });
  const made = (await res.json()) as OrderAnswer;
  const back = await payInSandbox(made);
  expect((await callback(back.fields)).status).toBe(303);
  const payment = (await paymentOf(made.orderId))!;
  expect(payment.status).toBe("SUCCESS");
  const invoice = (await env.DB.prepare("SELECT * FROM invoices WHERE payment_id = ?").bind(payment.id).first<Row>())!;
  return { vendor, paymentId: payment.id as string, gatewayPaymentId: back.fields.razorpay_payment_id!, invoice };
}

const refund = (cookie: string, paymentId: string, body: unknown) =>
  call(`/api/v1/admin/transactions/${paymentId}/refund`, { method: "POST", cookie, body: JSON.stringify(body) });

const notesOf = (paymentId: string) =>
  env.DB.prepare("SELECT * FROM credit_notes WHERE payment_id = ? ORDER BY sequence")
    .bind(paymentId)
    .all<Row>()
    .then((r) => r.results);

const heads = (r: Row) => Number(r.taxable_value) + Number(r.cgst_amount) + Number(r.sgst_amount) + Number(r.igst_amount);

describe("a refund of an invoiced plan issues a credit note", () => {
  it("in part, then the rest: two credit notes with consecutive numbers, naming the invoice, with its tax heads on each refund and adding up to it", async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, paymentId, invoice } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill: listing was down for a week" })).status).toBe(200);
    expect((await refund(admin.cookie, paymentId, { reason: "Vendor closed the business" })).status).toBe(200);

    const [first, second, ...more] = await notesOf(paymentId);
    expect(more).toEqual([]);
    expect(first!.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(String(first!.number).length).toBeLessThanOrEqual(16);
    expect(second!.sequence).toBe(Number(first!.sequence) + 1);
    expect(String(second!.number).slice(0, 8)).toBe(String(first!.number).slice(0, 8));
    for (const [note, paise, reason] of [
      [first!, 100_000, "Goodwill: listing was down for a week"],
      [second!, 399_900, "Vendor closed the business"],
    ] as const) {
      expect(note).toMatchObject({
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        invoice_issued_at: invoice.issued_at,
        user_id: vendor.id,
        reason,
        total: paise,
        cgst_rate: invoice.cgst_rate,
        sgst_rate: invoice.sgst_rate,
        igst_rate: invoice.igst_rate,
        place_of_supply: invoice.place_of_supply,
      });
      // Taxable value and tax heads add up to the refund, to the paisa.
      expect(heads(note)).toBe(paise);
    }
    // The same heads as the invoice: the vendor is in another state than the supplier, so IGST.
    expect(invoice).toMatchObject({ igst_rate: 1800, cgst_rate: 0 });
    expect(first).toMatchObject({ igst_amount: 15_254, cgst_amount: 0, sgst_amount: 0, taxable_value: 84_746 });
    // Both together are the whole invoice, head by head.
    for (const column of ["taxable_value", "cgst_amount", "sgst_amount", "igst_amount", "total"])
      expect(Number(first![column]) + Number(second![column]), column).toBe(invoice[column]);

    // The vendor is mailed a link to each, with its number and the invoice's.
    const mails = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? AND subject LIKE '%credit note%' ORDER BY created_at, id")
      .bind(vendor.email)
      .all<{ subject: string; text: string }>();
    expect(mails.results.map((m) => m.subject)).toEqual([`Your Mandap credit note ${first!.number}`, `Your Mandap credit note ${second!.number}`]);
    expect(mails.results[0]!.text).toContain(`/credit-notes/${first!.id}`);
    expect(mails.results[0]!.text).toContain(`₹1,000.00`);
    expect(mails.results[0]!.text).toContain(`tax invoice ${invoice.number}`);

    // Beside the invoice in the vendor's payment history.
    const history = (await (await call("/api/v1/subscribe/payment-history", { cookie: vendor.cookie })).json()) as {
      payments: { id: string; status: string; credit_notes: { number: string; total: number; url: string }[] }[];
    };
    expect(history.payments.find((p) => p.id === paymentId)).toMatchObject({
      status: "REFUNDED",
      credit_notes: [
        { number: first!.number, total: 100_000, url: `/credit-notes/${first!.id}` },
        { number: second!.number, total: 399_900, url: `/credit-notes/${second!.id}` },
      ],
    });

    // Admins: the list (API) and the CSV carry the refunded amount and the credit note numbers.
    const list = (await (await call("/api/v1/admin/transactions", { cookie: admin.cookie })).json()) as {
      transactions: { id: string; refundedAmount: number; creditNotes: { id: string; number: string }[] }[];
    };
    expect(list.transactions.find((t) => t.id === paymentId)).toMatchObject({
      refundedAmount: 4999,
      creditNotes: [
        { id: first!.id, number: first!.number },
        { id: second!.id, number: second!.number },
      ],
    });
    const csv = await (await call("/api/v1/admin/transactions.csv", { cookie: admin.cookie })).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header!.split(",").slice(-3)).toEqual(["Refunded (INR)", "Credit note numbers", "Mobile"]);
    expect(lines.find((l) => l.includes(paymentId))!.endsWith(`,${paymentId},Plan,,4999,${first!.number} ${second!.number},`)).toBe(true);
  });

  it("a vendor who chose Hindi gets the invoice's and the credit note's mails in Hindi (issue 32)", async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, paymentId, invoice } = await paidPlan(4999, "hi");
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill" })).status).toBe(200);
    const [note] = await notesOf(paymentId);
    const mails = (
      await env.DB.prepare("SELECT subject, text, html FROM outbox WHERE to_address = ? ORDER BY created_at, id")
        .bind(vendor.email)
        .all<Record<string, string>>()
    ).results;
    const invoiceMail = mails.find((m) => m.subject === `आपका Mandap टैक्स इनवॉइस ${invoice.number}`)!;
    expect(invoiceMail.text).toMatch(
      new RegExp(`प्लान के भुगतान के लिए धन्यवाद। Rs\\. [\\d,.]+ का आपका GST टैक्स इनवॉइस ${String(invoice.number).replace(/\//g, "\\/")} यहाँ है:`),
    );
    expect(invoiceMail.text).toContain("अपना इनवॉइस देखें: ");
    expect(invoiceMail.html).toContain('<html lang="hi-IN">');
    const noteMail = mails.find((m) => m.subject === `आपका Mandap क्रेडिट नोट ${note!.number}`)!;
    expect(noteMail.text).toContain('हमने "');
    expect(noteMail.text).toContain(`के आपके भुगतान में से ₹1,000.00 लौटा दिए हैं (टैक्स इनवॉइस ${invoice.number}, दिनांक `);
    expect(noteMail.text).toContain(`इसका GST क्रेडिट नोट ${note!.number} यहाँ है:`);
    expect(noteMail.text).toMatch(/टीम Mandap$/);
  });

  it("a vendor in the supplier's state gets CGST and SGST back, each half of the tax in the refund", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, invoice } = await paidPlan(4999);
    // The factory's vendor is in another state: move the invoice's heads to CGST + SGST as for a vendor in Karnataka.
    await env.DB.prepare(
      "UPDATE invoices SET cgst_rate = 900, sgst_rate = 900, igst_rate = 0, cgst_amount = 38_128, sgst_amount = 38_128, igst_amount = 0, taxable_value = 423_644 WHERE id = ?",
    )
      .bind(invoice.id)
      .run();
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill" })).status).toBe(200);
    const [note] = await notesOf(paymentId);
    expect(note).toMatchObject({ cgst_rate: 900, sgst_rate: 900, igst_rate: 0, cgst_amount: 7627, sgst_amount: 7627, igst_amount: 0, taxable_value: 84_746 });
    expect(heads(note!)).toBe(100_000);
  });
});

describe("one credit note per recorded refund", () => {
  it("the gateway's refund.processed webhook, delivered twice at once and again, issues one credit note and one mail", async () => {
    const { vendor, paymentId, gatewayPaymentId, invoice } = await paidPlan(4999);
    // A refund made in the gateway's dashboard: this database learns of it by webhook only.
    const body = JSON.stringify({
      entity: "event",
      event: "refund.processed",
      contains: ["refund"],
      payload: {
        refund: {
          entity: {
            id: `rfnd_Cn${paymentId.replace(/[^A-Za-z0-9]/g, "").slice(-12)}`,
            entity: "refund",
            amount: 200_000,
            currency: "INR",
            payment_id: gatewayPaymentId,
            status: "processed",
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const twice = await Promise.all([sendWebhook(body, "evt_CreditNoteTwice01"), sendWebhook(body, "evt_CreditNoteTwice02")]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect((await sendWebhook(body, "evt_CreditNoteTwice03")).status).toBe(200);
    const notes = await notesOf(paymentId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ total: 200_000, invoice_number: invoice.number, reason: "Refunded at the payment gateway." });
    const mails = await env.DB.prepare("SELECT count(*) AS c FROM outbox WHERE to_address = ? AND subject LIKE '%credit note%'").bind(vendor.email).first("c");
    expect(mails).toBe(1);
  });

  it("a payment without an invoice is refunded without a credit note", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, invoice } = await paidPlan(999);
    await env.DB.prepare("DELETE FROM invoices WHERE id = ?").bind(invoice.id).run();
    expect((await refund(admin.cookie, paymentId, { reason: "Never invoiced" })).status).toBe(200);
    expect(await notesOf(paymentId)).toEqual([]);
  });
});

describe("reading a credit note", () => {
  it("the vendor it belongs to and admins read it (API and domain); another vendor and a couple get 404, a visitor 401", async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, paymentId, invoice } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill" })).status).toBe(200);
    const [note] = await notesOf(paymentId);
    const path = `/api/v1/subscribe/credit-note/${note!.id}`;
    const own = await call(path, { cookie: vendor.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      success: true,
      creditNote: {
        number: note!.number,
        invoiceNumber: invoice.number,
        against: `Against tax invoice ${invoice.number} dated ${formatDate(Number(invoice.issued_at))}`,
        total: 100_000,
        totalInWords: "Rupees One Thousand Only",
      },
    });
    expect((await call(path, { cookie: admin.cookie })).status).toBe(200);
    for (const other of [await signedIn("VENDOR"), await signedIn("USER")]) {
      const res = await call(path, { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, message: "We could not find that credit note." });
      await expect(readCreditNote(testContext({ actor: actorOf(other.id) }), String(note!.id))).rejects.toMatchObject({ status: 404 });
    }
    expect((await call(path)).status).toBe(401);
    expect((await call("/api/v1/subscribe/credit-note/no-such-note", { cookie: vendor.cookie })).status).toBe(404);
  });

  it("as a PDF: the credit note's number, the original invoice's number and date, and the refund in ₹", { timeout: 30_000 }, async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, paymentId, invoice } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill: listing was down" })).status).toBe(200);
    const [row] = await notesOf(paymentId);
    const note = await readCreditNote(testContext({ actor: actorOf(vendor.id) }), String(row!.id));
    const { text } = await pdfPageText(await creditNotePdf(note, env.ASSETS));
    for (const expected of [
      "CREDIT NOTE",
      `Credit note no. ${row!.number}`,
      `Against tax invoice ${invoice.number} dated ${formatDate(Number(invoice.issued_at))}`,
      "IGST @ 18 %",
      "₹152.54",
      "₹847.46",
      "₹1,000.00",
      "Amount in words: Rupees One Thousand Only",
      "Reason: Goodwill: listing was down",
      "This is a computer-generated credit note and needs no signature.",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Rs.");
  });
});

describe("the credit note in Hindi", () => {
  it("as a PDF opened from a Hindi page: Hindi labels, the invoice it reverses and the reason as recorded", { timeout: 30_000 }, async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, paymentId, invoice } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill: listing was down" })).status).toBe(200);
    const [row] = await notesOf(paymentId);
    const ctx = testContext({ actor: actorOf(vendor.id) });
    const { text } = await withLocale("hi", async () => pdfPageText(await creditNotePdf(await readCreditNote(ctx, String(row!.id)), env.ASSETS)));
    // The text read back is in the shaped glyphs' visual order (tests/integration/invoices.test.ts): labels that read back as typed.
    for (const expected of [
      `नं. ${row!.number}`,
      `टैक्स इनवॉइस ${invoice.number}`,
      "पाने वाला",
      "कुल₹1,000.00",
      // एक हज़ार रुपये मात्र
      "एक हज़ार रुपये मात्र",
      "कारण: Goodwill: listing was down",
      "हस्ताक्षर की ज़रूरत नहीं है।",
    ])
      expect(text).toContain(expected);
    for (const english of ["CREDIT NOTE", "Credit note no.", "Against tax invoice", "Reason:", "Supplier", "Total", "Rupees", "computer-generated"])
      expect(text).not.toContain(english);
  });
});

describe("the credit note's tax arithmetic (shared/gst.ts creditNoteTax)", () => {
  const none: TaxHeads = { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  const add = (a: TaxHeads, b: TaxHeads): TaxHeads => ({
    taxableValue: a.taxableValue + b.taxableValue,
    cgst: a.cgst + b.cgst,
    sgst: a.sgst + b.sgst,
    igst: a.igst + b.igst,
    total: a.total + b.total,
  });

  it("any split of any invoice: each credit note's heads add up to its refund, and all of them to the invoice, head by head", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_00_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 }),
        (rupees, intra, weights) => {
          const total = rupees * 100;
          const tax = intra
            ? { cgst: Math.round((total * 900) / 11_800), sgst: Math.round((total * 900) / 11_800), igst: 0 }
            : { cgst: 0, sgst: 0, igst: Math.round((total * 1800) / 11_800) };
          const invoice: TaxHeads = { ...tax, taxableValue: total - tax.cgst - tax.sgst - tax.igst, total };
          const sum = weights.reduce((a, b) => a + b, 0);
          let credited = none;
          let left = total;
          weights.forEach((w, i) => {
            const paise = i === weights.length - 1 ? left : Math.max(1, Math.min(left - (weights.length - 1 - i), Math.floor((total * w) / sum)));
            if (paise <= 0) return;
            const note = creditNoteTax(invoice, credited, paise);
            expect(note.taxableValue + note.cgst + note.sgst + note.igst).toBe(note.total);
            expect(note.total).toBe(paise);
            expect(note.cgst).toBe(note.sgst);
            credited = add(credited, note);
            left -= paise;
          });
          expect(credited).toEqual(invoice);
        },
      ),
    );
  });
});
