/**
 * Devanagari as people type it, folded in one place so two spellings of the same word compare
 * equal (search words, catalogue and place names, URL segments). Only for matching: what is shown
 * and stored is always the text as written.
 *
 * - NFC/NFD: the same letter typed precomposed or as base + mark is one letter.
 * - Nukta dropped: फ़ोटोग्राफ़र = फोटोग्राफर, ग़ाज़ियाबाद = गाजियाबाद (most people type no nukta).
 * - Nasals dropped: chandrabindu and anusvara, and a half nasal consonant before another consonant
 *   (पण्डित = पंडित), so मेहँदी, मेहंदी and मेंहदी (the dot before or after the ह) are one word.
 * - ॉ/ऑ as ा/आ (हॉल = हाल), long ई/ऊ vowels as short (बेंगलूरु = बेंगलुरु): both are spelled
 *   either way in everyday Hindi.
 * - Zero-width joiners dropped; Latin letters lower-cased.
 */
const DEVANAGARI = /[\u0900-\u097F]/u;

export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

export function foldDevanagari(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u200C\u200D]/gu, "")
    .replace(/\u093C/gu, "")
    .replace(/[ङञणनम]\u094D(?=[\u0915-\u0939])/gu, "")
    .replace(/[\u0900-\u0902]/gu, "")
    .replace(/\u0949/gu, "\u093E")
    .replace(/\u0911/gu, "\u0906")
    .replace(/\u0940/gu, "\u093F")
    .replace(/\u0942/gu, "\u0941")
    .replace(/\u0908/gu, "\u0907")
    .replace(/\u090A/gu, "\u0909")
    .normalize("NFC")
    .toLowerCase();
}

/** The words of a text (letters, digits and their marks), folded: the key two spellings of a name share. */
export function nameKey(text: string): string {
  return foldDevanagari(text)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .join("-");
}

/** Two names are the same Hindi name: both have Devanagari and the same folded words. */
export function sameHindiName(a: string | undefined, b: string): boolean {
  return Boolean(a) && hasDevanagari(b) && nameKey(a ?? "") === nameKey(b);
}
