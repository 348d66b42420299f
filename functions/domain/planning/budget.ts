import {
  BOOKED_FIRST,
  BUDGET_CATEGORIES,
  bookingLinkInput,
  budgetLineInput,
  budgetLineUpdate,
  categoryLabel,
  categoryOfSubcategory,
  suggestedSplit,
  totalBudgetInput,
} from "#shared/budget-schemas.ts";
import { formatRupees } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { type DomainContext, Conflict, Invalid, NotFound, newId, parseInput } from "../core/index.ts";
import { ownedFunction, requirePlanner, weddingFunctions, type WeddingFunction } from "./wedding-functions.ts";

/**
 * The couple's wedding budget (issue 12; docs/decisions/0021-wedding-budget.md): a total budget
 * (users.total_budget), the couple's own lines per category and per function with estimated,
 * quoted, booked and paid amounts (budget_lines), and what the vendor workspace already knows:
 * - a CONFIRMED or COMPLETED booking is booked at its agreed price and paid by its advance plus
 *   the PAYMENT instalments the vendor marked received; a CANCELLED booking leaves the totals;
 * - the quote a booking came from (the latest on its enquiry) is its quoted amount, and the latest
 *   valid quote on an open (QUOTED) enquiry shows as quoted, not committed;
 * - a booking falls in the category of its service's subcategory until the couple links it to a
 *   category and a function (a line with booking_id: booked and paid still come from the booking).
 * Committed is what is booked; remaining is the total budget less committed. Nothing is random.
 * A line "Suggest a split" wrote stands in for the couple's estimate of its category only until
 * they estimate that category themselves: then it counts nothing (it is `superseded`), so their
 * estimate replaces the suggestion instead of adding to it (issue 28).
 */

export type BudgetItem = {
  /** The line's id; "booking:<id>" or "quote:<leadId>" for what comes only from the vendor workspace. */
  id: string;
  kind: "line" | "booking" | "quote";
  lineId: string | null;
  bookingId: string | null;
  leadId: string | null;
  bookingStatus: "CONFIRMED" | "COMPLETED" | "CANCELLED" | null;
  category: string;
  categoryLabel: string;
  label: string;
  vendor: string | null;
  eventId: string | null;
  estimated: number;
  quoted: number;
  booked: number;
  paid: number;
  dueDate: string | null;
  notes: string | null;
  /** Written by "Suggest a split" and not edited since. */
  suggested: boolean;
  /** A suggested line whose category the couple has estimated on their own lines: its estimate (kept in `suggestedEstimate`) no longer counts. */
  superseded: boolean;
  suggestedEstimate: number | null;
};

export type Amounts = { estimated: number; quoted: number; booked: number; paid: number };
export type CategoryTotals = Amounts & { key: string; label: string; share: number; suggested: number | null; remaining: number; over: boolean };
export type FunctionTotals = Amounts & { id: string; parentId: string | null; name: string; eventDate: string; budget: number; over: boolean };
export type BudgetWarning = { kind: "category" | "total" | "function" | "estimates"; message: string; category?: string; eventId?: string };
export type UpcomingPayment = {
  date: string;
  amount: number;
  label: string;
  category: string;
  source: "booking" | "line";
  bookingId: string | null;
  lineId: string | null;
  overdue: boolean;
};

export type BudgetOverview = {
  totalBudget: number | null;
  totals: Amounts & { committed: number; remaining: number | null; due: number };
  categories: CategoryTotals[];
  functions: FunctionTotals[];
  /** Lines not under any function. */
  unassigned: Amounts;
  items: BudgetItem[];
  warnings: BudgetWarning[];
  upcoming: UpcomingPayment[];
  /** The couple's functions and sub-events, for choosing where a line belongs. */
  weddingFunctions: WeddingFunction[];
};

type LineRow = {
  id: string;
  event_id: string | null;
  category: string;
  label: string;
  estimated: number;
  quoted: number;
  booked: number;
  paid: number;
  due_date: string | null;
  notes: string | null;
  booking_id: string | null;
  suggested: number;
};

