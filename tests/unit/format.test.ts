import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarDay,
  clockTime,
  formatCount,
  formatDate,
  formatRupees,
  initials,
  isShareOfBudget,
  priceFrom,
  priceWithUnit,
  replyTimeLabel,
  reviewCount,
} from "#shared/format.ts";
import { CATALOGUE } from "#shared/catalogue.ts";
import { UNIT_NAMES_HI } from "#shared/unit-names.ts";
import { withLocale } from "#platform/locale.ts";

describe("Indian formats", () => {
  it("shows rupees in en-IN grouping without decimals", () => {
    expect(formatRupees(1200)).toBe("₹1,200");
    expect(formatRupees(1234567)).toBe("₹12,34,567");
    expect(formatRupees(999.6)).toBe("₹1,000");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(-4500)).toBe("-₹4,500");
  });

  it("groups rupees and counts exactly as Intl's en-IN does, for any amount", () => {
    const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    const counts = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e13, noNaN: true }), (amount) => {
        expect(formatRupees(amount)).toBe(rupees.format(amount));
        expect(formatCount(amount)).toBe(counts.format(amount));
      }),
    );
    expect(formatCount(12345678)).toBe("1,23,45,678");
  });

  it("counts reviews in the singular and the plural", () => {
    expect(reviewCount(1)).toBe("1 review");
    expect(reviewCount(0)).toBe("0 reviews");
    expect(reviewCount(1204)).toBe("1,204 reviews");
  });

  it("shows a starting price with its unit", () => {
    expect(priceFrom(1200, "Per Plate")).toBe("from ₹1,200 / plate");
    expect(priceFrom(50000, "Package Pricing")).toBe("from ₹50,000 / package pricing");
    // A planner's fee as a share of the budget is a percentage, not rupees (issue 28 saw "from ₹6 / percentage of budget").
    expect(priceFrom(6, "Percentage of Budget")).toBe("from 6 % of budget");
    expect(priceWithUnit(12, "Percentage of Budget")).toBe("12 % of budget");
    expect(priceWithUnit(100000, "Fixed Fee")).toBe("₹1,00,000 / fixed fee");
  });

  it("shows dates in India's time zone", () => {
    expect(formatDate("2026-11-22")).toBe("22 Nov 2026");
    expect(formatDate(Date.UTC(2026, 10, 21, 20, 0))).toBe("22 Nov 2026");
  });

  it("falls back to the first two letters of a name", () => {
    expect(initials("Shubh Events")).toBe("SH");
    expect(initials("")).toBe("VN");
  });

  it("words the reply-time badge", () => {
    expect(replyTimeLabel(null)).toBeNull();
    expect(replyTimeLabel(45)).toBe("Usually replies within an hour");
    expect(replyTimeLabel(180)).toBe("Usually replies within 3 hours");
    expect(replyTimeLabel(2880)).toBe("Usually replies within 2 days");
  });
});

describe("wedding days and times in words", () => {
  it("words an India calendar day three ways, and refuses what is not one", () => {
    expect(calendarDay("2027-02-13", "long")).toBe("Saturday, 13 February 2027");
    expect(calendarDay("2027-02-13", "medium")).toBe("Sat, 13 Feb 2027");
    expect(calendarDay("2027-02-12", "short")).toBe("Fri 12 Feb");
    expect(calendarDay("13/02/2027", "long")).toBeNull();
    expect(calendarDay(null, "short")).toBeNull();
  });

  it("words a time of day on a 12-hour clock", () => {
    expect(clockTime("19:00")).toBe("7:00 pm");
    expect(clockTime("00:30")).toBe("12:30 am");
    expect(clockTime("12:05")).toBe("12:05 pm");
    expect(clockTime("")).toBeNull();
  });
});

describe("formats in Hindi (a page rendered under /hi)", () => {
  const hi = <T>(work: () => T) => withLocale("hi", work);

  it("keeps Latin digits and Indian grouping for rupees and counts, the same as in English", () => {
    expect(hi(() => [formatRupees(150000), formatCount(12345678), formatRupees(-4500)])).toEqual(["₹1,50,000", "1,23,45,678", "-₹4,500"]);
    // Intl's hi-IN with Latin digits agrees.
    const rupees = new Intl.NumberFormat("hi-IN-u-nu-latn", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (amount) => {
        expect(hi(() => formatRupees(amount))).toBe(rupees.format(amount));
      }),
    );
  });

  it("writes month and weekday names in Devanagari, digits in Latin", () => {
    expect(hi(() => formatDate("2026-11-22"))).toBe("22 नवंबर 2026");
    expect(hi(() => formatDate(Date.UTC(2026, 10, 21, 20, 0)))).toBe("22 नवंबर 2026");
    expect(hi(() => calendarDay("2027-02-13", "long"))).toBe("शनिवार, 13 फ़रवरी 2027");
    expect(hi(() => calendarDay("2027-02-13", "medium"))).toBe("शनि, 13 फ़रवरी 2027");
    expect(hi(() => calendarDay("2027-02-12", "short"))).toBe("शुक्र, 12 फ़रवरी");
    expect(hi(() => calendarDay("13/02/2027", "long"))).toBeNull();
  });

  it("puts the part of the day before a 12-hour time", () => {
    expect(hi(() => [clockTime("07:30"), clockTime("12:05"), clockTime("19:00"), clockTime("00:30"), clockTime("")])).toEqual([
      "सुबह 7:30",
      "दोपहर 12:05",
      "शाम 7:00",
      "रात 12:30",
      null,
    ]);
  });

  it("words counts, prices and reply times in Hindi with the catalogue's units", () => {
    expect(hi(() => [reviewCount(1), reviewCount(0), reviewCount(1204)])).toEqual(["1 समीक्षा", "0 समीक्षा", "1,204 समीक्षाएँ"]);
    expect(hi(() => priceFrom(1200, "Per Plate"))).toBe("₹1,200 / प्लेट से शुरू");
    expect(hi(() => priceFrom(6, "Percentage of Budget"))).toBe("बजट का 6 % से शुरू");
    expect(hi(() => priceWithUnit(100000, "Fixed Fee"))).toBe("₹1,00,000 / तय फ़ीस");
    expect(hi(() => [replyTimeLabel(45), replyTimeLabel(180), replyTimeLabel(2880)])).toEqual([
      "आमतौर पर एक घंटे में जवाब देते हैं",
      "आमतौर पर 3 घंटे में जवाब देते हैं",
      "आमतौर पर 2 दिन में जवाब देते हैं",
    ]);
  });

  it("has a Hindi name for every price unit of the catalogue", () => {
    const units = new Set(CATALOGUE.flatMap((g) => g.subcategories.flatMap((s) => s.units)));
    const missing = [...units].filter((u) => !isShareOfBudget(u) && !UNIT_NAMES_HI[u]);
    expect(missing).toEqual([]);
  });

  it("is English again outside the Hindi render", () => {
    hi(() => formatDate("2026-11-22"));
    expect([formatDate("2026-11-22"), reviewCount(2), priceFrom(1200, "Per Plate"), clockTime("19:00")]).toEqual([
      "22 Nov 2026",
      "2 reviews",
      "from ₹1,200 / plate",
      "7:00 pm",
    ]);
  });
});
