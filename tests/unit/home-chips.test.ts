import { describe, expect, it } from "vitest";
import { POPULAR_SEARCHES } from "#app/lib/home-content.ts";
import { findGroup, findSubcategory } from "#shared/catalogue.ts";
import { slugify } from "#shared/slug.ts";

/** The home page's popular-search chips (issue 28: "Transportation" opened Wedding Entertainment). */
describe("the home page's popular searches", () => {
  it("each chip opens a subcategory of its own whose name is the chip's", () => {
    const landed = POPULAR_SEARCHES.map(({ label, href }) => {
      const [, all, groupText = "", subText = ""] = decodeURI(href).split("/");
      expect(all).toBe("all");
      const sub = findSubcategory(subText, findGroup(groupText));
      expect(sub, href).toBeDefined();
      // "Invitations" opens Wedding Invitation, "Wedding Gifts" Wedding Gift: the label less a plural s is in the name.
      expect(slugify(sub?.name ?? ""), label).toContain(slugify(label).replace(/s$/, ""));
      return sub?.name;
    });
    expect(new Set(landed).size).toBe(POPULAR_SEARCHES.length);
  });
});
