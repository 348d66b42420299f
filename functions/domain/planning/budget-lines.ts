/** The couple's budget lines: their own lines (create, change, delete) and a booking put under a category and a function. */
import { BOOKED_FIRST, bookingLinkInput, budgetLineInput, budgetLineUpdate } from "#shared/budget-schemas.ts";
import { formatRupees } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, Conflict, Invalid, NotFound, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, guardedEdit, openWedding, tellWedding } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import { BUDGET_MESSAGES, LINE_COLUMNS, LINE_NOT_FOUND, type BudgetLineRow } from "./budget-records.ts";

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
  /** The line's version (its updated_at): sent back with an edit, which is refused when it is no longer the stored one. */
  version: number;
};

const toLine = (r: BudgetLineRow): BudgetLine => ({
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
  version: r.updated_at,
});

async function ownedLine(ctx: DomainContext, key: string, lineId: string): Promise<BudgetLineRow> {
  const row = await ctx.db.prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE id = ? AND user_id = ?`).bind(lineId, key).first<BudgetLineRow>();
  if (!row) throw new NotFound(LINE_NOT_FOUND());
  return row;
}

/** A function the line goes under: one of the couple's (another couple's is 404), or none. */
async function functionFor(ctx: DomainContext, key: string, eventId: string | null | undefined): Promise<string | null> {
  if (!eventId) return null;
  return (await ownedFunction(ctx, key, eventId)).id;
}

/** A line of the couple's own (not from a booking): category, label, amounts, due date, notes, function. */
export async function createBudgetLine(ctx: DomainContext, input: unknown): Promise<{ message: string; line: BudgetLine }> {
  const me = await openWedding(ctx, "budget", "edit");
  const line = parseInput(budgetLineInput, input, m.api_e_please_correct_the_budget_line());
  const eventId = await functionFor(ctx, me.key, line.eventId);
  const id = newId(ctx.now);
  const insert = ctx.db
    .prepare(
      `INSERT INTO budget_lines (id, user_id, event_id, category, label, estimated, quoted, booked, paid, due_date, notes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      me.key,
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
    );
  await ctx.db.batch([insert, activityEntry(ctx, me, { area: "budget", action: "budget_line_added", subject: line.label })]);
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.lineAdded, line: toLine(await ownedLine(ctx, me.key, id)) };
}

/** Changes a line; on a line that stands for a booking, booked and paid come from the booking and cannot be typed. */
export async function updateBudgetLine(ctx: DomainContext, lineId: string, input: unknown): Promise<{ message: string; line: BudgetLine }> {
  const me = await openWedding(ctx, "budget", "edit");
  const row = await ownedLine(ctx, me.key, lineId);
  const fields = parseInput(budgetLineUpdate, input, m.api_e_please_correct_the_budget_line());
  if (row.booking_id && (fields.booked !== undefined || fields.paid !== undefined)) {
    const errors: Record<string, string> = {};
    if (fields.booked !== undefined) errors.booked = m.api_budget_booked_from_booking();
    if (fields.paid !== undefined) errors.paid = m.api_budget_paid_from_booking();
    throw new Invalid(m.api_e_this_line_stands_for_a_booking_its(), errors);
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
    event_id: fields.eventId === undefined ? row.event_id : await functionFor(ctx, me.key, fields.eventId),
  };
  if (!row.booking_id && next.paid > 0 && next.booked === 0) throw new Invalid(m.api_e_please_correct_the_budget_line(), { paid: BOOKED_FIRST() });
  if (!row.booking_id && next.paid > next.booked)
    throw new Invalid(m.api_e_please_correct_the_budget_line(), { paid: m.api_e_paid_over_booked({ amount: formatRupees(next.booked) }) });
  await guardedEdit({
    now: ctx.now,
    sent: fields.version,
    stored: row.updated_at,
    write: async (expected, version) => {
      const change = ctx.db
        .prepare(
          // An edited suggestion is the couple's own estimate from now on.
          `UPDATE budget_lines SET category = ?, label = ?, estimated = ?, quoted = ?, booked = ?, paid = ?, due_date = ?, notes = ?, event_id = ?, updated_at = ?, suggested = 0
           WHERE id = ? AND user_id = ? AND updated_at = ?`,
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
          version,
          row.id,
          me.key,
          expected,
        );
      const [result] = await ctx.db.batch([
        change,
        activityEntry(ctx, me, { area: "budget", action: "budget_line_changed", subject: next.label, onlyIfChanged: true }),
      ]);
      return result!.meta.changes;
    },
    stale: () => staleLine(ctx, me.key, lineId, m.api_stale_budget_line),
  });
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.lineSaved, line: toLine(await ownedLine(ctx, me.key, lineId)) };
}

/** The refusal of an edit or a removal made on a stale copy of a line: the line's amounts as they are now. */
async function staleLine(ctx: DomainContext, key: string, lineId: string, say: typeof m.api_stale_budget_line): Promise<StaleEdit> {
  const now = toLine(await ownedLine(ctx, key, lineId));
  const message = say({
    label: now.label,
    estimated: formatRupees(now.estimated),
    quoted: formatRupees(now.quoted),
    booked: formatRupees(now.booked),
    paid: formatRupees(now.paid),
  });
  return new StaleEdit(message, now);
}

