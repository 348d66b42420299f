import { galleryTags, listTemplates, watchHistory, type WatchedTemplate } from "#domain/invitations/index.ts";
import { can, type DomainContext } from "#domain/core/index.ts";
import { urlQuery } from "#app/lib/list-loader.server.ts";
import { templateQuery, type TemplateQuery } from "#shared/template-schemas.ts";

/** The gallery's query keys; the repeated checkbox filters (mood=A&mood=B) are read as "A,B", as the API reads them. */
export const QUERY_KEYS = ["mood", "amount", "requirement", "tags", "q", "sort", "page"] as const;
const LIST_KEYS = ["mood", "requirement", "tags"] as const;

/** The filters the URL names; values the gallery does not know are left out (and the page says so) rather than failing the page. */
function readFilters(raw: Record<string, string>): { filters: TemplateQuery; ignored: string[] } {
  const left = { ...raw };
  const ignored: string[] = [];
  for (let attempt = 0; attempt < QUERY_KEYS.length; attempt++) {
    const parsed = templateQuery.safeParse(left);
    if (parsed.success) return { filters: parsed.data, ignored };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key in left) {
        ignored.push(key);
        delete left[key];
      }
    }
  }
  return { filters: templateQuery.parse({}), ignored };
}

/** The gallery page: the templates for the URL's filters, the tags to filter by, and a couple's recently viewed designs. */
export async function loadGallery(request: Request, domain: DomainContext) {
  const url = new URL(request.url);
  const raw = urlQuery(url, QUERY_KEYS, { lists: LIST_KEYS, skipBlank: true });
  const { filters, ignored } = readFilters(raw);
  const isCouple = can.planWedding(domain.actor);
  const [list, tags, recent] = await Promise.all([
    listTemplates(domain, { ...raw, ...Object.fromEntries(ignored.map((k) => [k, undefined])) }),
    galleryTags(domain),
    isCouple ? watchHistory(domain, 8) : Promise.resolve([] as WatchedTemplate[]),
  ]);
  return { list, tags, recent, filters, ignored, origin: url.origin };
}
