import type { TemplateMood, TemplateRequirement, TemplateSort } from "#shared/template-schemas.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The gallery's words for a template's mood, collection and the sorts, in the page's language
 * (shared/template-schemas.ts keeps the English labels the admin console and the API use; the
 * values in URLs and forms stay as they are).
 */
export const MOOD_NAMES: Record<TemplateMood, () => string> = {
  WEDDING: m.public_template_mood_wedding,
  ANNIVERSARY: m.public_template_mood_anniversary,
  ROMANCE: m.public_template_mood_romance,
  LOVE: m.public_template_mood_love,
  COUPLE: m.public_template_mood_couple,
  BIRTHDAY: m.public_template_mood_birthday,
  CORPORATE: m.public_template_mood_corporate,
};

export const REQUIREMENT_NAMES: Record<TemplateRequirement, () => string> = {
  HOT: m.public_template_requirement_hot,
  POPULAR: m.public_template_requirement_popular,
  LATEST: m.public_template_requirement_latest,
};

export const SORT_NAMES: Record<TemplateSort, () => string> = {
  newest: m.public_template_sort_newest,
  popular: m.public_template_sort_popular,
  price_asc: m.public_template_sort_price_asc,
  price_desc: m.public_template_sort_price_desc,
  rating: m.public_template_sort_rating,
};
