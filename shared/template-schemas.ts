import { z } from "zod";
import { TEMPLATE_MOODS, TEMPLATE_REQUIREMENTS, TEMPLATE_STATUSES } from "./stored-values.ts";
import type { CardPlaceholder } from "./card-format.ts";
import { numeric } from "./numbers.ts";

/**
 * The invitation gallery's values and input schemas (issue 13), shared by GET /inviteTemplate/get,
 * the admins' template calls, the /templates page's filters and /admin/templates' forms, so each
 * rule is written once. The stored value lists come from shared/stored-values.ts (as
 * db/schema/content.ts's do).
 */
export { TEMPLATE_MOODS, TEMPLATE_REQUIREMENTS, TEMPLATE_STATUSES };
export const TEMPLATE_AMOUNTS = ["FREE", "PAID"] as const;
export const TEMPLATE_SORTS = ["newest", "popular", "price_asc", "price_desc", "rating"] as const;

export type TemplateMood = (typeof TEMPLATE_MOODS)[number];
export type TemplateRequirement = (typeof TEMPLATE_REQUIREMENTS)[number];
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type TemplateAmount = (typeof TEMPLATE_AMOUNTS)[number];
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export const MOOD_LABELS: Record<TemplateMood, string> = {
  WEDDING: "Wedding",
  ANNIVERSARY: "Anniversary",
  ROMANCE: "Romance",
  LOVE: "Love",
  COUPLE: "Couple",
  BIRTHDAY: "Birthday",
  CORPORATE: "Corporate",
};
export const REQUIREMENT_LABELS: Record<TemplateRequirement, string> = { HOT: "Hot", POPULAR: "Popular", LATEST: "Latest" };
export const STATUS_LABELS: Record<TemplateStatus, string> = { DRAFT: "Draft", PUBLISHED: "Published", ARCHIVED: "Archived" };
export const SORT_LABELS: Record<TemplateSort, string> = {
  newest: "Newest first",
  popular: "Most popular",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  rating: "Top rated",
};

/** What each placeholder of a template lets the couple change, in words. */
export const PLACEHOLDER_LABELS: Record<CardPlaceholder, string> = {
  heading: "Heading",
  subheading: "Subheading",
  brideName: "Bride's name",
  groomName: "Groom's name",
  eventDate: "Date",
  time: "Time",
  location: "Venue",
  description: "Message",
  functions: "Functions and their times",
};
/** Said of every template, after its placeholders. */
export const ALWAYS_EDITABLE = "text, colours, fonts and photos";

export const TEMPLATE_PAGE_SIZE = 24;
export const TEMPLATE_PAGE_SIZE_MAX = 48;
export const TEMPLATE_LIMITS = { name: 80, description: 1000, designer: 80, tag: 30, tags: 12, price: 100_000, q: 100 } as const;
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const emptyToUndefined = (v: unknown) => (blank(v) ? undefined : v);

/** A comma-separated list ("WEDDING,LOVE") of values from `values` (case-insensitive), deduplicated. */
function listOf<T extends string>(values: readonly T[], label: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(200, `Too many ${label}.`)
      .transform((s, ctx) => {
        const items = [
          ...new Set(
            s
              .split(",")
              .map((x) => x.trim().toUpperCase())
              .filter(Boolean),
          ),
        ];
        const unknown = items.filter((x) => !values.includes(x as T));
        if (unknown.length) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label}: ${unknown.join(", ")}. Use ${values.join(", ")}.` });
          return z.NEVER;
        }
        return items as T[];
      })
      .optional(),
  );
}

const tagText = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "A tag cannot be empty.")
  .max(TEMPLATE_LIMITS.tag, `A tag is at most ${TEMPLATE_LIMITS.tag} characters.`)
  .regex(TAG_PATTERN, "Tags use lowercase letters, digits and hyphens (hindu, south-indian).");

const tagsQuery = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(400, "Too many tags.")
    .transform((s, ctx) => {
      const items = [
        ...new Set(
          s
            .split(",")
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (items.length > TEMPLATE_LIMITS.tags) ctx.addIssue({ code: "custom", message: `Choose at most ${TEMPLATE_LIMITS.tags} tags.` });
      const bad = items.filter((t) => t.length > TEMPLATE_LIMITS.tag || !TAG_PATTERN.test(t));
      if (bad.length) ctx.addIssue({ code: "custom", message: "Tags use lowercase letters, digits and hyphens (hindu, south-indian)." });
      return items;
    })
    .optional(),
);

const wholeNumber = (label: string, min: number, max: number) =>
  numeric(
    z
      .number({ error: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`)
      .optional(),
  );

