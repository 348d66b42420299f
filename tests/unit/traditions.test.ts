import { describe, expect, it } from "vitest";
import { eventInput, indiaParts, indiaTimestamp } from "#shared/planner-schemas.ts";
import { TRADITIONS, proposeFunctions, shiftDay, templateFunctionByKey } from "#shared/traditions.ts";

describe("tradition templates", () => {
  it("give every function and sub-event a unique, stable key under its tradition", () => {
    const keys = TRADITIONS.flatMap((t) => t.functions.flatMap((f) => [f.key, ...f.subEvents.map((s) => s.key)]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of TRADITIONS)
      for (const f of t.functions) {
        expect(f.key.startsWith(`${t.id}:`)).toBe(true);
        expect(templateFunctionByKey(f.key)).toBe(f);
        for (const s of f.subEvents) expect(s.key.startsWith(`${f.key}:`)).toBe(true);
      }
  });

  it("propose times a function form accepts (HH:MM, end after start) and each wedding day's functions in date order", () => {
    for (const t of TRADITIONS) {
      const proposed = proposeFunctions(t, "2027-02-14");
      expect(
        proposed.some((f) => f.dayOffset === 0),
        `${t.id} has a function on the wedding day`,
      ).toBe(true);
      for (const f of proposed) {
        const parsed = eventInput.safeParse({ eventName: f.name, eventDate: f.eventDate, eventStartTime: f.startTime, eventEndTime: f.endTime });
        expect(parsed.success, `${f.key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      const dates = proposed.map((f) => f.eventDate);
      expect([...dates].sort(), `${t.id} lists its functions in date order`).toEqual(dates);
    }
  });

  it("shift India days across months and years", () => {
    expect(shiftDay("2027-03-01", -1)).toBe("2027-02-28");
    expect(shiftDay("2027-12-31", 1)).toBe("2028-01-01");
    expect(shiftDay("2027-02-14", -90)).toBe("2026-11-16");
  });
});

describe("India's day and time from the spec's ISO timestamps", () => {
  it("reads an instant in India's zone and a zoneless timestamp as India's own time", () => {
    expect(indiaParts("2027-02-13T18:30:00.000Z")).toEqual({ day: "2027-02-14", time: "00:00" });
    expect(indiaParts("2027-02-14T19:00:00+05:30")).toEqual({ day: "2027-02-14", time: "19:00" });
    expect(indiaParts("2027-02-14T19:00")).toEqual({ day: "2027-02-14", time: "19:00" });
    expect(indiaParts("tomorrow evening")).toBeNull();
    expect(indiaTimestamp("2027-02-14", "19:00")).toBe("2027-02-14T19:00:00+05:30");
    expect(indiaTimestamp("2027-02-14", null)).toBeNull();
  });
});
