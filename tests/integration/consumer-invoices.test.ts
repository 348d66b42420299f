import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invoiceStatements, readInvoice } from "#domain/billing/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createUser, createVendor, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";
import { STATE_NAMES } from "#shared/places.ts";
import { stateCodeOf } from "#shared/gst.ts";
import { callback, paymentOf, payInSandbox, sendWebhook, settleWebhooks, type OrderAnswer, type Row } from "#tests/support/payments.ts";

/**
 * Consumer tax invoices (issue 30, docs/decisions/0044-consumer-invoices.md): every credited design
 * purchase gets a GST invoice to the couple in the crediting batch (B2C, place of supply from the
 * wedding city's state, the price GST-inclusive), in the one series plan invoices use, mailed as a
 * link; the couple and admins read it, nobody else.
 */

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The sandbox's first webhook attempts fail ("connection refused"): tests deliver them by hand.
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== "/api/v1/payments/webhook") throw new Error(`unexpected fetch of ${request.url}`);
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

/** A couple signed in, with the wedding city on their profile (or none). */
async function couple(weddingCity: string | null, name = "Ananya Rao") {
  const user = await createUser({ userName: name });
  await env.DB.prepare("UPDATE users SET wedding_city = ? WHERE id = ?").bind(weddingCity, user.id).run();
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** The couple buys the design in the sandbox; the webhooks are kept back (returned) and the callback credits. */
async function buy(cookie: string, templateId: string) {
  const res = await call(`/api/v1/template/create-order/${templateId}`, { method: "POST", cookie });
  const order = (await res.json()) as OrderAnswer;
  expect(res.status, JSON.stringify(order)).toBe(200);
  const back = await payInSandbox(order);
  const hooks = await settleWebhooks(order.orderId, 2);
  return { order, back, hooks };
}

const invoicesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT * FROM invoices WHERE user_id = ? ORDER BY sequence").bind(userId).all<Row>()).results;
const invoiceMailsTo = async (email: string) =>
  (await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? AND subject LIKE '%tax invoice%' ORDER BY created_at").bind(email).all<Row>())
    .results;

describe("a couple's design purchase is invoiced in the crediting batch", () => {
  it("one B2C invoice: IGST for a wedding in Rajasthan worked back out of the inclusive price, the couple's details, SAC 998439, mailed as a link", async () => {
    const buyer = await couple("Jaipur");
    const template = await insertTemplate({ price: 499, name: "Rajwada Gold" });
    const { order, back, hooks } = await buy(buyer.cookie, template.id);
    expect((await callback(back.fields)).status).toBe(303);
    const payment = (await paymentOf(order.orderId))!;
    const [invoice, ...more] = await invoicesOf(buyer.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      payment_id: payment.id,
      user_id: buyer.id,
      number: expect.stringMatching(/^MDP\/\d{4}\/\d{6}$/),
      sac: "998439",
      description: 'Mandap invitation design "Rajwada Gold": use in the card editor, export and e-invites',
      // ₹499 includes 18 % IGST: 49,900 x 18/118 = 7,611.86 paise, rounded to 7,612; the rest is the taxable value.
      taxable_value: 42_288,
      igst_rate: 1800,
      igst_amount: 7_612,
      cgst_amount: 0,
      sgst_amount: 0,
      total: 49_900,
      prices_include_gst: 1,
      place_of_supply: "Rajasthan (08)",
    });
    expect(JSON.parse(String(invoice!.billed_to))).toEqual({
      businessName: "Ananya Rao",
      address: null,
      city: "Jaipur",
      state: "Rajasthan",
      stateCode: "08",
      gstin: null,
      email: buyer.email,
    });
    const mails = await invoiceMailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Mandap tax invoice ${String(invoice!.number)}`);
    expect(mails[0]!.text).toContain(`Thank you for your payment for the invitation design "Rajwada Gold". Your GST tax invoice ${String(invoice!.number)}`);
    expect(mails[0]!.text).toContain(`/invoices/${String(invoice!.id)}`);
    expect(mails[0]!.text).toContain("/profile/payments");

    // The webhooks after the callback, and their replays, credit nothing more: still one invoice, one mail.
    for (const hook of [...hooks, ...hooks]) await sendWebhook(hook.body, hook.id);
    expect(await invoicesOf(buyer.id)).toHaveLength(1);
    expect(await invoiceMailsTo(buyer.email)).toHaveLength(1);
  });

  it("a callback and the webhooks racing issue one invoice and one mail", async () => {
    const buyer = await couple("Jaipur");
    const { back, hooks } = await buy(buyer.cookie, (await insertTemplate({ price: 299 })).id);
    const answers = await Promise.all([
      callback(back.fields),
      sendWebhook(hooks[1]!.body, hooks[1]!.id),
      callback(back.fields),
      sendWebhook(hooks[0]!.body, hooks[0]!.id),
    ]);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(await invoicesOf(buyer.id)).toHaveLength(1);
    expect(await invoiceMailsTo(buyer.email)).toHaveLength(1);
  });

  it("is supplied in the supplier's state (Karnataka: CGST + SGST) for a wedding there, and when the couple gave no city", async () => {
    const template = await insertTemplate({ price: 499 });
    for (const city of ["Bengaluru", null]) {
      const buyer = await couple(city);
      const { back } = await buy(buyer.cookie, template.id);
      await callback(back.fields);
      const [invoice] = await invoicesOf(buyer.id);
      expect(invoice).toMatchObject({
        place_of_supply: "Karnataka (29)",
        cgst_rate: 900,
        cgst_amount: 3_806,
        sgst_rate: 900,
        sgst_amount: 3_806,
        igst_amount: 0,
        taxable_value: 42_288,
        total: 49_900,
      });
    }
  });

  it("knows the GST state code of every state a wedding city can be in (else the place of supply would fall back to the supplier's)", () => {
    expect(STATE_NAMES.filter((state) => !stateCodeOf(state))).toEqual([]);
  });

  it("takes the next number of the one series plan invoices use", async () => {
    const vendor = await createVendor({ businessName: "Shubh Caterers", state: "Karnataka" });
    await env.DB.batch(
      await invoiceStatements(testContext(), { id: `plan-pay-${vendor.id}`, userId: vendor.id, amount: 4999, planName: "Silver" }, Date.now()),
    );
    const plan = (await invoicesOf(vendor.id))[0]!;
    const buyer = await couple("Pune");
    const { back } = await buy(buyer.cookie, (await insertTemplate({ price: 799 })).id);
    await callback(back.fields);
    const design = (await invoicesOf(buyer.id))[0]!;
    expect(design.financial_year).toBe(plan.financial_year);
    expect(design.sequence).toBe(Number(plan.sequence) + 1);
    expect(String(design.number).slice(-6)).toBe(String(Number(plan.sequence) + 1).padStart(6, "0"));
    expect(design.place_of_supply).toBe("Maharashtra (27)");
  });

  it("a second paid order for a design the couple owns is refunded, not invoiced: one invoice, one invoice mail", async () => {
    const buyer = await couple("Jaipur");
    const template = await insertTemplate({ price: 499 });
    const a = await buy(buyer.cookie, template.id);
    // An order with under an hour left is replaced by a new one, and the first can still be paid: both paid.
    await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?")
      .bind(23.5 * 3_600_000, a.order.orderId)
      .run();
    const b = await buy(buyer.cookie, template.id);
    await callback(a.back.fields);
    await callback(b.back.fields);
    expect(await paymentOf(b.order.orderId)).toMatchObject({ status: "REFUNDED" });
    const invoices = await invoicesOf(buyer.id);
    expect(invoices.map((i) => i.payment_id)).toEqual([(await paymentOf(a.order.orderId))!.id]);
    expect(await invoiceMailsTo(buyer.email)).toHaveLength(1);
  });
});

describe("who reads a couple's invoice", () => {
  it("the couple and admins (the pages' readInvoice, the API); another couple and a vendor are told it does not exist; a visitor logs in first", async () => {
    const buyer = await couple("Jaipur");
    const { back } = await buy(buyer.cookie, (await insertTemplate({ price: 499, name: "Mehndi Green" })).id);
    await callback(back.fields);
    const invoice = (await invoicesOf(buyer.id))[0]!;
    const id = String(invoice.id);

    // The pages (/invoices/{id} and its PDF) call the same readInvoice: the e2e walk opens them (tests/e2e/template-purchase.spec.ts).
    const mine = await readInvoice(testContext({ actor: actorOf(buyer.id, "USER") }), id);
    expect(mine).toMatchObject({ number: invoice.number, kind: "design", priceNote: "The design's price includes GST." });
    const api = await call(`/api/v1/subscribe/invoice/${id}`, { cookie: buyer.cookie });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ success: true, invoice: { id, kind: "design", sac: "998439", sacDescription: "Other on-line contents n.e.c." } });

    const admin = await signedIn("ADMIN");
    expect((await call(`/api/v1/subscribe/invoice/${id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await readInvoice(testContext({ actor: actorOf(admin.id, "ADMIN") }), id)).number).toBe(invoice.number);

    for (const role of ["USER", "VENDOR"] as const) {
      const other = await signedIn(role);
      expect((await call(`/api/v1/subscribe/invoice/${id}`, { cookie: other.cookie })).status).toBe(404);
      await expect(readInvoice(testContext({ actor: actorOf(other.id, role) }), id)).rejects.toMatchObject({ status: 404 });
    }
    expect((await call(`/api/v1/subscribe/invoice/${id}`)).status).toBe(401);
  });
});

