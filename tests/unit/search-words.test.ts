import { describe, expect, it } from "vitest";
import { ftsQuery } from "#domain/catalogue/index.ts";
import { findGroup } from "#shared/catalogue.ts";
import { spellingsOf, subcategoryFromWords } from "#shared/search-words.ts";

describe("the field's spellings", () => {
  it("matches a word's other spellings, dropping forms a shorter one already covers as a prefix", () => {
    expect(spellingsOf("lahenga")).toEqual(expect.arrayContaining(["lahenga", "lehenga", "lehnga"]));
    expect(spellingsOf("mehendi")).toEqual(expect.arrayContaining(["mehendi", "mehndi", "mehandi"]));
    expect(spellingsOf("photography")).toContain("photograph");
    expect(spellingsOf("photography")).not.toContain("photographer"); // "photograph"* covers it
    expect(spellingsOf("Pundit")).toEqual(expect.arrayContaining(["pundit", "pandit"]));
    expect(spellingsOf("sherwaani")).toContain("sherwani");
    expect(spellingsOf("bangalore")).toEqual(["bangalore", "bengaluru"]);
    expect(spellingsOf("jaipur")).toEqual(["jaipur"]);
  });
  it("builds FTS5 groups of alternatives only when asked (vendor names are matched as typed)", () => {
    expect(ftsQuery("Lahenga jaipur", { spellings: true })).toMatch(/^\("lahenga"\* OR .*"lehenga"\*.*\) AND "jaipur"\*$/);
    expect(ftsQuery("Lahenga jaipur")).toBe('"lahenga"* "jaipur"*');
    expect(ftsQuery('"; DROP --', { spellings: true })).toBe('"drop"*');
  });
});

describe("subcategory from what a couple types", () => {
  it("knows names, singulars and common words", () => {
    expect(subcategoryFromWords("photographer")?.name).toBe("Wedding Photographers");
    expect(subcategoryFromWords("Photography")?.name).toBe("Wedding Photographers");
    expect(subcategoryFromWords("lehenga")?.name).toBe("Bridal Lahenga");
    expect(subcategoryFromWords("mehendi")?.name).toBe("Mehndi Artist");
    expect(subcategoryFromWords("Pundit")?.name).toBe("Pandit");
    expect(subcategoryFromWords("banquet hall")?.name).toBe("Banquet Halls");
    expect(subcategoryFromWords("Banquet")?.name).toBe("Banquet Halls");
    expect(subcategoryFromWords("caterer")?.name).toBe("Caterers");
    expect(subcategoryFromWords("halwai")?.name).toBe("Caterers");
    expect(subcategoryFromWords("sherwaani")?.name).toBe("Sherwani");
  });
  it("keeps to the given group and says nothing for other text", () => {
    expect(subcategoryFromWords("photographer", findGroup("bride"))).toBeUndefined();
    expect(subcategoryFromWords("photographer", findGroup("wedding vendor"))?.name).toBe("Wedding Photographers");
    expect(subcategoryFromWords("royal palace")).toBeUndefined();
  });
});

describe("Hindi search words (issue 32)", () => {
  it("gives a Devanagari word its Latin words, in any common spelling, and leaves Latin queries as they were", () => {
    expect(spellingsOf("मेहंदी")).toEqual(expect.arrayContaining(["मेहंदी", "mehndi", "mehendi"]));
    for (const variant of ["मेहँदी", "मेंहदी"]) expect(spellingsOf(variant)).toContain("mehndi");
    expect(spellingsOf("फ़ोटोग्राफ़र")).toContain("photograph");
    expect(spellingsOf("हलवाई")).toEqual(expect.arrayContaining(["caterer", "halwai"]));
    expect(spellingsOf("जयपुर")).toEqual(["जयपुर", "jaipur"]);
    expect(spellingsOf("बैंगलोर")).toEqual(expect.arrayContaining(["bengaluru", "bangalore"]));
    expect(spellingsOf("तमिलनाडु")).toContain("tamil nadu");
    expect(spellingsOf("mehndi")).not.toContain("मेहंदी");
  });
  it("leaves connecting words out of a query that has others", () => {
    expect(ftsQuery("halwai in jaipur", { spellings: true })).not.toMatch(/"in"/);
    expect(ftsQuery("जयपुर में हलवाई", { spellings: true })).not.toContain("में");
    expect(ftsQuery("in", { spellings: true })).toBe('"in"*');
    expect(ftsQuery("Sharma and Sons")).toBe('"sharma"* "and"* "sons"*'); // a vendor's name stays as typed
  });
  it("maps Hindi words of the search box to a subcategory", () => {
    expect(subcategoryFromWords("मेहंदी")?.name).toBe("Mehndi Artist");
    expect(subcategoryFromWords("हलवाई")?.name).toBe("Caterers");
    expect(subcategoryFromWords("टेंट")?.name).toBe("Tent House");
    expect(subcategoryFromWords("पंडित")?.name).toBe("Pandit");
    expect(subcategoryFromWords("फ़ोटोग्राफ़र")?.name).toBe("Wedding Photographers");
    expect(subcategoryFromWords("शादी")).toBeUndefined();
  });
});
