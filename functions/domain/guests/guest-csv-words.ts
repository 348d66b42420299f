/**
 * The words of the guest list's CSV in both languages (issue 32): the column names and the fixed
 * words of its cells (side, dietary preference, yes or no). The export writes them in the language
 * of the request; the import reads either language's, whatever the account's language, so a file
 * exported in Hindi imports unchanged and an English spreadsheet still imports for a Hindi account.
 * The words themselves are the catalogue's (messages/api: api_csv_*), read here in each locale.
 */
import { LOCALES, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

export type Column = "household" | "name" | "side" | "relation" | "phone" | "email" | "city" | "dietary" | "stay" | "pickup";

/** The file's columns, in the order the export writes them. */
export const COLUMNS: readonly Column[] = ["household", "name", "side", "relation", "phone", "email", "city", "dietary", "stay", "pickup"];

type Say = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const COLUMN_NAMES: Record<Column, Say> = {
  household: m.api_csv_col_household,
  name: m.api_csv_col_name,
  side: m.api_csv_col_side,
  relation: m.api_csv_col_relation,
  phone: m.api_csv_col_phone,
  email: m.api_csv_col_email,
  city: m.api_csv_col_city,
  dietary: m.api_csv_col_dietary,
  stay: m.api_csv_col_stay,
  pickup: m.api_csv_col_pickup,
};

export type Side = "BRIDE" | "GROOM" | "BOTH";
const SIDE_WORDS: Record<Side, Say> = { BRIDE: m.api_csv_side_bride, GROOM: m.api_csv_side_groom, BOTH: m.api_csv_side_both };

export type Dietary = "VEG" | "JAIN" | "NON_VEG" | "VEGAN";
const DIETARY_WORDS: Record<Dietary, Say> = {
  VEG: m.api_csv_diet_veg,
  JAIN: m.api_csv_diet_jain,
  NON_VEG: m.api_csv_diet_non_veg,
  VEGAN: m.api_csv_diet_vegan,
};

/**
 * A cell or header reduced to what tells it apart: lower-case Latin letters, digits and Devanagari, without
 * spaces, punctuation or the nukta, and with the chandrabindu read as the anusvara, so "Needs stay",
 * "needs_stay", "फ़ोन" and "फोन", "हाँ" and "हां" each read alike.
 */
export function csvKey(value: string): string {
  return value
    .normalize("NFD")
    .toLowerCase()
    .replace(/\u0901/g, "\u0902")
    .replace(/\u093c/g, "")
    .replace(/[^a-z0-9\p{Script=Devanagari}]/gu, "");
}

/** Other names a spreadsheet gives a column (any case, spacing or punctuation), besides the catalogue's in each language. */
const COLUMN_ALIASES: Record<Column, readonly string[]> = {
  household: ["family", "household name", "family name", "group", "घर", "परिवार का नाम"],
  name: ["guest", "guest name", "full name", "मेहमान", "मेहमान का नाम", "पूरा नाम"],
  side: ["तरफ़", "पक्ष"],
  relation: ["relationship", "रिश्तेदारी", "संबंध"],
  phone: ["mobile", "phone number", "mobile number", "whatsapp", "contact", "मोबाइल", "फ़ोन नंबर", "मोबाइल नंबर", "व्हाट्सऐप"],
  email: ["email address", "mail", "ईमेल पता"],
  city: ["town", "शहर का नाम"],
  dietary: ["diet", "food", "food preference", "dietary preference", "meal", "खाना", "भोजन"],
  stay: ["needs stay", "accommodation", "ठहरना", "रुकना"],
  pickup: ["needs pickup", "transport", "लाना", "पिकअप"],
};

const HEADERS: ReadonlyMap<string, Column> = new Map(
  COLUMNS.flatMap((column) => [
    ...LOCALES.map((locale) => [csvKey(COLUMN_NAMES[column]({}, { locale })), column] as const),
    ...COLUMN_ALIASES[column].map((alias) => [csvKey(alias), column] as const),
  ]),
);

/** The column a header cell names, in either language; undefined for one the import does not know. */
export function columnOf(header: string): Column | undefined {
  return HEADERS.get(csvKey(header));
}

/** The header row in the language of the request. */
export function headerRow(): string[] {
  return COLUMNS.map((column) => COLUMN_NAMES[column]());
}

/** What a column is called in the language of the request (for a row's reason). */
export function columnName(column: Column): string {
  return COLUMN_NAMES[column]();
}

/** A side in the language of the request ("BRIDE", "दुल्हन की तरफ़"). */
export function sideWord(side: Side): string {
  return SIDE_WORDS[side]();
}

/** A dietary preference in the language of the request ("Non-veg", "मांसाहारी"). */
export function dietaryWord(dietary: Dietary): string {
  return DIETARY_WORDS[dietary]();
}

/** "Yes" or "No" ("हाँ", "नहीं") in the language of the request. */
export function yesNoWord(yes: boolean): string {
  return yes ? m.api_csv_yes() : m.api_csv_no();
}

const inEveryLocale = (say: Say) => LOCALES.map((locale) => csvKey(say({}, { locale })));

/**
 * The side a cell names, in either language: the catalogue's words, "Bride's", "groom side",
 * "B", "दुल्हन", "वधू पक्ष"...; empty is both sides. Anything else is returned as it was, for the
 * guest schema to refuse with its message.
 */
export function sideOf(value: string): string {
  const s = csvKey(value);
  if (!s || ["both", "bothsides", "common", "mutual", "दोनों", "दोनोंपक्ष"].includes(s) || inEveryLocale(SIDE_WORDS.BOTH).includes(s)) return "BOTH";
  if (s === "b" || s.startsWith("bride") || ["दुल्हन", "वधू"].some((w) => s.startsWith(w)) || inEveryLocale(SIDE_WORDS.BRIDE).includes(s)) return "BRIDE";
  if (s === "g" || s.startsWith("groom") || ["दूल्हा", "दूल्हे", "वर"].some((w) => s.startsWith(w)) || inEveryLocale(SIDE_WORDS.GROOM).includes(s)) return "GROOM";
  return value;
}

const DIETARY_ALIASES: Record<Dietary, readonly string[]> = {
  VEG: ["veg", "vegetarian", "v", "veggie", "शाकाहारी", "शाकाहार"],
  JAIN: ["jain", "जैन"],
  NON_VEG: ["nonveg", "nonvegetarian", "nv", "मांसाहारी", "मांसाहार"],
  VEGAN: ["vegan", "वीगन", "वेगन"],
};

/** The dietary preference a cell names, in either language; null for an empty cell, the cell itself for the schema to refuse. */
export function dietaryOf(value: string): string | null {
  const s = csvKey(value);
  if (!s) return null;
  for (const dietary of Object.keys(DIETARY_WORDS) as Dietary[])
    if (DIETARY_ALIASES[dietary].map(csvKey).includes(s) || inEveryLocale(DIETARY_WORDS[dietary]).includes(s)) return dietary;
  return value;
}

const YES = ["yes", "y", "true", "1", "x", "haan", "ha", "हां", "हा", "जी"].map(csvKey);
const NO = ["no", "n", "false", "0", "nahi", "नहीं", "नही", "ना"].map(csvKey);

/** A yes-or-no cell in either language (empty is no); otherwise the reason, naming the column in the language of the request. */
export function yesNoOf(value: string, column: Column): boolean | string {
  const s = csvKey(value);
  if (value.trim() === "✓" || YES.includes(s) || inEveryLocale(m.api_csv_yes).includes(s)) return true;
  if (!s || NO.includes(s) || inEveryLocale(m.api_csv_no).includes(s)) return false;
  return m.api_csv_yes_or_no({ column: columnName(column) });
}
