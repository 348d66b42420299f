import { weddingExport } from "#domain/exports/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The current wedding's records as a zip of CSV files (issue 33, docs/decisions/0065-wedding-export.md),
 * the same file as the page's /profile/family/export.zip: for the couple and partners; any other
 * member is refused (403), a visitor 401. Headers in the caller's language.
 */
export const weddingExportApi = new Resource("/weddings", "Weddings", { weddingStore: true }).endpoint(
  {
    method: "get",
    path: "/export",
    summary: "The current wedding's records as a zip of CSV files (the couple and partners)",
    description:
      "application/zip: functions.csv, tasks.csv, checklist.csv, budget-total.csv, budget.csv, guests.csv (the guest import's columns), households.csv, invitations.csv, answers.csv, e-invite-requests.csv, cards.csv, planners.csv, activity.csv. Headers and fixed words in the caller's language; no RSVP tokens or invitation links.",
    access: ACCESS.planner,
    refusal: m.api_only_couples_plan,
    responses: { 200: "The zip (Content-Disposition: attachment)", 403: "The caller is not the couple or a partner of their current wedding" },
  },
  async (c) => {
    const { filename, zip } = await weddingExport(c.get("domain"));
    return c.body(zip, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  },
);
