import { z } from "zod";
import { activityList } from "#domain/weddings/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { numeric } from "#shared/numbers.ts";
import { activityLine, activityTime } from "#shared/activity-text.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const pageQuery = z.object({ page: numeric(z.number().int().min(1).max(1000).optional()) });

/**
 * The wedding's activity list (issue 33): who did what, when, in which area, newest first, 50 a page.
 * Every member of the actor's current wedding reads it (couple, partner, editor, viewer). Each item
 * carries its words in the caller's language (`text`, `time`) beside the fields they are made of.
 */
export const weddingActivityApi = new Resource("/weddings", "Weddings", { weddingStore: true }).endpoint(
  {
    method: "get",
    path: "/activity",
    summary: "The current wedding's activity: who changed what in which area and when, newest first (page of 50)",
    description:
      "Items: { id, actorName, mine, area (guests, budget, plan, invitations), action, count, subject, functionName, at (epoch ms), text, time (India) }. hasMore says whether ?page=n+1 has more. Entries are kept a year.",
    query: pageQuery,
    access: ACCESS.planner,
    refusal: m.api_only_couples_plan,
  },
  async (c, { query }) => {
    const page = await activityList(c.get("domain"), query);
    return c.json({ success: true, ...page, items: page.items.map((i) => ({ ...i, text: activityLine(i), time: activityTime(i.at) })) });
  },
);
