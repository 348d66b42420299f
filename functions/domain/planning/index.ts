/**
 * Wedding planning: the couple's wedding and its functions, tasks, checklist, budget and the daily
 * planning reminder.
 *
 * The budget, one job a file: budget-overview.ts (the whole budget read at once), budget-lines.ts
 * (the couple's lines, a booking linked), total-budget.ts (the total and its suggested split);
 * budget-records.ts holds what they share.
 *
 * This file is the area's only face: code outside functions/domain/planning/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { createBudgetLine, deleteBudgetLine, linkBooking, updateBudgetLine } from "./budget-lines.ts";
export { budgetOverview } from "./budget-overview.ts";
export { type BudgetItem } from "./budget-records.ts";
export { changeChecklist, getChecklist, mergeVisitorChecklist, saveChecklist } from "./checklist.ts";
export { daysAfter, HOUSEHOLD_NAMES_MAX, SECTION_MAX_LINES, sendPlanningReminders } from "./planning-reminders.ts";
export { createTask, deleteTask, listTasks, setTaskStatus, updateTask } from "./tasks.ts";
export { applySuggestedSplit, setTotalBudget } from "./total-budget.ts";
export {
  createEvent,
  createFromTemplate,
  createSubEvent,
  deleteEvent,
  eventDetail,
  type EventDetail,
  linkVendor,
  type PlannedEvent,
  type TaskRow,
  traditionProposals,
  unlinkVendor,
  updateEvent,
  vendorCandidates,
  weddingPlan,
} from "./wedding-events.ts";
export { requirePlanner, type WeddingFunction, weddingFunctions } from "./wedding-functions.ts";
