import { describe, expect, it } from "vitest";
import {
  addCategory,
  addItem,
  applyChecklistAction,
  categoryProgress,
  checklistActionInput,
  checklistSchema,
  defaultChecklist,
  mergeChecklists,
  overallProgress,
  placeOfCity,
  readStoredChecklist,
  removeCategory,
  removeItem,
  replaceChecklist,
  scheduleItem,
  toggleItem,
  vendorSearchFor,
  type Checklist,
} from "#shared/checklist.ts";

/** The checklist's pure rules, shared by the server and the visitor's page (spec sections 3, 4). */
describe("default checklist", () => {
  it("has the spec's nine categories with their item counts, all not done and undated", () => {
    const list = defaultChecklist();
    expect(list.map((c) => [c.category, c.items.length])).toEqual([
      ["Venue & Decorations", 7],
      ["Catering & Cakes", 5],
      ["Photography & Videography", 5],
      ["Music & Entertainment", 4],
      ["Invitations & Gifts", 4],
      ["Transport & Logistics", 3],
      ["Religious & Cultural Services", 3],
      ["Planning & Coordination", 4],
      ["Miscellaneous", 4],
    ]);
    const items = list.flatMap((c) => c.items);
    expect(items.every((it) => it.done === false && it.scheduleDate === null)).toBe(true);
    const text = items.map((it) => it.name.toLowerCase()).join(" | ");
    for (const word of ["venue", "decorator", "caterer", "photographer", "dj", "invitation", "transport", "pandit", "planner", "makeup artist"])
      expect(text, word).toContain(word);
    expect(checklistSchema.safeParse(list).success).toBe(true);
  });

  it("hands out a fresh copy each time", () => {
    const a = defaultChecklist();
    a[0]!.items[0]!.done = true;
    expect(defaultChecklist()[0]!.items[0]!.done).toBe(false);
  });
});