type BookingRow = {
  id: string;
  lead_id: string | null;
  status: "CONFIRMED" | "COMPLETED" | "CANCELLED";
  service_name: string;
  service_type: string;
  business_name: string;
  agreed_price: number;
  advance_paid: number;
  instalments_paid: number;
  quoted: number | null;
};

type QuoteRow = { lead_id: string; service_name: string; service_type: string; business_name: string; amount: number };
type InstalmentRow = { booking_id: string; title: string; amount: number; due_date: string };

const LINE_COLUMNS = "id, event_id, category, label, estimated, quoted, booked, paid, due_date, notes, booking_id, suggested";
const LINE_NOT_FOUND = "We could not find that budget line.";

const zero = (): Amounts => ({ estimated: 0, quoted: 0, booked: 0, paid: 0 });
const add = (into: Amounts, item: Amounts) => {
  into.estimated += item.estimated;
  into.quoted += item.quoted;
  into.booked += item.booked;
  into.paid += item.paid;
};

/** What counts of a booking: nothing once it is cancelled. */
function bookingAmounts(b: BookingRow): Pick<Amounts, "quoted" | "booked" | "paid"> {
  if (b.status === "CANCELLED") return { quoted: 0, booked: 0, paid: 0 };
  return { quoted: b.quoted ?? 0, booked: b.agreed_price, paid: Math.min(b.agreed_price, b.advance_paid + b.instalments_paid) };
}

