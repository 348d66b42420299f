import { m } from "#shared/paraglide/messages.js";

/** The part of a planning page a reader may only view (issue 33): its words, in the page's language. */
export type ReadOnlyPart = "guests" | "budget" | "plan" | "checklist" | "invitations";

const NOTES: Record<ReadOnlyPart, () => string> = {
  guests: m.couple_read_only_guests,
  budget: m.couple_read_only_budget,
  plan: m.couple_read_only_plan,
  checklist: m.couple_read_only_checklist,
  invitations: m.couple_read_only_invitations,
};

/**
 * What a co-planner without the right to change a page reads at its top, in place of the forms the
 * page leaves out (the server refuses them anyway: functions/domain/weddings/wedding-access.ts), and
 * that guests' contacts are hidden when the couple has not shared them.
 */
export function ReadOnlyNote({ part, hidesContacts = false }: { part: ReadOnlyPart; hidesContacts?: boolean }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-ink" role="note" data-testid="read-only-note">
      <p>{NOTES[part]()}</p>
      {hidesContacts && <p className="mt-1">{m.couple_read_only_contacts()}</p>}
    </div>
  );
}
