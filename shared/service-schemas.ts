import { z } from "zod";
import { findGroup, findSubcategory } from "./catalogue.ts";
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

const rupees = (label: string) =>
  z
    .number({ message: `${label} must be a number of rupees.` })
    .int(`${label} must be in whole rupees.`)
    .min(1, `${label} must be at least ₹1.`)
    .max(PRICE_MAX, `${label} must be at most ₹${en(PRICE_MAX)}.`);

const guests = (label: string) =>
  numeric(
    z
      .number({ message: `${label} must be a number of guests.` })
      .int(`${label} must be a whole number of guests.`)
      .min(1, `${label} must be at least 1.`)
      .max(CAPACITY_MAX, `${label} must be at most ${en(CAPACITY_MAX)}.`)
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
    .array(z.string().max(HIGHLIGHT_MAX, `Keep each highlight under ${HIGHLIGHT_MAX} characters.`), { message: "Highlights must be a list of short lines." })
    .max(HIGHLIGHTS_MAX, `List at most ${HIGHLIGHTS_MAX} highlights.`),
);

const required = (message: string, max = 120) => z.string({ message }).trim().min(1, message).max(max, message);

const serviceFields = z.object({
  service_name: z
    .string({ message: "Please name your service." })
    .trim()
    .min(SERVICE_NAME_MIN, `Please name your service (at least ${SERVICE_NAME_MIN} characters).`)
    .max(SERVICE_NAME_MAX, `Keep the name under ${SERVICE_NAME_MAX} characters.`),
  service_category: required("Please choose a group."),
  service_type: required("Please choose a subcategory."),
  min_price: numeric(rupees("The starting price")),
  max_price: numeric(rupees("The highest price").nullable().optional()),
  service_unit: required("Please choose a price unit."),
  description: z
    .string({ message: "Please describe your service." })
    .trim()
    .min(DESCRIPTION_MIN, `Please describe your service in at least ${DESCRIPTION_MIN} characters.`)
    .max(DESCRIPTION_MAX, `Keep the description under ${en(DESCRIPTION_MAX)} characters.`),
  state: required("Please choose a state."),
  city: required("Please choose a city."),
  address: z.preprocess(blankToUndefined, z.string().trim().max(ADDRESS_MAX, `Keep the address under ${ADDRESS_MAX} characters.`).optional()),
  capacity_min: guests("The smallest guest count"),
  capacity_max: guests("The largest guest count"),
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

function listOf(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : (items[0] ?? "");
}

export const serviceInput = serviceFields.transform((v, ctx): ServiceFields => {
  const issue = (path: keyof ServiceFields, message: string) => ctx.issues.push({ code: "custom", path: [path], message, input: v[path] });
  const group = findGroup(v.service_category);
  const sub = group ? findSubcategory(v.service_type, group) : undefined;
  const unit = sub?.units.find((u) => u.toLowerCase() === v.service_unit.trim().toLowerCase());
  const state = findState(v.state);
  const city = state ? findCity(state, v.city) : undefined;
  if (!group) issue("service_category", "Choose a group from the list: Wedding Venue, Wedding Vendor, Bride or Groom.");
  else if (!sub) issue("service_type", `Choose a subcategory of ${group.name} from the list.`);
  else if (!unit) issue("service_unit", `Choose a price unit for ${sub.name}: ${listOf(sub.units)}.`);
  if (v.max_price != null && v.max_price < v.min_price) issue("max_price", "The highest price cannot be below the starting price.");
  if (!state) issue("state", "Choose a state from the list.");
  else if (!city) issue("city", `Choose a city in ${state} from the list.`);
  const isVenue = group?.name === VENUE_GROUP;
  if (group && !isVenue && (v.capacity_min != null || v.capacity_max != null))
    issue("capacity_min", "Guest capacity is only for venues; leave it empty for this group.");
  if (v.capacity_min != null && v.capacity_max != null && v.capacity_max < v.capacity_min)
    issue("capacity_max", "The largest guest count cannot be below the smallest.");
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
    .string({ message: "Please write the question." })
    .trim()
    .min(FAQ_QUESTION_MIN, `Please write the question (at least ${FAQ_QUESTION_MIN} characters).`)
    .max(FAQ_QUESTION_MAX, `Keep the question under ${FAQ_QUESTION_MAX} characters.`),
  answer: z
    .string({ message: "Please write the answer." })
    .trim()
    .min(1, "Please write the answer.")
    .max(FAQ_ANSWER_MAX, `Keep the answer under ${en(FAQ_ANSWER_MAX)} characters.`),
});
export type FaqInput = z.infer<typeof faqInput>;

/**
 * The facts an AI description draft is written from (POST /generateAIDescription): the service's
 * fields as the form holds them, all optional but the name and subcategory.
 */
export const descriptionDraftInput = z
  .object({
    service_name: serviceFields.shape.service_name,
    service_type: required("Please choose a subcategory first."),
    city: z.preprocess(blankToUndefined, z.string().trim().max(60, "Choose a city from the list.").optional()),
    state: z.preprocess(blankToUndefined, z.string().trim().max(60, "Choose a state from the list.").optional()),
    min_price: numeric(rupees("The starting price").optional()),
    max_price: numeric(rupees("The highest price").optional()),
    service_unit: z.preprocess(blankToUndefined, z.string().trim().max(40, "Choose a price unit from the list.").optional()),
    capacity_min: guests("The smallest guest count"),
    capacity_max: guests("The largest guest count"),
    highlights,
  })
  .transform((v, ctx) => {
    const sub = findSubcategory(v.service_type);
    if (!sub) {
      ctx.issues.push({ code: "custom", path: ["service_type"], message: "Choose a subcategory from the list.", input: v.service_type });
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
