import { formatRupees, isShareOfBudget, unitLabel } from "#shared/format.ts";
import { DESCRIPTION_MAX, type DescriptionFacts } from "#shared/service-schemas.ts";
import { log } from "./log.ts";

/**
 * Description drafts for a vendor's service (POST /generateAIDescription, the dashboard's "Write a
 * draft for me"). One interface, two writers:
 *
 * - Workers AI (`env.AI`, model WORKERS_AI_MODEL) in production: wrangler.jsonc declares the
 *   binding in `env.production` only, because a Workers AI binding is always remote and declaring it
 *   at the top level would make local development and the test pool need a Cloudflare login and a
 *   network. A failed or empty answer falls back to the local writer, so the vendor always gets a draft.
 * - The local writer: deterministic copy built from the fields (name, subcategory, city, price and
 *   unit, capacity, highlights). Used whenever no binding is configured (local, tests, offline).
 *
 * Either way the text is a draft: the page puts it in the editable description box.
 */
export type DescriptionDraft = { text: string; source: "workers-ai" | "local" };

export interface DescriptionWriter {
  readonly name: DescriptionDraft["source"];
  draft(facts: DescriptionFacts): Promise<DescriptionDraft>;
}

/** What the writer uses of the Workers AI binding (the `Ai` class of @cloudflare/workers-types). */
export type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

export const WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

/** How each subcategory reads in a sentence: "a {phrase} in Jaipur". */
const PHRASES: Record<string, string> = {
  "Wedding Lawns Farmhouse": "wedding lawn and farmhouse",
  Hotel: "wedding hotel",
  "Banquet Halls": "banquet hall",
  "Marriage Garden": "marriage garden",
  "Wedding Halls": "wedding hall",
  "Wedding Resorts": "wedding resort",
  Caterers: "wedding catering service",
  "Wedding Invitation": "wedding invitation studio",
  Invitation: "wedding invitation studio",
  "Wedding Decor": "wedding decor team",
  "Wedding Decoration": "wedding decoration team",
  "Wedding Gift": "wedding gift studio",
  "Wedding Photographers": "wedding photography team",
  "Wedding Videographers": "wedding film and video team",
  "Wedding Coordinators": "wedding coordination team",
  "Wedding Planner": "wedding planning team",
  "Wedding Agencies": "wedding agency",
  "Wedding Music": "wedding music group",
  "Wedding DJ": "wedding DJ",
  "Wedding Entertainment": "wedding entertainment team",
  "Wedding Transportation": "wedding transport service",
  "Wedding House": "wedding house",
  "Tent House": "tent house",
  Florists: "wedding florist",
  "Wedding Cakes": "wedding cake studio",
  Pandit: "pandit for wedding ceremonies",
  Photobooth: "wedding photobooth",
  Astrologers: "astrologer for wedding muhurat and matching",
  "Bridal Lahenga": "bridal lehenga boutique",
  "Bridal Jewellery": "bridal jewellery studio",
  "Bridal Makeup Artist": "bridal makeup artist",
  "Mehndi Artist": "mehndi artist",
  "Makeup Salon": "bridal makeup salon",
  Sherwani: "sherwani boutique",
  "Men's Grooming": "grooming studio for grooms",
  "Men's Accessories": "accessories studio for grooms",
};

const article = (phrase: string) => (/^[aeiou]/i.test(phrase) ? "an" : "a");

function priceSentence(f: DescriptionFacts): string | null {
  if (f.min_price === undefined) return null;
  if (isShareOfBudget(f.service_unit)) {
    const upper = f.max_price !== undefined && f.max_price > f.min_price ? ` to ${f.max_price} %` : "";
    return `The fee is ${f.min_price} %${upper} of the wedding budget.`;
  }
  const unit = f.service_unit ? ` ${/^per\s/i.test(f.service_unit) ? `per ${unitLabel(f.service_unit)}` : `(${f.service_unit.toLowerCase()})`}` : "";
  const upper =
    f.max_price !== undefined && f.max_price > f.min_price ? `, going up to ${formatRupees(f.max_price)} for larger or more elaborate requirements` : "";
  return `Prices start at ${formatRupees(f.min_price)}${unit}${upper}.`;
}

function capacitySentence(f: DescriptionFacts): string | null {
  const { capacity_min: min, capacity_max: max } = f;
  if (min !== undefined && max !== undefined) return `It comfortably hosts between ${min.toLocaleString("en-IN")} and ${max.toLocaleString("en-IN")} guests.`;
  if (max !== undefined) return `It comfortably hosts up to ${max.toLocaleString("en-IN")} guests.`;
  if (min !== undefined) return `It suits gatherings of ${min.toLocaleString("en-IN")} guests or more.`;
  return null;
}

