import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { runFormOnce } from "#app/lib/once-token.server.ts";
import { formFailure, loadOrRespond, pagePath, readForm } from "#app/lib/page-errors.server.ts";
import { readFormData } from "#platform/request-body.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { Invalid } from "#domain/core/index.ts";
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

/**
 * The budget page's forms, by intent: total, add-line, edit-line, delete-line, suggest, link-booking.
 * Each calls the domain function the API calls (functions/domain/planning/budget.ts); success redirects
 * back with a toast (post, redirect, get), a refusal shows on the form that was sent. The add-line
 * form carries a one-time token: sent twice, it adds one line (app/lib/once-token.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const here = pagePath(request);
  let intent = "";
  const done = (message: string, anchor = "") => redirectWithToast(request, `${here}${anchor}`, { type: "success", message });
  try {
    const form = await readFormData(request);
    const sent = form.get("intent");
    intent = typeof sent === "string" ? sent.slice(0, 40) : "";
    return await runFormOnce(request, domain, form, async () => {
      const { input } = await readForm(request, z.record(z.string(), z.unknown()), form);
      const id = typeof input.lineId === "string" ? input.lineId : typeof input.bookingId === "string" ? input.bookingId : "";
      switch (intent) {
        case "total":
          await setTotalBudget(domain, { totalBudget: input.totalBudget });
          return done("Total budget saved.");
        case "add-line":
          await createBudgetLine(domain, pick(input, LINE_FIELDS));
          return done("Budget line added.", "#lines");
        case "edit-line":
          await updateBudgetLine(domain, id, pick(input, input.linked === "1" ? BOOKING_LINE_FIELDS : LINE_FIELDS));
          return done("Budget line saved.", "#lines");
        case "delete-line":
          await deleteBudgetLine(domain, id);
          return done("Budget line deleted.", "#lines");
        case "suggest": {
          const { added } = await applySuggestedSplit(domain);
          return done(added ? `Suggested estimates added to ${added} categories.` : "Every category already has an estimate.", "#categories");
        }
        case "link-booking":
          await linkBooking(domain, id, pick(input, ["category", "eventId"]));
          return done("Booking placed in your budget.", "#lines");
        default:
          throw new Invalid("Unknown action.");
      }
    });
  } catch (e) {
    return formFailure(e, request, { intent });
  }
}