/** GET /inviteTemplate/get and the /templates page: every filter from the query string. */
export const templateQuery = z.object({
  mood: listOf(TEMPLATE_MOODS, "mood"),
  amount: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_AMOUNTS, { error: "Use FREE or PAID." }).optional(),
  ),
  requirement: listOf(TEMPLATE_REQUIREMENTS, "requirement"),
  tags: tagsQuery,
  q: z.preprocess(emptyToUndefined, z.string().trim().max(TEMPLATE_LIMITS.q, `Search at most ${TEMPLATE_LIMITS.q} characters.`).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(TEMPLATE_SORTS, { error: `Sort by ${TEMPLATE_SORTS.join(", ")}.` }).default("newest")),
  page: wholeNumber("Page", 1, 1000),
  limit: wholeNumber("Limit", 1, TEMPLATE_PAGE_SIZE_MAX),
  /** Admins only: DRAFT, ARCHIVED or ALL besides the published gallery. */
  status: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum([...TEMPLATE_STATUSES, "ALL"], { error: "Use DRAFT, PUBLISHED, ARCHIVED or ALL." }).optional(),
  ),
});
export type TemplateQuery = z.output<typeof templateQuery>;

const tagsInput = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v),
  z.array(tagText).max(TEMPLATE_LIMITS.tags, `At most ${TEMPLATE_LIMITS.tags} tags.`),
);

const fields = {
  name: z
    .string({ error: "Give the template a name." })
    .trim()
    .min(1, "Give the template a name.")
    .max(TEMPLATE_LIMITS.name, `The name is at most ${TEMPLATE_LIMITS.name} characters.`),
  description: z.string().trim().max(TEMPLATE_LIMITS.description, `The description is at most ${TEMPLATE_LIMITS.description} characters.`),
  /** The editor's canvas (an object, or its JSON text); checked by parseCardCanvas in the domain. */
  canvas: z.unknown(),
  price: numeric(
    z
      .number({ error: "The price is a number of rupees (0 for free)." })
      .int("The price is whole rupees.")
      .min(0, "The price cannot be negative.")
      .max(TEMPLATE_LIMITS.price, `The price is at most ₹${TEMPLATE_LIMITS.price.toLocaleString("en-IN")}.`),
  ),
  mood: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_MOODS, { error: `Choose a mood: ${TEMPLATE_MOODS.join(", ")}.` }),
  ),
  requirement: z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_REQUIREMENTS, { error: "Use HOT, POPULAR or LATEST (or leave it empty)." }).nullable(),
  ),
  tags: tagsInput,
  designer: z.preprocess(
    (v) => (blank(v) ? null : v),
    z.string().trim().max(TEMPLATE_LIMITS.designer, `The designer is at most ${TEMPLATE_LIMITS.designer} characters.`).nullable(),
  ),
  status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(TEMPLATE_STATUSES, { error: "Use DRAFT, PUBLISHED or ARCHIVED." })),
};

/** POST /inviteTemplate/create: a new template (a draft unless said). */
export const templateInput = z.object({
  name: fields.name,
  description: fields.description.default(""),
  canvas: fields.canvas,
  price: fields.price,
  mood: fields.mood,
  requirement: fields.requirement.optional(),
  tags: tagsInput.default([]),
  designer: fields.designer.optional(),
  status: fields.status.default("DRAFT"),
});
export type TemplateInput = z.output<typeof templateInput>;

/** The fields PUT /inviteTemplate/{id} may change (any of them). */
export const templatePatchFields = z.object({
  name: fields.name.optional(),
  description: fields.description.optional(),
  canvas: fields.canvas.optional(),
  price: fields.price.optional(),
  mood: fields.mood.optional(),
  requirement: fields.requirement.optional(),
  tags: tagsInput.optional(),
  designer: fields.designer.optional(),
  status: fields.status.optional(),
});
export type TemplatePatch = z.output<typeof templatePatchFields>;

/** PUT /inviteTemplate/{id}: the fields themselves, or the spec's `{updatedData: {...}}` (both may be given; updatedData wins). */
export const templatePatchInput = templatePatchFields.extend({ updatedData: templatePatchFields.optional() });