/** Words that keep their capital inside a sentence (communities, cuisines, regions). */
const PROPER =
  /^(jain|rajasthani|marwari|punjabi|gujarati|bengali|maharashtrian|kashmiri|mughlai|awadhi|chettinad|goan|hindu|sikh|muslim|christian|north|south|east|west|indian)\b/i;
const ACRONYM = /^[A-Z]{2,}\b/;

/** "Live chaat counter" becomes "live chaat counter" mid-sentence; "Jain menu" and "DJ" stay as typed. */
function midSentence(text: string): string {
  return PROPER.test(text) || ACRONYM.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

function highlightSentence(items: string[]): string | null {
  const list = items.map((h) => midSentence(h.replace(/[.;,\s]+$/, ""))).filter(Boolean);
  if (!list.length) return null;
  const joined = list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list[0];
  return `Couples choose us for ${joined}.`;
}

/** The deterministic writer: the same fields always give the same draft. */
export function writeLocalDescription(f: DescriptionFacts): string {
  const phrase = PHRASES[f.service_type] ?? `${f.service_type.toLowerCase()} service`;
  const place = f.city ? ` in ${f.city}${f.state ? `, ${f.state}` : ""}` : "";
  const venue = f.service_category === "Wedding Venue";
  const sentences = [
    `${f.service_name} is ${article(phrase)} ${phrase}${place}, helping families plan weddings that feel personal from the first ritual to the last farewell.`,
    venue
      ? "From intimate haldi and mehndi mornings to a grand reception night, the space and the team adapt to the scale and style of your celebration."
      : "We work closely with you and your families to understand your functions, your traditions and your budget, and we turn up on time, every time.",
    capacitySentence(f),
    highlightSentence(f.highlights),
    priceSentence(f),
    "Send us an enquiry with your dates, the number of guests and what you have in mind, and we will reply with a clear quote.",
  ];
  return sentences.filter(Boolean).join(" ").slice(0, DESCRIPTION_MAX);
}

export const localWriter: DescriptionWriter = {
  name: "local",
  draft: async (facts) => ({ text: writeLocalDescription(facts), source: "local" }),
};

/** The facts as a plain list for the model's prompt (names only, never instructions from the vendor). */
function factList(f: DescriptionFacts): string {
  const lines = [
    `Name: ${f.service_name}`,
    `Category: ${f.service_type} (${f.service_category})`,
    f.city ? `City: ${f.city}${f.state ? `, ${f.state}` : ""}` : null,
    f.min_price !== undefined
      ? `Starting price: ${isShareOfBudget(f.service_unit) ? `${f.min_price} % of the wedding budget` : `${formatRupees(f.min_price)}${f.service_unit ? ` ${f.service_unit}` : ""}`}`
      : null,
    f.max_price !== undefined
      ? `Highest price: ${isShareOfBudget(f.service_unit) ? `${f.max_price} % of the wedding budget` : formatRupees(f.max_price)}`
      : null,
    f.capacity_min !== undefined || f.capacity_max !== undefined ? `Guest capacity: ${f.capacity_min ?? "?"} to ${f.capacity_max ?? "?"}` : null,
    f.highlights.length ? `Highlights: ${f.highlights.join("; ")}` : null,
  ];
  return lines.filter(Boolean).join("\n");
}

export function workersAiWriter(binding: AiBinding, model = WORKERS_AI_MODEL): DescriptionWriter {
  return {
    name: "workers-ai",
    async draft(facts) {
      try {
        const answer = (await binding.run(model, {
          messages: [
            {
              role: "system",
              content:
                "You write listing descriptions for an Indian wedding marketplace. Write 120 to 180 words of warm, factual copy in the vendor's voice, in plain text with no headings, lists or markdown. Use only the facts given; never invent prices, awards or numbers. Currency is Indian rupees (₹).",
            },
            { role: "user", content: factList(facts) },
          ],
          max_tokens: 400,
        })) as { response?: unknown } | null;
        const text = typeof answer?.response === "string" ? answer.response.trim() : "";
        if (text.length >= 40) return { text: text.slice(0, DESCRIPTION_MAX), source: "workers-ai" };
      } catch (e) {
        log.error("workers ai draft failed; using the local writer", {}, e);
      }
      return localWriter.draft(facts);
    },
  };
}

/** The writer the configuration chooses: Workers AI when the binding exists, else the local writer. */
export function descriptionWriterFor(env: { AI?: AiBinding }): DescriptionWriter {
  return env.AI ? workersAiWriter(env.AI) : localWriter;
}
