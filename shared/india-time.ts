/**
 * India's clock, written once. India Standard Time is UTC+05:30 all year (no daylight saving), so a
 * fixed offset is exact. The product's days (a booking's day, "today" for a quote's validity, the
 * financial year, a report's buckets) are India's calendar days, whatever the server's clock zone.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;
/** The same offset in seconds, for SQLite: `date(created_at / 1000 + ${INDIA_OFFSET_SECONDS}, 'unixepoch')`. */
export const INDIA_OFFSET_SECONDS = INDIA_OFFSET_MS / 1000;
export const DAY_MS = 86_400_000;

/** An instant on India's clock: a Date whose UTC fields (getUTCMonth, toISOString...) read India's date and time. */
export const onIndiaClock = (ms: number) => new Date(ms + INDIA_OFFSET_MS);

/** India's date of an instant (today by default) as yyyy-mm-dd. */
export function todayInIndia(now = Date.now()): string {
  return onIndiaClock(now).toISOString().slice(0, 10);
}

/** India's date n days after today (before, when n is negative) as yyyy-mm-dd. */
export const indiaDateInDays = (n: number, now = Date.now()) => todayInIndia(now + n * DAY_MS);

/** The India calendar day number (days since 1970-01-01 in Asia/Kolkata) of an instant. */
export const indiaDay = (ms: number) => Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS);

/** The first millisecond of the India day holding an instant. */
export const startOfIndiaDay = (ms: number) => indiaDay(ms) * DAY_MS - INDIA_OFFSET_MS;

/** The first millisecond of an India date given as yyyy-mm-dd ("2026-11-23" starts at 2026-11-22T18:30Z). */
export const indiaMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS;

/** "2026-11-23 14:05" in India time. */
export function indiaDateTime(ms: number): string {
  const d = onIndiaClock(ms).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

/** "2026-12-01T10:00" (India time) for a datetime-local field; "" for none. */
export const toIndiaLocalInput = (ms: number | null) => (ms === null ? "" : onIndiaClock(ms).toISOString().slice(0, 16));

/** Epoch ms from a datetime-local value typed in India time; null when empty; NaN when not a time. */
export function fromIndiaLocalInput(value: string): number | null {
  if (!value.trim()) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) - INDIA_OFFSET_MS;
}
