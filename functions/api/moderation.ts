import { Resource } from "./endpoint.ts";

/** Issue 14, moderation: archive/restore services, verify vendors, review disputes, records' history and the audit log. OWNER: the moderation helper. */
export const moderationApi = new Resource("/admin", "Moderation");
