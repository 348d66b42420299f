import { formatCount } from "./format.ts";
import { onIndiaClock } from "./india-time.ts";
import { getLocale, type Locale } from "./locale.ts";
import { belowHundredInWords, numberInWords as wordsOf } from "./number-words.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * GST on a plan price, the amount in words and GSTIN checks (pure; docs/decisions/0018-gst-invoices.md).
 *
 * Money: plan prices are whole rupees; everything on an invoice is integer paise. Rates are basis
 * points (900 = 9 %), so no arithmetic here ever touches a float.
 *
 * Rounding (decided once, here):
 * - GST added on top (pricesIncludeGst false): the taxable value is the price; each tax head is
 *   rate x taxable value, rounded half up to the paisa per head; the total is their sum. On a
 *   whole-rupee price 9 % and 18 % are whole paise, so nothing is rounded in practice.
 * - GST included (pricesIncludeGst true): the total is the price, exactly. Each tax head is
 *   rate x (price / 1.18), the exact tax inside the price, rounded half up to the paisa per head
 *   (so within half a paisa of the exact tax); the taxable value is what remains, so
 *   taxable + taxes = total to the paisa. The printed taxable value is then within one paisa of
 *   price / 1.18, and each head within 0.59 paisa of rate x printed taxable value. (Requiring
 *   each head to be exactly round(rate x printed taxable) cannot always reach the price: for
 *   Rs 4 = 400 paise, taxable 338 gives 338 + 30 + 30 = 398 and taxable 339 gives 339 + 31 + 31
 *   = 401; no taxable value gives 400. See the decision record.)
 */

/** SAC of what a plan is: paid listing and featured placement of a vendor on an online marketplace ("Sale of Internet advertising space"). */
export const SAC_CODE = "998365";
export const SAC_DESCRIPTION = "Sale of Internet advertising space";
/** SAC of an invitation design a couple buys: the use of a digital design on the site ("Other on-line contents n.e.c."; decision 0044). */
export const DESIGN_SAC_CODE = "998439";
export const DESIGN_SAC_DESCRIPTION = "Other on-line contents n.e.c.";
/** What each SAC the invoices use is called (printed beside the code). */
export const SAC_DESCRIPTIONS: Readonly<Record<string, string>> = { [SAC_CODE]: SAC_DESCRIPTION, [DESIGN_SAC_CODE]: DESIGN_SAC_DESCRIPTION };

/** Basis points: 900 = 9 %. */
export const CGST_RATE = 900;
export const SGST_RATE = 900;
export const IGST_RATE = 1800;
const TOTAL_RATE = 1800;

/** The largest plan price the arithmetic accepts (whole rupees): ten crore, far above any plan, far below float trouble. */
export const MAX_PRICE_RUPEES = 10_00_00_000;

export type GstBreakdown = {
  /** All in paise. */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** Basis points; 0 for the heads that do not apply. */
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  /** CGST + SGST (supplier and recipient in one state), else IGST. */
  intraState: boolean;
};

/** a / b rounded half up, for a >= 0 and b > 0 integers. */
export function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * The GST on a plan price in whole rupees. `intraState`: the place of supply is the supplier's
 * state (CGST 9 % + SGST 9 %); otherwise IGST 18 %.
 */
export function gstOnPrice(priceRupees: number, pricesIncludeGst: boolean, intraState: boolean): GstBreakdown {
  if (!Number.isSafeInteger(priceRupees) || priceRupees < 0 || priceRupees > MAX_PRICE_RUPEES)
    throw new RangeError(`A plan price must be whole rupees from 0 to ${MAX_PRICE_RUPEES}, not ${priceRupees}.`);
  const price = priceRupees * 100;
  const rates = intraState ? { cgstRate: CGST_RATE, sgstRate: SGST_RATE, igstRate: 0 } : { cgstRate: 0, sgstRate: 0, igstRate: IGST_RATE };
  // The tax of one head: on the taxable value (added on top), or the head's share of the tax inside the price.
  const head = (rate: number) => (rate === 0 ? 0 : pricesIncludeGst ? divRoundHalfUp(price * rate, 10_000 + TOTAL_RATE) : divRoundHalfUp(price * rate, 10_000));
  const cgst = head(rates.cgstRate);
  const sgst = head(rates.sgstRate);
  const igst = head(rates.igstRate);
  const taxableValue = pricesIncludeGst ? price - cgst - sgst - igst : price;
  const total = pricesIncludeGst ? price : price + cgst + sgst + igst;
  return { taxableValue, cgst, sgst, igst, total, ...rates, intraState };
}

