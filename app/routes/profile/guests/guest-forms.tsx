import { Form, Link } from "react-router";
import { OnceToken } from "#app/lib/once-token.tsx";
import { Checkbox, Field, Select } from "#app/components/ui/index.ts";
import { DIETARY_PREFERENCES, GUEST_SIDES } from "#shared/guest-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import type { GuestsActionResult } from "./guests.server.ts";
import { button, dietaryLabel, Failure, linkButton, pageLink, sideLabel, useEmptiedAfterSave, type Guest, type HouseholdName } from "./guests-ui.tsx";

const sideOptions = () => GUEST_SIDES.map((s) => [s, sideLabel(s)] as const);
const dietaryOptions = () => DIETARY_PREFERENCES.map((d) => [d, dietaryLabel(d)] as const);
const small = "py-2 text-sm";
/** The fields of a guest's form, which show their own messages. */
const GUEST_FIELDS = ["name", "householdId", "side", "relation", "phone", "email", "city", "dietary"] as const;

/** The refusal of one intent's form, field by field (the message itself shows above the button). */
function errorsOf(result: GuestsActionResult | undefined, intent: string): Record<string, string> {
  return result && !result.ok && result.intent === intent ? result.errors : {};
}

function GuestFields({
  guest,
  households,
  more = false,
  errors = {},
}: {
  guest?: Guest;
  households: HouseholdName[];
  /** Whether the wedding has households the picker does not offer (it offers those drawn on the page): its hint says how to reach one. */
  more?: boolean;
  errors?: Record<string, string>;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <Field label={m.couple_guest_name()} name="name" required maxLength={120} defaultValue={guest?.name} error={errors.name} inputClassName={small} />
      <Select
        label={m.couple_guest_household()}
        name="householdId"
        defaultValue={guest?.householdId ?? ""}
        error={errors.householdId}
        inputClassName={small}
        options={households}
        {...(more ? { hint: m.couple_guest_household_drawn() } : {})}
        {...(guest ? {} : { placeholder: m.couple_guest_new_household_own() })}
      />
      <Select
        label={m.couple_guest_side()}
        name="side"
        defaultValue={guest?.side ?? "BOTH"}
        error={errors.side}
        inputClassName={small}
        options={sideOptions()}
      />
      <Field
        label={m.couple_guest_relation()}
        name="relation"
        maxLength={120}
        defaultValue={guest?.relation ?? ""}
        error={errors.relation}
        inputClassName={small}
      />
      <Field
        label={m.couple_guest_phone()}
        name="phone"
        type="tel"
        maxLength={20}
        defaultValue={guest?.phone ?? ""}
        error={errors.phone}
        inputClassName={small}
      />
      <Field
        label={m.couple_guest_email()}
        name="email"
        type="email"
        maxLength={254}
        defaultValue={guest?.email ?? ""}
        error={errors.email}
        inputClassName={small}
      />
      <Field label={m.couple_guest_city()} name="city" maxLength={120} defaultValue={guest?.city ?? ""} error={errors.city} inputClassName={small} />
      <Select
        label={m.couple_guest_dietary()}
        name="dietary"
        defaultValue={guest?.dietary ?? ""}
        error={errors.dietary}
        inputClassName={small}
        placeholder={m.couple_guest_not_said()}
        options={dietaryOptions()}
      />
      <div className="flex items-end gap-4">
        <Checkbox label={m.couple_guest_needs_stay()} name="needsStay" defaultChecked={guest?.needsStay} />
        <Checkbox label={m.couple_guest_needs_pickup()} name="needsPickup" defaultChecked={guest?.needsPickup} />
      </div>
    </div>
  );
}

/** The link that opens an edit form: a plain link (`?edit=` or `?editHousehold=` in the URL), so it works without JavaScript. */
function EditLink({ here, param, id, anchor, label, name }: { here: URLSearchParams; param: string; id: string; anchor: string; label: string; name: string }) {
  return (
    <Link to={`${pageLink(here, param, id)}#${anchor}`} preventScrollReset discover="none" className="text-xs font-semibold text-maroon-700 underline">
      {label}
      <span className="sr-only"> {name}</span>
    </Link>
  );
}

const closeLink = (here: URLSearchParams, param: string) => (
  <Link to={pageLink(here, param, null)} preventScrollReset className="text-sm underline">
    {m.couple_edit_close()}
  </Link>
);

/**
 * A guest's edit form with its remove button, drawn only for the guest being edited
 * (`?edit={guestId}`): drawn for each of a page's guests, the forms were most of an 800-guest
 * wedding's page (issue 33). Saving or removing closes it.
 */
