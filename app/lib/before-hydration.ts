/**
 * What a person chose in a form control before the page's scripts ran. On a slow phone the
 * server's form is on screen, and usable, for a moment before React hydrates it; state that starts
 * from the server's values then wipes the choice (issue 28: a vendor picked a group, a unit and a
 * city, submitted, and was told to fill them). Read once, in the hydration render, so the form's
 * state starts from what is on the page.
 *
 * Undefined on the server, after hydration (a client-side navigation renders a new form while the
 * old page, whose controls may carry the same ids, is still there), and when there is no such
 * control. `hydrated` is `useHydrated()`.
 */
export function valueBeforeHydration(id: string, hydrated: boolean): string | undefined {
  if (hydrated || typeof document === "undefined") return undefined;
  const el = document.getElementById(id);
  return el instanceof HTMLSelectElement || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : undefined;
}
