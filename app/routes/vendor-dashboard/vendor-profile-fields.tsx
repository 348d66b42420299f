import { useId, useState, useSyncExternalStore } from "react";
import { Select, type FieldMeta } from "#app/components/ui/index.ts";
import { valueBeforeHydration } from "#app/lib/before-hydration.ts";
import { CATALOGUE } from "#shared/catalogue.ts";
import { cityLabel } from "#shared/place-names.ts";

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
  return (
    <Select
      label="Business category"
      name={meta ? undefined : name}
      meta={meta}
      required
      defaultValue={meta ? undefined : (defaultValue ?? "")}
      error={error}
      placeholder="Choose a category"
    >
      {CATALOGUE.map((g) => (
        <optgroup key={g.slug} label={g.name}>
          {g.subcategories.map((s) => (
            <option key={s.slug} value={s.name}>
              {s.name}
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
  const groups = narrow ? (state && locations[state] ? [state] : []) : states;
  return (
    <>
      <Select
        id={stateId}
        label="State"
        name="state"
        required
        value={state}
        onChange={(e) => {
          setState(e.target.value);
          if (!locations[e.target.value]?.includes(city)) setCity("");
        }}
        error={errors.state}
        placeholder="Choose a state"
        options={states.map((s) => [s, s] as const)}
      />
      <Select
        id={cityId}
        label="City"
        name="city"
        required
        value={city}
        onChange={(e) => setCity(e.target.value)}
        error={errors.city}
        placeholder={narrow && !state ? "Choose a state first" : "Choose a city"}
      >
        {groups.map((s) => (
          <optgroup key={s} label={s}>
            {locations[s]!.map((c) => (
              <option key={c} value={c}>
                {cityLabel(c)}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </>
  );
}
