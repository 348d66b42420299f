/**
 * No silent overwrite (issue 33, docs/decisions/0052-plan-together-live.md): two co-planners editing
 * one guest, household, budget line, task or checklist item (or the total budget) at once. Every
 * such row has a version (its `updated_at`, which a guarded write moves forward by at least one
 * even within one millisecond; the total budget's is the total itself);
 * the page form and the API send back the version of the copy they edited, and the write is a
 * compare-and-set on it. An edit made on a stale copy is refused (StaleEdit: 409, with the current
 * value) and writes nothing. An edit without a version is still guarded against a change between
 * the server's own read and its write. The one rule, called by the page actions and the API alike
 * through the domain functions of each area.
 */
import type { StaleEdit } from "../core/index.ts";

/** The version a guarded write stores: later than the one it replaces, even within one millisecond. */
export const nextVersion = (now: number, stored: number) => Math.max(now, stored + 1);

/**
 * Runs a guarded edit: `write(expected, next)` is the D1 batch whose first statement updates the
 * row only while its version is still `expected`, and answers how many rows that statement changed.
 * A stale copy (sent, or changed between the read and the write) is refused with the current value.
 */
export async function guardedEdit(opts: {
  now: number;
  sent: number | undefined;
  stored: number;
  write: (expected: number, next: number) => Promise<number>;
  stale: () => Promise<StaleEdit>;
}): Promise<number> {
  if (opts.sent !== undefined && opts.sent !== opts.stored) throw await opts.stale();
  const next = nextVersion(opts.now, opts.stored);
  const changed = await opts.write(opts.stored, next);
  if (!changed) throw await opts.stale();
  return next;
}
