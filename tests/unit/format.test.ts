import { describe, expect, it } from "vitest";
import { formatDate, formatRupees, initials, priceFrom, replyTimeLabel } from "../../app/lib/format.ts";

describe("Indian formats", () => {
  it("shows rupees in en-IN grouping without decimals", () => {
    expect(formatRupees(1200)).toBe("₹1,200");
    expect(formatRupees(1234567)).toBe("₹12,34,567");
    expect(formatRupees(999.6)).toBe("₹1,000");
  });

  it("shows a starting price with its unit", () => {
    expect(priceFrom(1200, "Per Plate")).toBe("from ₹1,200 / plate");
    expect(priceFrom(50000, "Package Pricing")).toBe("from ₹50,000 / package pricing");
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
