import { Resource } from "./endpoint.ts";

/** Issue 13, einvite: publishing a card as the live e-invite, its public page's RSVP and the couple's approvals. Rules live in functions/domain. OWNER: the einvite helper. */
export const invitationsApi = new Resource("/invitation", "E-invites");
