import { describe, expect, it } from "vitest";
import { ALL_SUBCATEGORIES, CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { foldDevanagari, hasDevanagari, nameKey } from "#shared/hindi.ts";
import { localName } from "#shared/local-names.ts";
import { defaultChecklist } from "#shared/checklist.ts";
import { suggestPlaces, type LocationMap } from "#shared/place-names.ts";
import { findCity, findState, PLACES, STATE_NAMES } from "#shared/places.ts";
import { TRADITIONS } from "#shared/traditions.ts";

/** Issue 32: every catalogue name has a Hindi name, shown through one function. */
const isHindi = (name: string, hi: string) => hasDevanagari(hi) && hi !== name;

describe("catalogue names in Hindi", () => {
  it("has a Hindi name for every category, navigation label and subcategory", () => {
    for (const group of CATALOGUE) {
      expect(isHindi(group.name, localName(group.name, "hi")), group.name).toBe(true);
      expect(isHindi(group.navLabel, localName(group.navLabel, "hi")), group.navLabel).toBe(true);
    }
    for (const sub of ALL_SUBCATEGORIES) expect(isHindi(sub.name, localName(sub.name, "hi")), sub.name).toBe(true);
  });

  it("has a Hindi name for every state and city", () => {
    for (const state of STATE_NAMES) {
      expect(isHindi(state, localName(state, "hi")), state).toBe(true);
      for (const city of PLACES[state] ?? []) expect(isHindi(city, localName(city, "hi")), city).toBe(true);
    }
  });

  it("has a Hindi name for every tradition, its functions and their rites", () => {
    for (const t of TRADITIONS) {
      expect(isHindi(t.name, localName(t.name, "hi")), t.name).toBe(true);
      for (const f of t.functions) {
        expect(isHindi(f.name, localName(f.name, "hi")), f.key).toBe(true);
        for (const s of f.subEvents) expect(isHindi(s.name, localName(s.name, "hi")), s.key).toBe(true);
      }
    }
  });

  it("has a Hindi name for every category and item of the default checklist", () => {
    for (const c of defaultChecklist()) {
      expect(isHindi(c.category, localName(c.category, "hi")), c.category).toBe(true);
      for (const item of c.items) expect(isHindi(item.name, localName(item.name, "hi")), item.name).toBe(true);
    }
  });

  it("says the names as families and vendors do", () => {
    const hi = (name: string) => localName(name, "hi");
    expect(hi("Mehndi Artist")).toBe("मेहंदी आर्टिस्ट");
    expect(hi("Caterers")).toBe("हलवाई / कैटरर्स");
    expect(hi("Tent House")).toBe("टेंट हाउस");
    expect(hi("Pandit")).toBe("पंडित");
    expect(hi("Banquet Halls")).toBe("बैंक्वेट हॉल");
    expect(hi("Wedding Photographers")).toBe("वेडिंग फोटोग्राफर");
    expect([hi("Delhi"), hi("New Delhi"), hi("Jaipur"), hi("Bengaluru"), hi("Mumbai")]).toEqual(["दिल्ली", "नई दिल्ली", "जयपुर", "बेंगलुरु", "मुंबई"]);
  });

  it("keeps English, and names that are not the catalogue's, as given", () => {
    expect(localName("Mehndi Artist", "en")).toBe("Mehndi Artist");
    expect(localName("Our own to-do", "hi")).toBe("Our own to-do");
  });

  it("gives no two entries of one kind the same Hindi name", () => {
    const keys = (names: string[]) => new Set(names.map((n) => nameKey(localName(n, "hi")))).size;
    expect(keys(ALL_SUBCATEGORIES.map((s) => s.name))).toBe(ALL_SUBCATEGORIES.length);
    expect(keys([...STATE_NAMES])).toBe(STATE_NAMES.length);
  });
});

describe("Devanagari folded in one place", () => {
  it("treats nukta, chandrabindu, anusvara and the dot's place as one spelling", () => {
    expect(foldDevanagari("मेहँदी")).toBe(foldDevanagari("मेहंदी"));
    expect(foldDevanagari("मेंहदी")).toBe(foldDevanagari("मेहंदी"));
    expect(foldDevanagari("फ़ोटोग्राफ़र")).toBe(foldDevanagari("फोटोग्राफर"));
    // क़ typed as one code point (U+0958) or as क + nukta
    expect(foldDevanagari("\u0958")).toBe(foldDevanagari("\u0915\u093C"));
    expect(foldDevanagari("पण्डित")).toBe(foldDevanagari("पंडित"));
    expect(foldDevanagari("बेंगलूरु")).toBe(foldDevanagari("बेंगलुरु"));
    expect(foldDevanagari("हॉल")).toBe(foldDevanagari("हाल"));
    expect(foldDevanagari("जयपुर")).not.toBe(foldDevanagari("जोधपुर"));
  });

  it("finds categories, subcategories, states and cities by their Hindi names, as typed or as URL segments", () => {
    expect(findGroup("दुल्हन")?.name).toBe("Bride");
    expect(findGroup("वेडिंग-वेंडर")?.name).toBe("Wedding Vendor");
    expect(findSubcategory("मेहंदी आर्टिस्ट")?.name).toBe("Mehndi Artist");
    expect(findSubcategory("मेहँदी-आर्टिस्ट")?.name).toBe("Mehndi Artist");
    expect(findSubcategory("टेंट हाउस", findGroup("Bride"))).toBeUndefined();
    expect(findState("राजस्थान")).toBe("Rajasthan");
    expect(findCity("Rajasthan", "जयपुर")).toBe("Jaipur");
    expect(findCity("Delhi", "नई-दिल्ली")).toBe("New Delhi");
    expect(findCity("Karnataka", "जयपुर")).toBeUndefined();
    expect(findState("")).toBeUndefined();
    expect(findGroup("-")).toBeUndefined();
  });
});

describe("the location box in Hindi", () => {
  const places = PLACES as LocationMap;
  const offered = (text: string) =>
    suggestPlaces(places, text).flatMap(([, list]) => list.map((p) => `${p.state}/${p.city ?? ""}${p.typedAs ? ` (${p.typedAs})` : ""}`));

  it("offers the places whose Hindi name (or a word of it) starts with the typed Devanagari", () => {
    expect(offered("जय")).toContain("Rajasthan/Jaipur");
    expect(offered("जय")).not.toContain("Rajasthan/Udaipur");
    expect(offered("दिल्ली")).toEqual(expect.arrayContaining(["Delhi/", "Delhi/New Delhi", "Delhi/Dwarka"]));
    expect(offered("बें")).toContain("Karnataka/Bengaluru");
    expect(offered("राजस्थान")).toEqual(expect.arrayContaining(["Rajasthan/", "Rajasthan/Jaipur", "Rajasthan/Udaipur"]));
  });

  it("offers a place by its other Hindi names, saying the name typed", () => {
    expect(offered("बंगलौर")).toContain("Karnataka/Bengaluru (बंगलौर)");
    expect(offered("बैंगलोर")).toContain("Karnataka/Bengaluru (बैंगलोर)");
    expect(offered("जयपुरxyz")).toEqual([]);
  });
});
