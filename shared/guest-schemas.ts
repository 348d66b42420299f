import type { Label } from "./say.ts";
import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import { rowVersion } from "./row-version.ts";
import { numeric } from "./numbers.ts";
import { DIETARY_PREFERENCES, GUEST_SIDES, RSVP_RESPONSES } from "./stored-values.ts";

/**
 * The guest list and RSVP rules (functions/domain/guests/, rsvp.ts among them) shared by the page forms,
 * the API and the domain. A page form sends strings (checkboxes "on" or nothing); the API sends
 * JSON: both fit these schemas.
 */
export { DIETARY_PREFERENCES, GUEST_SIDES, RSVP_RESPONSES };
export type GuestSide = (typeof GUEST_SIDES)[number];
export type Dietary = (typeof DIETARY_PREFERENCES)[number];
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

export const GUEST_NAME_MAX = 120;
export const HOUSEHOLD_NAME_MAX = 120;
export const NOTES_MAX = 1000;
export const FIELD_MAX = 120;
/** People one answer may stand for (the guest and anyone unnamed with them). */
export const PARTY_SIZE_MAX = 20;
/** Guests on one couple's list, and rows in one CSV import. */
export const GUESTS_MAX = 3000;
export const IMPORT_ROWS_MAX = 1000;
export const IMPORT_BYTES_MAX = 512 * 1024;
/** The import's JSON body: a CSV at its cap sent as a JSON string, whose escaping (\n, \") can double it. */
export const IMPORT_REQUEST_BYTES_MAX = 2 * IMPORT_BYTES_MAX + 1024;
export const GUESTS_PAGE_SIZE = 100;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const optionalText = (label: Label, max = FIELD_MAX) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: () => m.api_v_label_must_be_text({ label: label() }) })
      .trim()
      .max(max, { error: () => m.api_v_label_at_most_chars({ label: label(), max }) })
      .nullable(),
  );

/** A checkbox ("on"/"true" when ticked, absent when not) or a JSON boolean. */
const checkbox = (label: Label) =>
  z.preprocess(
    (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || blank(v) ? false : v),
    z.boolean({ error: () => m.api_v_label_yes_or_no({ label: label() }) }),
  );

export const guestName = z
  .string({ error: () => m.api_v_please_enter_the_guests_name() })
  .trim()
  .min(1, { error: () => m.api_v_please_enter_the_guests_name() })
  .max(GUEST_NAME_MAX, { error: () => m.api_v_name_use_at_most_characters({ max: GUEST_NAME_MAX }) });

export const phoneField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: () => m.api_v_phone_must_be_text() })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: () => m.api_v_phone_use_digits_e_g_91_98765_43210() })
    .nullable(),
);

export const emailField = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? v.trim().toLowerCase() : v),
  z
    .email({ error: () => m.api_v_e_mail_use_an_address_like_name_example_com() })
    .max(254, { error: () => m.api_v_e_mail_use_at_most_254_characters() })
    .nullable(),
);

const sideField = z.preprocess((v) => (blank(v) ? "BOTH" : v), z.enum(GUEST_SIDES, { error: () => m.api_v_side_choose_the_brides_the_grooms_or() }));
const dietaryField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z.enum(DIETARY_PREFERENCES, { error: () => m.api_v_dietary_choose_veg_jain_non_veg_or_vegan() }).nullable(),
);
const idField = z.string().trim().min(1).max(64);

/** The guest's own fields. */
export const guestFields = z.object({
  name: guestName,
  side: sideField,
  relation: optionalText(m.api_v_label_relation),
  phone: phoneField,
  email: emailField,
  city: optionalText(m.api_v_label_city),
  dietary: dietaryField,
  needsStay: checkbox(m.api_v_label_needs_stay),
  needsPickup: checkbox(m.api_v_label_needs_pickup),
});
export type GuestFields = z.infer<typeof guestFields>;

/** A new guest: into one of the couple's households, or (none given) a new household of one. */
export const guestInput = guestFields.extend({
  householdId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
});

