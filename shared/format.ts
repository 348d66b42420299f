/** Indian formats at the edge of the UI: rupees without decimals, dates as "22 Nov 2026", IST. */

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

let longDate: Intl.DateTimeFormat | undefined;

export const formatRupees = (amount: number) => `${amount < 0 ? "-" : ""}₹${groupIndian(Math.abs(amount))}`;
/** A whole-number count in Indian grouping: 1,23,456. */
export const formatCount = (n: number) => groupIndian(n);

/** "1 review", "1,204 reviews". */
export const reviewCount = (n: number) => `${formatCount(n)} ${n === 1 ? "review" : "reviews"}`;
export const formatDate = (value: number | string | Date) => {
  longDate ??= new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
  return longDate.format(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+05:30`) : new Date(value));
};

/** "Per Plate" -> "plate", for "from ₹1,200 / plate". */
export function unitLabel(unit: string): string {
  return unit.replace(/^per\s+/i, "").toLowerCase();
}

/** A price unit whose amount is a share of the couple's budget ("Percentage of Budget"), not rupees. */
export function isShareOfBudget(unit: string | null | undefined): boolean {
  return /^\s*percentage\b/i.test(unit ?? "");
}

/** An amount in its unit: "₹1,200 / plate", or "6 % of budget" for a percentage price (never "₹6"). */
export function priceWithUnit(amount: number, unit: string): string {
  if (isShareOfBudget(unit)) return `${amount} % of budget`;
  return `${formatRupees(amount)} / ${unitLabel(unit)}`;
}

/** "from ₹1,200 / plate", "from 6 % of budget". */
export function priceFrom(minPrice: number, unit: string): string {
  return `from ${priceWithUnit(minPrice, unit)}`;
}

export function initials(name: string | null | undefined): string {
  const letters = (name ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  return letters.slice(0, 2).toUpperCase() || "VN";
}

/** "Usually replies within 3 hours" from the vendor's median reply time, or null when unknown. */
export function replyTimeLabel(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined) return null;
  if (minutes <= 60) return "Usually replies within an hour";
  if (minutes <= 24 * 60) return `Usually replies within ${Math.ceil(minutes / 60)} hours`;
  return `Usually replies within ${Math.ceil(minutes / 1440)} days`;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A calendar day of the wedding ("2027-02-13", an India day: no time zone involved) in words:
 * long "Saturday, 13 February 2027", medium "Sat, 13 Feb 2027", short "Sat 13 Feb"; null when it is not such a day.
 */
export function calendarDay(iso: string | null | undefined, style: "long" | "medium" | "short"): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return null;
  const weekday = WEEKDAYS[d.getUTCDay()]!;
  const month = MONTHS[d.getUTCMonth()]!;
  if (style === "long") return `${weekday}, ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
  if (style === "medium") return `${weekday.slice(0, 3)}, ${d.getUTCDate()} ${month.slice(0, 3)} ${d.getUTCFullYear()}`;
  return `${weekday.slice(0, 3)} ${d.getUTCDate()} ${month.slice(0, 3)}`;
}

/** A time of day "19:00" as "7:00 pm"; null when it is not one. */
export function clockTime(time: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(time ?? "");
  if (!m) return null;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? "pm" : "am"}`;
}
