-- The admin queue of enquiries reported as spam (functions/domain/spam-queue.ts, issue 10).
-- status_before_spam: the pipeline status the lead had when the vendor reported it, so an admin's
-- "Not spam" puts it back exactly there. reviewed_at / reviewed_by: the admin's decision (once per
-- report; a new report by the vendor clears them). A restored lead is reviewed and no longer SPAM.
ALTER TABLE `leads` ADD `status_before_spam` text;
--> statement-breakpoint
ALTER TABLE `leads` ADD `reviewed_at` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `reviewed_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
-- Leads reported before this migration: the status they had follows from the pipeline (a quote
-- makes a lead QUOTED and nothing but a booking, loss or report leaves QUOTED; a first reply makes
-- it CONTACTED; otherwise it was NEW).
UPDATE `leads` SET `status_before_spam` = CASE
    WHEN EXISTS (SELECT 1 FROM `lead_quotes` q WHERE q.`lead_id` = `leads`.`id`) THEN 'QUOTED'
    WHEN `first_reply_at` IS NOT NULL THEN 'CONTACTED'
    ELSE 'NEW'
  END
  WHERE `status` = 'SPAM';
--> statement-breakpoint
-- Couples an admin flagged while confirming their enquiry as spam (shown in the queue; a flag
-- restricts nothing: suspension is not built).
CREATE TABLE `account_flags` (
	`user_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`flagged_at` integer NOT NULL,
	`flagged_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flagged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
