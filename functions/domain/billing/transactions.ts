import { type DomainContext, ACCESS, requireRole, parseInput } from "../core/index.ts";
import {
  PAYMENT_PURPOSE_VALUES,
  PAYMENT_STATUS_VALUES,
  PURPOSE_LABELS,
  TRANSACTIONS_PAGE_SIZE,
  transactionFilters,
  type TransactionFilters,
} from "#shared/plan-schemas.ts";
import { DAY_MS, indiaDateTime, indiaMidnight } from "#shared/india-time.ts";

/**
 * Every payment made to Mandap, as admins see it (/admin/transactions, GET /admin/transactions and
 * its CSV): who paid (the vendor's business name and e-mail), for which plan, how much (whole
 * rupees), the status, the gateway's order and payment ids, why it failed, the invoice when
 * one was issued, and what was refunded with the GST credit note of each refund. Each row is a
 * plan (SUBSCRIPTION) or an invitation design (TEMPLATE, with the design's name; issue 30).
 * Filters: a day range in India time (from and to inclusive), a status and a purpose.
 *
 * Totals: `count` and `successAmount` cover the whole filter (all pages); `byPurpose` splits them
 * into plans and designs; `byStatus` covers the day range (and purpose) with every status, so the
 * admin sees what failed beside what was paid.
 */
export type Transaction = {
  id: string;
  createdAt: number;
  purpose: (typeof PAYMENT_PURPOSE_VALUES)[number];
  userId: string;
  businessName: string | null;
  userName: string;
  email: string;
  /** The payer's verified mobile number (E.164): how a phone-only account is reached. */
  verifiedPhone: string | null;
  planName: string | null;
  /** The invitation design's name (purpose TEMPLATE). */
  designName: string | null;
  amount: number;
  currency: string;
  status: (typeof PAYMENT_STATUS_VALUES)[number];
  method: string | null;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  failureReason: string | null;
  /** Whole rupees refunded so far (issue 30); 0 when none. */
  refundedAmount: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** The GST credit notes of its refunds, oldest first (issue 30). */
  creditNotes: { id: string; number: string }[];
  /**
   * A refund the payment is owed by itself (a late payment, a design paid for twice; issue 30,
   * automatic-refunds.ts): made (`refundedAt`), or waiting for the gateway with the attempts so far,
   * the last error and when the 5-minute job tries again. Null when none is owed.
   */
  automaticRefund: { reason: string; attempts: number; lastError: string | null; nextAttemptAt: number; refundedAt: number | null } | null;
};

type TransactionRow = Omit<Transaction, "creditNotes" | "automaticRefund"> & { creditNotesJson: string; automaticRefundJson: string | null };
const withCreditNotes = ({ creditNotesJson, automaticRefundJson, ...row }: TransactionRow): Transaction => ({
  ...row,
  creditNotes: JSON.parse(creditNotesJson) as Transaction["creditNotes"],
  automaticRefund: automaticRefundJson ? (JSON.parse(automaticRefundJson) as Transaction["automaticRefund"]) : null,
});

export type StatusTotal = { count: number; amount: number };
/** Payments of one purpose in the filter, and the rupees received and kept of them (as successAmount). */
export type PurposeTotal = { count: number; received: number };

