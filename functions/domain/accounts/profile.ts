/** The signed-in account's own view and its profile edits (a couple's details, a vendor's business profile). */
import type { UpdateUserInput, UpdateVendorInput } from "#shared/account-schemas.ts";
import { type DomainContext, Invalid, Unauthorized, ACCESS, requireRole, requireSignedIn } from "../core/index.ts";
import { placeOfCity } from "#shared/checklist.ts";
import { checkPlace } from "./places.ts";
import { accountView, type AccountView } from "./account-common.ts";
import { m } from "#shared/paraglide/messages.js";

/** The signed-in account's view, or null for a visitor (GET /users/me). */
export async function currentAccount(ctx: DomainContext): Promise<AccountView | null> {
  return ctx.actor ? accountView(ctx.db, ctx.actor.id) : null;
}

/** The signed-in account's view, or Unauthorized (its session ended or the account is gone). */
export async function requireAccountView(ctx: DomainContext): Promise<AccountView> {
  const account = await accountView(ctx.db, requireSignedIn(ctx.actor).id);
  if (!account) throw new Unauthorized();
  return account;
}

/**
 * Writes the fields a partial update carries (undefined = leave alone) to their columns, with
 * updated_at; a request that changes nothing is refused.
 */
async function updateColumns<T extends object>(
  { db: d1, now }: DomainContext,
  table: "users" | "vendors",
  key: "id" | "user_id",
  id: string,
  input: T,
  columns: [keyof T, string][],
): Promise<void> {
  const given = columns.filter(([field]) => input[field] !== undefined);
  if (!given.length) throw new Invalid(m.api_e_nothing_to_update(), { _: m.api_e_change_at_least_one_field() });
  await d1
    .prepare(`UPDATE ${table} SET ${given.map(([, column]) => `${column} = ?`).join(", ")}, updated_at = ? WHERE ${key} = ?`)
    .bind(...given.map(([field]) => input[field]), now, id)
    .run();
}

export async function updateUser(ctx: DomainContext, input: UpdateUserInput): Promise<AccountView> {
  const actor = requireSignedIn(ctx.actor);
  const reminders = input.planning_reminders === undefined ? undefined : input.planning_reminders ? 1 : 0;
  // A city of the places list is stored under its own name, however typed ("Bangalore", "Karnataka/Bengaluru"),
  // so the checklist's searches and the cards find it; a place outside the list stays as typed.
  const weddingCity = input.wedding_city ? (placeOfCity(input.wedding_city)?.city ?? input.wedding_city) : input.wedding_city;
  await updateColumns(ctx, "users", "id", actor.id, { ...input, wedding_city: weddingCity, planning_reminders: reminders }, [
    ["user_name", "user_name"],
    ["phone", "phone"],
    ["wedding_date", "wedding_date"],
    ["wedding_city", "wedding_city"],
    ["partner_name", "partner_name"],
    ["guest_estimate", "guest_estimate"],
    ["total_budget", "total_budget"],
    ["planning_reminders", "planning_reminders"],
  ]);
  return requireAccountView(ctx);
}

/**
 * The business profile (page and PATCH /vendors/update). A new state or city is checked against
 * the location data together with the other half as stored, so the city always belongs to the state.
 */
export async function updateVendor(ctx: DomainContext, input: Partial<UpdateVendorInput>): Promise<AccountView> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendor_profile());
  if (input.state !== undefined || input.city !== undefined) {
    const stored = await ctx.db
      .prepare("SELECT state, city FROM vendors WHERE user_id = ?")
      .bind(actor.id)
      .first<{ state: string | null; city: string | null }>();
    const place = checkPlace(input.state ?? stored?.state ?? "", input.city ?? stored?.city ?? "");
    input = { ...input, state: place.state, city: place.city };
  }
  await updateColumns(ctx, "vendors", "user_id", actor.id, input, [
    ["name", "business_name"],
    ["business_category", "business_category"],
    ["email", "email"],
    ["tagline", "tagline"],
    ["description", "description"],
    ["phone_number", "phone"],
    ["state", "state"],
    ["city", "city"],
    ["facebook", "facebook"],
    ["instagram", "instagram"],
    ["website", "website"],
  ]);
  return requireAccountView(ctx);
}
