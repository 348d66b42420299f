import type { Invitation } from "#domain/invitations/index.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import type { ShownNames } from "./invitation-view.tsx";

/**
 * The names an e-invite shows, worked out on the server so the browser need not load the names'
 * table: each function's and the city's catalogue name in the render's language ("Mehndi" →
 * "मेहंदी" on a Hindi page), else as the couple wrote it.
 */
export function shownNames(invitation: Pick<Invitation, "city" | "functions">): ShownNames {
  const locale = getLocale();
  return {
    city: invitation.city ? localName(invitation.city, locale) : null,
    functions: Object.fromEntries(invitation.functions.map((f) => [f.id, localName(f.name, locale)])),
  };
}
