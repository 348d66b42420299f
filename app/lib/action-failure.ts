/**
 * Kept only for app/routes/service.tsx until it imports the type from page-errors.server.ts (the
 * one failure shape of page forms, `PageFailure`); delete this file then.
 */
export type { PageFailure as ActionFailure } from "./page-errors.server.ts";
