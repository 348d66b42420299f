import { z } from "zod";
import { rowVersion } from "./row-version.ts";
import { m } from "./paraglide/messages.js";
import { isoDate, rupees } from "./lead-rules.ts";
import { numeric } from "./numbers.ts";

/**
 * The wedding budget (functions/domain/planning/budget.ts): its categories with the fixed shares of the
 * "suggest a split" action (docs/decisions/0021-wedding-budget.md), which catalogue
 * subcategories fall in each, and the inputs of the page forms and the API. Money in whole rupees.
 */

export type BudgetCategory = {
  key: string;
  label: string;
  /** Share of the total budget the split suggests, in per cent (the shares add up to 100). */
  share: number;
  /** Catalogue subcategories (shared/catalogue.ts) whose bookings and quotes fall here. */
  subcategories: readonly string[];
};

export const BUDGET_CATEGORIES: readonly BudgetCategory[] = [
  {
    key: "venue",
    label: "Venue",
    share: 20,
    subcategories: ["Wedding Lawns Farmhouse", "Hotel", "Banquet Halls", "Marriage Garden", "Wedding Halls", "Wedding Resorts", "Wedding House"],
  },
  { key: "catering", label: "Catering", share: 25, subcategories: ["Caterers", "Wedding Cakes"] },
  { key: "decor", label: "Decor and flowers", share: 10, subcategories: ["Wedding Decor", "Wedding Decoration", "Florists", "Tent House"] },
  { key: "photography", label: "Photography and video", share: 8, subcategories: ["Wedding Photographers", "Wedding Videographers", "Photobooth"] },
  { key: "attire", label: "Outfits and jewellery", share: 12, subcategories: ["Bridal Lahenga", "Bridal Jewellery", "Sherwani", "Men's Accessories"] },
  { key: "beauty", label: "Makeup and mehndi", share: 4, subcategories: ["Bridal Makeup Artist", "Mehndi Artist", "Makeup Salon", "Men's Grooming"] },
  { key: "music", label: "Music and entertainment", share: 5, subcategories: ["Wedding Music", "Wedding DJ", "Wedding Entertainment"] },
  { key: "invitations", label: "Invitations and gifts", share: 4, subcategories: ["Wedding Invitation", "Invitation", "Wedding Gift"] },
  { key: "transport", label: "Transport and stay", share: 4, subcategories: ["Wedding Transportation"] },
  { key: "rituals", label: "Pandit and rituals", share: 2, subcategories: ["Pandit", "Astrologers"] },
  { key: "planning", label: "Planner and coordination", share: 3, subcategories: ["Wedding Planner", "Wedding Coordinators", "Wedding Agencies"] },
  { key: "other", label: "Other and contingency", share: 3, subcategories: [] },
];

const CATEGORY_NAMES: Record<string, () => string> = {
  venue: m.couple_budget_cat_venue,
  catering: m.couple_budget_cat_catering,
  decor: m.couple_budget_cat_decor,
  photography: m.couple_budget_cat_photography,
  attire: m.couple_budget_cat_attire,
  beauty: m.couple_budget_cat_beauty,
  music: m.couple_budget_cat_music,
  invitations: m.couple_budget_cat_invitations,
  transport: m.couple_budget_cat_transport,
  rituals: m.couple_budget_cat_rituals,
  planning: m.couple_budget_cat_planning,
  other: m.couple_budget_cat_other,
};
/** A budget category's name in the request's or page's language (the list above names them in English). */
export const budgetCategoryName = (key: string, english: string) => CATEGORY_NAMES[key]?.() ?? english;

export const BUDGET_CATEGORY_KEYS = BUDGET_CATEGORIES.map((c) => c.key) as [string, ...string[]];
export const OTHER_CATEGORY = "other";

/** The budget category of a catalogue subcategory (a booking's or a quote's service); "other" when none fits. */
export function categoryOfSubcategory(subcategory: string): string {
  const wanted = subcategory.trim().toLowerCase();
  return BUDGET_CATEGORIES.find((c) => c.subcategories.some((s) => s.toLowerCase() === wanted))?.key ?? OTHER_CATEGORY;
}

export function categoryLabel(key: string): string {
  return BUDGET_CATEGORIES.find((c) => c.key === key)?.label ?? key;
}

/**
 * The split's estimate for each category: its share of the total, rounded down to whole rupees;
 * what rounding leaves over goes to "other", so the estimates add up to the total exactly.
 */
export function suggestedSplit(total: number): Record<string, number> {
  const split: Record<string, number> = {};
  for (const c of BUDGET_CATEGORIES) split[c.key] = Math.floor((total * c.share) / 100);
  const used = Object.values(split).reduce((s, v) => s + v, 0);
  split[OTHER_CATEGORY] = (split[OTHER_CATEGORY] ?? 0) + (total - used);
  return split;
}

