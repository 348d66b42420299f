import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "#domain/billing/index.ts";
import { indiaMidnight } from "#shared/india-time.ts";
import { call, createUser, createVendor, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";

/**
 * GET /admin/transactions and its CSV (functions/domain/billing/transactions.ts): every payment with the
 * vendor, plan, gateway ids, failure reason and invoice; day filters in India time (both days
 * included, boundaries at IST midnight), a status filter, totals, pages; the CSV quotes cells and
 * neutralises spreadsheet formulas; admins only. Rows are written directly (the gateway and the
 * invoices are other areas').
 *
 * The test's payments are dated in a year of their own (2031), so other files' rows never mix in.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

const IST = 330 * 60_000;
/** A moment given as India time: "2031-03-01 00:00" -> epoch ms. */
const ist = (s: string) => Date.parse(`${s.replace(" ", "T")}:00Z`) - IST;

let admin: { cookie: string };
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let planId = "";
let seq = 0;

async function payment(p: {
  user: string;
  at: number;
  amount: number;
  status: "PENDING" | "SUCCESS" | "FAILED" | "REFUNDED";
  failure?: string;
  invoice?: string;
  paymentId?: string | null;
  /** A couple's invitation template purchase: no subscription behind it. */
  template?: boolean;
}) {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const sub = `sub-${tag}`;
  const pay = `pay-${tag}`;
  const order = `order_${tag}`;
  const statements = [
    p.template
      ? env.DB.prepare("SELECT 1")
      : env.DB.prepare(
          "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ).bind(sub, p.user, planId, p.status === "SUCCESS" ? "ACTIVE" : "PENDING", order, p.at, p.at),
    env.DB.prepare(
      "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, gateway_payment_id, failure_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      pay,
      p.user,
      p.template ? "TEMPLATE" : "SUBSCRIPTION",
      p.template ? null : sub,
      p.amount,
      p.status,
      order,
      p.paymentId === undefined ? (p.status === "PENDING" ? null : `pay_${tag}`) : p.paymentId,
      p.failure ?? null,
      p.at,
      p.at,
    ),
  ];
  if (p.invoice)
    statements.push(
      env.DB.prepare(
        `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount,
           igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
         VALUES (?, ?, ?, ?, 'test', ?, 'Plan', '998365', ?, 0, 0, 0, 0, 1800, 0, ?, 1, 'Rajasthan (08)', '{}', '{}', ?)`,
      ).bind(`inv-${tag}`, pay, p.user, p.invoice, 900_000 + seq, p.amount * 100, p.amount * 100, p.at),
    );
  await env.DB.batch(statements);
  return { id: pay, order, invoiceId: p.invoice ? `inv-${tag}` : null };
}

let rows: Record<string, Awaited<ReturnType<typeof payment>>> = {};

beforeAll(async () => {
  admin = await signedIn("ADMIN");
  vendor = await createVendor({ businessName: "Shubh Caterers, Jaipur" });
  other = await createVendor({ businessName: '=HYPERLINK("http://evil.example","Click")' });
  planId = `plan-tx-${Date.now().toString(36)}`;
  await env.DB.prepare(
    "INSERT INTO plans (id, name, price, duration_days, features, is_active, created_at, updated_at) VALUES (?, 'Silver \"90\"', 4999, 90, '[]', 1, 1, 1)",
  )
    .bind(planId)
    .run();
  rows = {
    // The last minute of 28 Feb in India (still 28 Feb) and the first of 1 Mar.
    lateFeb: await payment({ user: vendor.id, at: ist("2031-02-28 23:59"), amount: 1000, status: "SUCCESS", invoice: "MDP/30-31/0001" }),
    firstMar: await payment({ user: vendor.id, at: ist("2031-03-01 00:00"), amount: 4999, status: "SUCCESS", invoice: "MDP/30-31/0002" }),
    failed: await payment({ user: other.id, at: ist("2031-03-01 10:00"), amount: 4999, status: "FAILED", failure: "-Card declined, by the bank" }),
    pending: await payment({ user: other.id, at: ist("2031-03-02 09:00"), amount: 14999, status: "PENDING" }),
    // 31 Mar 23:59 IST is 18:29 UTC on 31 Mar; 1 Apr 00:00 IST is 18:30 UTC on 31 Mar (the UTC date is still 31 Mar).
    lastMar: await payment({ user: vendor.id, at: ist("2031-03-31 23:59"), amount: 14999, status: "SUCCESS" }),
    firstApr: await payment({ user: vendor.id, at: ist("2031-04-01 00:00"), amount: 7000, status: "SUCCESS" }),
  };
});

const list = async (query: string, cookie = admin.cookie) => json(await call(`/api/v1/admin/transactions?${query}`, { cookie }));
const ids = (body: Loose) => (body.transactions as Loose[]).map((t) => t.id);

describe("the list", () => {
  it("gives each payment with the vendor, e-mail, plan, amount, status, gateway ids, failure reason and invoice, newest first", async () => {
    const { status, body } = await list("from=2031-02-28&to=2031-03-02");
    expect(status).toBe(200);
    expect(ids(body)).toEqual([rows.pending!.id, rows.failed!.id, rows.firstMar!.id, rows.lateFeb!.id]);
    const first = (body.transactions as Loose[]).find((t) => t.id === rows.firstMar!.id);
    expect(first).toMatchObject({
      businessName: "Shubh Caterers, Jaipur",
      email: vendor.email,
      planName: 'Silver "90"',
      amount: 4999,
      status: "SUCCESS",
      gatewayOrderId: rows.firstMar!.order,
      invoiceId: rows.firstMar!.invoiceId,
      invoiceNumber: "MDP/30-31/0002",
      createdAt: ist("2031-03-01 00:00"),
    });
    expect(first!.gatewayPaymentId).toMatch(/^pay_/);
    expect((body.transactions as Loose[]).find((t) => t.id === rows.failed!.id)).toMatchObject({
      status: "FAILED",
      failureReason: "-Card declined, by the bank",
      invoiceId: null,
      invoiceNumber: null,
    });
  });

  it("counts days in India time: a day starts at midnight IST, and both ends of the range are included", async () => {
    expect(ids((await list("from=2031-02-28&to=2031-02-28")).body)).toEqual([rows.lateFeb!.id]);
    expect(ids((await list("from=2031-03-01&to=2031-03-01")).body)).toEqual([rows.failed!.id, rows.firstMar!.id]);
    expect(ids((await list("from=2031-03-31&to=2031-03-31")).body)).toEqual([rows.lastMar!.id]);
    expect(ids((await list("from=2031-04-01&to=2031-04-01")).body)).toEqual([rows.firstApr!.id]);
    // Only one end given.
    expect(ids((await list("from=2031-03-31")).body)).toEqual([rows.firstApr!.id, rows.lastMar!.id]);
    expect(ids((await list("to=2031-02-28")).body)).toContain(rows.lateFeb!.id);
    expect(ids((await list("to=2031-02-28")).body)).not.toContain(rows.firstMar!.id);
    expect(indiaMidnight("2031-03-01")).toBe(Date.UTC(2031, 1, 28, 18, 30));
  });

  it("filters by status, and totals: count and SUCCESS sum of the filter, and every status over the days", async () => {
    const all = await list("from=2031-02-28&to=2031-04-01");
    expect(all.body.totals).toEqual({
      count: 6,
      successAmount: 1000 + 4999 + 14999 + 7000,
      byPurpose: { SUBSCRIPTION: { count: 6, received: 1000 + 4999 + 14999 + 7000 }, TEMPLATE: { count: 0, received: 0 } },
      byStatus: {
        SUCCESS: { count: 4, amount: 1000 + 4999 + 14999 + 7000 },
        FAILED: { count: 1, amount: 4999 },
        PENDING: { count: 1, amount: 14999 },
        REFUNDED: { count: 0, amount: 0 },
        REFUND_DUE: { count: 0, amount: 0 },
        PARTIALLY_REFUNDED: { count: 0, amount: 0 },
      },
    });
    const failed = await list("from=2031-02-28&to=2031-04-01&status=FAILED");
    expect(ids(failed.body)).toEqual([rows.failed!.id]);
    expect(failed.body.totals).toMatchObject({ count: 1, successAmount: 0, byStatus: { SUCCESS: { count: 4 } } });
    const march = await list("from=2031-03-01&to=2031-03-31&status=SUCCESS");
    expect(ids(march.body)).toEqual([rows.lastMar!.id, rows.firstMar!.id]);
    expect(march.body.totals).toMatchObject({ count: 2, successAmount: 4999 + 14999 });
    expect(march.body.filters).toEqual({ from: "2031-03-01", to: "2031-03-31", status: "SUCCESS", purpose: null });
  });

  it("pages by 50, newest first, with hasMore", async () => {
    const couple = await createUser();
    const base = ist("2032-06-10 12:00");
    for (let i = 0; i < 51; i++) await payment({ user: couple.id, at: base + i * 60_000, amount: 100 + i, status: "SUCCESS", template: true });
    const one = await list("from=2032-06-10&to=2032-06-10");
    expect(one.body.transactions).toHaveLength(50);
    expect(one.body).toMatchObject({ page: 1, hasMore: true, pageSize: 50 });
    expect(one.body.transactions[0].amount).toBe(150);
    expect(one.body.totals).toMatchObject({ count: 51, successAmount: Array.from({ length: 51 }, (_, i) => 100 + i).reduce((a, b) => a + b) });
    const two = await list("from=2032-06-10&to=2032-06-10&page=2");
    expect(two.body.transactions.map((t: Loose) => t.amount)).toEqual([100]);
    expect(two.body.hasMore).toBe(false);
    // A couple's payment (a template, no business, no plan) names the person.
    expect(two.body.transactions[0]).toMatchObject({ purpose: "TEMPLATE", businessName: null, planName: null, userName: couple.userName, email: couple.email });
  });

  const bad: [string, string, string][] = [
    ["from=2031-02-30", "from", "From: that date does not exist."],
    ["from=1st March", "from", "From: use a date like 2026-11-23."],
    ["from=2031-03-02&to=2031-03-01", "to", "“To” must be on or after “From”."],
    ["status=PAID", "status", "Choose a status from the list."],
    ["purpose=GIFT", "purpose", "Choose plans or designs from the list."],
    ["page=0", "page", "Page must be at least 1."],
  ];
  for (const [query, field, message] of bad)
    it(`refuses ${query} with a message on ${field}`, async () => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.errors[field]).toBe(message);
    });
});

