import { z } from "zod";
import { numeric } from "./numbers.ts";

/**
 * The version of a planning row that a page form and an API client send back with an edit (issue
 * 33, docs/decisions/0052-plan-together-live.md): the row's `updated_at` as it was when the copy
 * was read. An edit made on a copy that is no longer the stored one is refused (409) with the
 * current value. Optional: an edit without it is still guarded against a change between the
 * server's own read and write.
 */
export const rowVersion = numeric(z.number({ error: "Send the version you read." }).int("Send the version you read.").min(0).optional());
