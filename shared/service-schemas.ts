import { z } from "zod";
import { m } from "./paraglide/messages.js";
import { say, type Label } from "./say.ts";
import { getLocale } from "./locale.ts";
import { localName } from "./local-names.ts";
import { CATALOGUE, findGroup, findSubcategory } from "./catalogue.ts";
import { findCity, findState } from "./places.ts";
import {
  ADDRESS_MAX,
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  FAQ_QUESTION_MIN,
  HIGHLIGHT_MAX,
  HIGHLIGHTS_MAX,
  PRICE_MAX,
  SERVICE_NAME_MAX,
  SERVICE_NAME_MIN,
  VENUE_GROUP,
} from "./service-limits.ts";
import { numeric } from "./numbers.ts";

export * from "./service-limits.ts";

/**
 * What a vendor sends about a service (POST /services, PUT /services/{id}, the dashboard forms),
 * written once: the API declares these schemas, the page forms read with them, and the domain
 * parses with them again. Names are the spec's field names. Group, subcategory, unit, state and
 * city are matched in any case and stored as the catalogue and location map spell them.
 */
const blankToUndefined = (v: unknown) => (v === "" || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const en = (n: number) => n.toLocaleString("en-IN");

const rupees = (label: Label) =>
  z
    .number(say(() => m.api_v_price_number({ label: label() })))
    .int(say(() => m.api_v_rupees_whole({ label: label() })))
    .min(
      1,
      say(() => m.api_v_price_min_one({ label: label() })),
    )
    .max(
      PRICE_MAX,
      say(() => m.api_v_price_max({ label: label(), max: en(PRICE_MAX) })),
    );

const guests = (label: Label) =>
  numeric(
    z
      .number(say(() => m.api_v_guests_count_number({ label: label() })))
      .int(say(() => m.api_v_guests_count_whole({ label: label() })))
      .min(
        1,
        say(() => m.api_v_guests_count_min({ label: label() })),
      )
      .max(
        CAPACITY_MAX,
        say(() => m.api_v_guests_count_max({ label: label(), max: en(CAPACITY_MAX) })),
      )
      .nullable()
      .optional(),
  );

/** Highlights as a list, or as text with one per line (the form's textarea); blank lines dropped. */
const highlights = z.preprocess(
  (v) => {
    const list = typeof v === "string" ? v.split(/\r?\n/) : v === undefined || v === null ? [] : v;
    return Array.isArray(list) ? list.map((h) => (typeof h === "string" ? h.trim() : h)).filter((h) => h !== "") : list;
  },
  z
    .array(
      z.string().max(
        HIGHLIGHT_MAX,
        say(() => m.api_v_highlight_max({ max: HIGHLIGHT_MAX })),
      ),
      say(m.api_v_highlights_list),
    )
    .max(
      HIGHLIGHTS_MAX,
      say(() => m.api_v_highlights_max({ max: HIGHLIGHTS_MAX })),
    ),
);

const required = (message: () => string, max = 120) => z.string(say(message)).trim().min(1, say(message)).max(max, say(message));

const serviceFields = z.object({
  service_name: z
    .string(say(m.api_v_service_name_required))
    .trim()
    .min(
      SERVICE_NAME_MIN,
      say(() => m.api_v_service_name_min({ min: SERVICE_NAME_MIN })),
    )
    .max(
      SERVICE_NAME_MAX,
      say(() => m.api_v_service_name_max({ max: SERVICE_NAME_MAX })),
    ),
  service_category: required(m.api_v_group_choose),
  service_type: required(m.api_v_subcategory_choose),
  min_price: numeric(rupees(m.api_v_label_starting_price)),
  max_price: numeric(rupees(m.api_v_label_highest_price).nullable().optional()),
  service_unit: required(m.api_v_unit_choose),
  description: z
    .string(say(m.api_v_description_required))
    .trim()
    .min(
      DESCRIPTION_MIN,
      say(() => m.api_v_description_min({ min: DESCRIPTION_MIN })),
    )
    .max(
      DESCRIPTION_MAX,
      say(() => m.api_v_description_max({ max: en(DESCRIPTION_MAX) })),
    ),
  state: required(m.api_v_state_choose),
  city: required(m.api_v_city_choose),
  address: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(
        ADDRESS_MAX,
        say(() => m.api_v_address_max({ max: ADDRESS_MAX })),
      )
      .optional(),
  ),
  capacity_min: guests(m.api_v_label_smallest_guests),
  capacity_max: guests(m.api_v_label_largest_guests),
  highlights,
});

/** A service as stored: catalogue and place names as spelled there, absent values null. */
export type ServiceFields = {
  service_name: string;
  service_category: string;
  service_type: string;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  description: string;
  state: string;
  city: string;
  address: string | null;
  capacity_min: number | null;
  capacity_max: number | null;
  highlights: string[];
};

