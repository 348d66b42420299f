/** A page's rows grouped into one digest per couple. */
import {
  SECTION_MAX_LINES,
  type Digest,
  type DueLineRow,
  type DueMilestoneRow,
  type DueTaskRow,
  type WaitingFunction,
  type WaitingRow,
} from "./reminder-records.ts";

/** Groups a page's rows into one digest per couple. */
export function digestsOf(rows: { tasks: DueTaskRow[]; milestones: DueMilestoneRow[]; lines: DueLineRow[]; waiting: WaitingRow[] }): Map<string, Digest> {
  const digests = new Map<string, Digest>();
  const of = (userId: string) => {
    let d = digests.get(userId);
    if (!d)
      digests.set(
        userId,
        (d = {
          tasks: { shown: [], total: 0, overdue: 0 },
          payments: { shown: [], total: 0, overdue: 0 },
          deliverables: { shown: [], total: 0, overdue: 0 },
          functions: [],
        }),
      );
    return d;
  };
  // Each row carries its list's total (the same on every row of the list).
  for (const t of rows.tasks) {
    const d = of(t.user_id);
    d.tasks.shown.push(t);
    d.tasks.total = Number(t.total);
    d.tasks.overdue = Number(t.overdue);
  }
  type Totals = { total: number; overdue: number };
  const payments = new Map<Digest, { milestones: Totals; lines: Totals }>();
  const paymentTotals = (d: Digest) => {
    let p = payments.get(d);
    if (!p) payments.set(d, (p = { milestones: { total: 0, overdue: 0 }, lines: { total: 0, overdue: 0 } }));
    return p;
  };
  for (const m of rows.milestones) {
    const d = of(m.user_id);
    if (m.kind === "DELIVERABLE") {
      d.deliverables.shown.push(m);
      d.deliverables.total = Number(m.total);
      d.deliverables.overdue = Number(m.overdue);
    } else {
      d.payments.shown.push({
        due_date: m.due_date,
        amount: m.amount,
        text: `to ${m.business_name} (${m.service_name}): ${m.title}`,
        to: { vendor: m.business_name, service: m.service_name, title: m.title },
      });
      paymentTotals(d).milestones = { total: Number(m.total), overdue: Number(m.overdue) };
    }
  }
  for (const l of rows.lines) {
    const d = of(l.user_id);
    d.payments.shown.push({ due_date: l.due_date, amount: Number(l.amount), text: `${l.label} (${l.category}${l.event_name ? `, ${l.event_name}` : ""})` });
    paymentTotals(d).lines = { total: Number(l.total), overdue: Number(l.overdue) };
  }
  // Milestones and lines merged by date: the first lines of each source include the first of both.
  for (const [d, p] of payments) {
    d.payments.shown.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.text.localeCompare(b.text));
    d.payments.shown = d.payments.shown.slice(0, SECTION_MAX_LINES);
    d.payments.total = p.milestones.total + p.lines.total;
    d.payments.overdue = p.milestones.overdue + p.lines.overdue;
  }
  let last: { eventId: string; fn: WaitingFunction } | null = null;
  for (const w of rows.waiting) {
    if (!last || last.eventId !== w.event_id) {
      const fn: WaitingFunction = { name: w.event_name, date: w.event_date, guests: Number(w.guests), households: Number(w.households), named: [] };
      of(w.user_id).functions.push(fn);
      last = { eventId: w.event_id, fn };
    }
    last.fn.named.push({ name: w.household, waiting: Number(w.waiting) });
  }
  return digests;
}
