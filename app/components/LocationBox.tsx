import { useEffect, useId, useMemo, useRef, useState } from "react";
import { SEARCH } from "#shared/strings.ts";

export type LocationMap = Record<string, string[]>;
export type LocationChoice = { region: string; city: string };

/** Cities starting with the typed text (any case), grouped by state; every city when empty. */
export function filterLocations(locations: LocationMap, text: string): [string, string[]][] {
  const typed = text.trim().toLowerCase();
  const groups: [string, string[]][] = [];
  for (const [region, cities] of Object.entries(locations)) {
    const matching = typed ? cities.filter((c) => c.toLowerCase().startsWith(typed)) : cities;
    if (matching.length) groups.push([region, matching]);
  }
  return groups;
}

/**
 * The 'In Location' box: an ARIA combobox whose suggestions are grouped by state. Choosing a city
 * yields "region/city" (in the hidden `name` field and through `onSelect`). The list closes on
 * selection, Escape or a click outside. Before JavaScript loads the visible field is a plain text
 * box (`textName`) the server understands ("Jaipur", "Jaipur, Rajasthan").
 */
export function LocationBox({
  locations,
  name = "location",
  textName = "where",
  defaultValue,
  onSelect,
  label = "Location",
  className = "",
}: {
  locations: LocationMap;
  name?: string;
  textName?: string;
  defaultValue?: LocationChoice | null;
  onSelect?: (choice: LocationChoice | null) => void;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(defaultValue ? defaultValue.city : "");
  const [choice, setChoice] = useState<LocationChoice | null>(defaultValue ?? null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const groups = useMemo(() => filterLocations(locations, choice ? "" : text), [locations, text, choice]);
  const flat = useMemo(() => groups.flatMap(([region, cities]) => cities.map((city) => ({ region, city }))), [groups]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const select = (c: LocationChoice) => {
    setChoice(c);
    setText(c.city);
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

  const offsets = groups.map((_, g) => groups.slice(0, g).reduce((n, [, cities]) => n + cities.length, 0));
  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name={textName}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={SEARCH.locationPlaceholder}
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
        className="h-12 w-full rounded-xl border border-maroon-100 bg-white px-4 text-ink placeholder:text-ink/70 focus:border-maroon-600"
      />
      <input type="hidden" name={name} value={choice ? `${choice.region}/${choice.city}` : ""} />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Locations"
          className="absolute left-0 right-0 top-full z-40 mt-1 max-h-[200px] overflow-y-auto rounded-xl border border-maroon-100 bg-white py-1 text-left text-ink shadow-lg"
        >
          {groups.length === 0 && (
            <li role="option" aria-disabled="true" aria-selected={false} className="px-4 py-2 text-sm text-ink/70">
              No matching city
            </li>
          )}
          {groups.map(([region, cities], g) => (
            <li key={region} role="presentation">
              <div role="presentation" className="px-4 pt-2 text-xs font-semibold uppercase tracking-wide text-maroon-700">
                {region}
              </div>
              <ul role="group" aria-label={region}>
                {cities.map((city, c) => {
                  const i = (offsets[g] ?? 0) + c;
                  return (
                    <li
                      key={city}
                      id={`${id}-opt-${i}`}
                      role="option"
                      aria-selected={i === active}
                      onPointerDown={(e) => e.preventDefault()}
                      onClick={() => select({ region, city })}
                      className={`cursor-pointer px-6 py-1.5 text-sm hover:bg-maroon-50 ${i === active ? "bg-maroon-50" : ""}`}
                    >
                      {city}
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
