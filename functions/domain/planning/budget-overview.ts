/** The couple's whole budget read at once: items, totals per category and per function, warnings and payments to come. */
import { BUDGET_CATEGORIES, budgetCategoryName, categoryLabel, categoryOfSubcategory, suggestedSplit } from "#shared/budget-schemas.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { formatRupees } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { type DomainContext } from "../core/index.ts";
import { openWedding, rightsOf } from "../weddings/index.ts";
import { weddingFunctions, type WeddingFunction } from "./wedding-functions.ts";
import {
  LINE_COLUMNS,
  add,
  bookingAmounts,
  type Amounts,
  type BookingRow,
  type BudgetItem,
  type BudgetOverview,
  type BudgetWarning,
  type CategoryTotals,
  type FunctionTotals,
  type InstalmentRow,
  type BudgetLineRow,
  type QuoteRow,
  type UpcomingPayment,
  splitVersion,
  zero,
} from "./budget-records.ts";

type BudgetData = Awaited<ReturnType<typeof readBudget>>;

/** Everything the budget counts, read in one batch: the total, the couple's lines, bookings, open quotes and instalments to pay. */
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
    lines: lines!.results as BudgetLineRow[],
    bookings: bookings!.results as BookingRow[],
    quotes: quotes!.results as QuoteRow[],
    instalments: instalments!.results as InstalmentRow[],
  };
}

/** The couple's own lines; a line standing for a booking takes booked and paid from the booking. */
function lineItems(data: BudgetData, bookingsById: Map<string, BookingRow>): BudgetItem[] {
  // Categories the couple estimated themselves: a suggested line there is replaced, not added to.
  const ownEstimate = new Set(data.lines.filter((l) => !l.suggested && l.estimated > 0).map((l) => l.category));
  return data.lines.map((line) => {
    const superseded = Boolean(line.suggested) && ownEstimate.has(line.category);
    const booking = line.booking_id ? bookingsById.get(line.booking_id) : undefined;
    const fromBooking = booking ? bookingAmounts(booking) : null;
    return {
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
      version: line.updated_at,
    };
  });
}

/** Bookings no line stands for (cancelled ones count nothing), in their service's category. */
function bookingItems(data: BudgetData, linked: Set<string>): BudgetItem[] {
  return data.bookings
    .filter((b) => !linked.has(b.id) && b.status !== "CANCELLED")
    .map((b) => {
      const category = categoryOfSubcategory(b.service_type);
      return {
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
        version: null,
      };
    });
}

/** The latest valid quote of each open enquiry: quoted, not committed. */
function quoteItems(data: BudgetData): BudgetItem[] {
  return data.quotes.map((q) => {
    const category = categoryOfSubcategory(q.service_type);
    return {
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
      version: null,
    };
  });
}

/** Every item the budget counts: the couple's lines, then bookings without a line, then open quotes. */
function budgetItems(data: BudgetData): BudgetItem[] {
  const bookingsById = new Map(data.bookings.map((b) => [b.id, b]));
  const lines = lineItems(data, bookingsById);
  const linked = new Set(lines.flatMap((l) => (l.bookingId ? [l.bookingId] : [])));
  return [...lines, ...bookingItems(data, linked), ...quoteItems(data)];
}

/** Sums per category, beside the share the total budget suggests for it. */
function categoryTotals(items: BudgetItem[], total: number | null): CategoryTotals[] {
  const split = total !== null ? suggestedSplit(total) : null;
  return BUDGET_CATEGORIES.map((c) => {
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
}

/** Sums per function (against its own budget) and of the items under none. */
function functionTotals(items: BudgetItem[], functions: WeddingFunction[]): { functions: FunctionTotals[]; unassigned: Amounts } {
  const owned = new Set(functions.map((f) => f.id));
  const unassigned = zero();
  const byFunction = new Map<string, Amounts>(functions.map((f) => [f.id, zero()]));
  for (const item of items) {
    const sums = item.eventId && owned.has(item.eventId) ? byFunction.get(item.eventId)! : unassigned;
    add(sums, item);
  }
  return {
    functions: functions.map((f) => {
      const sums = byFunction.get(f.id)!;
      return { id: f.id, parentId: f.parentId, name: f.name, eventDate: f.eventDate, budget: f.budget, ...sums, over: f.budget > 0 && sums.booked > f.budget };
    }),
    unassigned,
  };
}

/** What is over: the total, a category's estimate, a function's budget; estimates above the total. */
function budgetWarnings(total: number | null, totals: Amounts, categories: CategoryTotals[], functions: FunctionTotals[]): BudgetWarning[] {
  const committed = totals.booked;
  const warnings: BudgetWarning[] = [];
  if (total !== null && committed > total)
    warnings.push({
      kind: "total",
      message: m.api_budget_over_total({ committed: formatRupees(committed), over: formatRupees(committed - total), total: formatRupees(total) }),
    });
  for (const c of categories)
    if (c.over)
      warnings.push({
        kind: "category",
        category: c.key,
        message: m.api_budget_over_category({
          category: budgetCategoryName(c.key, c.label),
          booked: formatRupees(c.booked),
          over: formatRupees(c.booked - c.estimated),
          estimated: formatRupees(c.estimated),
        }),
      });
  for (const f of functions)
    if (f.over)
      warnings.push({
        kind: "function",
        eventId: f.id,
        message: m.api_budget_over_function({
          name: localName(f.name, getLocale()),
          booked: formatRupees(f.booked),
          over: formatRupees(f.booked - f.budget),
          budget: formatRupees(f.budget),
        }),
      });
  if (total !== null && totals.estimated > total)
    warnings.push({
      kind: "estimates",
      message: m.api_budget_over_estimates({ estimated: formatRupees(totals.estimated), over: formatRupees(totals.estimated - total) }),
    });
  return warnings;
}

/** Payments to come, by date: bookings' instalments still to pay and dated lines of the couple's own not paid in full. */
function upcomingPayments(items: BudgetItem[], instalments: InstalmentRow[], today: string): UpcomingPayment[] {
  const categoryOfBooking = new Map(items.filter((i) => i.bookingId).map((i) => [i.bookingId!, i]));
  return [
    ...instalments.map((m) => {
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
}

/** The couple's whole budget: items, totals per category and per function, warnings and payments to come. */
export async function budgetOverview(ctx: DomainContext): Promise<BudgetOverview> {
  const me = await openWedding(ctx, "budget", "read");
  const [data, weddingFns] = await Promise.all([readBudget(ctx, me.key), weddingFunctions(ctx, { withSubEvents: true }, me)]);
  const items = budgetItems(data);
  const categories = categoryTotals(items, data.total);
  const { functions, unassigned } = functionTotals(items, weddingFns);
  const totals = zero();
  for (const item of items) add(totals, item);
  const committed = totals.booked;
  return {
    totalBudget: data.total,
    splitVersion: splitVersion(data.total, data.lines),
    totals: { ...totals, committed, remaining: data.total !== null ? data.total - committed : null, due: totals.booked - totals.paid },
    categories,
    functions,
    unassigned,
    items,
    warnings: budgetWarnings(data.total, totals, categories, functions),
    upcoming: upcomingPayments(items, data.instalments, todayInIndia(ctx.now)),
    weddingFunctions: weddingFns,
    rights: rightsOf(me),
  };
}