/**
 * Deletes a line; a booking's line goes back to the booking's own category (the booking itself is
 * untouched). A removal made on a stale copy (`version`, as for an edit) is refused with the line as it is now.
 */
export async function deleteBudgetLine(ctx: DomainContext, lineId: string, input: unknown = {}): Promise<{ message: string }> {
  const me = await openWedding(ctx, "budget", "edit");
  const { version } = parseInput(versionInput, input);
  const line = await ownedLine(ctx, me.key, lineId);
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: line.updated_at,
    write: async (expected) => {
      const [removed] = await ctx.db.batch([
        ctx.db.prepare("DELETE FROM budget_lines WHERE id = ? AND user_id = ? AND updated_at = ?").bind(lineId, me.key, expected),
        activityEntry(ctx, me, { area: "budget", action: "budget_line_removed", subject: line.label, onlyIfChanged: true }),
      ]);
      return removed!.meta.changes;
    },
    // A line removed meanwhile is not found (404), as before.
    stale: () => staleLine(ctx, me.key, lineId, m.api_stale_budget_line_remove),
  });
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.lineDeleted };
}

/**
 * Puts one of the couple's bookings under a category and a function (creates or changes its line).
 * A placement made on a stale copy (`version`: the line's version as the copy showed it, 0 when it
 * showed no line) is refused with the line as it is now, like a line's edit.
 */
export async function linkBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<{ message: string; line: BudgetLine }> {
  const me = await openWedding(ctx, "budget", "edit");
  const booking = await ctx.db
    .prepare("SELECT b.id, b.status, s.service_name FROM bookings b JOIN services s ON s.id = b.service_id WHERE b.id = ? AND b.user_id = ?")
    .bind(bookingId, me.key)
    .first<{ id: string; status: string; service_name: string }>();
  if (!booking) throw new NotFound(m.api_e_we_could_not_find_that_booking());
  const fields = parseInput(bookingLinkInput, input, m.api_e_please_correct_the_bookings_budget_line());
  if (booking.status === "CANCELLED") throw new Conflict(m.api_e_this_booking_is_cancelled_it_no_longer());
  const eventId = await functionFor(ctx, me.key, fields.eventId);
  const lineOf = () =>
    ctx.db.prepare(`SELECT ${LINE_COLUMNS} FROM budget_lines WHERE booking_id = ? AND user_id = ?`).bind(bookingId, me.key).first<BudgetLineRow>();
  const existing = await lineOf();
  const placed = activityEntry(ctx, me, { area: "budget", action: "booking_placed", subject: booking.service_name, onlyIfChanged: true });
  // A line that appeared meanwhile (another placement) is the stale copy's refusal; one that went meanwhile is 404, as for an edit.
  const stale = async () => {
    const now = await lineOf();
    if (!now) throw new NotFound(LINE_NOT_FOUND());
    return staleLine(ctx, me.key, now.id, m.api_stale_budget_line);
  };
  if (existing) {
    await guardedEdit({
      now: ctx.now,
      sent: fields.version,
      stored: existing.updated_at,
      write: async (expected, version) => {
        const change = ctx.db
          .prepare("UPDATE budget_lines SET category = ?, event_id = ?, label = ?, estimated = ?, notes = ?, updated_at = ? WHERE id = ? AND updated_at = ?")
          .bind(
            fields.category,
            fields.eventId === undefined ? existing.event_id : eventId,
            fields.label ?? existing.label,
            fields.estimated ?? existing.estimated,
            fields.notes === undefined ? existing.notes : fields.notes,
            version,
            existing.id,
            expected,
          );
        const [result] = await ctx.db.batch([change, placed]);
        return result!.meta.changes;
      },
      stale,
    });
    tellWedding(ctx, me, "budget");
    return { message: BUDGET_MESSAGES.bookingPlaced, line: toLine(await ownedLine(ctx, me.key, existing.id)) };
  }
  const id = newId(ctx.now);
  await guardedEdit({
    now: ctx.now,
    // No line now: a copy that showed one (a version above 0) was of a line deleted meanwhile, and placing it again overwrites nothing.
    sent: fields.version === undefined ? undefined : 0,
    stored: 0,
    write: async () => {
      const insert = ctx.db
        .prepare(
          `INSERT INTO budget_lines (id, user_id, event_id, category, label, estimated, booking_id, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (booking_id) WHERE booking_id IS NOT NULL DO NOTHING`,
        )
        .bind(
          id,
          me.key,
          eventId,
          fields.category,
          fields.label ?? booking.service_name,
          fields.estimated ?? 0,
          bookingId,
          fields.notes ?? null,
          ctx.now,
          ctx.now,
        );
      const [result] = await ctx.db.batch([insert, placed]);
      return result!.meta.changes;
    },
    stale,
  });
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.bookingPlaced, line: toLine(await ownedLine(ctx, me.key, id)) };
}