/** "A, B or C" in the language of the message. */
function listOf(items: readonly string[]): string {
  return items.length > 1 ? m.api_v_list_or({ first: items.slice(0, -1).join(", "), last: items.at(-1)! }) : (items[0] ?? "");
}

/** A catalogue or place name as the message's language names it. */
const named = (name: string) => localName(name, getLocale());

export const serviceInput = serviceFields.transform((v, ctx): ServiceFields => {
  const issue = (path: keyof ServiceFields, message: string) => ctx.issues.push({ code: "custom", path: [path], message, input: v[path] });
  const group = findGroup(v.service_category);
  const sub = group ? findSubcategory(v.service_type, group) : undefined;
  const unit = sub?.units.find((u) => u.toLowerCase() === v.service_unit.trim().toLowerCase());
  const state = findState(v.state);
  const city = state ? findCity(state, v.city) : undefined;
  if (!group) issue("service_category", m.api_v_group_from_list({ groups: listOf(CATALOGUE.map((g) => named(g.name))) }));
  else if (!sub) issue("service_type", m.api_v_subcategory_of({ group: named(group.name) }));
  else if (!unit) issue("service_unit", m.api_v_unit_for({ subcategory: named(sub.name), units: listOf(sub.units) }));
  if (v.max_price != null && v.max_price < v.min_price) issue("max_price", m.api_v_max_below_min_price());
  if (!state) issue("state", m.api_v_state_from_list());
  else if (!city) issue("city", m.api_v_city_in_state({ state: named(state) }));
  const isVenue = group?.name === VENUE_GROUP;
  if (group && !isVenue && (v.capacity_min != null || v.capacity_max != null)) issue("capacity_min", m.api_v_capacity_venues_only());
  if (v.capacity_min != null && v.capacity_max != null && v.capacity_max < v.capacity_min) issue("capacity_max", m.api_v_capacity_max_below_min());
  if (ctx.issues.length) return z.NEVER;
  return {
    service_name: v.service_name,
    service_category: group!.name,
    service_type: sub!.name,
    min_price: v.min_price,
    max_price: v.max_price ?? null,
    service_unit: unit!,
    description: v.description,
    state: state!,
    city: city!,
    address: v.address ?? null,
    capacity_min: v.capacity_min ?? null,
    capacity_max: v.capacity_max ?? null,
    highlights: v.highlights,
  };
});
export type ServiceInput = z.input<typeof serviceInput>;

export const faqInput = z.object({
  question: z
    .string(say(m.api_v_question_required))
    .trim()
    .min(
      FAQ_QUESTION_MIN,
      say(() => m.api_v_question_min({ min: FAQ_QUESTION_MIN })),
    )
    .max(
      FAQ_QUESTION_MAX,
      say(() => m.api_v_question_max({ max: FAQ_QUESTION_MAX })),
    ),
  answer: z
    .string(say(m.api_v_answer_required))
    .trim()
    .min(1, say(m.api_v_answer_required))
    .max(
      FAQ_ANSWER_MAX,
      say(() => m.api_v_answer_max({ max: en(FAQ_ANSWER_MAX) })),
    ),
});
export type FaqInput = z.infer<typeof faqInput>;

/**
 * The facts an AI description draft is written from (POST /generateAIDescription): the service's
 * fields as the form holds them, all optional but the name and subcategory.
 */
export const descriptionDraftInput = z
  .object({
    service_name: serviceFields.shape.service_name,
    service_type: required(m.api_v_subcategory_first),
    city: z.preprocess(blankToUndefined, z.string().trim().max(60, say(m.api_v_city_from_list)).optional()),
    state: z.preprocess(blankToUndefined, z.string().trim().max(60, say(m.api_v_state_from_list)).optional()),
    min_price: numeric(rupees(m.api_v_label_starting_price).optional()),
    max_price: numeric(rupees(m.api_v_label_highest_price).optional()),
    service_unit: z.preprocess(blankToUndefined, z.string().trim().max(40, say(m.api_v_unit_from_list)).optional()),
    capacity_min: guests(m.api_v_label_smallest_guests),
    capacity_max: guests(m.api_v_label_largest_guests),
    highlights,
  })
  .transform((v, ctx) => {
    const sub = findSubcategory(v.service_type);
    if (!sub) {
      ctx.issues.push({ code: "custom", path: ["service_type"], message: m.api_v_subcategory_from_list(), input: v.service_type });
      return z.NEVER;
    }
    return {
      ...v,
      capacity_min: v.capacity_min ?? undefined,
      capacity_max: v.capacity_max ?? undefined,
      service_type: sub.name,
      service_category: sub.group.name,
    };
  });
export type DescriptionFacts = z.output<typeof descriptionDraftInput>;
