import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountInWords,
  checkGstin,
  divRoundHalfUp,
  financialYearOf,
  formatPaise,
  formatRate,
  grossPaise,
  gstinCheckCharacter,
  GSTIN_MESSAGES,
  gstOnPrice,
  invoiceNumber,
  numberInWords,
  stateCodeOf,
} from "#shared/gst.ts";

describe("GST on a plan price, to the paisa", () => {
  it("takes 9 % + 9 % out of a GST-inclusive price in the supplier's state (Gold, Rs 14,999)", () => {
    // 14,99,900 paise x 9/118 = 1,14,399.15 -> 1,14,399 per head; the taxable value is the rest.
    expect(gstOnPrice(14999, true, true)).toEqual({
      taxableValue: 12_71_102,
      cgst: 1_14_399,
      sgst: 1_14_399,
      igst: 0,
      total: 14_99_900,
      cgstRate: 900,
      sgstRate: 900,
      igstRate: 0,
      intraState: true,
    });
  });

  it("takes IGST 18 % out of a GST-inclusive price in another state (Silver, Rs 4,999)", () => {
    // 4,99,900 x 18/118 = 76,255.93 -> 76,256; 4,23,644 + 76,256 = 4,99,900.
    expect(gstOnPrice(4999, true, false)).toMatchObject({ taxableValue: 4_23_644, cgst: 0, sgst: 0, igst: 76_256, total: 4_99_900, igstRate: 1800 });
  });

  it("adds GST on top of an exclusive price", () => {
    expect(gstOnPrice(4999, false, true)).toMatchObject({ taxableValue: 4_99_900, cgst: 44_991, sgst: 44_991, igst: 0, total: 5_89_882 });
    expect(gstOnPrice(4999, false, false)).toMatchObject({ taxableValue: 4_99_900, igst: 89_982, total: 5_89_882 });
  });

  it("a free plan has no tax", () => {
    expect(gstOnPrice(0, true, true)).toMatchObject({ taxableValue: 0, cgst: 0, sgst: 0, total: 0 });
  });

  it("reaches a price that no equal pair of heads rounded on the taxable value can (Rs 4)", () => {
    // 400 x 9/118 = 30.51 -> 31 per head, taxable 338: 338 + 31 + 31 = 400.
    expect(gstOnPrice(4, true, true)).toMatchObject({ taxableValue: 338, cgst: 31, sgst: 31, total: 400 });
  });

  it("refuses a price that is not whole rupees in range", () => {
    expect(() => gstOnPrice(10.5, true, true)).toThrow(RangeError);
    expect(() => gstOnPrice(-1, true, true)).toThrow(RangeError);
  });

  it("rounds half up", () => {
    expect([divRoundHalfUp(4, 10), divRoundHalfUp(5, 10), divRoundHalfUp(15, 10), divRoundHalfUp(14, 10), divRoundHalfUp(0, 7)]).toEqual([0, 1, 2, 1, 0]);
  });

  const prices = fc.integer({ min: 1, max: 10_00_000 });

  it("for every price from Rs 1 to Rs 10,00,000 the parts add up to the total, and each head is within half a paisa of its exact tax", () => {
    fc.assert(
      fc.property(prices, fc.boolean(), fc.boolean(), (price, inclusive, intra) => {
        const g = gstOnPrice(price, inclusive, intra);
        expect(g.taxableValue + g.cgst + g.sgst + g.igst).toBe(g.total);
        if (inclusive) expect(g.total).toBe(price * 100);
        else expect(g.taxableValue).toBe(price * 100);
        if (intra) {
          expect([g.cgstRate, g.sgstRate, g.igstRate, g.igst]).toEqual([900, 900, 0, 0]);
          expect(g.cgst).toBe(g.sgst);
        } else {
          expect([g.cgstRate, g.sgstRate, g.igstRate, g.cgst, g.sgst]).toEqual([0, 0, 1800, 0, 0]);
        }
        // Exact tax of a head as a fraction num/den of paise: on the taxable value (exclusive), or
        // the head's share of the tax inside the price (inclusive). |head - num/den| <= 1/2.
        for (const [head, rate] of [
          [g.cgst, g.cgstRate],
          [g.sgst, g.sgstRate],
          [g.igst, g.igstRate],
        ] as const) {
          const [num, den] = inclusive ? [price * 100 * rate, 11_800] : [g.taxableValue * rate, 10_000];
          expect(Math.abs(2 * (head * den - num))).toBeLessThanOrEqual(den);
          // Against the printed taxable value the head is off by at most 0.59 paisa (the decision record says why).
          expect(Math.abs(head * 10_000 - g.taxableValue * rate)).toBeLessThanOrEqual(5_900);
        }
        expect(Math.min(g.taxableValue, g.cgst, g.sgst, g.igst)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("amounts in words, Indian numbering", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [1, "Rupees Zero and One Paise Only"],
    [50, "Rupees Zero and Fifty Paise Only"],
    [100, "Rupees One Only"],
    [101, "Rupees One and One Paise Only"],
    [100_00, "Rupees One Hundred Only"],
    [100_99, "Rupees One Hundred and Ninety-Nine Paise Only"],
    [14_999_50, "Rupees Fourteen Thousand Nine Hundred Ninety-Nine and Fifty Paise Only"],
    [1_00_000_00, "Rupees One Lakh Only"],
    [1_00_000_05, "Rupees One Lakh and Five Paise Only"],
    [99_99_999_00, "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only"],
    [99_99_999_99, "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only"],
    [1_00_00_000_00, "Rupees One Crore Only"],
    [1_00_00_000_10, "Rupees One Crore and Ten Paise Only"],
    [1_01_01_101_00, "Rupees One Crore One Lakh One Thousand One Hundred One Only"],
    [1_00_00_00_000_00, "Rupees One Hundred Crore Only"],
    [12_34_56_789_12, "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Twelve Paise Only"],
  ])("%i paise: %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("never leaves a gap, a double space or an empty word, for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_00_000 }), (n) => {
        const words = numberInWords(n);
        expect(words).not.toMatch(/\s{2}|^\s|\s$|undefined/);
        expect(words === "Zero").toBe(n === 0);
      }),
    );
  });

  it("refuses fractions and negatives", () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });

  it("prints paise as rupees with two decimals in en-IN grouping", () => {
    expect([formatPaise(0), formatPaise(5), formatPaise(14_99_950), formatPaise(1_00_00_000_00)]).toEqual(["0.00", "0.05", "14,999.50", "1,00,00,000.00"]);
  });
});

