import { Resource } from "./endpoint.ts";

/** Wedding budget (issue 12): the couple's own; another couple's is 404. Rules live in functions/domain. */
export const budgetApi = new Resource("/budget", "Wedding budget");
