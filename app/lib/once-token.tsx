import { randomHex } from "#shared/tokens.ts";
/**
 * One-time tokens for page forms that add something (issue 28, item 10: a double tap, a retry or
 * a form sent twice before the page's scripts ran stored two guests, households, imports, budget
 * lines, functions, contact messages or blog comments). The API's twin is the Idempotency-Key
 * header (functions/api/endpoint.ts); both run the write through runOnce
 * (functions/domain/core/idempotency.ts), so the rules are the same: the same token from the same
 * account (or, for a visitor, address) stores once, and a repeat gets the first answer again.
 *
 * Three pieces, one per side:
 * - `newOnceToken()`: the loader of a page with such a form hands the page a fresh token
 *   (`onceToken: newOnceToken()` in its data). Loaders run again after every save, so each save
 *   gets a new token; a refused save (a 4xx) keeps it, and its key is free for the corrected form.
 * - `<OnceToken token={loaderData.onceToken} />` inside the form: a hidden field, in the
 *   server-rendered HTML, so it works before hydration and without JavaScript.
 * - `runFormOnce(request, domain, form, write)` (once-token.server.ts) in the action, around the
 *   write and its answer: the first post runs `write`; a repeat with the same token and the same
 *   fields writes nothing and answers what the first got (the same redirect and toast, or the
 *   same data); a repeat that arrives while the first still runs waits for its answer. A form
 *   without the field (an old page, a script) runs `write` as before.
 *
 * Never put it on a page from the page cache (functions/platform/page-cache.ts: every visitor
 * would share the token); the pages that add things are per request.
 */

/** The hidden field's name. */
export const ONCE_FIELD = "onceToken";

/** A fresh token: 128 random bits as 32 hex characters. */
export function newOnceToken(): string {
  return randomHex(16);
}

/** The form's one-time token, as a hidden field. */
export function OnceToken({ token }: { token: string }) {
  return <input type="hidden" name={ONCE_FIELD} value={token} />;
}