describe("the couple's Payments (GET /api/v1/template/payments, the /profile/payments page's couplePayments)", () => {
  const payments = async (cookie?: string) => {
    const res = await call("/api/v1/template/payments", { cookie });
    return { status: res.status, body: (await res.json()) as { success: boolean; payments: Row[] } };
  };

  it("lists both paid orders of a design with the invoice of the first, the automatic refund of the second, and an admin's partial refund with its credit note", async () => {
    const buyer = await couple("Jaipur");
    const template = await insertTemplate({ price: 499, name: "Rajwada Gold" });
    const a = await buy(buyer.cookie, template.id);
    await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?")
      .bind(23.5 * 3_600_000, a.order.orderId)
      .run();
    const b = await buy(buyer.cookie, template.id);
    await callback(a.back.fields);
    await callback(b.back.fields);
    const [payA, payB] = [(await paymentOf(a.order.orderId))!, (await paymentOf(b.order.orderId))!];
    // An admin gives ₹100 of the first back (goodwill): Partly refunded, the design kept.
    const admin = await signedIn("ADMIN");
    const refund = await call(`/api/v1/admin/transactions/${String(payA.id)}/refund`, {
      method: "POST",
      cookie: admin.cookie,
      body: { amount: 100, reason: "A typo in the design" },
    });
    expect(refund.status).toBe(200);

    const { status, body } = await payments(buyer.cookie);
    expect(status).toBe(200);
    const invoice = (await invoicesOf(buyer.id))[0]!;
    const notes = (await env.DB.prepare("SELECT * FROM credit_notes WHERE user_id = ?").bind(buyer.id).all<Row>()).results;
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(note).toMatchObject({ payment_id: payA.id, invoice_id: invoice.id });
    expect(body.payments).toEqual([
      {
        id: payB.id,
        date: payB.created_at,
        templateId: template.id,
        designName: "Rajwada Gold",
        amount: 499,
        status: "REFUNDED",
        refundedAmount: 499,
        gatewayPaymentId: b.back.fields.razorpay_payment_id,
        note: "You already owned this design, so this second payment was refunded in full by itself.",
        invoice: null,
        creditNotes: [],
        refunds: [{ id: expect.any(String), amount: 499, status: "PROCESSED", date: expect.any(Number) }],
      },
      {
        id: payA.id,
        date: payA.created_at,
        templateId: template.id,
        designName: "Rajwada Gold",
        amount: 499,
        status: "PARTIALLY_REFUNDED",
        refundedAmount: 100,
        gatewayPaymentId: a.back.fields.razorpay_payment_id,
        note: null,
        invoice: { id: invoice.id, number: invoice.number, url: `/invoices/${String(invoice.id)}`, pdfUrl: `/invoices/${String(invoice.id)}/pdf` },
        creditNotes: [{ id: note.id, number: note.number, url: `/credit-notes/${String(note.id)}`, pdfUrl: `/credit-notes/${String(note.id)}/pdf` }],
        refunds: [{ id: expect.any(String), amount: 100, status: "PROCESSED", date: expect.any(Number) }],
      },
    ]);
    // A couple who chose Hindi reads what became of the second payment in Hindi.
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(buyer.id).run();
    expect((await payments(buyer.cookie)).body.payments.map((p) => p.note)).toEqual([
      "यह डिज़ाइन पहले से आपका था, इसलिए यह दूसरा भुगतान अपने-आप पूरा लौटा दिया गया।",
      null,
    ]);
    // The credit note is the couple's (and admins'): another couple is told it does not exist.
    const notePath = `/api/v1/subscribe/credit-note/${String(note.id)}`;
    expect(await (await call(notePath, { cookie: buyer.cookie })).json()).toMatchObject({
      creditNote: { number: note.number, invoiceNumber: invoice.number, total: 10_000 },
    });
    expect((await call(notePath, { cookie: (await signedIn("USER")).cookie })).status).toBe(404);

    // Nobody else's: another couple sees an empty list, a vendor is refused, a visitor must log in.
    expect((await payments((await signedIn("USER")).cookie)).body.payments).toEqual([]);
    expect((await payments((await signedIn("VENDOR")).cookie)).status).toBe(403);
    expect((await payments()).status).toBe(401);
  });

  it("says why an attempt failed, and shows an unpaid order as awaiting payment", async () => {
    const buyer = await couple(null);
    const template = await insertTemplate({ price: 299, name: "Haldi Sunshine" });
    const res = await call(`/api/v1/template/create-order/${template.id}`, { method: "POST", cookie: buyer.cookie });
    const order = (await res.json()) as OrderAnswer;
    expect((await payments(buyer.cookie)).body.payments).toMatchObject([
      { designName: "Haldi Sunshine", amount: 299, status: "PENDING", invoice: null, refunds: [] },
    ]);
    const declined = await payInSandbox(order, { decision: "decline" });
    await callback(declined.fields);
    const [failed] = (await payments(buyer.cookie)).body.payments;
    expect(failed).toMatchObject({ status: "FAILED", note: expect.any(String), invoice: null });
    expect(String(failed!.note).length).toBeGreaterThan(0);
  });
});