/** A small RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      out.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return out;
}

describe("the CSV export", () => {
  it("downloads the filter's rows as an attachment, quoting commas and quotes and neutralising formulas", async () => {
    const res = await call("/api/v1/admin/transactions.csv?from=2031-02-28&to=2031-03-02", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="mandap-transactions-2031-02-28-to-2031-03-02.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read ₹ and names right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Date (IST),Vendor,E-mail,Plan,Amount (INR),Status,")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const table = parseCsv(text);
    expect(table).toHaveLength(5);
    expect(table.every((r) => r.length === 16)).toBe(true);
    const [, pending, failed, firstMar, lateFeb] = table;
    expect(lateFeb!.slice(0, 6)).toEqual(["2031-02-28 23:59", "Shubh Caterers, Jaipur", vendor.email, 'Silver "90"', "1000", "SUCCESS"]);
    expect(lateFeb![9]).toBe("MDP/30-31/0001");
    expect(firstMar![0]).toBe("2031-03-01 00:00");
    // The vendor named like a formula, and a failure reason starting with "-", begin with an apostrophe.
    expect(failed![1]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(failed![8]).toBe("'-Card declined, by the bank");
    expect(pending![5]).toBe("PENDING");
    expect(pending![7]).toBe("");
    // The raw text quotes the cells that need it.
    expect(text).toContain(`"Shubh Caterers, Jaipur"`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  });

  it("ends each row with the payer's verified mobile number, how a phone-only account is reached (issue 32)", async () => {
    const phone = `+9196${String(Date.now() % 100_000_000).padStart(8, "0")}`;
    await env.DB.prepare("UPDATE users SET verified_phone = ? WHERE id = ?").bind(phone, vendor.id).run();
    try {
      const table = parseCsv(await (await call("/api/v1/admin/transactions.csv?from=2031-02-28&to=2031-03-02", { cookie: admin.cookie })).text());
      expect(table[0]![15]).toBe("Mobile");
      // A leading "+" is neutralised like any formula character (csvCell): the spreadsheet shows the number as text.
      expect(table.find((r) => r[2] === vendor.email)![15]).toBe(`'${phone}`);
    } finally {
      await env.DB.prepare("UPDATE users SET verified_phone = NULL WHERE id = ?").bind(vendor.id).run();
    }
  });

  it("applies the status filter and names the file after it", async () => {
    const res = await call("/api/v1/admin/transactions.csv?from=2031-03-01&to=2031-04-01&status=SUCCESS", { cookie: admin.cookie });
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="mandap-transactions-2031-03-01-to-2031-04-01-success.csv"');
    const table = parseCsv(await res.text());
    expect(table.slice(1).map((r) => r[10])).toEqual([rows.firstApr!.id, rows.lastMar!.id, rows.firstMar!.id]);
  });

  it("writes every dangerous lead character safely", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "plain", "a,b", 'say "hi"', "line\nbreak"].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      "plain",
      '"a,b"',
      '"say ""hi"""',
      '"line\nbreak"',
    ]);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
  });

  it("refuses bad filters with JSON, like the list", async () => {
    const res = await call("/api/v1/admin/transactions.csv?status=nope", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Loose).errors.status).toBe("Choose a status from the list.");
  });
});

describe("plans and designs apart (issue 30)", () => {
  /** A couple's paid design in May 2033 (a year of its own): the purchase names the design. */
  async function designPayment(at: number, amount: number, status: "SUCCESS" | "FAILED", name: string) {
    const couple = await createUser({ userName: "Ananya Rao" });
    const tag = `${Date.now().toString(36)}${(seq++).toString(36)}`;
    const template = await insertTemplate({ name, price: amount });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO payments (id, user_id, purpose, template_purchase_id, amount, status, gateway_order_id, gateway_payment_id, created_at, updated_at) VALUES (?, ?, 'TEMPLATE', ?, ?, ?, ?, ?, ?, ?)",
      ).bind(`pay-${tag}`, couple.id, `tp-${tag}`, amount, status, `order_${tag}`, `pay_${tag}`, at, at),
      env.DB.prepare(
        "INSERT INTO template_purchases (id, user_id, template_id, payment_id, order_status, payment_status, amount, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        `tp-${tag}`,
        couple.id,
        template.id,
        `pay-${tag}`,
        status === "SUCCESS" ? "completed" : "failed",
        status === "SUCCESS" ? "successful" : "failed",
        amount,
        at,
        at,
      ),
    ]);
    return `pay-${tag}`;
  }
  let design = "";
  let failedDesign = "";
  let plan = "";
  beforeAll(async () => {
    design = await designPayment(ist("2033-05-10 10:00"), 499, "SUCCESS", "Rajwada Gold");
    failedDesign = await designPayment(ist("2033-05-10 11:00"), 799, "FAILED", "Mehndi Green");
    plan = (await payment({ user: vendor.id, at: ist("2033-05-10 12:00"), amount: 4999, status: "SUCCESS" })).id;
  });

  it("labels each row by its purpose, names the design, and totals plans and designs apart", async () => {
    const { body } = await list("from=2033-05-10&to=2033-05-10");
    expect(ids(body)).toEqual([plan, failedDesign, design]);
    expect(body.transactions.map((t: Loose) => [t.purpose, t.planName, t.designName])).toEqual([
      ["SUBSCRIPTION", 'Silver "90"', null],
      ["TEMPLATE", null, "Mehndi Green"],
      ["TEMPLATE", null, "Rajwada Gold"],
    ]);
    expect(body.totals).toMatchObject({
      count: 3,
      successAmount: 4999 + 499,
      byPurpose: { SUBSCRIPTION: { count: 1, received: 4999 }, TEMPLATE: { count: 2, received: 499 } },
    });
  });

  it("filters by purpose (list, totals and CSV), the CSV saying Plan or Design and naming the design", async () => {
    const designs = await list("from=2033-05-10&to=2033-05-10&purpose=TEMPLATE");
    expect(ids(designs.body)).toEqual([failedDesign, design]);
    expect(designs.body.filters).toMatchObject({ purpose: "TEMPLATE" });
    expect(designs.body.totals).toMatchObject({
      count: 2,
      successAmount: 499,
      byPurpose: { SUBSCRIPTION: { count: 0, received: 0 }, TEMPLATE: { count: 2, received: 499 } },
      byStatus: { SUCCESS: { count: 1, amount: 499 }, FAILED: { count: 1, amount: 799 } },
    });
    expect(ids((await list("from=2033-05-10&to=2033-05-10&purpose=SUBSCRIPTION")).body)).toEqual([plan]);

    const all = parseCsv(await (await call("/api/v1/admin/transactions.csv?from=2033-05-10&to=2033-05-10", { cookie: admin.cookie })).text());
    expect(all[0]!.slice(10, 13)).toEqual(["Payment id", "Kind", "Design"]);
    expect(all.slice(1).map((r) => [r[10], r[11], r[12]])).toEqual([
      [plan, "Plan", ""],
      [failedDesign, "Design", "Mehndi Green"],
      [design, "Design", "Rajwada Gold"],
    ]);
    const res = await call("/api/v1/admin/transactions.csv?from=2033-05-10&to=2033-05-10&purpose=TEMPLATE", { cookie: admin.cookie });
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="mandap-transactions-2033-05-10-to-2033-05-10-designs.csv"');
    expect(
      parseCsv(await res.text())
        .slice(1)
        .map((r) => r[10]),
    ).toEqual([failedDesign, design]);
  });
});

describe("who may see transactions", () => {
  const paths = ["/api/v1/admin/transactions?from=2031-02-28&to=2031-04-01", "/api/v1/admin/transactions.csv?from=2031-02-28&to=2031-04-01"];

  it("refuses visitors (401), couples and vendors (403), with nothing of the payments in the answer", async () => {
    for (const [who, expected] of [
      [undefined, 401],
      [(await signedIn("USER")).cookie, 403],
      [(await signedIn("VENDOR")).cookie, 403],
    ] as const)
      for (const path of paths) {
        const res = await call(path, { cookie: who });
        const text = await res.text();
        expect(res.status, path).toBe(expected);
        expect(text).not.toContain(rows.firstMar!.order);
      }
  });

  it("lets super admins see them too", async () => {
    const superAdmin = await signedIn("SUPER_ADMIN");
    for (const path of paths) {
      const res = await call(path, { cookie: superAdmin.cookie });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(rows.firstMar!.order);
    }
  });
});
