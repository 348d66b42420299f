-- Moderation (issue 14). An admin archives a service with a reason its vendor sees; it stays archived
-- until an admin restores it (the vendor's own archive toggle refuses). A vendor disputes a review on
-- their service; it stays public and counted until an admin keeps or hides it, with a reason. One
-- open dispute per review at a time.
ALTER TABLE `services` ADD `moderation_reason` text;
--> statement-breakpoint
ALTER TABLE `services` ADD `moderated_at` integer;
--> statement-breakpoint
ALTER TABLE `services` ADD `moderated_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
CREATE TABLE `review_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`review_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`decided_by` text,
	`decision_reason` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_disputes_open_unique` ON `review_disputes` (`review_id`) WHERE "review_disputes"."status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX `review_disputes_status_idx` ON `review_disputes` (`status`,`created_at`);
