import { saveChecklistInput } from "#shared/checklist.ts";
import { checklistWithVersion, mergeVisitorChecklist, saveChecklist } from "#domain/planning/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Checklist (spec section 7: POST /checklist/save, GET /checklist/get): the signed-in couple's own
 * list, keyed by the session's account, so no one can name another couple's. Rules live in
 * functions/domain/planning/checklist.ts and shared/checklist.ts.
 */
export const checklistApi = new Resource("/checklist", "Checklist")
  .endpoint(
    {
      method: "get",
      path: "/get",
      summary: "The couple's checklist: categories of { name, done, scheduleDate } (the defaults until saved) and its version (0 until saved)",
      access: ACCESS.planner,
    },
    async (c) => c.json({ success: true, ...(await checklistWithVersion(c.get("domain"))) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/save",
      summary:
        "Replace the whole checklist (body: the list of categories, or { categories, version }); with the version read, a list changed since is refused (409 with current)",
      body: saveChecklistInput,
      access: ACCESS.planner,
      responses: {
        400: "Not a valid list: errors name the field (categories.0.items.1.scheduleDate)",
        409: "Changed by someone else since that version: nothing saved; current is the list as it is now",
      },
    },
    async (c, { body }) => c.json({ success: true, message: m.api_checklist_saved(), ...(await saveChecklist(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/merge",
      summary: "Merge a visitor's checklist (kept in the browser before signing in) into the account's: nothing lost, nothing twice",
      body: saveChecklistInput,
      access: ACCESS.planner,
    },
    async (c, { body }) => c.json({ success: true, categories: await mergeVisitorChecklist(c.get("domain"), body) }),
  );
