import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { ACCESS } from "#domain/core/index.ts";
import {
  applySuggestedSplit,
  budgetOverview,
  createBudgetLine,
  deleteBudgetLine,
  linkBooking,
  setTotalBudget,
  updateBudgetLine,
} from "#domain/planning/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ budget: await budgetOverview(domain), onceToken: newOnceToken() }));
}

/** Only the fields a line's form names, so stray fields never reach the domain. */
const pick = (input: Record<string, unknown>, names: string[]) => Object.fromEntries(names.filter((n) => n in input).map((n) => [n, input[n]]));
const LINE_FIELDS = ["category", "label", "estimated", "quoted", "booked", "paid", "dueDate", "notes", "eventId"];
const BOOKING_LINE_FIELDS = ["category", "label", "estimated", "dueDate", "notes", "eventId"];
/** An edit (and a removal, and the total) also sends back the version of the copy drawn, so one made on a stale copy is refused (issue 33). */
const EDIT_FIELDS = [...LINE_FIELDS, "version"];
const BOOKING_EDIT_FIELDS = [...BOOKING_LINE_FIELDS, "version"];

/** A saved form goes back to the page (at the part it changed) with a success toast: post, redirect, get. */
const saved = (request: Request, message: string, anchor = "") => redirectWithToast(request, `${pagePath(request)}${anchor}`, { type: "success", message });

/** The line or booking a form names. */
const idOf = (fields: Record<string, unknown>) =>
  typeof fields.lineId === "string" ? fields.lineId : typeof fields.bookingId === "string" ? fields.bookingId : "";

/**
 * The budget page's forms, by intent: total, add-line, edit-line, delete-line, suggest, link-booking.
 * Each calls the domain function the API calls (functions/domain/planning/ (budget-*.ts, total-budget.ts)); success redirects
 * back with a toast (post, redirect, get), a refusal shows on the form that was sent. The add-line
 * form carries a one-time token: sent twice, it adds one line (app/lib/once-token.tsx).
 */
export const action = pageAction({
  access: ACCESS.signedIn,
  once: true,
  intents: {
    total: async ({ request, domain, fields }) => {
      const { message } = await setTotalBudget(domain, pick(fields, ["totalBudget", "version"]));
      return saved(request, message);
    },
    "add-line": async ({ request, domain, fields }) => {
      const { message } = await createBudgetLine(domain, pick(fields, LINE_FIELDS));
      return saved(request, message, "#lines");
    },
    "edit-line": async ({ request, domain, fields }) => {
      const { message } = await updateBudgetLine(domain, idOf(fields), pick(fields, fields.linked === "1" ? BOOKING_EDIT_FIELDS : EDIT_FIELDS));
      return saved(request, message, "#lines");
    },
    "delete-line": async ({ request, domain, fields }) => {
      const { message } = await deleteBudgetLine(domain, idOf(fields), pick(fields, ["version"]));
      return saved(request, message, "#lines");
    },
    suggest: async ({ request, domain, fields }) => {
      const { message } = await applySuggestedSplit(domain, pick(fields, ["version"]));
      return saved(request, message, "#categories");
    },
    "link-booking": async ({ request, domain, fields }) => {
      const { message } = await linkBooking(domain, idOf(fields), pick(fields, ["category", "eventId", "version"]));
      return saved(request, message, "#lines");
    },
  },
});
