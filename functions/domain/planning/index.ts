/**
 * Wedding planning: the couple's wedding and its functions, tasks, checklist, budget and the daily
 * planning reminder.
 *
 * This file is the area's only face: code outside functions/domain/planning/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./budget.ts";
export * from "./checklist.ts";
export * from "./planning-reminders.ts";
export * from "./tasks.ts";
export * from "./wedding-events.ts";
export * from "./wedding-functions.ts";
