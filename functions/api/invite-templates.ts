import { Resource } from "./endpoint.ts";

/** Issue 13, gallery: GET /inviteTemplate/get, GET /inviteTemplate/{id}, admins' create, PUT, DELETE. Rules live in functions/domain. OWNER: the gallery helper. */
export const inviteTemplateApi = new Resource("/inviteTemplate", "Invitation templates");

/** Issue 13, gallery: GET /templateWatchHistory (the couple's recently viewed), POST /templateWatchHistory/{id}. */
export const watchHistoryApi = new Resource("/templateWatchHistory", "Template watch history");
