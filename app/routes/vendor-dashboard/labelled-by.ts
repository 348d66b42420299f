import { getLocale } from "#shared/locale.ts";

/**
 * The accessible name of an action on one item ("Edit Royal Caterers"), joined from the action's
 * visible text and the item's name by their ids, so that the name (user content, marked
 * translate="no" where it is shown) is never copied into an aria-label among interface text.
 * Hindi puts the name first ("Royal Caterers बदलें"), as a Hindi sentence does.
 */
export function labelledBy(actionId: string, nameId: string): string {
  return getLocale() === "hi" ? `${nameId} ${actionId}` : `${actionId} ${nameId}`;
}
