import { Resource } from "./endpoint.ts";

/** Checklist (issue 12): the couple's own; another couple's is 404. Rules live in functions/domain. */
export const checklistApi = new Resource("/checklist", "Checklist");
