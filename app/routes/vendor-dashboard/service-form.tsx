import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { valueBeforeHydration } from "#app/lib/before-hydration.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Form, useFetcher, useNavigation } from "react-router";
import { CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { PLACES, STATE_NAMES } from "#shared/places.ts";
import { ADDRESS_MAX, DESCRIPTION_MAX, FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, HIGHLIGHTS_MAX, SERVICE_NAME_MAX, VENUE_GROUP } from "#shared/service-limits.ts";

/**
 * The service form of the vendor dashboard (new service and service details). It works without
 * JavaScript: every subcategory, unit and city is offered, grouped (<optgroup>) under its group,
 * subcategory or state, and the server refuses a mismatch beside the field with the values kept.
 * With JavaScript the lists narrow to the chosen group, subcategory and state, and "Write a draft
 * for me" fills the description box without leaving the page. Field names are the API's.
 */
export type ServiceFormValues = Record<string, string>;

export type FormFeedback = {
  message?: string;
  errors?: Record<string, string>;
  values?: ServiceFormValues;
  /** A description draft to show in the box (the no-JS "Write a draft for me"). */
  draft?: string;
} | null;

const inputClass = (error?: string) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-base outline-none focus:border-maroon-700 ${error ? "border-red-600" : "border-ink/20"}`;

function FieldShell({ label, error, hint, children, id }: { label: string; error?: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-ink/65">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const DRAFT_NOTE = "A draft was written from your fields. Edit it to make it yours, then save.";

export function ServiceForm({
  initial,
  feedback,
  submitLabel,
  draftAction,
}: {
  initial: ServiceFormValues;
  feedback: FormFeedback;
  submitLabel: string;
  /** The page whose action writes drafts (intent "draft"). */
  draftAction: string;
}) {
  const values = { ...initial, ...(feedback?.values ?? {}) };
  const errors = feedback?.errors ?? {};
  const hydrated = useHydrated();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // Choices made before the scripts ran are kept (issue 28); the unit and city lists remount once
  // hydrated, so their early choices become their default values.
  const [early] = useState(() => {
    const read = (name: string) => valueBeforeHydration(id(name), hydrated);
    const sub = read("service_type");
    return {
      group: read("service_category") || (sub ? findSubcategory(sub)?.group.name : undefined),
      sub,
      unit: read("service_unit"),
      state: read("state"),
      city: read("city"),
    };
  });
  const [group, setGroup] = useState(early.group ?? values.service_category ?? "");
  const [subcategory, setSubcategory] = useState(early.sub ?? values.service_type ?? "");
  const [state, setState] = useState(early.state ?? values.state ?? "");
  const chosenGroup = findGroup(group);
  const chosenSub = findSubcategory(subcategory, chosenGroup);
  // The hydration render must draw the tree the server drew: a field more or less there is a
  // hydration error, and React then draws the whole page again from scratch, wiping every field
  // filled so far (issue 28: an early "Wedding Vendor" dropped the venue-only fields). So the
  // venue-only fields follow the server's group until hydrated, then the group on screen.
  const shownGroup = hydrated ? chosenGroup : findGroup(values.service_category ?? "");
  const isVenue = !shownGroup || shownGroup.name === VENUE_GROUP;
  const busy = useNavigation().state === "submitting";

  const description = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const drafter = useFetcher<{ draft?: string; message?: string; errors?: Record<string, string> }>();
  const fetched = drafter.state === "idle" ? drafter.data : undefined;
  const draftNote = fetched ? (fetched.draft ? DRAFT_NOTE : (fetched.message ?? null)) : feedback?.draft ? DRAFT_NOTE : null;
  // The fetched draft goes into the (uncontrolled) box, where the vendor edits it.
  useEffect(() => {
    if (fetched?.draft && description.current) description.current.value = fetched.draft;
  }, [fetched]);

  const writeDraft = (e: React.MouseEvent<HTMLButtonElement>) => {
    if (!formRef.current) return;
    e.preventDefault();
    const data = new FormData(formRef.current);
    data.set("intent", "draft");
    void drafter.submit(data, { method: "post", action: draftAction });
  };

  const describedBy = (name: string) => (errors[name] ? `${id(name)}-error` : undefined);
  const subOptions = hydrated && chosenGroup ? [chosenGroup] : CATALOGUE;
  const unitGroups = hydrated && chosenSub ? [chosenSub] : CATALOGUE.flatMap((g) => g.subcategories);
  const stateCities = hydrated && PLACES[state] ? [[state, PLACES[state]!] as const] : STATE_NAMES.map((s) => [s, PLACES[s]!] as const);

  return (
    <Form method="post" ref={formRef} className="grid gap-5" noValidate aria-describedby={feedback?.message ? `${uid}-message` : undefined}>
      {feedback?.message && (
        <p id={`${uid}-message`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {feedback.message}
        </p>
      )}
      <FieldShell label="Service name" id={id("service_name")} error={errors.service_name}>
        <input
          id={id("service_name")}
          name="service_name"
          defaultValue={values.service_name}
          maxLength={SERVICE_NAME_MAX}
          required
          aria-invalid={errors.service_name ? true : undefined}
          aria-describedby={describedBy("service_name")}
          className={inputClass(errors.service_name)}
        />
      </FieldShell>

      <div className="grid gap-5 md:grid-cols-2">
        <FieldShell label="Group" id={id("service_category")} error={errors.service_category}>
          <select
            id={id("service_category")}
            name="service_category"
            value={group}
            onChange={(e) => {
              setGroup(e.target.value);
              setSubcategory("");
            }}
            aria-invalid={errors.service_category ? true : undefined}
            aria-describedby={describedBy("service_category")}
            className={inputClass(errors.service_category)}
          >
            <option value="">Choose a group</option>
            {CATALOGUE.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell label="Subcategory" id={id("service_type")} error={errors.service_type}>
          <select
            id={id("service_type")}
            name="service_type"
            value={subcategory}
            onChange={(e) => {
              setSubcategory(e.target.value);
              const owner = findSubcategory(e.target.value);
              if (owner && !chosenGroup) setGroup(owner.group.name);
            }}
            aria-invalid={errors.service_type ? true : undefined}
            aria-describedby={describedBy("service_type")}
            className={inputClass(errors.service_type)}
          >
            <option value="">Choose a subcategory</option>
            {subOptions.map((g) => (
              <optgroup key={g.name} label={g.name}>
                {g.subcategories.map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldShell>
      </div>

      <div className="grid gap-5 md:grid-cols-3">
        <FieldShell label="Starting price (₹, whole rupees)" id={id("min_price")} error={errors.min_price}>
          <input
            id={id("min_price")}
            name="min_price"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={values.min_price}
            aria-invalid={errors.min_price ? true : undefined}
            aria-describedby={describedBy("min_price")}
            className={inputClass(errors.min_price)}
          />
        </FieldShell>
        <FieldShell label="Highest price (₹, optional)" id={id("max_price")} error={errors.max_price}>
          <input
            id={id("max_price")}
            name="max_price"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={values.max_price}
            aria-invalid={errors.max_price ? true : undefined}
            aria-describedby={describedBy("max_price")}
            className={inputClass(errors.max_price)}
          />
        </FieldShell>
        <FieldShell
          label="Price unit"
          id={id("service_unit")}
          error={errors.service_unit}
          hint={hydrated ? undefined : "Choose a unit listed under your subcategory."}
        >
          <select
            id={id("service_unit")}
            name="service_unit"
            defaultValue={early.unit ?? values.service_unit}
            key={hydrated ? (chosenSub?.name ?? "all") : "server"}
            aria-invalid={errors.service_unit ? true : undefined}
            aria-describedby={describedBy("service_unit")}
            className={inputClass(errors.service_unit)}
          >
            <option value="">Choose a unit</option>
            {unitGroups.map((s) => (
              <optgroup key={s.name} label={s.name}>
                {s.units.map((u) => (
                  <option key={`${s.name}-${u}`} value={u}>
                    {u}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldShell>
      </div>

      <FieldShell
        label="Description"
        id={id("description")}
        error={errors.description}
        hint={`Up to ${DESCRIPTION_MAX.toLocaleString("en-IN")} characters. What you offer, for whom, and what makes you different.`}
      >
        {draftNote && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {draftNote}
          </p>
        )}
        <textarea
          ref={description}
          data-raw
          id={id("description")}
          name="description"
          rows={8}
          maxLength={DESCRIPTION_MAX}
          defaultValue={feedback?.draft ?? values.description}
          key={feedback?.draft ?? "description"}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy("description") ?? `${id("description")}-hint`}
          className={inputClass(errors.description)}
        />
        <div>
          <button
            type="submit"
            name="intent"
            value="draft"
            formNoValidate
            onClick={writeDraft}
            disabled={drafter.state !== "idle"}
            className="btn-secondary mt-1 px-4 py-1.5"
          >
            {drafter.state !== "idle" ? "Writing a draft…" : "Write a draft for me"}
          </button>
        </div>
      </FieldShell>

      <div className="grid gap-5 md:grid-cols-2">
        <FieldShell label="State" id={id("state")} error={errors.state}>
          <select
            id={id("state")}
            name="state"
            value={state}
            onChange={(e) => setState(e.target.value)}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={describedBy("state")}
            className={inputClass(errors.state)}
          >
            <option value="">Choose a state</option>
            {STATE_NAMES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell label="City" id={id("city")} error={errors.city}>
          <select
            id={id("city")}
            name="city"
            defaultValue={early.city ?? values.city}
            key={hydrated ? state || "all" : "server"}
            aria-invalid={errors.city ? true : undefined}
            aria-describedby={describedBy("city")}
            className={inputClass(errors.city)}
          >
            <option value="">Choose a city</option>
            {stateCities.map(([s, cities]) => (
              <optgroup key={s} label={s}>
                {cities.map((c) => (
                  <option key={`${s}-${c}`} value={c}>
                    {c}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldShell>
      </div>

      <FieldShell label="Address (optional)" id={id("address")} error={errors.address}>
        <input
          id={id("address")}
          name="address"
          defaultValue={values.address}
          maxLength={ADDRESS_MAX}
          autoComplete="street-address"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy("address")}
          className={inputClass(errors.address)}
        />
      </FieldShell>

      {isVenue && (
        <fieldset className="grid gap-5 md:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Guest capacity (venues only)</legend>
          <FieldShell label="Smallest guest count" id={id("capacity_min")} error={errors.capacity_min}>
            <input
              id={id("capacity_min")}
              name="capacity_min"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={values.capacity_min}
              aria-invalid={errors.capacity_min ? true : undefined}
              aria-describedby={describedBy("capacity_min")}
              className={inputClass(errors.capacity_min)}
            />
          </FieldShell>
          <FieldShell label="Largest guest count" id={id("capacity_max")} error={errors.capacity_max}>
            <input
              id={id("capacity_max")}
              name="capacity_max"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={values.capacity_max}
              aria-invalid={errors.capacity_max ? true : undefined}
              aria-describedby={describedBy("capacity_max")}
              className={inputClass(errors.capacity_max)}
            />
          </FieldShell>
        </fieldset>
      )}

      <FieldShell label="Highlights (optional)" id={id("highlights")} error={errors.highlights} hint={`One per line, up to ${HIGHLIGHTS_MAX}.`}>
        <textarea
          id={id("highlights")}
          name="highlights"
          rows={4}
          defaultValue={values.highlights}
          aria-invalid={errors.highlights ? true : undefined}
          aria-describedby={describedBy("highlights") ?? `${id("highlights")}-hint`}
          className={inputClass(errors.highlights)}
        />
      </FieldShell>

      <div>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** One question and answer, as a small form of its own (add or edit). */
export function FaqFields({ values, errors }: { values?: { question?: string; answer?: string }; errors?: Record<string, string> }) {
  const uid = useId();
  return (
    <>
      <FieldShell label="Question" id={`${uid}-q`} error={errors?.question}>
        <input
          id={`${uid}-q`}
          name="question"
          defaultValue={values?.question}
          maxLength={FAQ_QUESTION_MAX}
          aria-invalid={errors?.question ? true : undefined}
          className={inputClass(errors?.question)}
        />
      </FieldShell>
      <FieldShell label="Answer" id={`${uid}-a`} error={errors?.answer}>
        <textarea
          id={`${uid}-a`}
          name="answer"
          data-raw
          rows={3}
          defaultValue={values?.answer}
          maxLength={FAQ_ANSWER_MAX}
          aria-invalid={errors?.answer ? true : undefined}
          className={inputClass(errors?.answer)}
        />
      </FieldShell>
    </>
  );
}

/** A stored service as the form's text values. */
export function formValuesOf(s: {
  service_name: string;
  service_category: string;
  service_type: string;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  description: string;
  state: string;
  city: string;
  address: string | null;
  capacity_min: number | null;
  capacity_max: number | null;
  highlights: string[];
}): ServiceFormValues {
  return {
    service_name: s.service_name,
    service_category: s.service_category,
    service_type: s.service_type,
    min_price: String(s.min_price),
    max_price: s.max_price === null ? "" : String(s.max_price),
    service_unit: s.service_unit,
    description: s.description,
    state: s.state,
    city: s.city,
    address: s.address ?? "",
    capacity_min: s.capacity_min === null ? "" : String(s.capacity_min),
    capacity_max: s.capacity_max === null ? "" : String(s.capacity_max),
    highlights: s.highlights.join("\n"),
  };
}
