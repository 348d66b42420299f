import { useId, useState, useSyncExternalStore } from "react";
import { Select, type FieldMeta } from "#app/components/ui/index.ts";
import { valueBeforeHydration } from "#app/lib/before-hydration.ts";
import { CATALOGUE } from "#shared/catalogue.ts";
import { cityLabel } from "#shared/place-names.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Pickers shared by vendor sign-up and the business profile: the business category from the
 * catalogue (grouped), and the state and city from the location data. Without JavaScript the city
 * list shows every state's cities grouped by state, and the server checks that the city belongs
 * to the chosen state; with JavaScript the city list narrows to the chosen state.
 */
export function CategorySelect({
  defaultValue,
  error,
  name = "business_category",
  meta,
}: {
  defaultValue?: string | null;
  error?: string;
  name?: string;
  meta?: FieldMeta;
}) {
  const locale = getLocale();
  return (
    <Select
      label={m.vendor_field_category()}
      name={meta ? undefined : name}
      meta={meta}
      required
      defaultValue={meta ? undefined : (defaultValue ?? "")}
      error={error}
      placeholder={m.vendor_field_choose_category()}
    >
      {CATALOGUE.map((g) => (
        <optgroup key={g.slug} label={localName(g.name, locale)}>
          {g.subcategories.map((s) => (
            <option key={s.slug} value={s.name}>
              {localName(s.name, locale)}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

export function PlacePicker({
  locations,
  state: initialState,
  city: initialCity,
  errors,
}: {
  locations: Record<string, readonly string[]>;
  state?: string | null;
  city?: string | null;
  errors: { state?: string | undefined; city?: string | undefined };
}) {
  const stateId = useId();
  const cityId = useId();
  // Until hydration every state's cities are listed (the no-JS form); then only the chosen state's.
  const narrow = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  // A state and city chosen before the scripts ran are kept, not reset to the server's values (issue 28).
  const [state, setState] = useState(() => valueBeforeHydration(stateId, narrow) ?? initialState ?? "");
  const [city, setCity] = useState(() => valueBeforeHydration(cityId, narrow) ?? initialCity ?? "");
  const states = Object.keys(locations);
  const locale = getLocale();
  const groups = narrow ? (state && locations[state] ? [state] : []) : states;
  return (
    <>
      <Select
        id={stateId}
        label={m.vendor_field_state()}
        name="state"
        required
        value={state}
        onChange={(e) => {
          setState(e.target.value);
          if (!locations[e.target.value]?.includes(city)) setCity("");
        }}
        error={errors.state}
        placeholder={m.vendor_field_choose_state()}
        options={states.map((s) => [s, localName(s, locale)] as const)}
      />
      <Select
        id={cityId}
        label={m.vendor_field_city()}
        name="city"
        required
        value={city}
        onChange={(e) => setCity(e.target.value)}
        error={errors.city}
        placeholder={narrow && !state ? m.vendor_field_choose_state_first() : m.vendor_field_choose_city()}
      >
        {groups.map((s) => (
          <optgroup key={s} label={localName(s, locale)}>
            {locations[s]!.map((c) => (
              <option key={c} value={c}>
                {locale === "hi" ? localName(c, locale) : cityLabel(c)}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </>
  );
}