/**
 * What the payer is charged for a plan price, in paise: the price itself when prices include GST,
 * else price + 18 % (the same for CGST + SGST and for IGST, so it does not depend on the state).
 */
export function grossPaise(priceRupees: number, pricesIncludeGst: boolean): number {
  return gstOnPrice(priceRupees, pricesIncludeGst, false).total;
}

/** "9 %" for 900 basis points, "2.5 %" for 250. */
export function formatRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const part = basisPoints % 100;
  return `${whole}${part ? `.${String(part).padStart(2, "0").replace(/0$/, "")}` : ""} %`;
}

/** Paise as en-IN figures with two decimals, without a currency sign: 1499950 -> "14,999.50". */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const rupees = formatCount(Math.floor(abs / 100));
  return `${sign}${rupees}.${String(abs % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Amount in words (Indian numbering: thousand, lakh, crore; shared/number-words.ts)

/**
 * A whole number in words with Indian grouping, in English (the spec's and the tests' form):
 * 1,23,45,678 -> "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight".
 */
export function numberInWords(n: number): string {
  return wordsOf(n, "en");
}

/**
 * An amount in paise in words, in the language of the request, one style everywhere: "Rupees
 * Fourteen Thousand Nine Hundred Ninety-Nine and Fifty Paise Only" and "चौदह हज़ार नौ सौ निन्यानबे
 * रुपये और पचास पैसे मात्र"; without paise "Rupees One Lakh Only", "एक लाख रुपये मात्र"; zero
 * "Rupees Zero Only", "शून्य रुपये मात्र".
 */
export function amountInWords(paise: number, locale: Locale = getLocale()): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = wordsOf(Math.floor(paise / 100), locale);
  const rest = paise % 100;
  return rest ? m.tax_amount_words_paise({ rupees, paise: belowHundredInWords(rest, locale) }, { locale }) : m.tax_amount_words({ rupees }, { locale });
}

// ---------------------------------------------------------------------------------------------
// GSTIN

/** GST state codes (the first two characters of a GSTIN), by the state names shared/places.ts uses. */
export const GST_STATE_CODES: Record<string, string> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
  "Other Territory": "97",
};

const STATE_BY_CODE: Record<string, string> = {
  ...Object.fromEntries(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name])),
  // Codes still valid on older registrations.
  "25": "Dadra and Nagar Haveli and Daman and Diu",
  "28": "Andhra Pradesh",
  "99": "Centre Jurisdiction",
};

const norm = (s: string) => s.trim().toLowerCase().replace(/&/g, "and").replace(/\s+/g, " ");

/** The GST state code of a state name ("Karnataka" -> "29"), any case; null if unknown. */
export function stateCodeOf(state: string | null | undefined): string | null {
  if (!state) return null;
  const key = norm(state);
  const found = Object.entries(GST_STATE_CODES).find(([name]) => norm(name) === key);
  return found ? found[1] : null;
}

/** The state a GST state code stands for ("29" -> "Karnataka"); null if unknown. */
export function stateOfCode(code: string): string | null {
  return STATE_BY_CODE[code] ?? null;
}

/** Whether two state names are the same state (any case, "&" = "and"). */
export function sameState(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && norm(a) === norm(b));
}

const CODE_POINTS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** State code, PAN (five letters, four digits, a letter), entity number (1-9, A-Z), "Z", check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (Luhn mod 36: weights 1, 2, 1, 2 … from the left). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CODE_POINTS.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  get length() {
    return m.api_gstin_length();
  },
  get shape() {
    return m.api_gstin_shape();
  },
  state: (code: string) => m.api_gstin_state({ code }),
  get checksum() {
    return m.api_gstin_checksum();
  },
};

export type GstinCheck = { ok: true; gstin: string; stateCode: string; state: string } | { ok: false; message: string };

/** Checks a GSTIN (spaces ignored, any case): length, shape, state code and check character. */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.replace(/\s+/g, "").toUpperCase();
  if (gstin.length !== 15) return { ok: false, message: GSTIN_MESSAGES.length };
  if (!GSTIN_SHAPE.test(gstin)) return { ok: false, message: GSTIN_MESSAGES.shape };
  const stateCode = gstin.slice(0, 2);
  const state = stateOfCode(stateCode);
  if (!state) return { ok: false, message: GSTIN_MESSAGES.state(stateCode) };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, message: GSTIN_MESSAGES.checksum };
  return { ok: true, gstin, stateCode, state };
}

// ---------------------------------------------------------------------------------------------
// Financial year and numbering

/** The Indian financial year (April to March, in India time) of an instant: "2026-27". */
export function financialYearOf(epochMs: number): string {
  const d = onIndiaClock(epochMs);
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The invoice series prefix: "MDP/2627/" for "2026-27". */
export function invoicePrefix(financialYear: string): string {
  return `MDP/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/`;
}

/** An invoice number: "MDP/2627/000001" (15 characters; 16 from the millionth invoice of a year). */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `${invoicePrefix(financialYear)}${String(sequence).padStart(6, "0")}`;
}

/** What an invoice says (the page, the PDF and the domain). */
export const INVOICE_MESSAGES = {
  notFound: "We could not find that invoice.",
  footer: "This is a computer-generated invoice and needs no signature.",
  supplierMissing: (what: string[]) =>
    `GST invoices cannot be issued: the supplier's ${what.join(", ")} ${what.length === 1 ? "is" : "are"} not configured (SUPPLIER_* vars, docs/deploy.md "GST invoices").`,
} as const;

