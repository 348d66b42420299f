import { z } from "zod";
import { bookingLinkInput, budgetLineInput, budgetLineUpdate, totalBudgetInput } from "#shared/budget-schemas.ts";
import {
  applySuggestedSplit,
  budgetOverview,
  createBudgetLine,
  deleteBudgetLine,
  linkBooking,
  setTotalBudget,
  updateBudgetLine,
} from "#domain/planning/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { versionInput } from "#shared/row-version.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const id = z.string().min(1).max(64);
const REFUSAL = m.api_only_couples_plan;

/**
 * Wedding budget (issue 12): the couple's own; another couple's line or booking is 404 and changes
 * nothing. Rules live in functions/domain/planning/ (budget-*.ts, total-budget.ts) (docs/decisions/0021-wedding-budget.md).
 */
export const budgetApi = new Resource("/budget", "Wedding budget")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The couple's budget: total, items, totals per category and per function, warnings, upcoming payments",
      description:
        "Booked and paid fill in from the couple's bookings (agreed price; advance plus instalments received; cancelled bookings leave), quoted from the quote a booking came from and the latest valid quote on each open enquiry. remaining = totalBudget - committed (booked).",
      access: ACCESS.planner,
      refusal: REFUSAL,
    },
    async (c) => c.json({ success: true, budget: await budgetOverview(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/total",
      summary: "Set the couple's total budget (whole rupees; version: the total your copy showed, 0 when none was set)",
      description:
        "The total's version is the total itself: a change sent with a version that is no longer the stored total is refused (409) with the total as it is now, and nothing is saved. Without a version the total is set as before.",
      body: totalBudgetInput,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: {
        200: "The total budget",
        400: "Not an amount in whole rupees",
        409: "Changed by someone else since that version: nothing saved; current is the total as it is now",
      },
    },
    async (c, { body }) => c.json({ success: true, ...(await setTotalBudget(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/lines",
      summary: "Add a budget line: category, label, estimated, quoted, booked, paid (whole rupees), dueDate, notes, eventId",
      idempotent: true,
      body: budgetLineInput,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: { 201: "The line", 400: "Invalid amounts or dates", 404: "Not one of your functions" },
    },
    async (c, { body }) => c.json({ success: true, ...(await createBudgetLine(c.get("domain"), body)) }, 201),
  )
  .endpoint(
    {
      method: "put",
      path: "/lines/:id",
      summary: "Change a budget line (only the fields sent); a booking's line takes booked and paid from the booking",
      params: z.object({ id }),
      body: budgetLineUpdate,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: {
        200: "The line",
        400: "Invalid amounts or dates",
        404: "Not your line",
        409: "Changed by someone else since that version: nothing saved; current is the line as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await updateBudgetLine(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/lines/:id",
      summary: "Delete a budget line (a booking's line: the booking goes back to its own category; version: the line's version the removal was decided on)",
      params: z.object({ id }),
      query: versionInput,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: {
        200: "Deleted",
        404: "Not your line",
        409: "Changed by someone else since that version: nothing deleted; current is the line as it is now",
      },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await deleteBudgetLine(c.get("domain"), params.id, query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/suggest",
      summary:
        "Suggest a split: every category without an estimate gets its fixed share of the total budget (version: the budget's splitVersion it was asked for on)",
      description:
        "Shares per category are fixed and documented (docs/decisions/0021-wedding-budget.md). 409 without a total budget. `?version=`: the `splitVersion` of the budget read (GET /budget), which changes with the total and with any category's estimates.",
      query: versionInput,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: {
        200: "How many estimates were added",
        409: "No total budget, or the budget changed since that version: nothing added; current is the total and the estimates per category now",
      },
    },
    async (c, { query }) => c.json({ success: true, ...(await applySuggestedSplit(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/bookings/:id",
      summary:
        "Put one of the couple's bookings under a category and a function (booked and paid still come from the booking; version: the line's version the placement was decided on, 0 for a booking without a line)",
      params: z.object({ id }),
      body: bookingLinkInput,
      access: ACCESS.planner,
      refusal: REFUSAL,
      responses: {
        200: "The booking's line",
        404: "Not your booking or function",
        409: "Cancelled booking, or its line changed by someone else since that version: nothing saved; current is the line as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await linkBooking(c.get("domain"), params.id, body)) }),
  );
