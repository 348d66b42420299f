import { ACCESS, type DomainContext } from "#domain/core/index.ts";
import {
  changeMember,
  invitePlanner,
  leaveWedding,
  pendingInvitations,
  removeMember,
  revokeInvitation,
  switchWedding,
  weddingMembers,
} from "#domain/weddings/index.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";

/** The page in two reads: the wedding, its members and the account's weddings; then (to the couple and partners) pending invitations. */
export async function loadFamily(request: Request, domain: DomainContext) {
  return loadOrRespond(request, async () => {
    const view = await weddingMembers(domain);
    return { ...view, invitations: view.wedding.managesPeople ? await pendingInvitations(domain) : [] };
  });
}

/** A form's fields with its ticked areas (repeated "areas" fields) as a list. */
const rights = (form: FormData, fields: Record<string, unknown>) => ({ ...fields, areas: form.getAll("areas").map(String) });
/** Where the switcher came from: a page of the couple's area, else this page. */
function backTo(request: Request, to: unknown): string {
  const path = safeRedirectPath(text(to), new URL(request.url).origin);
  return path && /^\/profile(\/|$)/.test(path) ? path : "/profile/family";
}
const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * Every form of the page (by intent), each one domain call; success is a redirect with the domain's
 * words (PRG), a refusal is shown by its form. Leaving goes to the dashboard: the page of a wedding
 * one no longer plans is not theirs to show.
 */
export const familyAction = pageAction({
  access: ACCESS.signedIn,
  intents: {
    invite: async ({ domain, form, fields, back }) => back((await invitePlanner(domain, rights(form, fields))).message),
    change: async ({ domain, form, fields, back }) => back((await changeMember(domain, text(fields.userId), rights(form, fields))).message),
    remove: async ({ domain, fields, back }) => back((await removeMember(domain, text(fields.userId))).message),
    revoke: async ({ domain, fields, back }) => back((await revokeInvitation(domain, text(fields.invitationId))).message),
    leave: async ({ domain, back }) => back((await leaveWedding(domain)).message, "/profile/family"),
    // The switcher in the planning navigation posts here from any planning page and comes back to it.
    switch: async ({ request, domain, fields, back }) => back((await switchWedding(domain, text(fields.weddingId))).message, backTo(request, fields.to)),
  },
});
