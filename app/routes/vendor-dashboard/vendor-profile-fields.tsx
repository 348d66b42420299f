import { useId, useState, useSyncExternalStore } from "react";
import { valueBeforeHydration } from "#app/lib/before-hydration.ts";
import { CATALOGUE } from "#shared/catalogue.ts";
import { cityLabel } from "#shared/place-names.ts";

/**
 * Pickers shared by vendor sign-up and the business profile: the business category from the
 * catalogue (grouped), and the state and city from the location data. Without JavaScript the city
 * list shows every state's cities grouped by state, and the server checks that the city belongs
 * to the chosen state; with JavaScript the city list narrows to the chosen state.
 */
const selectClass = (error?: string) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-base outline-none focus:border-maroon-700 ${error ? "border-red-600" : "border-ink/20"}`;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function CategorySelect({ defaultValue, error, name = "business_category" }: { defaultValue?: string | null; error?: string; name?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Business category
      </label>
      <select
        id={id}
        name={name}
        required
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={selectClass(error)}
      >
        <option value="">Choose a category</option>
        {CATALOGUE.map((g) => (
          <optgroup key={g.slug} label={g.name}>
            {g.subcategories.map((s) => (
              <option key={s.slug} value={s.name}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
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
  errors: { state?: string; city?: string };
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
      <div className="flex flex-col gap-1">
        <label htmlFor={stateId} className="text-sm font-medium">
          State
        </label>
        <select
          id={stateId}
          name="state"
          required
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            if (!locations[e.target.value]?.includes(city)) setCity("");
          }}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? `${stateId}-error` : undefined}
          className={selectClass(errors.state)}
        >
          <option value="">Choose a state</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <FieldError id={`${stateId}-error`} error={errors.state} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={cityId} className="text-sm font-medium">
          City
        </label>
        <select
          id={cityId}
          name="city"
          required
          value={city}
          onChange={(e) => setCity(e.target.value)}
          aria-invalid={errors.city ? true : undefined}
          aria-describedby={errors.city ? `${cityId}-error` : undefined}
          className={selectClass(errors.city)}
        >
          <option value="">{narrow && !state ? "Choose a state first" : "Choose a city"}</option>
          {groups.map((s) => (
            <optgroup key={s} label={s}>
              {locations[s]!.map((c) => (
                <option key={c} value={c}>
                  {cityLabel(c)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id={`${cityId}-error`} error={errors.city} />
      </div>
    </>
  );
}
