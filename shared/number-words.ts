/**
 * Whole numbers in words with Indian grouping (thousand, lakh, crore), in English and in Hindi: the
 * amount in words of GST invoices and credit notes (shared/gst.ts amountInWords).
 *
 * Hindi number words from one to ninety-nine are not built from tens and ones as English ones are:
 * each is its own word (इक्कीस 21, उनतीस 29, उनचास 49, निन्यानबे 99), so they are one complete
 * table, in the spellings of the Hindi standard (Central Hindi Directorate) as printed on Indian
 * cheques and invoices. Above 99 both languages group the same way: सौ (hundred), हज़ार (thousand),
 * लाख, करोड़; a crore count of its own above 99 is said the same way again ("एक सौ करोड़").
 */
import type { Locale } from "./locale.ts";

const EN_ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const EN_TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0 to 99 in Hindi, each its own word. */
export const HINDI_BELOW_HUNDRED: readonly string[] = [
  "शून्य",
  "एक",
  "दो",
  "तीन",
  "चार",
  "पाँच",
  "छह",
  "सात",
  "आठ",
  "नौ",
  "दस",
  "ग्यारह",
  "बारह",
  "तेरह",
  "चौदह",
  "पंद्रह",
  "सोलह",
  "सत्रह",
  "अठारह",
  "उन्नीस",
  "बीस",
  "इक्कीस",
  "बाईस",
  "तेईस",
  "चौबीस",
  "पच्चीस",
  "छब्बीस",
  "सत्ताईस",
  "अट्ठाईस",
  "उनतीस",
  "तीस",
  "इकतीस",
  "बत्तीस",
  "तैंतीस",
  "चौंतीस",
  "पैंतीस",
  "छत्तीस",
  "सैंतीस",
  "अड़तीस",
  "उनतालीस",
  "चालीस",
  "इकतालीस",
  "बयालीस",
  "तैंतालीस",
  "चवालीस",
  "पैंतालीस",
  "छियालीस",
  "सैंतालीस",
  "अड़तालीस",
  "उनचास",
  "पचास",
  "इक्यावन",
  "बावन",
  "तिरपन",
  "चौवन",
  "पचपन",
  "छप्पन",
  "सत्तावन",
  "अट्ठावन",
  "उनसठ",
  "साठ",
  "इकसठ",
  "बासठ",
  "तिरसठ",
  "चौंसठ",
  "पैंसठ",
  "छियासठ",
  "सड़सठ",
  "अड़सठ",
  "उनहत्तर",
  "सत्तर",
  "इकहत्तर",
  "बहत्तर",
  "तिहत्तर",
  "चौहत्तर",
  "पचहत्तर",
  "छिहत्तर",
  "सतहत्तर",
  "अठहत्तर",
  "उन्यासी",
  "अस्सी",
  "इक्यासी",
  "बयासी",
  "तिरासी",
  "चौरासी",
  "पचासी",
  "छियासी",
  "सत्तासी",
  "अट्ठासी",
  "नवासी",
  "नब्बे",
  "इक्यानबे",
  "बानबे",
  "तिरानबे",
  "चौरानबे",
  "पचानबे",
  "छियानबे",
  "सत्तानबे",
  "अट्ठानबे",
  "निन्यानबे",
];

type Words = { zero: string; belowHundred: (n: number) => string; hundred: string; thousand: string; lakh: string; crore: string };

const ENGLISH: Words = {
  zero: "Zero",
  belowHundred: (n) => (n < 20 ? EN_ONES[n]! : n % 10 ? `${EN_TENS[Math.floor(n / 10)]}-${EN_ONES[n % 10]}` : EN_TENS[n / 10]!),
  hundred: "Hundred",
  thousand: "Thousand",
  lakh: "Lakh",
  crore: "Crore",
};

const HINDI: Words = {
  zero: "शून्य",
  belowHundred: (n) => HINDI_BELOW_HUNDRED[n]!,
  hundred: "सौ",
  thousand: "हज़ार",
  lakh: "लाख",
  crore: "करोड़",
};

const WORDS: Record<Locale, Words> = { en: ENGLISH, hi: HINDI };

/** 1 to 99 in words ("Ninety-Nine", "निन्यानबे"). */
export function belowHundredInWords(n: number, locale: Locale): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new RangeError(`Not a number from 1 to 99: ${n}`);
  return WORDS[locale].belowHundred(n);
}

/**
 * A whole number in words with Indian grouping, without "and": 1,23,45,678 is "One Crore Twenty-Three
 * Lakh Forty-Five Thousand Six Hundred Seventy-Eight" and "एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर".
 */
export function numberInWords(n: number, locale: Locale): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  const w = WORDS[locale];
  if (n === 0) return w.zero;
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  return [
    crore ? `${numberInWords(crore, locale)} ${w.crore}` : "",
    lakh ? `${w.belowHundred(lakh)} ${w.lakh}` : "",
    thousand ? `${w.belowHundred(thousand)} ${w.thousand}` : "",
    hundreds ? `${w.belowHundred(hundreds)} ${w.hundred}` : "",
    rest ? w.belowHundred(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}
