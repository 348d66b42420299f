import { AsyncLocalStorage } from "node:async_hooks";
import { randomHex } from "#shared/tokens.ts";

/**
 * One log line per event, as JSON (Workers Logs and `wrangler tail` index its fields): the level,
 * the event's name, the request id of the request or cron run it belongs to, and the event's own
 * fields; an error is logged with its name, message and stack. The request id is also the
 * X-Request-Id response header and the reference on the error page (functions/app.ts), so a person
 * who quotes it leads to these lines.
 *
 *   log.error("media read failed", { key }, error);
 */
type Level = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

type Scope = { requestId: string };
const scope = new AsyncLocalStorage<Scope>();

/** A new request id: 16 hex characters (64 random bits), short enough to read out on the phone. */
export function newRequestId(): string {
  return randomHex(8);
}

/** Runs `work` with `requestId` on every line it logs (a request, or one cron run). */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

/** The id of the request (or cron run) being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** An error (or anything thrown) as plain fields that survive JSON. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? {} : { cause: errorFields(error.cause) };
    return { name: error.name, message: error.message, stack: error.stack, ...cause };
  }
  return { value: String(error) };
}

/** The line for an event (exported for tests). */
export function logLine(level: Level, event: string, fields: LogFields = {}, error?: unknown): string {
  const requestId = currentRequestId();
  const line: LogFields = { level, event, ...(requestId ? { requestId } : {}), ...fields };
  if (error !== undefined) line.error = errorFields(error);
  try {
    return JSON.stringify(line, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  } catch {
    // A field that cannot be written as JSON (a cycle): the event and the error still are.
    return JSON.stringify({ level, event, requestId, unserialisable: true, ...(error !== undefined ? { error: errorFields(error) } : {}) });
  }
}

function write(level: Level, event: string, fields?: LogFields, error?: unknown): void {
  const line = logLine(level, event, fields, error);
  // The only console calls in the Worker (eslint: no-console elsewhere).
  /* eslint-disable no-console */
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else if (level === "info") console.info(line);
  else console.debug(line);
  /* eslint-enable no-console */
}

export const log = {
  debug: (event: string, fields?: LogFields) => write("debug", event, fields),
  info: (event: string, fields?: LogFields) => write("info", event, fields),
  warn: (event: string, fields?: LogFields, error?: unknown) => write("warn", event, fields, error),
  error: (event: string, fields?: LogFields, error?: unknown) => write("error", event, fields, error),
};
