import { beforeAll, describe, expect, it } from "vitest";
import { withLocale } from "#platform/locale.ts";
import { scopeHeading } from "#app/lib/browse.ts";
import { knowHindiCatalogueNames, knowHindiPlaceNames } from "#app/lib/shown-names.ts";
import { PLACE_NAMES_HI } from "#shared/places.ts";
import { CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { CONTACT_TOPICS } from "#shared/contact.ts";
import { SORT_OPTIONS } from "#shared/sort-options.ts";
import { ALWAYS_EDITABLE, MOOD_LABELS, PLACEHOLDER_LABELS, REQUIREMENT_LABELS, SORT_LABELS } from "#shared/template-schemas.ts";
import { SORT_LABELS as BROWSE_SORT_LABELS } from "#app/routes/browse-list/filters.tsx";
import { TOPIC_LABELS } from "#app/routes/content/contact.tsx";
import { editableName } from "#app/routes/templates/detail.tsx";
import { MOOD_NAMES, REQUIREMENT_NAMES, SORT_NAMES } from "#app/routes/templates/template-labels.ts";
import { SCORE_NAMES } from "#app/routes/service/score-names.ts";
import { SUB_SCORES } from "#shared/listing-limits.ts";
import en from "../../messages/public/en.json";
import hi from "../../messages/public/hi.json";

// The server knows the places' and the catalogue's Hindi names from its start (app/entry.server.tsx does this); these tests import the pages' modules without it.
beforeAll(() => {
  knowHindiPlaceNames(PLACE_NAMES_HI);
  knowHindiCatalogueNames(CATALOGUE);
});

const devanagari = /[\u0900-\u097F]/;

/**
 * The public pages in Hindi (issue 32, messages/public/): every message has both languages, and
 * where a page shows a value the rest of the product names in English (sorts, contact topics,
 * template moods, what a template lets you change), the page's English is that name word for word
 * and its Hindi is Devanagari, so the two cannot drift apart.
 */
describe("the public pages' messages", () => {
  it("has a Hindi message for every English one, and no Hindi message left in English", () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(hi)) {
      if (key === "$schema") continue;
      expect(JSON.stringify(value), key).not.toBe(JSON.stringify((en as Record<string, unknown>)[key]));
    }
  });

  it("names the browse sorts, review scores and contact topics as the API takes them in English, and in Hindi on a Hindi page", () => {
    for (const o of SORT_OPTIONS) {
      expect(BROWSE_SORT_LABELS[o.value]()).toBe(o.label);
      expect(withLocale("hi", BROWSE_SORT_LABELS[o.value])).toMatch(devanagari);
    }
    for (const s of SUB_SCORES) {
      expect(SCORE_NAMES[s.key]()).toBe(s.label);
      expect(withLocale("hi", SCORE_NAMES[s.key])).toMatch(devanagari);
    }
    for (const topic of CONTACT_TOPICS) {
      expect(TOPIC_LABELS[topic]()).toBe(topic);
      expect(withLocale("hi", TOPIC_LABELS[topic])).toMatch(devanagari);
    }
  });

  it("names a template's mood, collection, sort and what it lets you change as the gallery's schema does in English", () => {
    const pairs: [string, () => string][] = [
      ...Object.entries(MOOD_LABELS).map(([k, v]) => [v, MOOD_NAMES[k as keyof typeof MOOD_NAMES]] as [string, () => string]),
      ...Object.entries(REQUIREMENT_LABELS).map(([k, v]) => [v, REQUIREMENT_NAMES[k as keyof typeof REQUIREMENT_NAMES]] as [string, () => string]),
      ...Object.entries(SORT_LABELS).map(([k, v]) => [v, SORT_NAMES[k as keyof typeof SORT_NAMES]] as [string, () => string]),
    ];
    for (const [english, name] of pairs) {
      expect(name()).toBe(english);
      expect(withLocale("hi", name)).toMatch(devanagari);
    }
    for (const label of [...Object.values(PLACEHOLDER_LABELS), ALWAYS_EDITABLE]) {
      expect(editableName(label)).toBe(label);
      expect(withLocale("hi", () => editableName(label))).toMatch(devanagari);
    }
  });

  it("heads a browse page with the catalogue's Hindi names on a Hindi page, and the English heading unchanged", () => {
    const group = findGroup("Wedding Vendor")!;
    const scope = { group, subcategory: findSubcategory("Caterers", group), state: "Rajasthan", city: "Jaipur" };
    expect(scopeHeading(scope)).toBe("Caterers in Jaipur");
    expect(scopeHeading({})).toBe("Wedding venues and vendors in India");
    expect(withLocale("hi", () => scopeHeading(scope))).toBe(`जयपुर में ${scope.subcategory!.hi}`);
    expect(withLocale("hi", () => scopeHeading({}))).toBe("भारत में शादी के वेन्यू और वेंडर");
  });
});
