import { Invalid } from "#domain/core/index.ts";

/**
 * The one way a list page reads its URL (docs/decisions/0041-page-actions.md): the filters it
 * names, the page number, and what happens when a filter typed into the URL does not fit. The
 * rules of each filter are the domain's (the same list call and schema as the API); this only
 * decides what the page shows instead of an error page:
 *
 *   const url = new URL(request.url);
 *   const { result, query, problem } = await listOrFallback(urlQuery(url, ["status", "q", "page"]), (q) => listContactMessages(domain, q));
 */

/**
 * The URL's query for a list: each named key with a value (a key sent empty is left out).
 * `trim`: values without surrounding spaces (a key that is only spaces is left out); `skipBlank`:
 * values that are only spaces left out, the others kept as typed. `lists`: keys
 * that repeat (checkbox filters, `mood=A&mood=B`), joined with commas as the API reads them.
 */
export function urlQuery(
  url: URL,
  keys: readonly string[],
  { trim = false, skipBlank = false, lists = [] }: { trim?: boolean; skipBlank?: boolean; lists?: readonly string[] } = {},
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of keys) {
    const values = url.searchParams
      .getAll(key)
      .map((v) => (trim ? v.trim() : v))
      .filter((v) => (skipBlank ? v.trim() : v) !== "");
    if (!values.length) continue;
    query[key] = lists.includes(key) ? values.join(",") : values[0]!;
  }
  return query;
}

/** The page number a URL asks for: a whole number from 1 to `max`; anything else is page 1. */
export function pageNumber(url: URL, { key = "page", max = Number.MAX_SAFE_INTEGER }: { key?: string; max?: number } = {}): number {
  const asked = Number(url.searchParams.get(key) ?? "1");
  return Number.isInteger(asked) && asked >= 1 && asked <= max ? asked : 1;
}

/**
 * The list for the URL's query; when the domain refuses the query (Invalid: a filter typed into
 * the URL that does not fit), the unfiltered list instead, with the refusal's message as the
 * page's `problem` and the empty query it shows. Other errors go on (the page's loader answers them).
 */
export async function listOrFallback<Q extends object, T>(
  query: Q,
  list: (query: Q | Record<string, never>) => Promise<T>,
): Promise<{ result: T; query: Q | Record<string, never>; problem: string | null }> {
  try {
    return { result: await list(query), query, problem: null };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { result: await list({}), query: {}, problem: error.message };
  }
}