// ---------------------------------------------------------------------------------------------
// Credit notes (issue 30, docs/decisions/0045-gst-credit-notes.md)

/** The credit note series prefix: "CN/2627/" for "2026-27" (numbers of 14 characters, 15 past the millionth). */
export function creditNotePrefix(financialYear: string): string {
  return `CN/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/`;
}

/** What an invoice charged, or credit notes already took back from it, in paise. */
export type TaxHeads = { taxableValue: number; cgst: number; sgst: number; igst: number; total: number };

/** a x b / c rounded half up, exact for any amounts (BigInt: paise x paise passes 2^53). */
function shareOf(a: number, b: number, c: number): number {
  const n = 2n * BigInt(a) * BigInt(b) + BigInt(c);
  return Number(n / (2n * BigInt(c)));
}

/**
 * The tax heads of a credit note for `refundPaise` of an invoice: each head the same share of the
 * invoice's head as the refund is of its total, rounded half up to the paisa; the taxable value is
 * the rest, so taxable + heads = the refund exactly. The refund that takes the rest of the invoice
 * takes exactly what is left of each head, so an invoice refunded in full has credit notes that add
 * up to it to the paisa. (functions/domain/billing/credit-notes.ts applies the second rule in SQL,
 * against the credit notes recorded when its batch runs.)
 */
export function creditNoteTax(invoice: TaxHeads, credited: TaxHeads, refundPaise: number): TaxHeads {
  if (!Number.isSafeInteger(refundPaise) || refundPaise <= 0) throw new RangeError(`A refund must be a positive number of paise, not ${refundPaise}.`);
  if (credited.total + refundPaise >= invoice.total)
    return {
      taxableValue: invoice.taxableValue - credited.taxableValue,
      cgst: invoice.cgst - credited.cgst,
      sgst: invoice.sgst - credited.sgst,
      igst: invoice.igst - credited.igst,
      total: invoice.total - credited.total,
    };
  const head = (amount: number) => (amount === 0 ? 0 : shareOf(refundPaise, amount, invoice.total));
  const cgst = head(invoice.cgst);
  const sgst = head(invoice.sgst);
  const igst = head(invoice.igst);
  return { taxableValue: refundPaise - cgst - sgst - igst, cgst, sgst, igst, total: refundPaise };
}

/** What a credit note says (the page, the PDF and the domain). */
export const CREDIT_NOTE_MESSAGES = {
  notFound: "We could not find that credit note.",
  footer: "This is a computer-generated credit note and needs no signature.",
  issuedFor: "Issued for a refund of the invoice named above (CGST Act, section 34).",
} as const;