describe("the seven actions", () => {
  const base = (): Checklist => [
    { category: "Venue", items: [{ name: "Book the venue", done: false, scheduleDate: null }] },
    { category: "Food", items: [] },
  ];

  it("toggles, or sets, an item's done flag without touching the input", () => {
    const list = base();
    const once = toggleItem(list, 0, 0);
    expect(once[0]!.items[0]!.done).toBe(true);
    expect(list[0]!.items[0]!.done).toBe(false);
    expect(toggleItem(once, 0, 0)[0]!.items[0]!.done).toBe(false);
    expect(toggleItem(once, 0, 0, true)[0]!.items[0]!.done).toBe(true);
    expect(toggleItem(list, 5, 0)).toEqual(list);
  });

  it("adds and removes items by index", () => {
    const added = addItem(base(), 1, "  Taste the menu ");
    expect(added[1]!.items).toEqual([{ name: "Taste the menu", done: false, scheduleDate: null }]);
    expect(addItem(base(), 1, "   ")).toEqual(base());
    expect(removeItem(added, 1, 0)[1]!.items).toEqual([]);
    expect(removeItem(added, 1, 7)).toEqual(added);
  });

  it("adds a category unless its title exists in any case, and removes one", () => {
    expect(addCategory(base(), "Mehndi").map((c) => c.category)).toEqual(["Venue", "Food", "Mehndi"]);
    expect(addCategory(base(), "  vEnUe ")).toEqual(base());
    expect(removeCategory(base(), 0).map((c) => c.category)).toEqual(["Food"]);
  });

  it("sets and clears a schedule date, and replaces the list", () => {
    const dated = scheduleItem(base(), 0, 0, "2027-02-14");
    expect(dated[0]!.items[0]!.scheduleDate).toBe("2027-02-14");
    expect(scheduleItem(dated, 0, 0, null)[0]!.items[0]!.scheduleDate).toBeNull();
    expect(replaceChecklist(base(), [])).toEqual([]);
  });

  it("finds the item by name when the list changed since the page was drawn", () => {
    const list: Checklist = [{ category: "A", items: ["x", "y", "z"].map((name) => ({ name, done: false, scheduleDate: null })) }];
    const removedX = removeItem(list, 0, 0);
    // A stale page still thinks "z" is at index 2: the name wins, so "z" (not nothing, not "y") is ticked.
    const action = checklistActionInput.parse({ intent: "toggle", category: "0", item: "2", name: "z", done: "true" });
    expect(applyChecklistAction(removedX, action)[0]!.items.map((it) => it.done)).toEqual([false, true]);
    const gone = checklistActionInput.parse({ intent: "remove-item", category: "0", item: "0", name: "x" });
    expect(applyChecklistAction(removedX, gone)).toEqual(removedX);
  });

  it("validates actions with the field named", () => {
    const bad = checklistActionInput.safeParse({ intent: "schedule", category: "0", item: "0", scheduleDate: "2027-02-30" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Schedule date: that date does not exist.");
    const blank = checklistActionInput.safeParse({ intent: "add-item", category: "0", name: "  " });
    expect(blank.error?.issues[0]?.message).toBe("Give the item a name.");
    expect(checklistActionInput.safeParse({ intent: "explode" }).success).toBe(false);
  });
});

describe("progress", () => {
  it("counts per category and overall", () => {
    const list = toggleItem(toggleItem(defaultChecklist(), 0, 0), 1, 2);
    expect(categoryProgress(list[0]!)).toEqual({ done: 1, total: 7, percent: 14 });
    expect(overallProgress(list)).toEqual({ done: 2, total: 39, percent: 5 });
    expect(overallProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
  });
});

describe("merging a visitor's list into the account's", () => {
  it("loses nothing and repeats nothing: categories and items match ignoring case, done wins, a date is kept", () => {
    const account: Checklist = [
      {
        category: "Venue & Decorations",
        items: [
          { name: "Book the wedding venue", done: false, scheduleDate: "2027-01-05" },
          { name: "Book the decorator", done: true, scheduleDate: null },
        ],
      },
    ];
    const visitor: Checklist = [
      {
        category: "venue & decorations",
        items: [
          { name: "BOOK THE WEDDING VENUE", done: true, scheduleDate: "2027-03-01" },
          { name: "book the decorator", done: false, scheduleDate: "2027-02-01" },
          { name: "Hire a tent", done: false, scheduleDate: null },
        ],
      },
      { category: "Honeymoon", items: [{ name: "Book flights", done: true, scheduleDate: null }] },
    ];
    const merged = mergeChecklists(account, visitor);
    expect(merged).toEqual([
      {
        category: "Venue & Decorations",
        items: [
          { name: "Book the wedding venue", done: true, scheduleDate: "2027-01-05" },
          { name: "Book the decorator", done: true, scheduleDate: "2027-02-01" },
          { name: "Hire a tent", done: false, scheduleDate: null },
        ],
      },
      { category: "Honeymoon", items: [{ name: "Book flights", done: true, scheduleDate: null }] },
    ]);
    expect(mergeChecklists(merged, visitor)).toEqual(merged);
    expect(account[0]!.items[0]!.done).toBe(false);
  });
});

describe("vendor search links", () => {
  it("opens the matching search in the couple's city", () => {
    expect(vendorSearchFor("Book the caterer", "udaipur")).toEqual({ label: "Book caterer", href: "/all/wedding-vendor/caterers/rajasthan/udaipur" });
    expect(vendorSearchFor("Book the DJ", "New Delhi")?.href).toBe("/all/wedding-vendor/wedding-dj/delhi/new-delhi");
    expect(vendorSearchFor("Book the pandit", null)?.href).toBe("/all/wedding-vendor/pandit");
    expect(vendorSearchFor("Book the bridal makeup artist", "Atlantis")?.href).toBe("/all/bride/bridal-makeup-artist");
    expect(vendorSearchFor("Make the guest list", "Jaipur")).toBeNull();
    expect(placeOfCity(" jaipur ")).toEqual({ state: "Rajasthan", city: "Jaipur" });
  });

  it("knows a city typed by its old or common name, or with its state (issue 28)", () => {
    expect(vendorSearchFor("Book the caterer", "Bangalore")?.href).toBe("/all/wedding-vendor/caterers/karnataka/bengaluru");
    expect(vendorSearchFor("Book the photographer", "gurgaon")?.href).toBe("/all/wedding-vendor/wedding-photographers/haryana/gurugram");
    expect(vendorSearchFor("Book the DJ", "Bengaluru, Karnataka")?.href).toBe("/all/wedding-vendor/wedding-dj/karnataka/bengaluru");
    expect(placeOfCity("Bombay")).toEqual({ state: "Maharashtra", city: "Mumbai" });
    expect(placeOfCity("Karnataka")).toBeNull(); // a state is not a city
  });

  it("opens the venue searches (a group, no subcategory) in the couple's city too, however the city was typed (issue 28)", () => {
    expect(vendorSearchFor("Book the wedding venue", "Bangalore")).toEqual({ label: "Book venue", href: "/all/wedding-venue/karnataka/bengaluru" });
    expect(vendorSearchFor("Visit and shortlist venues", "bombay")?.href).toBe("/all/wedding-venue/maharashtra/mumbai");
    expect(vendorSearchFor("Book the wedding venue", null)?.href).toBe("/all/wedding-venue");
  });

  it("links no further than the places that have services, when it knows them", () => {
    const locations = { Karnataka: ["Bengaluru"], Rajasthan: ["Jaipur"] };
    expect(vendorSearchFor("Book the caterer", "Bangalore", locations)?.href).toBe("/all/wedding-vendor/caterers/karnataka/bengaluru");
    // Mysuru is a city of the places list without a service: its state's results, not a page that is not there.
    expect(vendorSearchFor("Book the caterer", "Mysore", locations)?.href).toBe("/all/wedding-vendor/caterers/karnataka");
    expect(vendorSearchFor("Book the wedding venue", "Pune", locations)?.href).toBe("/all/wedding-venue");
  });

  it("gives every default item about booking someone a search that exists", () => {
    for (const name of ["Book the decorator", "Book the photographer", "Order the wedding invitations", "Book transport for guests", "Hire a wedding planner"])
      expect(vendorSearchFor(name, "Pune")?.href, name).toMatch(/^\/all\/wedding-vendor\/[a-z-]+\/maharashtra\/pune$/);
  });
});

describe("the stored visitor list", () => {
  it("reads a valid list and ignores anything else", () => {
    expect(readStoredChecklist(JSON.stringify(defaultChecklist()))).toEqual(defaultChecklist());
    expect(readStoredChecklist("not json")).toBeNull();
    expect(readStoredChecklist(JSON.stringify([{ category: "", items: [] }]))).toBeNull();
    expect(readStoredChecklist(null)).toBeNull();
  });
});