/** A guest's changes: only the fields sent change (a form sends them all). */
export const guestUpdateInput = guestFields.partial().extend({
  householdId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
  /** The version of the guest the edit was made on (Guest.version): a stale one is refused (409). */
  version: rowVersion,
});

export const householdInput = z.object({
  name: z
    .string({ error: () => m.api_v_please_enter_the_households_name() })
    .trim()
    .min(1, { error: () => m.api_v_please_enter_the_households_name() })
    .max(HOUSEHOLD_NAME_MAX, { error: () => m.api_v_household_use_at_most_characters({ max: HOUSEHOLD_NAME_MAX }) }),
  notes: optionalText(m.api_v_label_notes, NOTES_MAX),
});

export const householdUpdateInput = householdInput.partial().extend({
  /** The version of the household the edit was made on (Household.version): a stale one is refused (409). */
  version: rowVersion,
});

/**
 * The complete set of functions a household is invited to (others are un-invited). The list is
 * required: a body without it (or with null) is a 400, never "un-invite from everything"; an empty
 * list [] (or a form's empty text) is how to un-invite from every function.
 */
export const invitationsInput = z.object({
  eventIds: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? [] : [v]) : v),
    z.array(idField, { error: () => m.api_v_event_ids_a_list_of_function_ids() }).max(100, { error: () => m.api_v_event_ids_at_most_100_functions() }),
  ),
});

export const ANSWER_FILTERS = [...RSVP_RESPONSES, "NONE"] as const;

/** A list's page number, 1 to 1000 (optional: the first). */
function pageField() {
  return numeric(
    z
      .number({ error: () => m.api_v_page_a_number() })
      .int({ error: () => m.api_v_page_a_whole_number() })
      .min(1)
      .max(1000)
      .optional(),
  );
}

/** Search and filters of the guest list. */
export const guestQuery = z.object({
  q: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string()
      .trim()
      .max(100, { error: () => m.api_v_search_use_at_most_100_characters() })
      .optional(),
  ),
  side: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(GUEST_SIDES, { error: () => m.api_v_side_bride_groom_or_both() }).optional()),
  dietary: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(DIETARY_PREFERENCES, { error: () => m.api_v_dietary_veg_jain_non_veg_or_vegan() }).optional(),
  ),
  householdId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
  eventId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
  answer: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(ANSWER_FILTERS, { error: () => m.api_v_answer_attending_declined_maybe_or_none() }).optional(),
  ),
  page: pageField(),
});
export type GuestQuery = z.infer<typeof guestQuery>;

/** The head-counts' page of "not answered yet" households (GET /api/v1/guests/headcounts). */
export const headCountQuery = z.object({ page: pageField() });
export type HeadCountQuery = z.infer<typeof headCountQuery>;

export const rsvpAnswer = z.object({
  guestId: idField,
  eventId: idField,
  response: z.enum(RSVP_RESPONSES, { error: () => m.api_v_answer_attending_not_attending_or_maybe() }),
  partySize: numeric(
    z
      .number({ error: () => m.api_v_count_a_number_of_people() })
      .int({ error: () => m.api_v_count_a_whole_number_of_people() })
      .min(1, { error: () => m.api_v_count_at_least_1() })
      .max(PARTY_SIZE_MAX, { error: () => m.api_v_count_at_most_people({ max: PARTY_SIZE_MAX }) })
      .default(1),
  ),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswer>;

export const rsvpInput = z.object({
  answers: z
    .array(rsvpAnswer, { error: () => m.api_v_answers_a_list_of_answers() })
    .min(1, { error: () => m.api_v_please_choose_an_answer() })
    .max(500, { error: () => m.api_v_too_many_answers_at_once() }),
});

export const shareInput = z.object({
  channel: z.enum(["whatsapp", "email"], { error: () => m.api_v_channel_whatsapp_or_email() }),
  lang: z.preprocess((v) => (blank(v) ? "en" : v), z.enum(["en", "hi"], { error: () => m.api_v_language_en_or_hi() })),
});

export const importInput = z.object({
  csv: z.string({ error: () => m.api_e_please_choose_a_csv_file() }).max(IMPORT_BYTES_MAX + 1024, { error: () => m.api_e_the_csv_file_is_too_large_at() }),
});
