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

export const SIDE_LABELS: Record<GuestSide, string> = { BRIDE: "Bride's side", GROOM: "Groom's side", BOTH: "Both sides" };
export const DIETARY_LABELS: Record<Dietary, string> = { VEG: "Veg", JAIN: "Jain", NON_VEG: "Non-veg", VEGAN: "Vegan" };
export const RESPONSE_LABELS: Record<RsvpResponse, string> = { ATTENDING: "Attending", DECLINED: "Not attending", MAYBE: "Maybe" };

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
const optionalText = (label: string, max = FIELD_MAX) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, `${label}: use at most ${max} characters.`)
      .nullable(),
  );

/** A checkbox ("on"/"true" when ticked, absent when not) or a JSON boolean. */
const checkbox = (label: string) =>
  z.preprocess(
    (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || blank(v) ? false : v),
    z.boolean({ error: `${label}: yes or no.` }),
  );

export const guestName = z
  .string({ error: "Please enter the guest's name." })
  .trim()
  .min(1, "Please enter the guest's name.")
  .max(GUEST_NAME_MAX, `Name: use at most ${GUEST_NAME_MAX} characters.`);

export const phoneField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: "Phone must be text." })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, "Phone: use digits, e.g. +91 98765 43210.")
    .nullable(),
);

export const emailField = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? v.trim().toLowerCase() : v),
  z.email({ error: "E-mail: use an address like name@example.com." }).max(254, "E-mail: use at most 254 characters.").nullable(),
);

const sideField = z.preprocess((v) => (blank(v) ? "BOTH" : v), z.enum(GUEST_SIDES, { error: "Side: choose the bride's, the groom's or both." }));
const dietaryField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z.enum(DIETARY_PREFERENCES, { error: "Dietary: choose veg, jain, non-veg or vegan." }).nullable(),
);
const idField = z.string().trim().min(1).max(64);

/** The guest's own fields. */
export const guestFields = z.object({
  name: guestName,
  side: sideField,
  relation: optionalText("Relation"),
  phone: phoneField,
  email: emailField,
  city: optionalText("City"),
  dietary: dietaryField,
  needsStay: checkbox("Needs stay"),
  needsPickup: checkbox("Needs pickup"),
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
    .string({ error: "Please enter the household's name." })
    .trim()
    .min(1, "Please enter the household's name.")
    .max(HOUSEHOLD_NAME_MAX, `Household: use at most ${HOUSEHOLD_NAME_MAX} characters.`),
  notes: optionalText("Notes", NOTES_MAX),
});

export const householdUpdateInput = householdInput.partial();

/**
 * The complete set of functions a household is invited to (others are un-invited). The list is
 * required: a body without it (or with null) is a 400, never "un-invite from everything"; an empty
 * list [] (or a form's empty text) is how to un-invite from every function.
 */
export const invitationsInput = z.object({
  eventIds: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? [] : [v]) : v),
    z
      .array(idField, { error: "eventIds: a list of function ids ([] un-invites the household from every function)." })
      .max(100, "eventIds: at most 100 functions."),
  ),
});

export const ANSWER_FILTERS = [...RSVP_RESPONSES, "NONE"] as const;

/** Search and filters of the guest list. */
export const guestQuery = z.object({
  q: z.preprocess((v) => (blank(v) ? undefined : v), z.string().trim().max(100, "Search: use at most 100 characters.").optional()),
  side: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(GUEST_SIDES, { error: "Side: BRIDE, GROOM or BOTH." }).optional()),
  dietary: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(DIETARY_PREFERENCES, { error: "Dietary: VEG, JAIN, NON_VEG or VEGAN." }).optional()),
  householdId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
  eventId: z.preprocess((v) => (blank(v) ? undefined : v), idField.optional()),
  answer: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(ANSWER_FILTERS, { error: "Answer: ATTENDING, DECLINED, MAYBE or NONE." }).optional()),
  page: numeric(z.number({ error: "Page: a number." }).int("Page: a whole number.").min(1).max(1000).optional()),
});
export type GuestQuery = z.infer<typeof guestQuery>;

export const rsvpAnswer = z.object({
  guestId: idField,
  eventId: idField,
  response: z.enum(RSVP_RESPONSES, { error: "Answer: attending, not attending or maybe." }),
  partySize: numeric(
    z
      .number({ error: "Count: a number of people." })
      .int("Count: a whole number of people.")
      .min(1, "Count: at least 1.")
      .max(PARTY_SIZE_MAX, `Count: at most ${PARTY_SIZE_MAX} people.`)
      .default(1),
  ),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswer>;

export const rsvpInput = z.object({
  answers: z.array(rsvpAnswer, { error: "answers: a list of answers." }).min(1, "Please choose an answer.").max(500, "Too many answers at once."),
});

export const shareInput = z.object({
  channel: z.enum(["whatsapp", "email"], { error: "Channel: whatsapp or email." }),
  lang: z.preprocess((v) => (blank(v) ? "en" : v), z.enum(["en", "hi"], { error: "Language: en or hi." })),
});

export const importInput = z.object({
  csv: z.string({ error: "Please choose a CSV file." }).max(IMPORT_BYTES_MAX + 1024, "The CSV file is too large (at most 512 KB)."),
});
