import type { Env } from "#functions/env.ts";
import { log } from "./log.ts";

/**
 * Key events, counted in Workers Analytics Engine (docs/deploy.md, "Watching it", has a query for
 * each). One contract, two implementations chosen by configuration (eventRecorderFor):
 * - "analytics-engine": the dataset binding EVENTS (declared for production in wrangler.jsonc);
 *   `writeDataPoint` is fire-and-forget and costs no D1 query;
 * - "d1" (the local default, development and tests): the same data point as a row of
 *   `analytics_events`, whose columns carry Analytics Engine's names (timestamp, index1,
 *   blob1..blob5, double1..double3), so the documented queries read the same locally
 *   (`npx wrangler d1 execute mandap --local --command "…"`). The insert is deferred (waitUntil), so
 *   it never slows an answer.
 *
 * A data point never names a person: blob1 is the event, the other blobs are categories, cities,
 * outcomes and job names; doubles are counts, amounts and durations (the privacy policy says so).
 */
export const KEY_EVENTS = ["search", "enquiry", "signup", "payment", "refund", "job_run", "mail_delivered", "mail_failed"] as const;
export type KeyEvent = (typeof KEY_EVENTS)[number];

/** At most this many labels (blob2..blob5) and values (double1..double3) per point. */
export const EVENT_LABELS = 4;
export const EVENT_VALUES = 3;
/** A label is cut to this many characters (Analytics Engine allows 16 KB of blobs per point). */
const LABEL_MAX = 120;

export type EventPoint = {
  event: KeyEvent;
  /** blob2.. in order: what the event was about (see docs/deploy.md for each event's labels). */
  labels?: readonly (string | null | undefined)[];
  /** double1.. in order: counts, rupees, milliseconds. */
  values?: readonly number[];
};

export interface EventRecorder {
  readonly name: "analytics-engine" | "d1";
  record(point: EventPoint): void;
}

const labelsOf = (point: EventPoint) => (point.labels ?? []).slice(0, EVENT_LABELS).map((l) => (l == null ? "" : String(l).slice(0, LABEL_MAX)));
const valuesOf = (point: EventPoint) => (point.values ?? []).slice(0, EVENT_VALUES).map((v) => (Number.isFinite(v) ? v : 0));

/** Workers Analytics Engine (index1 = the event, so sampling keeps each event's share). */
export function analyticsEngineRecorder(dataset: AnalyticsEngineDataset): EventRecorder {
  return {
    name: "analytics-engine",
    record(point) {
      try {
        dataset.writeDataPoint({ indexes: [point.event], blobs: [point.event, ...labelsOf(point)], doubles: valuesOf(point) });
      } catch (e) {
        log.warn("analytics event not written", { event: point.event }, e);
      }
    },
  };
}

/** The local default: one row per point in `analytics_events`, written after the answer. */
export function d1EventRecorder(db: D1Database, defer: (work: Promise<unknown>) => void, clock: () => number = Date.now): EventRecorder {
  return {
    name: "d1",
    record(point) {
      const blobs = labelsOf(point);
      const doubles = valuesOf(point);
      const row = [...blobs, ...Array<string | null>(EVENT_LABELS - blobs.length).fill(null)];
      const nums = [...doubles, ...Array<number | null>(EVENT_VALUES - doubles.length).fill(null)];
      defer(
        db
          .prepare(
            `INSERT INTO analytics_events (timestamp, index1, blob1, blob2, blob3, blob4, blob5, double1, double2, double3)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(clock(), point.event, point.event, ...row, ...nums)
          .run()
          .catch((e: unknown) => log.warn("analytics event not written", { event: point.event }, e)),
      );
    },
  };
}

/** The recorder the configuration chooses: the EVENTS dataset where bound, else the local D1 table. */
export function eventRecorderFor(env: Pick<Env, "DB" | "EVENTS">, defer: (work: Promise<unknown>) => void): EventRecorder {
  return env.EVENTS ? analyticsEngineRecorder(env.EVENTS) : d1EventRecorder(env.DB, defer);
}
