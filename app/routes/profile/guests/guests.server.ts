import { data } from "react-router";
import { type DomainContext, Invalid, isDomainError, formToObject } from "#domain/core/index.ts";
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
  type ImportResult,
} from "#domain/guests/index.ts";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { runFormOnce } from "#app/lib/once-token.server.ts";
import { formFailure, loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { IMPORT_BYTES_MAX } from "#shared/guest-schemas.ts";

const QUERY_KEYS = ["q", "side", "dietary", "householdId", "eventId", "answer", "page"] as const;

/** The page in one D1 batch (functions/domain/guests/guest-page.ts guestPage); search options that do not fit are dropped, not a failure. */
export async function loadGuests(request: Request, domain: DomainContext) {
  const url = new URL(request.url);
  const query = Object.fromEntries(QUERY_KEYS.map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const hpage = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get("hpage") ?? "1", 10) || 1));
  return loadOrRespond(request, async () => {
    try {
      return { ...(await guestPage(domain, query)), hpage, queryInvalid: false, onceToken: newOnceToken() };
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      return { ...(await guestPage(domain, {})), hpage, queryInvalid: true, onceToken: newOnceToken() };
    }
  });
}

export type GuestsActionResult =
  | { ok: true; intent: string; message: string; import?: ImportResult }
  | { ok: false; intent: string; message: string; errors: Record<string, string>; values?: Record<string, string> };

const back = (request: Request, message: string) =>
  redirectWithToast(request, pagePath(request, { search: true }), { type: "success", message }, { status: 303 });

/**
 * Every form of the page (by intent), each one domain call; success is a redirect back (PRG), a
 * refusal is shown by its form. The forms that add (a guest, a household, an import) carry a
 * one-time token: sent twice, they store once and answer the same (app/lib/once-token.tsx).
 */
export async function guestsAction(request: Request, domain: DomainContext) {
  let intent = "";
  try {
    const form = await readFormData(request);
    intent = String(form.get("intent") ?? "");
    return await runFormOnce(request, domain, form, () => guestsWrite(request, domain, intent, form));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return formFailure(error, request, { intent });
  }
}

async function guestsWrite(request: Request, domain: DomainContext, intent: string, form: FormData) {
  const input = formToObject(form);
  const householdId = String(input.householdId ?? "");
  switch (intent) {
    case "addGuest":
      await addGuest(domain, input);
      return back(request, "Guest added.");
    case "editGuest":
      await updateGuest(domain, String(input.guestId ?? ""), { ...input, needsStay: input.needsStay ?? false, needsPickup: input.needsPickup ?? false });
      return back(request, "Guest saved.");
    case "deleteGuest":
      await deleteGuest(domain, String(input.guestId ?? ""));
      return back(request, "Guest removed.");
    case "addHousehold":
      await createHousehold(domain, input);
      return back(request, "Household added.");
    case "editHousehold":
      await updateHousehold(domain, householdId, input);
      return back(request, "Household saved.");
    case "deleteHousehold":
      await deleteHousehold(domain, householdId);
      return back(request, "Household removed.");
    case "resetLink":
      await resetHouseholdLink(domain, householdId);
      return back(request, "New RSVP link made: the old one no longer works.");
    case "invite": {
      const eventIds = [...form.keys()].filter((k) => k.startsWith("event:")).map((k) => k.slice("event:".length));
      await setInvitations(domain, householdId, { eventIds });
      return back(request, "Invitations saved.");
    }
    case "remind": {
      const r = await remindHousehold(domain, householdId);
      return back(request, `Reminder e-mailed to ${r.reminded} ${r.reminded === 1 ? "guest" : "guests"}.`);
    }
    case "share": {
      const { url } = await shareHousehold(domain, householdId, input);
      return new Response(null, { status: 303, headers: { Location: url } });
    }
    case "import": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) throw new Invalid("Please choose a CSV file.", { file: "Please choose a CSV file." });
      if (file.size > IMPORT_BYTES_MAX) throw new Invalid("The CSV file is too large (at most 512 KB).", { file: "At most 512 KB." });
      const result = await importGuests(domain, await file.text());
      const message = `Imported ${result.imported} ${result.imported === 1 ? "guest" : "guests"}${result.errors.length ? `; ${result.errors.length} ${result.errors.length === 1 ? "row was" : "rows were"} not imported` : ""}.`;
      if (!result.errors.length) return back(request, message);
      return data<GuestsActionResult>({ ok: true, intent, message, import: result });
    }
    default:
      return data<GuestsActionResult>({ ok: false, intent, message: "Unknown action.", errors: {} }, { status: 400 });
  }
}