export type TransactionsPage = {
  filters: { from: string | null; to: string | null; status: string | null; purpose: string | null };
  transactions: Transaction[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  totals: {
    count: number;
    successAmount: number;
    byPurpose: Record<(typeof PAYMENT_PURPOSE_VALUES)[number], PurposeTotal>;
    byStatus: Record<(typeof PAYMENT_STATUS_VALUES)[number], StatusTotal>;
  };
};

const DAY = DAY_MS;

const requireAdmin = (ctx: DomainContext) => requireRole(ctx.actor, ACCESS.admin, "Only admins see transactions.");

type Where = { sql: string; binds: unknown[] };

function whereOf(f: TransactionFilters, withStatus: boolean): Where {
  const parts: string[] = [];
  const binds: unknown[] = [];
  if (f.from) {
    parts.push("p.created_at >= ?");
    binds.push(indiaMidnight(f.from));
  }
  if (f.to) {
    parts.push("p.created_at < ?");
    binds.push(indiaMidnight(f.to) + DAY);
  }
  if (withStatus && f.status) {
    parts.push("p.status = ?");
    binds.push(f.status);
  }
  if (f.purpose) {
    parts.push("p.purpose = ?");
    binds.push(f.purpose);
  }
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", binds };
}

const ROWS = `SELECT p.id, p.created_at AS createdAt, p.purpose, p.user_id AS userId, v.business_name AS businessName, u.user_name AS userName,
       u.email, u.verified_phone AS verifiedPhone, pl.name AS planName, it.name AS designName, p.amount, p.currency, p.status, p.method, p.gateway_order_id AS gatewayOrderId,
       p.gateway_payment_id AS gatewayPaymentId, p.failure_reason AS failureReason, COALESCE(p.refunded_amount, 0) AS refundedAmount, i.id AS invoiceId, i.number AS invoiceNumber,
       (SELECT json_group_array(json_object('id', c.id, 'number', c.number))
          FROM (SELECT id, number FROM credit_notes WHERE payment_id = p.id ORDER BY sequence) c) AS creditNotesJson,
       (SELECT json_object('reason', ar.reason, 'attempts', ar.attempts, 'lastError', ar.last_error, 'nextAttemptAt', ar.next_attempt_at, 'refundedAt', ar.refunded_at)
          FROM payment_automatic_refunds ar WHERE ar.payment_id = p.id) AS automaticRefundJson
  FROM payments p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN vendors v ON v.user_id = p.user_id
  LEFT JOIN subscriptions s ON s.id = p.subscription_id
  LEFT JOIN plans pl ON pl.id = s.plan_id
  LEFT JOIN invoices i ON i.payment_id = p.id
  LEFT JOIN template_purchases tp ON tp.id = p.template_purchase_id
  LEFT JOIN invite_templates it ON it.id = tp.template_id`;

/** What was received and kept of a payment: successful and partly refunded ones, less what was refunded. */
const KEPT = "CASE WHEN p.status IN ('SUCCESS', 'PARTIALLY_REFUNDED') THEN p.amount - coalesce(p.refunded_amount, 0) END";

/** Validates filters from a URL or query string (400 with field messages when they do not fit). */
export const parseTransactionFilters = (raw: unknown) => parseInput(transactionFilters, raw, "Some filters are not valid.");

/** One page of transactions, newest first, with the totals of the filter. */
export async function listTransactions(ctx: DomainContext, raw: unknown): Promise<TransactionsPage> {
  requireAdmin(ctx);
  const f = parseTransactionFilters(raw);
  const page = f.page ?? 1;
  const all = whereOf(f, true);
  const days = whereOf(f, false);
  const [rows, totals, perStatus, perPurpose] = await ctx.db.batch([
    ctx.db
      .prepare(`${ROWS} ${all.sql} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`)
      .bind(...all.binds, TRANSACTIONS_PAGE_SIZE + 1, (page - 1) * TRANSACTIONS_PAGE_SIZE),
    ctx.db.prepare(`SELECT count(*) AS count, coalesce(sum(${KEPT}), 0) AS successAmount FROM payments p ${all.sql}`).bind(...all.binds),
    ctx.db
      .prepare(`SELECT p.status, count(*) AS count, coalesce(sum(p.amount), 0) AS amount FROM payments p ${days.sql} GROUP BY p.status`)
      .bind(...days.binds),
    ctx.db
      .prepare(`SELECT p.purpose, count(*) AS count, coalesce(sum(${KEPT}), 0) AS received FROM payments p ${all.sql} GROUP BY p.purpose`)
      .bind(...all.binds),
  ]);
  const list = (rows!.results as TransactionRow[]).slice(0, TRANSACTIONS_PAGE_SIZE).map(withCreditNotes);
  const head = (totals!.results as { count: number; successAmount: number }[])[0] ?? { count: 0, successAmount: 0 };
  const byStatus = Object.fromEntries(PAYMENT_STATUS_VALUES.map((s) => [s, { count: 0, amount: 0 }])) as TransactionsPage["totals"]["byStatus"];
  for (const r of perStatus!.results as { status: string; count: number; amount: number }[])
    if (r.status in byStatus) byStatus[r.status as keyof typeof byStatus] = { count: r.count, amount: r.amount };
  const byPurpose = Object.fromEntries(PAYMENT_PURPOSE_VALUES.map((s) => [s, { count: 0, received: 0 }])) as TransactionsPage["totals"]["byPurpose"];
  for (const r of perPurpose!.results as { purpose: string; count: number; received: number }[])
    if (r.purpose in byPurpose) byPurpose[r.purpose as keyof typeof byPurpose] = { count: r.count, received: r.received };
  return {
    filters: { from: f.from ?? null, to: f.to ?? null, status: f.status ?? null, purpose: f.purpose ?? null },
    transactions: list,
    page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    hasMore: rows!.results.length > TRANSACTIONS_PAGE_SIZE,
    totals: { count: head.count, successAmount: head.successAmount, byPurpose, byStatus },
  };
}

/** The most rows one CSV export carries (newest first); narrow the dates for more. */
export const CSV_MAX_ROWS = 50_000;
const CSV_CHUNK = 2_000;

/**
 * One CSV cell: text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe; a cell with a comma, quote or line break is
 * quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_HEADER = [
  "Date (IST)",
  "Vendor",
  "E-mail",
  "Plan",
  "Amount (INR)",
  "Status",
  "Gateway order id",
  "Gateway payment id",
  "Failure reason",
  "Invoice number",
  "Payment id",
  "Kind",
  "Design",
  "Refunded (INR)",
  "Credit note numbers",
  "Mobile",
];

/** The filter's transactions as a CSV file (UTF-8 with a byte-order mark so spreadsheets read ₹ and names right). */
export async function transactionsCsv(ctx: DomainContext, raw: unknown): Promise<{ filename: string; body: string; rows: number }> {
  requireAdmin(ctx);
  const f = parseTransactionFilters(raw);
  const { sql, binds } = whereOf(f, true);
  const lines = [CSV_HEADER.map(csvCell).join(",")];
  let after: { createdAt: number; id: string } | null = null;
  let rows = 0;
  while (rows < CSV_MAX_ROWS) {
    const keyset: string = after ? `${sql ? `${sql} AND` : "WHERE"} (p.created_at < ? OR (p.created_at = ? AND p.id < ?))` : sql;
    const extra: unknown[] = after ? [after.createdAt, after.createdAt, after.id] : [];
    const { results } = await ctx.db
      .prepare(`${ROWS} ${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT ?`)
      .bind(...binds, ...extra, Math.min(CSV_CHUNK, CSV_MAX_ROWS - rows))
      .all<TransactionRow>();
    for (const t of results.map(withCreditNotes))
      lines.push(
        [
          indiaDateTime(t.createdAt),
          t.businessName ?? t.userName,
          t.email,
          t.planName,
          t.amount,
          t.status,
          t.gatewayOrderId,
          t.gatewayPaymentId,
          t.failureReason,
          t.invoiceNumber,
          t.id,
          PURPOSE_LABELS[t.purpose],
          t.designName,
          t.refundedAmount,
          t.creditNotes.map((c) => c.number).join(" "),
          t.verifiedPhone,
        ]
          .map(csvCell)
          .join(","),
      );
    rows += results.length;
    const last = results.at(-1);
    if (!last || results.length < CSV_CHUNK) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  const span = f.from || f.to ? `-${f.from ?? "start"}-to-${f.to ?? indiaDateTime(ctx.now).slice(0, 10)}` : "";
  const kind = f.purpose ? `-${PURPOSE_LABELS[f.purpose].toLowerCase()}s` : "";
  const filename = `mandap-transactions${span}${f.status ? `-${f.status.toLowerCase()}` : ""}${kind}.csv`;
  return { filename, body: `\uFEFF${lines.join("\r\n")}\r\n`, rows };
}
