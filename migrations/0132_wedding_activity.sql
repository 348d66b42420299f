-- Who did what, when, in which area of a wedding (issue 33, docs/decisions/0049-weddings.md): one row
-- per action ("Meena added 12 guests", a CSV import of 40 guests is one row), written in the same D1
-- batch as the change it describes. actor_name is the name at the time (the list still reads right
-- after the account is renamed or closed); subject and function_name are what the action was about.
-- Rows go with the wedding (cascade) and are kept a year (the daily cron deletes older ones).
CREATE TABLE IF NOT EXISTS `wedding_activity` (
	`id` text PRIMARY KEY NOT NULL,
	`wedding_id` text NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`area` text NOT NULL,
	`action` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`subject` text,
	`function_name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`wedding_id`) REFERENCES `weddings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_activity_wedding_idx` ON `wedding_activity` (`wedding_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_activity_created_idx` ON `wedding_activity` (`created_at`);
