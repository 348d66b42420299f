-- One set of rating indexes (issue 34, docs/decisions/0051-a-million-listings.md, "2026-12-01: one
-- rating index").
--
-- services had each rating index twice: (…, featured, rating, review_count, id) for the default
-- order (featured first, migrations/0049) and (…, rating, review_count, id) for rating, lowest
-- first, which does not sort by featured. The search now reads that order from the featured
-- indexes too, the featured services and the others each in index order, merged
-- (functions/domain/catalogue/service-search.ts), so no search plan reads these five any more
-- (tests/bench/search-results.mjs over 1,056 searches). Dropping an index frees its pages; no
-- row is read or written. Every statement is idempotent.
-- Back: migrations/0020_search_sort_indexes.sql's CREATE INDEX statements for the five.
DROP INDEX IF EXISTS `services_sort_rating_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `services_type_sort_rating_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `services_category_sort_rating_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `services_loc_sort_rating_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `services_type_loc_sort_rating_idx`;
