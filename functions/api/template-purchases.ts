import { Resource } from "./endpoint.ts";

/** Issue 13, purchases: POST /template/create-order/{tempId}, GET /template/payment-status/{tempId}. Rules live in functions/domain. OWNER: the purchases helper. */
export const templatePurchasesApi = new Resource("/template", "Template purchases");
