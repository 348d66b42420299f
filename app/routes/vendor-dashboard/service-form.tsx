import { useEffect, useId, useRef, useState } from "react";
import { valueBeforeHydration } from "#app/lib/before-hydration.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Form, useFetcher, useNavigation } from "react-router";
import { Field, FormAlert, Select, TextArea } from "#app/components/ui/index.ts";
import { CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { PLACES, STATE_NAMES } from "#shared/places.ts";
import { ADDRESS_MAX, DESCRIPTION_MAX, HIGHLIGHTS_MAX, SERVICE_NAME_MAX, VENUE_GROUP } from "#shared/service-limits.ts";
import type { FormFeedback, ServiceFormValues } from "./service-form-values.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { UNIT_NAMES_HI } from "#shared/unit-names.ts";
import { isShareOfBudget } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The service form of the vendor dashboard (new service and service details). It works without
 * JavaScript: every subcategory, unit and city is offered, grouped (<optgroup>) under its group,
 * subcategory or state, and the server refuses a mismatch beside the field with the values kept.
 * With JavaScript the lists narrow to the chosen group, subcategory and state, and "Write a draft
 * for me" fills the description box without leaving the page. Field names are the API's; the
 * fields are the UI primitives (decision 0038), which wire labels, hints, errors and aria.
 */
const DRAFT_NOTE = () => m.vendor_form_draft_note();
/** A price unit as the list shows it: the catalogue's English name, or its Hindi name on a Hindi page. */
const unitName = (unit: string) => (getLocale() !== "hi" ? unit : isShareOfBudget(unit) ? m.vendor_form_unit_share() : (UNIT_NAMES_HI[unit] ?? unit));

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

  const formRef = useRef<HTMLFormElement>(null);
  const drafter = useFetcher<{ draft?: string; message?: string; errors?: Record<string, string> }>();
  const fetched = drafter.state === "idle" ? drafter.data : undefined;
  const draftNote = fetched ? (fetched.draft ? DRAFT_NOTE() : (fetched.message ?? null)) : feedback?.draft ? DRAFT_NOTE() : null;
  // The fetched draft goes into the (uncontrolled) box, where the vendor edits it.
  useEffect(() => {
    const box = formRef.current?.elements.namedItem("description");
    if (fetched?.draft && box instanceof HTMLTextAreaElement) box.value = fetched.draft;
  }, [fetched]);

  const writeDraft = (e: React.MouseEvent<HTMLButtonElement>) => {
    if (!formRef.current) return;
    e.preventDefault();
    const data = new FormData(formRef.current);
    data.set("intent", "draft");
    void drafter.submit(data, { method: "post", action: draftAction });
  };

  const subOptions = hydrated && chosenGroup ? [chosenGroup] : CATALOGUE;
  const unitGroups = hydrated && chosenSub ? [chosenSub] : CATALOGUE.flatMap((g) => g.subcategories);
  const stateCities = hydrated && PLACES[state] ? [[state, PLACES[state]!] as const] : STATE_NAMES.map((s) => [s, PLACES[s]!] as const);

  const numeric = { inputMode: "numeric", pattern: "[0-9]*" } as const;
  const locale = getLocale();

  return (
    <Form method="post" ref={formRef} className="grid gap-5" noValidate>
      <FormAlert message={feedback?.message} className="mb-0" />
      <Field
        label={m.vendor_form_name()}
        id={id("service_name")}
        name="service_name"
        defaultValue={values.service_name}
        maxLength={SERVICE_NAME_MAX}
        required
        error={errors.service_name}
      />

      <div className="grid gap-5 md:grid-cols-2">
        <Select
          label={m.vendor_form_group()}
          id={id("service_category")}
          name="service_category"
          value={group}
          onChange={(e) => {
            setGroup(e.target.value);
            setSubcategory("");
          }}
          placeholder={m.vendor_form_choose_group()}
          options={CATALOGUE.map((g) => [g.name, localName(g.name, locale)] as const)}
          error={errors.service_category}
        />
        <Select
          label={m.vendor_form_subcategory()}
          id={id("service_type")}
          name="service_type"
          value={subcategory}
          onChange={(e) => {
            setSubcategory(e.target.value);
            const owner = findSubcategory(e.target.value);
            if (owner && !chosenGroup) setGroup(owner.group.name);
          }}
          placeholder={m.vendor_form_choose_subcategory()}
          error={errors.service_type}
        >
          {subOptions.map((g) => (
            <optgroup key={g.name} label={localName(g.name, locale)}>
              {g.subcategories.map((s) => (
                <option key={s.name} value={s.name}>
                  {localName(s.name, locale)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>

      <div className="grid gap-5 md:grid-cols-3">
        <Field label={m.vendor_form_min_price()} id={id("min_price")} name="min_price" {...numeric} defaultValue={values.min_price} error={errors.min_price} />
        <Field label={m.vendor_form_max_price()} id={id("max_price")} name="max_price" {...numeric} defaultValue={values.max_price} error={errors.max_price} />
        <Select
          key={hydrated ? (chosenSub?.name ?? "all") : "server"}
          label={m.vendor_form_unit()}
          id={id("service_unit")}
          name="service_unit"
          defaultValue={early.unit ?? values.service_unit ?? ""}
          hint={hydrated ? undefined : m.vendor_form_unit_hint()}
          placeholder={m.vendor_form_choose_unit()}
          error={errors.service_unit}
        >
          {unitGroups.map((s) => (
            <optgroup key={s.name} label={localName(s.name, locale)}>
              {s.units.map((u) => (
                <option key={`${s.name}-${u}`} value={u}>
                  {unitName(u)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>

      <div className="flex flex-col gap-1">
        <TextArea
          key={feedback?.draft ?? "description"}
          label={m.vendor_form_description()}
          id={id("description")}
          name="description"
          translate="no"
          rows={8}
          maxLength={DESCRIPTION_MAX}
          defaultValue={feedback?.draft ?? values.description}
          hint={m.vendor_form_description_hint({ max: DESCRIPTION_MAX.toLocaleString("en-IN") })}
          error={errors.description}
        />
        {draftNote && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {draftNote}
          </p>
        )}
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
            {drafter.state !== "idle" ? m.vendor_form_writing() : m.vendor_form_write_draft()}
          </button>
        </div>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Select
          label={m.vendor_field_state()}
          id={id("state")}
          name="state"
          value={state}
          onChange={(e) => setState(e.target.value)}
          placeholder={m.vendor_field_choose_state()}
          options={STATE_NAMES.map((s) => [s, localName(s, locale)] as const)}
          error={errors.state}
        />
        <Select
          key={hydrated ? state || "all" : "server"}
          label={m.vendor_field_city()}
          id={id("city")}
          name="city"
          defaultValue={early.city ?? values.city ?? ""}
          placeholder={m.vendor_field_choose_city()}
          error={errors.city}
        >
          {stateCities.map(([s, cities]) => (
            <optgroup key={s} label={localName(s, locale)}>
              {cities.map((c) => (
                <option key={`${s}-${c}`} value={c}>
                  {localName(c, locale)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>

      <Field
        label={m.vendor_form_address()}
        id={id("address")}
        name="address"
        defaultValue={values.address}
        maxLength={ADDRESS_MAX}
        autoComplete="street-address"
        error={errors.address}
      />

      {isVenue && (
        <fieldset className="grid gap-5 md:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{m.vendor_form_capacity()}</legend>
          <Field
            label={m.vendor_form_capacity_min()}
            id={id("capacity_min")}
            name="capacity_min"
            {...numeric}
            defaultValue={values.capacity_min}
            error={errors.capacity_min}
          />
          <Field
            label={m.vendor_form_capacity_max()}
            id={id("capacity_max")}
            name="capacity_max"
            {...numeric}
            defaultValue={values.capacity_max}
            error={errors.capacity_max}
          />
        </fieldset>
      )}

      <TextArea
        label={m.vendor_form_highlights()}
        id={id("highlights")}
        name="highlights"
        translate="no"
        rows={4}
        defaultValue={values.highlights}
        hint={m.vendor_form_highlights_hint({ max: HIGHLIGHTS_MAX })}
        error={errors.highlights}
      />

      <div>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {busy ? m.vendor_saving() : submitLabel}
        </button>
      </div>
    </Form>
  );
}
