import { ALL_SUBCATEGORIES } from "#shared/catalogue.ts";
import { PAGE_SIZE_DEFAULT } from "#shared/sort-options.ts";
import type { Chunk } from "./generator.ts";
import { demoImageKey, IMAGES_PER_SUBCATEGORY } from "./images.ts";

/** A listing as the cover pass needs it. */
export type CoverRow = { id: string; service_type: string; state: string; city: string; cover_key: string | null };

type Row = Chunk["rows"][number];

/**
 * The browse pages' default order (functions/domain/catalogue/service-search.ts, sort=rating): featured first,
 * best rated, most reviewed, then the newest id.
 */
export function byDefaultListOrder(a: Row, b: Row): number {
  const n = (r: Row, k: string) => Number(r[k] ?? 0);
  return (
    n(b, "featured") - n(a, "featured") ||
    n(b, "rating") - n(a, "rating") ||
    n(b, "review_count") - n(a, "review_count") ||
    (a.id! < b.id! ? 1 : a.id! > b.id! ? -1 : 0)
  );
}

const VARIANT = /-(\d+)\.svg$/;

/**
 * Covers for the demo's first pages (issue 28: the first 12 banquet halls showed 5 pictures). The
 * generator draws each listing's photos at random from its subcategory's artworks, before any
 * rating exists, so neighbours on a page often share one. Given the active listings in the browse
 * pages' order, this picks a cover for every listing on the first page of its subcategory in India,
 * in its state and in its city, so that no such page shows a picture twice: the listing keeps its
 * cover when no one above it on those pages has it, else takes the first artwork free on all of
 * them. A group's or all of India's first page shows each subcategory's best listings in the same
 * order, so they do not repeat either. Returns the new cover of each listing whose cover changes.
 */
export function firstPageCovers(rows: readonly CoverRow[], variants = IMAGES_PER_SUBCATEGORY, pageSize = PAGE_SIZE_DEFAULT): Map<string, string> {
  const slugs = new Map(ALL_SUBCATEGORIES.map((s) => [s.name, s.slug]));
  const seen = new Map<string, number>(); // listings so far on each page
  const taken = new Map<string, Set<number>>(); // artworks on each first page
  const changes = new Map<string, string>();
  for (const row of rows) {
    const slug = slugs.get(row.service_type);
    if (!slug) continue;
    const pages = [`${row.service_type}`, `${row.service_type}|${row.state}`, `${row.service_type}|${row.state}|${row.city}`].filter((page) => {
      const n = seen.get(page) ?? 0;
      seen.set(page, n + 1);
      return n < pageSize;
    });
    if (!pages.length) continue;
    const used = new Set(pages.flatMap((page) => [...(taken.get(page) ?? [])]));
    const current = Number(VARIANT.exec(row.cover_key ?? "")?.[1] ?? -1);
    const ownKey = row.cover_key === demoImageKey(slug, current);
    let variant = ownKey && !used.has(current) ? current : [...Array(variants).keys()].find((v) => !used.has(v));
    variant ??= ownKey ? current : 0; // every artwork taken (more listings than artworks): keep it
    for (const page of pages) (taken.get(page) ?? taken.set(page, new Set()).get(page)!).add(variant);
    const key = demoImageKey(slug, variant);
    if (key !== row.cover_key) changes.set(row.id, key);
  }
  return changes;
}

/**
 * The generator's chunks with the first pages' covers chosen (firstPageCovers): each changed
 * listing's cover, and its photos so that the cover stays photo 1 (swapped with the photo that
 * had it, if any). Holds every chunk until the last: for the demo's thousands of listings, not for
 * a benchmark's hundred thousand.
 */
export function* withFirstPageCovers(chunks: Iterable<Chunk>): Generator<Chunk> {
  const all = [...chunks];
  const services = all.filter((c) => c.table === "services").flatMap((c) => c.rows);
  const listed = services.filter((s) => s.status === "active").sort(byDefaultListOrder);
  const covers = firstPageCovers(listed as CoverRow[]);
  const oldCover = new Map(services.filter((s) => covers.has(s.id as string)).map((s) => [s.id as string, s.cover_key as string]));
  for (const chunk of all) {
    if (chunk.table === "services")
      yield { table: chunk.table, rows: chunk.rows.map((s) => (covers.has(s.id as string) ? { ...s, cover_key: covers.get(s.id as string)! } : s)) };
    else if (chunk.table === "service_media")
      yield {
        table: chunk.table,
        rows: chunk.rows.map((m) => {
          const cover = covers.get(m.service_id as string);
          if (!cover) return m;
          if (m.position === 0) return { ...m, key: cover };
          return m.key === cover ? { ...m, key: oldCover.get(m.service_id as string)! } : m;
        }),
      };
    else yield chunk;
  }
}
