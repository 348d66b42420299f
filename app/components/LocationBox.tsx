import { useEffect, useId, useMemo, useRef, useState } from "react";
import { m } from "#shared/paraglide/messages.js";
import { shownName } from "#app/lib/shown-names.ts";
import type { LocationMap, PlaceSuggestion, suggestPlaces } from "#shared/place-names.ts";
import { Field } from "#app/components/ui/Field.tsx";

export type { LocationMap };
/** A chosen city, or a whole state (no city). */
export type LocationChoice = { region: string; city?: string };

/**
 * The 'In Location' box: an ARIA combobox whose suggestions are grouped by state (shared/place-names:
 * a word of a city, a state with all its cities, or an old or common name such as Bangalore or
 * Delhi NCR). Choosing a city yields "region/city", a whole state "region" (in the hidden `name`
 * field and through `onSelect`). The list closes on
 * selection, Escape or a click outside. Before JavaScript loads the visible field is a plain text
 * box (`textName`) the server understands ("Jaipur", "Jaipur, Rajasthan"). The suggestions' rules and
 * old names (shared/place-names.ts) load when the list first opens, not with the page
 * (docs/decisions/0053).
 */
export function LocationBox({
  locations,
  name = "location",
  textName = "where",
  defaultValue,
  defaultText = "",
  onSelect,
  label,
  hideLabel = true,
  error,
  className = "",
}: {
  locations: LocationMap;
  name?: string;
  textName?: string;
  defaultValue?: LocationChoice | null;
  /** The text in the box when nothing is chosen (a free-text value stored before, such as a city outside the list). */
  defaultText?: string;
  /** The label is read but not shown by default (the placeholder says it); forms show it. */
  hideLabel?: boolean;
  /** The server's refusal of the typed place, shown under the box and wired to it. */
  error?: string | undefined;
  onSelect?: (choice: LocationChoice | null) => void;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(defaultValue ? (defaultValue.city ?? defaultValue.region) : defaultText);
  const [choice, setChoice] = useState<LocationChoice | null>(defaultValue ?? null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggest, setSuggest] = useState<typeof suggestPlaces | null>(null);

  useEffect(() => {
    if (!open || suggest) return;
    let current = true;
    // Failing to load leaves a plain text box the server understands; the next opening tries again.
    import("#shared/place-names.ts").then(
      (names) => current && setSuggest(() => names.suggestPlaces),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, suggest]);

  const groups = useMemo(() => (suggest ? suggest(locations, choice ? "" : text) : []), [suggest, locations, text, choice]);
  const flat = useMemo(() => groups.flatMap(([, places]) => places), [groups]);

  // Catch up with what was done before the scripts ran (on the discovery pages they load after the
  // first paint): adopt the typed text, and open the list for a box already focused.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // defaultValue is the server's value attribute; value is what is in the box now.
    if (input.value !== input.defaultValue) {
      setText(input.value);
      setChoice(null);
    }
    if (document.activeElement === input) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const select = (p: PlaceSuggestion) => {
    const c: LocationChoice = p.city ? { region: p.state, city: p.city } : { region: p.state };
    setChoice(c);
    setText(c.city ?? c.region);
    setOpen(false);
    setActive(-1);
    onSelect?.(c);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(flat.length - 1, a + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === "Enter" && open && active >= 0 && flat[active]) {
      e.preventDefault();
      select(flat[active]);
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  };

  const offsets = groups.map((_, g) => groups.slice(0, g).reduce((n, [, places]) => n + places.length, 0));
  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <Field
        id={`${id}-input`}
        ref={inputRef}
        type="search"
        name={textName}
        label={label ?? m.public_location_label()}
        hideLabel={hideLabel}
        error={error}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={m.public_location_placeholder()}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setChoice(null);
          setOpen(true);
          setActive(-1);
          onSelect?.(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        inputClassName="h-12 rounded-xl px-4 text-ink placeholder:text-ink/70"
      />
      <input type="hidden" name={name} value={choice ? (choice.city ? `${choice.region}/${choice.city}` : choice.region) : ""} />
      {open && suggest && (
        <ul
          id={listId}
          role="listbox"
          aria-label={m.public_location_list()}
          className="absolute left-0 right-0 top-full z-40 mt-1 max-h-[200px] overflow-y-auto rounded-xl border border-maroon-100 bg-white py-1 text-left text-ink shadow-lg"
        >
          {groups.length === 0 && (
            <li role="option" aria-disabled="true" aria-selected={false} className="px-4 py-2 text-sm text-ink/70">
              {m.public_location_none()}
            </li>
          )}
          {groups.map(([region, places], g) => (
            <li key={region} role="presentation">
              <div role="presentation" className="px-4 pt-2 text-xs font-semibold uppercase tracking-wide text-maroon-700">
                {shownName(region)}
              </div>
              <ul role="group" aria-label={shownName(region)}>
                {places.map((place, c) => {
                  const i = (offsets[g] ?? 0) + c;
                  return (
                    <li
                      key={place.city ?? ""}
                      id={`${id}-opt-${i}`}
                      role="option"
                      aria-selected={i === active}
                      onPointerDown={(e) => e.preventDefault()}
                      onClick={() => select(place)}
                      className={`cursor-pointer px-6 py-1.5 text-sm hover:bg-maroon-50 ${i === active ? "bg-maroon-50" : ""}`}
                    >
                      {place.city ? (
                        <>
                          {shownName(place.city)}
                          {place.typedAs && <span className="text-ink/70"> ({place.typedAs})</span>}
                        </>
                      ) : (
                        `${m.public_location_all_of({ region: shownName(region) })}${place.typedAs ? ` (${place.typedAs})` : ""}`
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
