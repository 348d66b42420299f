import { Resource } from "./endpoint.ts";

/** Issue 13, cards: the couple's cards (GET, POST, PATCH, DELETE /userDataTemplate), their rendered image and export. Rules live in functions/domain. OWNER: the cards helper. */
export const userCardsApi = new Resource("/userDataTemplate", "Invitation cards");