export function GuestEdit({
  guest,
  households,
  busy,
  open,
  here,
}: {
  guest: Guest;
  households: HouseholdName[];
  busy: boolean;
  open: boolean;
  here: URLSearchParams;
}) {
  if (!open) return <EditLink here={here} param="edit" id={guest.id} anchor={`guest-${guest.id}`} label={m.couple_guest_edit()} name={guest.name} />;
  return (
    <Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="guestId" value={guest.id} />
      {/* The guest as drawn: an edit made on a stale copy is refused with what is stored now (issue 33). */}
      <input type="hidden" name="version" value={guest.version} />
      <GuestFields guest={guest} households={households} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="editGuest" className={button} disabled={busy}>
          {m.couple_guest_save()}
        </button>
        <button type="submit" name="intent" value="deleteGuest" formNoValidate className={`${linkButton} text-red-800`} disabled={busy}>
          {m.couple_remove()}
          <span className="sr-only"> {guest.name}</span>
        </button>
        {closeLink(here, "edit")}
      </div>
    </Form>
  );
}

/** A household's name and notes, a new RSVP link, removing it with its guests: drawn only for the household being edited (`?editHousehold={id}`). */
export function HouseholdEdit({
  household,
  busy,
  open,
  here,
}: {
  household: { id: string; name: string; notes: string | null; version: number };
  busy: boolean;
  open: boolean;
  here: URLSearchParams;
}) {
  if (!open)
    return (
      <p className="mt-1">
        <EditLink
          here={here}
          param="editHousehold"
          id={household.id}
          anchor={`household-${household.id}`}
          label={m.couple_household_edit()}
          name={household.name}
        />
      </p>
    );
  return (
    <Form method="post" className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
      <input type="hidden" name="householdId" value={household.id} />
      {/* The copy this form was drawn from: an edit or removal after someone else changed the household is refused (decision 0052). */}
      <input type="hidden" name="version" value={household.version} />
      <Field label={m.couple_guest_name()} name="name" required maxLength={120} defaultValue={household.name} inputClassName={small} />
      <Field
        label={m.couple_household_notes()}
        name="notes"
        maxLength={1000}
        defaultValue={household.notes ?? ""}
        className="sm:col-span-2"
        inputClassName={small}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <button type="submit" name="intent" value="editHousehold" className={button} disabled={busy}>
          {m.couple_household_save()}
        </button>
        <button type="submit" name="intent" value="resetLink" className={linkButton} disabled={busy}>
          {m.couple_household_new_link()}
        </button>
        <button type="submit" name="intent" value="deleteHousehold" className={`${linkButton} text-red-800`} disabled={busy}>
          {m.couple_household_remove()}
        </button>
        {closeLink(here, "editHousehold")}
      </div>
    </Form>
  );
}

/** "Add a guest" and "New household": each emptied after it is saved, each sent once per token. */
export function AddForms({
  households,
  more,
  onceToken,
  result,
  busy,
}: {
  households: HouseholdName[];
  more: boolean;
  onceToken: string;
  result: GuestsActionResult | undefined;
  busy: boolean;
}) {
  const addGuestForm = useEmptiedAfterSave("addGuest", result);
  const addHouseholdForm = useEmptiedAfterSave("addHousehold", result);
  const householdErrors = errorsOf(result, "addHousehold");
  return (
    <>
      <Form method="post" className="space-y-2" ref={addGuestForm}>
        <OnceToken token={onceToken} />
        <GuestFields households={households} more={more} errors={errorsOf(result, "addGuest")} />
        <Failure result={result} intent="addGuest" shown={GUEST_FIELDS} />
        <button type="submit" name="intent" value="addGuest" className={button} disabled={busy}>
          {m.couple_guest_add()}
        </button>
      </Form>
      <Form method="post" className="mt-4 grid gap-2 border-t border-maroon-100 pt-4 sm:grid-cols-3" ref={addHouseholdForm}>
        <OnceToken token={onceToken} />
        <Field
          label={m.couple_household_new()}
          name="name"
          required
          maxLength={120}
          placeholder={m.couple_household_placeholder()}
          error={householdErrors.name}
          inputClassName={small}
        />
        <Field
          label={m.couple_household_notes()}
          name="notes"
          maxLength={1000}
          error={householdErrors.notes}
          className="sm:col-span-2"
          inputClassName={small}
        />
        <div className="sm:col-span-3">
          <Failure result={result} intent="addHousehold" shown={["name", "notes"]} />
          <button type="submit" name="intent" value="addHousehold" className={button} disabled={busy}>
            {m.couple_household_add()}
          </button>
        </div>
      </Form>
    </>
  );
}
