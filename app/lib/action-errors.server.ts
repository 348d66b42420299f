import { formFailure } from "./page-errors.server.ts";

/**
 * Kept only for app/routes/service.tsx and app/routes/vendor.tsx until they import
 * page-errors.server.ts (the one error translator for pages) directly; delete this file then.
 */
export { pagePath } from "./page-errors.server.ts";

/** @deprecated Use `formFailure(e, request, { intent })` from page-errors.server.ts. */
export const actionFailure = (e: unknown, intent: string, request: Request) => formFailure(e, request, { intent });
