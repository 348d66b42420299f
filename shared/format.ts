import { getLocale } from "./locale.ts";
import { m } from "./paraglide/messages.js";
import { UNIT_NAMES_HI } from "./unit-names.ts";

/**
 * Indian formats at the edge of the UI: rupees without decimals, dates as "22 Nov 2026", IST.
 * They follow the render's locale (docs/decisions/0046-languages.md): in Hindi digits stay Latin
 * and grouping Indian (₹1,50,000 in both), month and weekday names are Devanagari ("22 नवंबर 2026"),
 * and the words around a number come from the message catalogue. Outside a page's render (the API,
 * cron, tests) the locale is English.
 */

/**
 * Indian digit grouping (1,01,000; 1,00,00,000), the same as Intl's en-IN, without building an
 * Intl formatter: constructing one costs a cheap phone tens of milliseconds while the page hydrates.
 */
function groupIndian(n: number): string {
  const rounded = Math.round(Math.abs(n));
  const digits = String(rounded);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${n < 0 && rounded !== 0 ? "-" : ""}${rest ? `${rest},` : ""}${last3}`;
}

/** Intl's tag for each locale's dates: Hindi with Latin digits ("hi-IN-u-nu-latn", as Hindi sites write them). */
const DATE_TAG = { en: "en-IN", hi: "hi-IN-u-nu-latn" } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per locale and style, built on first use (building one costs a cheap phone milliseconds). */
function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = getLocale();
  const id = `${locale} ${key}`;
  let f = formatters.get(id);
  if (!f) formatters.set(id, (f = new Intl.DateTimeFormat(DATE_TAG[locale], options)));
  return f;
}

export const formatRupees = (amount: number) => `${amount < 0 ? "-" : ""}₹${groupIndian(Math.abs(amount))}`;
/** A whole-number count in Indian grouping: 1,23,456. */
export const formatCount = (n: number) => groupIndian(n);

/** "1 review", "1,204 reviews" ("1 समीक्षा", "1,204 समीक्षाएँ"). */
export const reviewCount = (n: number) => m.public_format_review_count({ count: n, shown: formatCount(n) });

/** A day in India: "22 Nov 2026"; in Hindi "22 नवंबर 2026" (Hindi does not shorten month names). */
export const formatDate = (value: number | string | Date) =>
  dateFormat("date", { day: "numeric", month: getLocale() === "hi" ? "long" : "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+05:30`) : new Date(value),
  );

/** "Per Plate" -> "plate", for "from ₹1,200 / plate" (English always: the AI writer's drafts use it too). */
export function unitLabel(unit: string): string {
  return unit.replace(/^per\s+/i, "").toLowerCase();
}

/** The unit after a price in the render's language: "plate", "प्लेट" (a unit the catalogue does not name stays as typed). */
function unitInLocale(unit: string): string {
  return getLocale() === "hi" ? (UNIT_NAMES_HI[unit] ?? unit) : unitLabel(unit);
}

/** A price unit whose amount is a share of the couple's budget ("Percentage of Budget"), not rupees. */
export function isShareOfBudget(unit: string | null | undefined): boolean {
  return /^\s*percentage\b/i.test(unit ?? "");
}

/** An amount in its unit: "₹1,200 / plate", or "6 % of budget" for a percentage price (never "₹6"). */
export function priceWithUnit(amount: number, unit: string): string {
  if (isShareOfBudget(unit)) return m.public_format_share_of_budget({ amount });
  return `${formatRupees(amount)} / ${unitInLocale(unit)}`;
}

/** "from ₹1,200 / plate", "from 6 % of budget". */
export function priceFrom(minPrice: number, unit: string): string {
  return m.public_format_price_from({ price: priceWithUnit(minPrice, unit) });
}

export function initials(name: string | null | undefined): string {
  const letters = (name ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  return letters.slice(0, 2).toUpperCase() || "VN";
}

/** "Usually replies within 3 hours" from the vendor's median reply time, or null when unknown. */
export function replyTimeLabel(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined) return null;
  if (minutes <= 60) return m.public_format_replies_hour();
  if (minutes <= 24 * 60) return m.public_format_replies_hours({ count: Math.ceil(minutes / 60) });
  return m.public_format_replies_days({ count: Math.ceil(minutes / 1440) });
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A calendar day of the wedding ("2027-02-13", an India day: no time zone involved) in words:
 * long "Saturday, 13 February 2027", medium "Sat, 13 Feb 2027", short "Sat 13 Feb"; null when it is not such a day.
 * In Hindi: "शनिवार, 13 फ़रवरी 2027", "शनि, 13 फ़रवरी 2027", "शनि, 13 फ़रवरी".
 */
export function calendarDay(iso: string | null | undefined, style: "long" | "medium" | "short"): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return null;
  if (getLocale() === "hi") {
    const words: Intl.DateTimeFormatOptions = { weekday: style === "long" ? "long" : "short", day: "numeric", month: "long", timeZone: "UTC" };
    return dateFormat(`day ${style}`, style === "short" ? words : { ...words, year: "numeric" }).format(d);
  }
  const weekday = WEEKDAYS[d.getUTCDay()]!;
  const month = MONTHS[d.getUTCMonth()]!;
  if (style === "long") return `${weekday}, ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
  if (style === "medium") return `${weekday.slice(0, 3)}, ${d.getUTCDate()} ${month.slice(0, 3)} ${d.getUTCFullYear()}`;
  return `${weekday.slice(0, 3)} ${d.getUTCDate()} ${month.slice(0, 3)}`;
}

/** Hindi's parts of the day before a 12-hour time (CLDR's hi day periods): "सुबह 9:00", "शाम 7:00". */
function hindiDayPeriod(h: number): string {
  if (h >= 4 && h < 12) return "सुबह";
  if (h >= 12 && h < 16) return "दोपहर";
  if (h >= 16 && h < 20) return "शाम";
  return "रात";
}

/** A time of day "19:00" as "7:00 pm" ("शाम 7:00" in Hindi); null when it is not one. */
export function clockTime(time: string | null | undefined): string | null {
  const t = /^(\d{1,2}):(\d{2})/.exec(time ?? "");
  if (!t) return null;
  const h = Number(t[1]);
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${t[2]}`;
  return getLocale() === "hi" ? `${hindiDayPeriod(h)} ${clock}` : `${clock} ${h >= 12 ? "pm" : "am"}`;
}
