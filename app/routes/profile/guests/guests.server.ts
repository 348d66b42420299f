import { data } from "react-router";
import { ACCESS, type DomainContext, Invalid } from "#domain/core/index.ts";
import {
  addGuest,
  createHousehold,
  deleteGuest,
  deleteHousehold,
  guestPage,
  importGuests,
  remindHousehold,
  resetHouseholdLink,
  setInvitations,
  shareHousehold,
  updateGuest,
  updateHousehold,
  type GuestPage,
  type ImportResult,
} from "#domain/guests/index.ts";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { IMPORT_BYTES_MAX } from "#shared/guest-schemas.ts";
import { m } from "#shared/paraglide/messages.js";

const QUERY_KEYS = ["q", "side", "dietary", "householdId", "eventId", "answer", "page"] as const;
/** The URL's keys that open one guest's or one household's edit form (a form is drawn only for the one being edited). */
export const EDIT_KEYS = ["edit", "editHousehold"] as const;

/** The page in one D1 batch (functions/domain/guests/guest-page.ts guestPage); search options that do not fit are dropped, not a failure. */
export async function loadGuests(request: Request, domain: DomainContext) {
  const url = new URL(request.url);
  const query = Object.fromEntries(QUERY_KEYS.map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const hpage = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get("hpage") ?? "1", 10) || 1));
  const editing = { guest: url.searchParams.get("edit") ?? null, household: url.searchParams.get("editHousehold") ?? null };
  // Every household's name only for the guest's edit form, which may move them to any household.
  const options = { matrixPage: hpage, allHouseholdNames: editing.guest !== null };
  return loadOrRespond(request, async () => {
    try {
      return { ...shown(await guestPage(domain, query, options)), hpage, editing, queryInvalid: false, onceToken: newOnceToken() };
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      return { ...shown(await guestPage(domain, {}, options)), hpage, editing, queryInvalid: true, onceToken: newOnceToken() };
    }
  });
}

/**
 * Only what the page draws goes to the browser: every household's name, when read, as the move
 * picker's [id, name] options (the households drawn in full are already the page's own columns:
 * ListedHousehold, and the add-a-guest picker's options).
 */
const shown = (page: GuestPage) => ({
  ...page,
  allHouseholdNames: page.allHouseholdNames?.map((h): [string, string] => [h.id, h.name]) ?? null,
});

/** Back to the list after an edit is saved: the same search and pages, with the edit form closed. */
function closed(request: Request): string {
  const url = new URL(pagePath(request, { search: true }), "http://page");
  for (const k of EDIT_KEYS) url.searchParams.delete(k);
  return `${url.pathname}${url.search}`;
}

export type GuestsActionResult =
  | { ok: true; intent: string; message: string; import?: ImportResult }
  | { ok: false; intent: string; message: string; errors: Record<string, string>; values?: Record<string, string> };

/**
 * Every form of the page (by intent), each one domain call; success is a redirect back (PRG), a
 * refusal is shown by its form. The forms that add (a guest, a household, an import) carry a
 * one-time token: sent twice, they store once and answer the same (app/lib/once-token.tsx).
 */
export const guestsAction = pageAction({
  access: ACCESS.signedIn,
  once: true,
  intents: {
    addGuest: async ({ domain, fields, back }) => {
      const { message } = await addGuest(domain, fields);
      return back(message);
    },
    editGuest: async ({ request, domain, fields, back }) => {
      const { message } = await updateGuest(domain, String(fields.guestId ?? ""), {
        ...fields,
        needsStay: fields.needsStay ?? false,
        needsPickup: fields.needsPickup ?? false,
      });
      return back(message, closed(request));
    },
    deleteGuest: async ({ request, domain, fields, back }) => {
      const { message } = await deleteGuest(domain, String(fields.guestId ?? ""), fields);
      return back(message, closed(request));
    },
    addHousehold: async ({ domain, fields, back }) => {
      const { message } = await createHousehold(domain, fields);
      return back(message);
    },
    editHousehold: async ({ request, domain, fields, back }) => {
      const { message } = await updateHousehold(domain, householdOf(fields), fields);
      return back(message, closed(request));
    },
    deleteHousehold: async ({ request, domain, fields, back }) => {
      const { message } = await deleteHousehold(domain, householdOf(fields), fields);
      return back(message, closed(request));
    },
    resetLink: async ({ domain, fields, back }) => {
      await resetHouseholdLink(domain, householdOf(fields));
      return back(m.couple_toast_rsvp_link_reset());
    },
    invite: async ({ domain, form, fields, back }) => {
      const eventIds = [...form.keys()].filter((k) => k.startsWith("event:")).map((k) => k.slice("event:".length));
      const { message } = await setInvitations(domain, householdOf(fields), { eventIds });
      return back(message);
    },
    remind: async ({ domain, fields, back }) => {
      const r = await remindHousehold(domain, householdOf(fields));
      const reminded = m.couple_toast_reminded({ count: r.reminded });
      return back(r.stopped ? `${reminded} ${m.couple_toast_reminders_stopped({ count: r.stopped })}` : reminded);
    },
    share: async ({ domain, fields }) => {
      const { url } = await shareHousehold(domain, householdOf(fields), fields);
      return new Response(null, { status: 303, headers: { Location: url } });
    },
    import: async ({ domain, form, intent, back }) => {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) throw new Invalid(m.api_e_please_choose_a_csv_file(), { file: m.api_e_please_choose_a_csv_file() });
      if (file.size > IMPORT_BYTES_MAX) throw new Invalid(m.api_e_the_csv_file_is_too_large_at(), { file: m.api_e_at_most_512_kb() });
      const result = await importGuests(domain, await file.text());
      const imported = m.couple_toast_guests_imported({ count: result.imported });
      const message = result.errors.length
        ? m.couple_toast_import_done_skipped({ imported, skipped: m.couple_toast_rows_not_imported({ count: result.errors.length }) })
        : m.couple_toast_import_done({ imported });
      if (!result.errors.length) return back(message);
      return data<GuestsActionResult>({ ok: true, intent, message, import: result });
    },
  },
});

const householdOf = (fields: Record<string, unknown>) => String(fields.householdId ?? "");