export const BUDGET_LABEL_MAX = 120;
export const BUDGET_NOTES_MAX = 500;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === "" ? null : v);

const category = z.enum(BUDGET_CATEGORY_KEYS, { error: () => m.api_v_category_choose_one_of_the_budgets_categorie() });
const label = z
  .string({ error: () => m.api_v_label_please_name_the_line() })
  .trim()
  .min(1, { error: () => m.api_v_label_please_name_the_line() })
  .max(BUDGET_LABEL_MAX, { error: () => m.api_v_label_please_keep_it_under_characters({ max: BUDGET_LABEL_MAX }) });
const notes = z
  .string()
  .trim()
  .max(BUDGET_NOTES_MAX, { error: () => m.api_v_notes_please_keep_them_under_characters({ max: BUDGET_NOTES_MAX }) });
const functionId = z
  .string()
  .trim()
  .min(1)
  .max(64, { error: () => m.api_v_function_choose_one_of_your_functions() });

export const totalBudgetInput = z.object({
  totalBudget: numeric(rupees(m.api_v_label_total_budget)),
  /** The total the copy showed (0 when none was set): the total's version, refused (409) when it is no longer the stored one (decision 0052). */
  version: rowVersion,
});

/**
 * Paid with Booked left blank: the couple is asked for the agreed amount rather than told paid is
 * "more than booked" (issue 28). Paid is not taken as booked: what was paid is often an advance, so
 * the agreed price would be understated and the budget's committed and remaining figures would be wrong.
 */
export const BOOKED_FIRST = m.api_v_booked_first;

const paidWithinBooked = (b: { booked?: number; paid?: number }, ctx: z.RefinementCtx) => {
  // (On a change that sends paid alone, the stored booked decides: functions/domain/planning/budget.ts.)
  if (b.booked === 0 && b.paid) ctx.addIssue({ code: "custom", path: ["paid"], message: BOOKED_FIRST() });
  else if (b.booked !== undefined && b.paid !== undefined && b.paid > b.booked)
    ctx.addIssue({ code: "custom", path: ["paid"], message: m.api_v_paid_cannot_be_more_than_booked() });
};

/** A new line of the couple's own: amounts default to 0; eventId puts it under one of the couple's functions. */
export const budgetLineInput = z
  .object({
    category,
    label,
    estimated: numeric(rupees(m.api_v_label_estimated).default(0)),
    quoted: numeric(rupees(m.api_v_label_quoted).default(0)),
    booked: numeric(rupees(m.api_v_label_booked).default(0)),
    paid: numeric(rupees(m.api_v_label_paid).default(0)),
    dueDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_due_date).optional()),
    notes: z.preprocess(blankToUndefined, notes.optional()),
    eventId: z.preprocess(blankToUndefined, functionId.optional()),
  })
  .superRefine(paidWithinBooked);
export type BudgetLineInput = z.infer<typeof budgetLineInput>;

/** Changes to a line: only what is sent changes; a blank due date, notes or function clears it. */
export const budgetLineUpdate = z
  .object({
    category: category.optional(),
    label: label.optional(),
    estimated: numeric(rupees(m.api_v_label_estimated).optional()),
    quoted: numeric(rupees(m.api_v_label_quoted).optional()),
    booked: numeric(rupees(m.api_v_label_booked).optional()),
    paid: numeric(rupees(m.api_v_label_paid).optional()),
    dueDate: z.preprocess(blankToNull, isoDate(m.api_v_label_due_date).nullable().optional()),
    notes: z.preprocess(blankToNull, notes.nullable().optional()),
    eventId: z.preprocess(blankToNull, functionId.nullable().optional()),
    /** The version of the line the edit was made on (BudgetLine.version): a stale one is refused (409). */
    version: rowVersion,
  })
  .refine((b) => Object.entries(b).some(([k, v]) => k !== "version" && v !== undefined), { error: () => m.api_e_nothing_to_change_send_at_least_one() })
  .superRefine(paidWithinBooked);
export type BudgetLineUpdate = z.infer<typeof budgetLineUpdate>;

/** A booking put under a category and a function (its booked and paid still come from the booking). */
export const bookingLinkInput = z.object({
  category,
  eventId: z.preprocess(blankToNull, functionId.nullable().optional()),
  label: z.preprocess(blankToUndefined, label.optional()),
  estimated: numeric(rupees(m.api_v_label_estimated).optional()),
  notes: z.preprocess(blankToNull, notes.nullable().optional()),
  /**
   * The version of the booking's line the placement was decided on (BudgetLine.version; 0 when the
   * copy showed the booking without a line): a stale one is refused (409).
   */
  version: rowVersion,
});
export type BookingLinkInput = z.infer<typeof bookingLinkInput>;
