/**
 * Wedding planning: the couple's wedding and its functions, tasks, checklist, budget and the daily
 * planning reminder.
 *
 * The budget, one job a file: budget-overview.ts (the whole budget read at once), budget-lines.ts
 * (the couple's lines, a booking linked), total-budget.ts (the total and its suggested split);
 * budget-records.ts holds what they share.
 *
 * The planner, one job a file: wedding-plan.ts (the whole plan), event-detail.ts (one function's
 * page), event-changes.ts (functions and sub-events one by one), tradition-functions.ts (a
 * tradition's functions at once), event-vendors.ts (vendors linked to a function), tasks.ts,
 * checklist.ts; event-records.ts holds what they share; wedding-functions.ts says whose they are.
 *
 * The daily planning reminder: planning-reminders.ts (the run), reminder-reads.ts, reminder-digests.ts,
 * reminder-mail.ts; reminder-records.ts holds what they share.
 *
 * This file is the area's only face: code outside functions/domain/planning/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { createBudgetLine, deleteBudgetLine, linkBooking, updateBudgetLine } from "./budget-lines.ts";
export { budgetOverview } from "./budget-overview.ts";
export { type BudgetItem } from "./budget-records.ts";
export { changeChecklist, checklistView, checklistWithVersion, getChecklist, mergeVisitorChecklist, saveChecklist } from "./checklist.ts";
export { createEvent, createSubEvent, deleteEvent, updateEvent } from "./event-changes.ts";
export { eventDetail, type EventDetail } from "./event-detail.ts";
export { type PlannedEvent, type TaskRow } from "./event-records.ts";
export { linkVendor, unlinkVendor, vendorCandidates } from "./event-vendors.ts";
export { sendPlanningReminders } from "./planning-reminders.ts";
export { WAITING_TO_ANSWER_IN_STORE_SQL } from "./reminder-reads.ts";
export { daysAfter, HOUSEHOLD_NAMES_MAX, SECTION_MAX_LINES } from "./reminder-records.ts";
export { createTask, deleteTask, listTasks, setTaskStatus, updateTask } from "./tasks.ts";
export { applySuggestedSplit, setTotalBudget } from "./total-budget.ts";
export { createFromTemplate, traditionProposals } from "./tradition-functions.ts";
export { type WeddingFunction, weddingFunctions } from "./wedding-functions.ts";
export { weddingPlan } from "./wedding-plan.ts";