async function readBudget(ctx: DomainContext, userId: string) {
  const today = todayInIndia(ctx.now);
  const [user, lines, bookings, quotes, instalments] = await ctx.db.batch([
    ctx.db.prepare("SELECT total_budget FROM users WHERE id = ?").bind(userId),
    ctx.db.prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE user_id = ? ORDER BY category, created_at, id`).bind(userId),
    ctx.db
      .prepare(
        `SELECT b.id, b.lead_id, b.status, s.service_name, s.service_type, v.business_name, b.agreed_price, b.advance_paid,
           coalesce((SELECT sum(m.amount) FROM booking_milestones m WHERE m.booking_id = b.id AND m.kind = 'PAYMENT' AND m.done_at IS NOT NULL), 0) AS instalments_paid,
           (SELECT q.amount FROM lead_quotes q WHERE q.lead_id = b.lead_id ORDER BY q.created_at DESC, q.id DESC LIMIT 1) AS quoted
         FROM bookings b JOIN services s ON s.id = b.service_id JOIN vendors v ON v.user_id = b.vendor_id
         WHERE b.user_id = ? ORDER BY b.event_date, b.created_at LIMIT 500`,
      )
      .bind(userId),
    // The latest quote of each open enquiry, while it is valid.
    ctx.db
      .prepare(
        `SELECT l.id AS lead_id, s.service_name, s.service_type, v.business_name, q.amount
         FROM leads l JOIN services s ON s.id = l.service_id JOIN vendors v ON v.user_id = l.vendor_id
         JOIN lead_quotes q ON q.id = (SELECT id FROM lead_quotes WHERE lead_id = l.id ORDER BY created_at DESC, id DESC LIMIT 1)
         WHERE l.user_id = ? AND l.status = 'QUOTED' AND q.valid_until >= ? ORDER BY l.created_at LIMIT 500`,
      )
      .bind(userId, today),
    // Balance instalments still to pay, with their due dates.
    ctx.db
      .prepare(
        `SELECT m.booking_id, m.title, m.amount, m.due_date FROM booking_milestones m JOIN bookings b ON b.id = m.booking_id
         WHERE b.user_id = ? AND b.status IN ('CONFIRMED', 'COMPLETED') AND m.kind = 'PAYMENT' AND m.done_at IS NULL AND m.due_date IS NOT NULL AND m.amount > 0
         ORDER BY m.due_date LIMIT 500`,
      )
      .bind(userId),
  ]);
  return {
    total: (user!.results[0] as { total_budget: number | null } | undefined)?.total_budget ?? null,
    lines: lines!.results as LineRow[],
    bookings: bookings!.results as BookingRow[],
    quotes: quotes!.results as QuoteRow[],
    instalments: instalments!.results as InstalmentRow[],
  };
}

/** The couple's whole budget: items, totals per category and per function, warnings and payments to come. */
export async function budgetOverview(ctx: DomainContext): Promise<BudgetOverview> {
  const me = requirePlanner(ctx);
  const [data, functions] = await Promise.all([readBudget(ctx, me.id), weddingFunctions(ctx, { withSubEvents: true })]);
  const today = todayInIndia(ctx.now);
  const bookingsById = new Map(data.bookings.map((b) => [b.id, b]));
  const linked = new Set<string>();
  const items: BudgetItem[] = [];
  // Categories the couple estimated themselves: a suggested line there is replaced, not added to.
  const ownEstimate = new Set(data.lines.filter((l) => !l.suggested && l.estimated > 0).map((l) => l.category));

  for (const line of data.lines) {
    const superseded = Boolean(line.suggested) && ownEstimate.has(line.category);
    const booking = line.booking_id ? bookingsById.get(line.booking_id) : undefined;
    if (booking) linked.add(booking.id);
    const fromBooking = booking ? bookingAmounts(booking) : null;
    items.push({
      id: line.id,
      kind: "line",
      lineId: line.id,
      bookingId: booking?.id ?? null,
      leadId: booking?.lead_id ?? null,
      bookingStatus: booking?.status ?? null,
      category: line.category,
      categoryLabel: categoryLabel(line.category),
      label: line.label,
      vendor: booking?.business_name ?? null,
      eventId: line.event_id,
      estimated: superseded ? 0 : line.estimated,
      quoted: fromBooking ? fromBooking.quoted || line.quoted : line.quoted,
      booked: fromBooking ? fromBooking.booked : line.booked,
      paid: fromBooking ? fromBooking.paid : line.paid,
      dueDate: line.due_date,
      notes: line.notes,
      suggested: Boolean(line.suggested),
      superseded,
      suggestedEstimate: line.suggested ? line.estimated : null,
    });
  }
  for (const b of data.bookings) {
    if (linked.has(b.id) || b.status === "CANCELLED") continue;
    const category = categoryOfSubcategory(b.service_type);
    items.push({
      id: `booking:${b.id}`,
      kind: "booking",
      lineId: null,
      bookingId: b.id,
      leadId: b.lead_id,
      bookingStatus: b.status,
      category,
      categoryLabel: categoryLabel(category),
      label: b.service_name,
      vendor: b.business_name,
      eventId: null,
      estimated: 0,
      ...bookingAmounts(b),
      dueDate: null,
      notes: null,
      suggested: false,
      superseded: false,
      suggestedEstimate: null,
    });
  }
  for (const q of data.quotes) {
    const category = categoryOfSubcategory(q.service_type);
    items.push({
      id: `quote:${q.lead_id}`,
      kind: "quote",
      lineId: null,
      bookingId: null,
      leadId: q.lead_id,
      bookingStatus: null,
      category,
      categoryLabel: categoryLabel(category),
      label: q.service_name,
      vendor: q.business_name,
      eventId: null,
      estimated: 0,
      quoted: q.amount,
      booked: 0,
      paid: 0,
      dueDate: null,
      notes: null,
      suggested: false,
      superseded: false,
      suggestedEstimate: null,
    });
  }

  const split = data.total !== null ? suggestedSplit(data.total) : null;
  const categories: CategoryTotals[] = BUDGET_CATEGORIES.map((c) => {
    const sums = zero();
    for (const item of items) if (item.category === c.key) add(sums, item);
    return {
      key: c.key,
      label: c.label,
      share: c.share,
      suggested: split ? (split[c.key] ?? 0) : null,
      ...sums,
      remaining: sums.estimated - sums.booked,
      over: sums.estimated > 0 && sums.booked > sums.estimated,
    };
  });

  const owned = new Set(functions.map((f) => f.id));
  const unassigned = zero();
  const byFunction = new Map<string, Amounts>(functions.map((f) => [f.id, zero()]));
  for (const item of items) {
    const sums = item.eventId && owned.has(item.eventId) ? byFunction.get(item.eventId)! : unassigned;
    add(sums, item);
  }
  const functionTotals: FunctionTotals[] = functions.map((f) => {
    const sums = byFunction.get(f.id)!;
    return { id: f.id, parentId: f.parentId, name: f.name, eventDate: f.eventDate, budget: f.budget, ...sums, over: f.budget > 0 && sums.booked > f.budget };
  });

  const totals = zero();
  for (const item of items) add(totals, item);
  const committed = totals.booked;
  const remaining = data.total !== null ? data.total - committed : null;

  const warnings: BudgetWarning[] = [];
  if (data.total !== null && committed > data.total)
    warnings.push({
      kind: "total",
      message: `You have committed ${formatRupees(committed)}, ${formatRupees(committed - data.total)} more than your total budget of ${formatRupees(data.total)}.`,
    });
  for (const c of categories)
    if (c.over)
      warnings.push({
        kind: "category",
        category: c.key,
        message: `${c.label}: booked ${formatRupees(c.booked)} is ${formatRupees(c.booked - c.estimated)} over the estimate of ${formatRupees(c.estimated)}.`,
      });
  for (const f of functionTotals)
    if (f.over)
      warnings.push({
        kind: "function",
        eventId: f.id,
        message: `${f.name}: booked ${formatRupees(f.booked)} is ${formatRupees(f.booked - f.budget)} over its budget of ${formatRupees(f.budget)}.`,
      });
  if (data.total !== null && totals.estimated > data.total)
    warnings.push({
      kind: "estimates",
      message: `Your estimates add up to ${formatRupees(totals.estimated)}, ${formatRupees(totals.estimated - data.total)} more than your total budget.`,
    });

  const categoryOfBooking = new Map(items.filter((i) => i.bookingId).map((i) => [i.bookingId!, i]));
  const upcoming: UpcomingPayment[] = [
    ...data.instalments.map((m) => {
      const item = categoryOfBooking.get(m.booking_id);
      return {
        date: m.due_date,
        amount: m.amount,
        label: `${m.title}: ${item?.vendor ?? item?.label ?? "booking"}`,
        category: item?.category ?? "other",
        source: "booking" as const,
        bookingId: m.booking_id,
        lineId: item?.lineId ?? null,
        overdue: m.due_date < today,
      };
    }),
    ...items
      .filter((i) => i.kind === "line" && !i.bookingId && i.dueDate && i.paid < i.booked)
      .map((i) => ({
        date: i.dueDate!,
        amount: i.booked - i.paid,
        label: i.label,
        category: i.category,
        source: "line" as const,
        bookingId: null,
        lineId: i.lineId,
        overdue: i.dueDate! < today,
      })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.label.localeCompare(b.label)));

  return {
    totalBudget: data.total,
    totals: { ...totals, committed, remaining, due: totals.booked - totals.paid },
    categories,
    functions: functionTotals,
    unassigned,
    items,
    warnings,
    upcoming,
    weddingFunctions: functions,
  };
}

/** The couple's total budget in whole rupees. */
export async function setTotalBudget(ctx: DomainContext, input: unknown): Promise<{ totalBudget: number }> {
  const me = requirePlanner(ctx);
  const { totalBudget } = parseInput(totalBudgetInput, input, "Please correct the total budget.");
  await ctx.db.prepare("UPDATE users SET total_budget = ?, updated_at = ? WHERE id = ?").bind(totalBudget, ctx.now, me.id).run();
  return { totalBudget };
}

export type BudgetLine = {
  id: string;
  eventId: string | null;
  category: string;
  label: string;
  estimated: number;
  quoted: number;
  booked: number;
  paid: number;
  dueDate: string | null;
  notes: string | null;
  bookingId: string | null;
};

const toLine = (r: LineRow): BudgetLine => ({
  id: r.id,
  eventId: r.event_id,
  category: r.category,
  label: r.label,
  estimated: r.estimated,
  quoted: r.quoted,
  booked: r.booked,
  paid: r.paid,
  dueDate: r.due_date,
  notes: r.notes,
  bookingId: r.booking_id,
});

async function ownedLine(ctx: DomainContext, lineId: string): Promise<LineRow> {
  const me = requirePlanner(ctx);
  const row = await ctx.db.prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE id = ? AND user_id = ?`).bind(lineId, me.id).first<LineRow>();
  if (!row) throw new NotFound(LINE_NOT_FOUND);
  return row;
}

/** A function the line goes under: one of the couple's (another couple's is 404), or none. */
async function functionFor(ctx: DomainContext, eventId: string | null | undefined): Promise<string | null> {
  if (!eventId) return null;
  return (await ownedFunction(ctx, eventId)).id;
}

/** A line of the couple's own (not from a booking): category, label, amounts, due date, notes, function. */
export async function createBudgetLine(ctx: DomainContext, input: unknown): Promise<BudgetLine> {
  const me = requirePlanner(ctx);
  const line = parseInput(budgetLineInput, input, "Please correct the budget line.");
  const eventId = await functionFor(ctx, line.eventId);
  const id = newId(ctx.now);
  await ctx.db
    .prepare(
      `INSERT INTO budget_lines (id, user_id, event_id, category, label, estimated, quoted, booked, paid, due_date, notes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      me.id,
      eventId,
      line.category,
      line.label,
      line.estimated,
      line.quoted,
      line.booked,
      line.paid,
      line.dueDate ?? null,
      line.notes ?? null,
      ctx.now,
      ctx.now,
    )
    .run();
  return toLine(await ownedLine(ctx, id));
}

/** Changes a line; on a line that stands for a booking, booked and paid come from the booking and cannot be typed. */
export async function updateBudgetLine(ctx: DomainContext, lineId: string, input: unknown): Promise<BudgetLine> {
  const row = await ownedLine(ctx, lineId);
  const fields = parseInput(budgetLineUpdate, input, "Please correct the budget line.");
  if (row.booking_id && (fields.booked !== undefined || fields.paid !== undefined)) {
    const errors: Record<string, string> = {};
    if (fields.booked !== undefined) errors.booked = "Booked comes from the booking (its agreed price).";
    if (fields.paid !== undefined) errors.paid = "Paid comes from the booking (its advance and the instalments received).";
    throw new Invalid("This line stands for a booking: its booked and paid amounts come from the booking.", errors);
  }
  const next = {
    category: fields.category ?? row.category,
    label: fields.label ?? row.label,
    estimated: fields.estimated ?? row.estimated,
    quoted: fields.quoted ?? row.quoted,
    booked: fields.booked ?? row.booked,
    paid: fields.paid ?? row.paid,
    due_date: fields.dueDate === undefined ? row.due_date : fields.dueDate,
    notes: fields.notes === undefined ? row.notes : fields.notes,
    event_id: fields.eventId === undefined ? row.event_id : await functionFor(ctx, fields.eventId),
  };
  if (!row.booking_id && next.paid > 0 && next.booked === 0) throw new Invalid("Please correct the budget line.", { paid: BOOKED_FIRST });
  if (!row.booking_id && next.paid > next.booked)
    throw new Invalid("Please correct the budget line.", { paid: `Paid cannot be more than booked (${formatRupees(next.booked)}).` });
  await ctx.db
    .prepare(
      // An edited suggestion is the couple's own estimate from now on.
      `UPDATE budget_lines SET category = ?, label = ?, estimated = ?, quoted = ?, booked = ?, paid = ?, due_date = ?, notes = ?, event_id = ?, updated_at = ?, suggested = 0
       WHERE id = ? AND user_id = ?`,
    )
    .bind(
      next.category,
      next.label,
      next.estimated,
      next.quoted,
      next.booked,
      next.paid,
      next.due_date,
      next.notes,
      next.event_id,
      ctx.now,
      row.id,
      requirePlanner(ctx).id,
    )
    .run();
  return toLine(await ownedLine(ctx, lineId));
}

/** Deletes a line; a booking's line goes back to the booking's own category (the booking itself is untouched). */
export async function deleteBudgetLine(ctx: DomainContext, lineId: string): Promise<void> {
  const me = requirePlanner(ctx);
  const res = await ctx.db.prepare("DELETE FROM budget_lines WHERE id = ? AND user_id = ?").bind(lineId, me.id).run();
  if (!res.meta.changes) throw new NotFound(LINE_NOT_FOUND);
}

/** Puts one of the couple's bookings under a category and a function (creates or changes its line). */
export async function linkBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<BudgetLine> {
  const me = requirePlanner(ctx);
  const booking = await ctx.db
    .prepare("SELECT b.id, b.status, s.service_name FROM bookings b JOIN services s ON s.id = b.service_id WHERE b.id = ? AND b.user_id = ?")
    .bind(bookingId, me.id)
    .first<{ id: string; status: string; service_name: string }>();
  if (!booking) throw new NotFound("We could not find that booking.");
  const fields = parseInput(bookingLinkInput, input, "Please correct the booking's budget line.");
  if (booking.status === "CANCELLED") throw new Conflict("This booking is cancelled: it no longer counts in your budget.");
  const eventId = await functionFor(ctx, fields.eventId);
  const existing = await ctx.db
    .prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE booking_id = ? AND user_id = ?`)
    .bind(bookingId, me.id)
    .first<LineRow>();
  if (existing) {
    await ctx.db
      .prepare("UPDATE budget_lines SET category = ?, event_id = ?, label = ?, estimated = ?, notes = ?, updated_at = ? WHERE id = ?")
      .bind(
        fields.category,
        fields.eventId === undefined ? existing.event_id : eventId,
        fields.label ?? existing.label,
        fields.estimated ?? existing.estimated,
        fields.notes === undefined ? existing.notes : fields.notes,
        ctx.now,
        existing.id,
      )
      .run();
    return toLine(await ownedLine(ctx, existing.id));
  }
  const id = newId(ctx.now);
  await ctx.db
    .prepare(
      `INSERT INTO budget_lines (id, user_id, event_id, category, label, estimated, booking_id, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (booking_id) WHERE booking_id IS NOT NULL DO NOTHING`,
    )
    .bind(id, me.id, eventId, fields.category, fields.label ?? booking.service_name, fields.estimated ?? 0, bookingId, fields.notes ?? null, ctx.now, ctx.now)
    .run();
  const line = await ctx.db.prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE booking_id = ? AND user_id = ?`).bind(bookingId, me.id).first<LineRow>();
  if (!line) throw new Conflict("This booking changed in the meantime. Reload the page to see it.");
  return toLine(line);
}

/**
 * "Suggest a split": each category without an estimate gets a line estimating its fixed share of
 * the total budget (shared/budget-schemas.ts BUDGET_CATEGORIES; the couple edits them). Categories
 * the couple already estimated are left as they are. Deterministic: the same total, the same split.
 */
export async function applySuggestedSplit(ctx: DomainContext): Promise<{ added: number }> {
  const me = requirePlanner(ctx);
  const user = await ctx.db.prepare("SELECT total_budget FROM users WHERE id = ?").bind(me.id).first<{ total_budget: number | null }>();
  const total = user?.total_budget ?? null;
  if (!total) throw new Conflict("Set your total budget first: the split suggests a share of it for each category.");
  const { results } = await ctx.db
    .prepare("SELECT category, sum(estimated) AS estimated FROM budget_lines WHERE user_id = ? GROUP BY category")
    .bind(me.id)
    .all<{ category: string; estimated: number }>();
  const estimated = new Map(results.map((r) => [r.category, r.estimated]));
  const split = suggestedSplit(total);
  const writes = BUDGET_CATEGORIES.filter((c) => !estimated.get(c.key) && (split[c.key] ?? 0) > 0).map((c) =>
    ctx.db
      .prepare(
        // A category without an estimate when the batch runs (a second click in another tab adds nothing).
        `INSERT INTO budget_lines (id, user_id, category, label, estimated, suggested, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 1, ?6, ?6 WHERE NOT EXISTS (SELECT 1 FROM budget_lines WHERE user_id = ?2 AND category = ?3 AND estimated > 0)`,
      )
      .bind(newId(ctx.now), me.id, c.key, `${c.label} (suggested, ${c.share}%)`, split[c.key]!, ctx.now),
  );
  if (!writes.length) return { added: 0 };
  const done = await ctx.db.batch(writes);
  return { added: done.reduce((n, r) => n + (r.meta.changes ?? 0), 0) };
}