describe("GSTIN", () => {
  it("accepts real-format GSTINs, ignoring case and spaces, and reads the state", () => {
    expect(checkGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV", stateCode: "27", state: "Maharashtra" });
    expect(checkGstin("29aagcb7383j1z4")).toEqual({ ok: true, gstin: "29AAGCB7383J1Z4", stateCode: "29", state: "Karnataka" });
    expect(checkGstin(" 27 AAPFU 0939 F1ZV ")).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV" });
  });

  it("says what is wrong with a bad one", () => {
    expect(checkGstin("27AAPFU0939F1Z")).toEqual({ ok: false, message: GSTIN_MESSAGES.length });
    expect(checkGstin("27AAPFU0939F1ZVV")).toEqual({ ok: false, message: GSTIN_MESSAGES.length });
    expect(checkGstin("27AAPF10939F1ZV")).toEqual({ ok: false, message: GSTIN_MESSAGES.shape }); // a digit inside the PAN's letters
    expect(checkGstin("27AAPFU0939F1YV")).toEqual({ ok: false, message: GSTIN_MESSAGES.shape }); // the 14th is always Z
    expect(checkGstin("27AAPFU0939F0ZV")).toEqual({ ok: false, message: GSTIN_MESSAGES.shape }); // entity number 0
    expect(checkGstin("45AAPFU0939F1ZV")).toEqual({ ok: false, message: GSTIN_MESSAGES.state("45") });
    expect(checkGstin("27AAPFU0939F1ZW")).toEqual({ ok: false, message: GSTIN_MESSAGES.checksum });
    expect(checkGstin("27AAPFU0938F1ZV")).toEqual({ ok: false, message: GSTIN_MESSAGES.checksum });
  });

  const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const letters = fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 5, maxLength: 5 });
  const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 4, maxLength: 4 });
  const validGstin = fc
    .tuple(
      fc.constantFrom("07", "08", "27", "29", "33", "36"),
      letters,
      digits,
      fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
      fc.constantFrom(..."123456789ABC"),
    )
    .map(([state, five, four, last, entity]) => {
      const first14 = `${state}${five}${four}${last}${entity}Z`;
      return first14 + gstinCheckCharacter(first14);
    });

  it("any one mistyped character is caught (the check character catches every single substitution)", () => {
    fc.assert(
      fc.property(validGstin, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 35 }), (gstin, at, shift) => {
        expect(checkGstin(gstin).ok).toBe(true);
        const typo = gstin.slice(0, at) + CHARS[(CHARS.indexOf(gstin[at]!) + shift) % 36] + gstin.slice(at + 1);
        expect(checkGstin(typo).ok).toBe(false);
      }),
    );
  });

  it("knows the state codes of the places vendors pick", () => {
    expect([stateCodeOf("Karnataka"), stateCodeOf("rajasthan"), stateCodeOf("Tamil Nadu"), stateCodeOf("Atlantis"), stateCodeOf(null)]).toEqual([
      "29",
      "08",
      "33",
      null,
      null,
    ]);
  });
});

describe("financial years and invoice numbers", () => {
  it("a financial year runs April to March in India time", () => {
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 29, 59, 999))).toBe("2026-27"); // 31 March 23:59:59.999 IST
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 30))).toBe("2027-28"); // 1 April 00:00 IST
    expect(financialYearOf(Date.UTC(2026, 3, 1, 0, 0))).toBe("2026-27");
    expect(financialYearOf(Date.UTC(2099, 11, 31))).toBe("2099-00");
  });

  it("numbers have at most 16 characters", () => {
    expect(invoiceNumber("2026-27", 1)).toBe("MDP/2627/000001");
    expect(invoiceNumber("2026-27", 1).length).toBe(15);
    expect(invoiceNumber("2099-00", 9_999_999).length).toBe(16);
  });
});

describe("rates", () => {
  it("prints basis points as a percentage", () => {
    expect([formatRate(900), formatRate(1800), formatRate(250), formatRate(0)]).toEqual(["9 %", "18 %", "2.5 %", "0 %"]);
  });

  it("the payer is charged the price with inclusive prices, price + 18 % otherwise, whatever the state", () => {
    expect([grossPaise(4999, true), grossPaise(4999, false)]).toEqual([4_99_900, 5_89_882]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_00_000 }), (p) => {
        expect(gstOnPrice(p, false, true).total).toBe(gstOnPrice(p, false, false).total);
      }),
    );
  });
});
