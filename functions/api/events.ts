import { Resource } from "./endpoint.ts";

/** Wedding planner (events and tasks) (issue 12): the couple's own; another couple's is 404. Rules live in functions/domain. */
export const eventsApi = new Resource("/event", "Wedding planner (events and tasks)");
