-- The vendors' weekly summary mail (functions/domain/weekly-summary.ts, the Monday cron): one row
-- per vendor per week once its summary is queued, written in the same batch as the mail, so a
-- retried or repeated run never mails a vendor twice for the same week. `week` is the India date
-- (yyyy-mm-dd) of the Monday the summary is for.
CREATE TABLE `vendor_weekly_summaries` (
	`vendor_id` text NOT NULL,
	`week` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`vendor_id`, `week`),
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade
);
