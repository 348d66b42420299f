-- Indexes that match the service list's sorts exactly, tie-breaker included (functions/domain/
-- discovery.ts: rating desc, review_count desc, id; min_price, id; view_count, id; created_at, id),
-- alone and within a subcategory or group. With them a page of results is read in index order and
-- the search stops after LIMIT rows instead of sorting every match (100,000 rows at the benchmark
-- size). Hand-written; the schema's older single-column sort indexes stay for other readers.
CREATE INDEX `services_sort_rating_idx` ON `services` (`status`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_sort_price_idx` ON `services` (`status`, `min_price`, `id`);
--> statement-breakpoint
CREATE INDEX `services_sort_views_idx` ON `services` (`status`, `view_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_sort_created_idx` ON `services` (`status`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `services_type_sort_rating_idx` ON `services` (`status`, `service_type`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_type_sort_price_idx` ON `services` (`status`, `service_type`, `min_price`, `id`);
--> statement-breakpoint
CREATE INDEX `services_category_sort_rating_idx` ON `services` (`status`, `service_category`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_loc_sort_rating_idx` ON `services` (`status`, `state`, `city`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_type_loc_sort_rating_idx` ON `services` (`status`, `service_type`, `state`, `city`, `rating`, `review_count`, `id`);
