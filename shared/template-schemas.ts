import type { Label } from "./say.ts";
import { m } from "#shared/paraglide/messages.js";
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
function listOf<T extends string>(values: readonly T[], label: Label) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(200, { error: () => m.api_v_too_many_label({ label: label() }) })
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
          ctx.addIssue({ code: "custom", message: m.api_v_unknown_values({ label: label(), unknown: unknown.join(", "), values: values.join(", ") }) });
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
  .min(1, { error: () => m.api_v_a_tag_cannot_be_empty() })
  .max(TEMPLATE_LIMITS.tag, { error: () => m.api_v_tag_at_most({ max: TEMPLATE_LIMITS.tag }) })
  .regex(TAG_PATTERN, { error: () => m.api_v_tags_use_lowercase_letters_digits_and_hyphen() });

const tagsQuery = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(400, { error: () => m.api_v_too_many_tags() })
    .transform((s, ctx) => {
      const items = [
        ...new Set(
          s
            .split(",")
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (items.length > TEMPLATE_LIMITS.tags) ctx.addIssue({ code: "custom", message: m.api_v_choose_at_most_tags({ max: TEMPLATE_LIMITS.tags }) });
      const bad = items.filter((t) => t.length > TEMPLATE_LIMITS.tag || !TAG_PATTERN.test(t));
      if (bad.length) ctx.addIssue({ code: "custom", message: m.api_v_tags_use_lowercase_letters_digits_and_hyphen() });
      return items;
    })
    .optional(),
);

const wholeNumber = (label: Label, min: number, max: number) =>
  numeric(
    z
      .number({ error: () => m.api_v_label_must_be_number({ label: label() }) })
      .int({ error: () => m.api_v_label_must_be_whole({ label: label() }) })
      .min(min, { error: () => m.api_v_label_at_least_n({ label: label(), min }) })
      .max(max, { error: () => m.api_v_label_at_most_n({ label: label(), max }) })
      .optional(),
  );

/** GET /inviteTemplate/get and the /templates page: every filter from the query string. */
export const templateQuery = z.object({
  mood: listOf(TEMPLATE_MOODS, m.api_v_label_mood),
  amount: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_AMOUNTS, { error: () => m.api_v_use_free_or_paid() }).optional(),
  ),
  requirement: listOf(TEMPLATE_REQUIREMENTS, m.api_v_label_requirement),
  tags: tagsQuery,
  q: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(TEMPLATE_LIMITS.q, { error: () => m.api_v_search_at_most({ max: TEMPLATE_LIMITS.q }) })
      .optional(),
  ),
  sort: z.preprocess(emptyToUndefined, z.enum(TEMPLATE_SORTS, { error: () => m.api_v_sort_by({ values: TEMPLATE_SORTS.join(", ") }) }).default("newest")),
  page: wholeNumber(m.api_v_label_page, 1, 1000),
  limit: wholeNumber(m.api_v_label_limit, 1, TEMPLATE_PAGE_SIZE_MAX),
  /** Admins only: DRAFT, ARCHIVED or ALL besides the published gallery. */
  status: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum([...TEMPLATE_STATUSES, "ALL"], { error: () => m.api_v_use_draft_published_archived_or_all() }).optional(),
  ),
});
export type TemplateQuery = z.output<typeof templateQuery>;

const tagsInput = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v),
  z.array(tagText).max(TEMPLATE_LIMITS.tags, { error: () => m.api_v_at_most_tags({ max: TEMPLATE_LIMITS.tags }) }),
);

const fields = {
  name: z
    .string({ error: () => m.api_v_give_the_template_a_name() })
    .trim()
    .min(1, { error: () => m.api_v_give_the_template_a_name() })
    .max(TEMPLATE_LIMITS.name, { error: () => m.api_v_template_name_at_most({ max: TEMPLATE_LIMITS.name }) }),
  description: z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.description, { error: () => m.api_v_template_description_at_most({ max: TEMPLATE_LIMITS.description }) }),
  /** The editor's canvas (an object, or its JSON text); checked by parseCardCanvas in the domain. */
  canvas: z.unknown(),
  price: numeric(
    z
      .number({ error: () => m.api_v_the_price_is_a_number_of_rupees() })
      .int({ error: () => m.api_v_the_price_is_whole_rupees() })
      .min(0, { error: () => m.api_v_the_price_cannot_be_negative() })
      .max(TEMPLATE_LIMITS.price, { error: () => m.api_v_template_price_at_most({ max: TEMPLATE_LIMITS.price.toLocaleString("en-IN") }) }),
  ),
  mood: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_MOODS, { error: () => m.api_v_choose_a_mood({ values: TEMPLATE_MOODS.join(", ") }) }),
  ),
  requirement: z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_REQUIREMENTS, { error: () => m.api_v_use_hot_popular_or_latest_or_leave() }).nullable(),
  ),
  tags: tagsInput,
  designer: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string()
      .trim()
      .max(TEMPLATE_LIMITS.designer, { error: () => m.api_v_template_designer_at_most({ max: TEMPLATE_LIMITS.designer }) })
      .nullable(),
  ),
  status: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(TEMPLATE_STATUSES, { error: () => m.api_v_use_draft_published_or_archived() }),
  ),
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
