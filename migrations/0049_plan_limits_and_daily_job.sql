-- Plan limits and the daily subscription job (issue 11, docs/decisions/0019-plan-limits.md).
-- A service beyond the vendor's plan limit gets status 'hidden' (every public read already lists
-- status 'active' only) and plan_hidden_at says since when; the vendor still sees and edits it, and
-- it comes back when a plan allows it. Nothing is deleted.
ALTER TABLE `services` ADD `plan_hidden_at` integer;
--> statement-breakpoint
-- The expiry reminders sent (7, 3 and 1 days before a subscription ends): one row per subscription
-- and reminder, so each is mailed once however often or concurrently the daily job runs (the mail
-- is queued only for rows this run inserted, run_id).
CREATE TABLE `subscription_reminders` (
	`subscription_id` text NOT NULL,
	`days` integer NOT NULL,
	`run_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`subscription_id`, `days`),
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Featured placement (a plan limit): the services of vendors whose plan in force includes it rank
-- first in the default order (rating, best first). Kept per service by the plan-limit statements,
-- so the sort stays index-driven: the rating sort indexes again with `featured` before `rating`
-- (the older ones stay for the ascending rating sort).
ALTER TABLE `services` ADD `featured` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX `services_featured_rating_idx` ON `services` (`status`, `featured`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_type_featured_rating_idx` ON `services` (`status`, `service_type`, `featured`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_category_featured_rating_idx` ON `services` (`status`, `service_category`, `featured`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_loc_featured_rating_idx` ON `services` (`status`, `state`, `city`, `featured`, `rating`, `review_count`, `id`);
--> statement-breakpoint
CREATE INDEX `services_type_loc_featured_rating_idx` ON `services` (`status`, `service_type`, `state`, `city`, `featured`, `rating`, `review_count`, `id`);
