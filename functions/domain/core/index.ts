/**
 * What every area stands on: the request's domain context and who is asking (sessions), what they
 * may do (permissions), typed errors and zod messages, ids, rate limits, write-once keys, text
 * matching, removing stored objects, and the admin audit log every area writes to.
 *
 * This file is the area's only face: code outside functions/domain/core/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./audit-log.ts";
export * from "./context.ts";
export * from "./errors.ts";
export * from "./idempotency.ts";
export * from "./ids.ts";
export * from "./media-objects.ts";
export * from "./permissions.ts";
export * from "./rate-limits.ts";
export * from "./sessions.ts";
export * from "./text-match.ts";
export * from "./validation.ts";
