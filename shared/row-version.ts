import { z } from "zod";
import { numeric } from "./numbers.ts";
import { m } from "./paraglide/messages.js";
import { say } from "./say.ts";

/**
 * The version of a planning row that a page form and an API client send back with an edit (issue
 * 33, docs/decisions/0052-plan-together-live.md): the row's `updated_at` as it was when the copy
 * was read. An edit made on a copy that is no longer the stored one is refused (409) with the
 * current value. Optional: an edit without it is still guarded against a change between the
 * server's own read and write.
 */
export const rowVersion = numeric(z.number(say(m.api_v_version)).int(say(m.api_v_version)).min(0, say(m.api_v_version)).optional());

/** A remove (or another one-field write) made on a copy: the version of that copy, sent as `?version=` or a form's hidden field. */
export const versionInput = z.object({ version: rowVersion });
