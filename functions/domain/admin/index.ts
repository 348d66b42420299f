/**
 * Running the platform: moderation, the admin console and the queue of enquiries reported as spam.
 *
 * This file is the area's only face: code outside functions/domain/admin/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./admin-console.ts";
export * from "./moderation.ts";
export * from "./spam-queue.ts";
