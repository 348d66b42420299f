import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withLocale } from "#platform/locale.ts";
import { amountInWords } from "#shared/gst.ts";
import { belowHundredInWords, numberInWords } from "#shared/number-words.ts";

/**
 * Numbers and amounts in Hindi words (issue 32): the invoice's and the credit note's amount in
 * words, with Indian grouping (हज़ार, लाख, करोड़). The words 0 to 100 are written out here as a
 * Hindi dictionary lists them, each its own word.
 */
const ZERO_TO_HUNDRED = `शून्य एक दो तीन चार पाँच छह सात आठ नौ
दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस
बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस
तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस
चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास
पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ
साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर
सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी
अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी
नब्बे इक्यानबे बानबे तिरानबे चौरानबे पचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे
एक_सौ`
  .split(/\s+/)
  .map((w) => w.replace("_", " "));

/** Hindi number words read back into a number (the grouping words multiply what precedes them). */
function readHindi(words: string): number {
  const value = new Map(ZERO_TO_HUNDRED.slice(0, 100).map((w, n) => [w, n]));
  const scale: Record<string, number> = { सौ: 100, हज़ार: 1000, लाख: 1_00_000, करोड़: 1_00_00_000 };
  let total = 0;
  let group = 0;
  for (const word of words.split(" ")) {
    if (value.has(word)) group += value.get(word)!;
    else if (word === "करोड़") {
      total = (total + group) * scale[word]!;
      group = 0;
    } else if (word === "सौ") group *= 100;
    else if (scale[word]) {
      total += group * scale[word]!;
      group = 0;
    } else throw new Error(`Not a Hindi number word: ${word}`);
  }
  return total + group;
}

describe("numbers in Hindi words", () => {
  it("says 0 to 100 each as its own word", () => {
    expect(ZERO_TO_HUNDRED).toHaveLength(101);
    expect(Array.from({ length: 101 }, (_, n) => numberInWords(n, "hi"))).toEqual(ZERO_TO_HUNDRED);
    expect(Array.from({ length: 99 }, (_, n) => belowHundredInWords(n + 1, "hi"))).toEqual(ZERO_TO_HUNDRED.slice(1, 100));
    // Ninety-nine different words, in Devanagari only.
    expect(new Set(ZERO_TO_HUNDRED.slice(1, 100)).size).toBe(99);
    for (const word of ZERO_TO_HUNDRED.slice(0, 100)) expect(word).toMatch(/^[\u0900-\u097f]+$/);
  });

  it.each([
    [101, "एक सौ एक"],
    [999, "नौ सौ निन्यानबे"],
    [1000, "एक हज़ार"],
    [1001, "एक हज़ार एक"],
    [14_999, "चौदह हज़ार नौ सौ निन्यानबे"],
    [99_999, "निन्यानबे हज़ार नौ सौ निन्यानबे"],
    [1_00_000, "एक लाख"],
    [1_50_000, "एक लाख पचास हज़ार"],
    [21_00_000, "इक्कीस लाख"],
    [99_99_999, "निन्यानबे लाख निन्यानबे हज़ार नौ सौ निन्यानबे"],
    [1_00_00_000, "एक करोड़"],
    [1_23_45_678, "एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर"],
    [1_01_01_101, "एक करोड़ एक लाख एक हज़ार एक सौ एक"],
    [10_00_00_000, "दस करोड़"],
    [1_00_00_00_000, "एक सौ करोड़"],
    [12_34_56_789, "बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी"],
  ])("%i: %s", (n, words) => {
    expect(numberInWords(n, "hi")).toBe(words);
  });

  it("reads back as the number it says, with no empty word or double space, for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_00_00_000 }), (n) => {
        const words = numberInWords(n, "hi");
        expect(words).not.toMatch(/\s{2}|^\s|\s$|undefined|[A-Za-z]/);
        expect(readHindi(words)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a whole number", () => {
    for (const n of [-1, 1.5, Number.NaN]) expect(() => numberInWords(n, "hi")).toThrow(RangeError);
    for (const n of [0, 100, 2.5]) expect(() => belowHundredInWords(n, "hi")).toThrow(RangeError);
  });
});

describe("amounts in words on a Hindi invoice", () => {
  it.each([
    [0, "शून्य रुपये मात्र"],
    [1, "शून्य रुपये और एक पैसे मात्र"],
    [50, "शून्य रुपये और पचास पैसे मात्र"],
    [100, "एक रुपये मात्र"],
    [14_999_00, "चौदह हज़ार नौ सौ निन्यानबे रुपये मात्र"],
    [14_999_50, "चौदह हज़ार नौ सौ निन्यानबे रुपये और पचास पैसे मात्र"],
    [1_50_000_00, "एक लाख पचास हज़ार रुपये मात्र"],
    [1_00_000_05, "एक लाख रुपये और पाँच पैसे मात्र"],
    [1_00_00_000_00, "एक करोड़ रुपये मात्र"],
    [1_00_00_000_99, "एक करोड़ रुपये और निन्यानबे पैसे मात्र"],
    [12_34_56_789_12, "बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये और बारह पैसे मात्र"],
  ])("%i paise: %s", (paise, words) => {
    expect(amountInWords(paise, "hi")).toBe(words);
  });

  it("says the amount in the language of the request, English as before", () => {
    expect(withLocale("hi", () => amountInWords(1_50_000_00))).toBe("एक लाख पचास हज़ार रुपये मात्र");
    expect(withLocale("en", () => amountInWords(1_50_000_00))).toBe("Rupees One Lakh Fifty Thousand Only");
    expect(numberInWords(1_23_45_678, "en")).toBe("One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight");
  });
});
