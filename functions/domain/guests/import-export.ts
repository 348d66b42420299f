/** The guest list as CSV: importing a spreadsheet's rows, exporting the whole list. */
import { GUESTS_MAX, IMPORT_BYTES_MAX, IMPORT_ROWS_MAX, guestFields } from "#shared/guest-schemas.ts";
import { type DomainContext, Invalid, newId, fieldErrors } from "../core/index.ts";
import { parseCsv, toCsv, undefuse } from "./guest-csv.ts";
import { type Column, type Dietary, type Side, columnOf, dietaryOf, dietaryWord, headerRow, sideOf, sideWord, yesNoOf, yesNoWord } from "./guest-csv-words.ts";
import { activityEntry, inWedding, openWedding, tellWedding } from "../weddings/index.ts";
import { type GuestRow, GUEST_COLUMNS, insertGuest, insertHousehold, newRsvpToken, recordLinks } from "./guest-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** The English file's columns (the API documents them; guest-csv-words.ts has both languages'). */
export const CSV_COLUMNS = ["Household", "Name", "Side", "Relation", "Phone", "Email", "City", "Dietary", "Stay", "Pickup"] as const;

export type ImportResult = { imported: number; householdsCreated: number; errors: { row: number; reason: string }[] };

/**
 * A CSV with a header row (Household, Name, Side, Relation, Phone, Email, City, Dietary, Stay,
 * Pickup, in any order and case, common spellings accepted, or the same in Hindi: परिवार, नाम...),
 * its cells' fixed words (side, dietary, yes or no) in either language too. The good rows are imported in one
 * atomic batch; the bad ones are listed with their row number (the header is row 1) and the reason.
 * Rows with the same Household name join one household (an existing one of that name, else a new
 * one); a row without one gets a household of its own.
 */
export async function importGuests(caller: DomainContext, csv: string): Promise<ImportResult> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  if (new TextEncoder().encode(csv).length > IMPORT_BYTES_MAX) throw new Invalid(m.api_e_the_csv_file_is_too_large_at(), { csv: m.api_e_at_most_512_kb() });
  let rows: string[][];
  try {
    rows = parseCsv(csv);
  } catch {
    throw new Invalid(m.api_e_the_csv_file_could_not_be_read(), { csv: m.api_e_a_quoted_field_is_not_closed() });
  }
  const header = rows[0]?.map((cell) => columnOf(cell)) ?? [];
  if (!header.includes("name")) throw new Invalid(m.api_e_the_first_row_must_name_the_columns(), { csv: m.api_e_the_first_row_must_name_the_columns() });
  const body = rows.slice(1);
  if (body.length > IMPORT_ROWS_MAX)
    throw new Invalid(m.api_e_import_at_most({ max: IMPORT_ROWS_MAX }), { csv: m.api_e_at_most_rows({ max: IMPORT_ROWS_MAX }) });

  const [existingHouseholds, count] = await ctx.db.batch([
    ctx.db.prepare("SELECT id, name FROM households WHERE user_id = ? ORDER BY created_at, id").bind(me.key),
    ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(me.key),
  ]);
  const byName = new Map<string, string>();
  for (const h of existingHouseholds!.results as { id: string; name: string }[]) if (!byName.has(h.name.toLowerCase())) byName.set(h.name.toLowerCase(), h.id);
  const guestCount = (count!.results[0] as { n: number }).n;

  const errors: ImportResult["errors"] = [];
  const writes: D1PreparedStatement[] = [];
  const links: string[] = [];
  let imported = 0;
  let householdsCreated = 0;
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((c) => c.trim() === "")) return;
    const get = (col: Column) => undefuse((cells[header.indexOf(col)] ?? "").trim());
    const stay = yesNoOf(get("stay"), "stay");
    const pickup = yesNoOf(get("pickup"), "pickup");
    const parsed = guestFields.safeParse({
      name: get("name"),
      side: sideOf(get("side")),
      relation: get("relation"),
      phone: get("phone"),
      email: get("email"),
      city: get("city"),
      dietary: dietaryOf(get("dietary")),
      needsStay: typeof stay === "boolean" ? stay : undefined,
      needsPickup: typeof pickup === "boolean" ? pickup : undefined,
    });
    const reasons = [...(parsed.success ? [] : Object.values(fieldErrors(parsed.error))), ...[stay, pickup].filter((v): v is string => typeof v === "string")];
    const household = get("household").slice(0, 120);
    if (reasons.length || !parsed.success) {
      errors.push({ row, reason: [...new Set(reasons)].join(" ") });
      return;
    }
    if (guestCount + imported >= GUESTS_MAX) {
      errors.push({ row, reason: m.api_e_guest_list_full({ max: GUESTS_MAX }) });
      return;
    }
    let householdId = household ? byName.get(household.toLowerCase()) : undefined;
    if (!householdId) {
      householdId = newId(ctx.now);
      const token = newRsvpToken();
      links.push(token);
      writes.push(insertHousehold(ctx, me.key, householdId, household || parsed.data.name, null, token));
      householdsCreated += 1;
      if (household) byName.set(household.toLowerCase(), householdId);
    }
    // Each row a distinct, increasing created_at so the list keeps the file's order within a household.
    writes.push(insertGuest(ctx, me.key, householdId, newId(ctx.now), parsed.data, ctx.now + imported));
    imported += 1;
  });
  // One entry for the whole file, in the same batch as its guests.
  if (writes.length) {
    await recordLinks(ctx, me, links);
    await ctx.db.batch([...writes, activityEntry(ctx, me, { area: "guests", action: "guests_imported", count: imported })]);
    tellWedding(ctx, me, "guests");
  }
  return { imported, householdsCreated, errors };
}

/** One wedding's guests with their household's name, in the guest file's order (bind the wedding's key). */
export const GUEST_FILE_SQL = `SELECT ${GUEST_COLUMNS} FROM guests g JOIN households h ON h.id = g.household_id WHERE g.user_id = ? ORDER BY h.name COLLATE NOCASE, h.id, g.created_at, g.id`;

/**
 * The guest file from GUEST_FILE_SQL's rows (same columns as the import), every cell safe against
 * spreadsheet formulas; the header and the cells' fixed words in the language of the request (a Hindi
 * account's or /hi page's file is in Hindi, and imports back unchanged). Phone and e-mail only to a
 * reader who may see contacts. The wedding's zip of records (functions/domain/exports/) writes the same file.
 */
export function guestFile(rows: readonly GuestRow[], seesContacts: boolean): string {
  return toCsv([
    headerRow(),
    ...rows.map((g) => [
      g.household_name,
      g.name,
      sideWord(g.side as Side),
      g.relation ?? "",
      seesContacts ? (g.phone ?? "") : "",
      seesContacts ? (g.email ?? "") : "",
      g.city ?? "",
      g.dietary ? dietaryWord(g.dietary as Dietary) : "",
      yesNoWord(Boolean(g.needs_stay)),
      yesNoWord(Boolean(g.needs_pickup)),
    ]),
  ]);
}

/** The whole list as CSV (guestFile), for any member of the wedding. */
export async function exportGuests(caller: DomainContext): Promise<string> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const { results } = await ctx.db.prepare(GUEST_FILE_SQL).bind(me.key).all<GuestRow>();
  return guestFile(results, me.seesContacts);
}
