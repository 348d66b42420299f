-- One index for "a couple's reviews" and "one review per couple per service" (issue 34,
-- docs/decisions/0051-a-million-listings.md).
--
-- reviews had both a unique (service_id, user_id) index and a (user_id) index. The unique rule is
-- the same with the columns the other way round, and (user_id, service_id) then also serves every
-- statement that starts from the couple (a couple's own reviews and their photos, the cascade when
-- an account closes: WHERE user_id = ?) as its leading column. Statements that start from the
-- service (the service page, the aggregates, the cascade when a service goes) read
-- reviews_service_idx (service_id, status, created_at), which stays. At 100,000 services this is
-- 158 bytes per service (the (user_id) index). No table is rebuilt: creating the index reads the
-- table once; every statement is idempotent.
-- Back: CREATE UNIQUE INDEX reviews_service_user_unique ON reviews (service_id, user_id) and
-- CREATE INDEX reviews_user_idx ON reviews (user_id), then drop reviews_user_service_unique.
CREATE UNIQUE INDEX IF NOT EXISTS `reviews_user_service_unique` ON `reviews` (`user_id`, `service_id`);
--> statement-breakpoint
DROP INDEX IF EXISTS `reviews_service_user_unique`;
--> statement-breakpoint
DROP INDEX IF EXISTS `reviews_user_idx`;
