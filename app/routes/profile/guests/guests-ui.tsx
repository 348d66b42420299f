import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { FormAlert } from "#app/components/ui/index.ts";
import type { Route } from "./+types/route";
import type { GuestsActionResult } from "./guests.server.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";

export { dietaryLabel, responseLabel, sideLabel } from "#shared/guest-names.ts";
/** A function's name: the catalogue's Hindi name on a Hindi page, else as the couple wrote it. */
export const functionLabel = (name: string) => localName(name, getLocale());

/** What the guest page's parts share: the loader's types, the buttons' look, a form's refusal, the share links. */
export type Data = Route.ComponentProps["loaderData"];
export type Guest = Data["search"]["guests"][number];
export type Household = Data["households"][number];
/** A household as the pickers know it: [id, name]. */
export type HouseholdName = readonly [id: string, name: string];

/**
 * The households the page draws (the list's and the invitation matrix's), by name, as a picker's
 * options: what "Add a guest" offers, and a guest's edit form when every name was not read.
 */
export const drawnHouseholds = (d: Data): HouseholdName[] =>
  d.households.map((h) => [h.id, h.name] as const).sort(([, a], [, b]) => a.localeCompare(b, undefined, { sensitivity: "base" }));

export const button = "rounded-full bg-maroon-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
export const linkButton = "text-sm font-semibold text-maroon-700 underline disabled:opacity-60";

/** The refusal of one of the page's forms (by intent): its message, and the fields' messages that its fields do not show themselves (`shown`). */
export function Failure({ result, intent, shown = [] }: { result: GuestsActionResult | undefined; intent: string; shown?: readonly string[] }) {
  if (!result || result.ok || result.intent !== intent) return null;
  const others = Object.entries(result.errors).flatMap(([field, message]) => (shown.includes(field) ? [] : [message]));
  return <FormAlert className="mt-2" message={`${result.message} ${[...new Set(others)].join(" ")}`.trim()} />;
}

export function ShareButtons({ household }: { household: Pick<Household, "id" | "name" | "emailCount"> }) {
  // Links through /profile/guests/share/…, which records the share and goes on to wa.me or mailto:
  // (a form posting there was blocked by the page's CSP, form-action 'self').
  const share = (query: string) => `/profile/guests/share/${encodeURIComponent(household.id)}?${query}`;
  return (
    <div className="flex flex-wrap gap-2">
      {(["en", "hi"] as const).map((lang) => (
        <a
          key={lang}
          href={share(`channel=whatsapp&lang=${lang}`)}
          target="_blank"
          rel="noopener"
          className="rounded-full border border-green-700 px-3 py-1 text-xs font-semibold text-green-800"
        >
          WhatsApp {lang === "hi" ? "(हिन्दी)" : "(English)"}
          <span className="sr-only">{m.couple_share_to({ name: household.name })}</span>
        </a>
      ))}
      {household.emailCount > 0 && (
        <a href={share("channel=email")} className="rounded-full border border-maroon-700 px-3 py-1 text-xs font-semibold text-maroon-800">
          {m.couple_share_email()}
          <span className="sr-only"> {household.name}</span>
        </a>
      )}
    </div>
  );
}

export function pageLink(search: URLSearchParams, key: string, value: number | string | null) {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(key);
  else next.set(key, String(value));
  return `?${next.toString()}`;
}

/**
 * A form that empties itself once its intent is saved. Success is a redirect back to this page, which
 * keeps the same form on screen with what was typed: the next guest was saved with the previous
 * one's e-mail (issue 28). A refusal keeps the values, to be corrected.
 */
export function useEmptiedAfterSave(intent: string, result: GuestsActionResult | undefined) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sent = useRef(false);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (sending) sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      if (!(result && !result.ok && result.intent === intent)) form.current?.reset();
    }
  }, [sending, navigation.state, result, intent]);
  return form;
}
