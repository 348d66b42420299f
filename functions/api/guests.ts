import { Resource } from "./endpoint.ts";

/** Guest list and RSVP (issue 12): the couple's own; another couple's is 404. Rules live in functions/domain. */
export const guestsApi = new Resource("/guests", "Guest list and RSVP");

/** The household's personal RSVP link (no account): it reads and answers only its own household's invitations. */
export const rsvpApi = new Resource("/rsvp", "RSVP by personal link");
