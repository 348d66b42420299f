import type { MockInstance } from "vitest";

/** The JSON log lines (functions/platform/log.ts) a console spy saw, parsed. */
export function loggedEvents(spy: MockInstance<(...args: unknown[]) => void>): Record<string, unknown>[] {
  return spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
}
