/** Indian formats at the edge of the UI: rupees without decimals, dates as "22 Nov 2026", IST. */
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-IN");
const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

export const formatRupees = (amount: number) => rupees.format(amount);
export const formatCount = (n: number) => count.format(n);
export const formatDate = (value: number | string | Date) => longDate.format(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+05:30`) : new Date(value));

/** "Per Plate" -> "plate", for "from ₹1,200 / plate". */
export function unitLabel(unit: string): string {
  return unit.replace(/^per\s+/i, "").toLowerCase();
}

export function priceFrom(minPrice: number, unit: string): string {
  return `from ${formatRupees(minPrice)} / ${unitLabel(unit)}`;
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
