-- Mail delivery that tells the truth (functions/platform/mail.ts). Every message is written to the
-- outbox QUEUED (in the same batch as the business change where there is one), then delivered by
-- the configured transport: STORED (local mailbox, nothing sent), SENT (a transport accepted it),
-- RETRYING (last error kept, next attempt at next_attempt_at, exponential back-off, retried by the
-- cron) or FAILED (the reason, after the last attempt). SENDING marks an attempt in flight.
ALTER TABLE `outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `next_attempt_at` integer;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `transport` text;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `provider_message_id` text;
--> statement-breakpoint
-- Messages left QUEUED by the old code (the enquiry notice) are due now: the cron delivers them.
UPDATE `outbox` SET `next_attempt_at` = `created_at` WHERE `status` = 'QUEUED';
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`, `next_attempt_at`);
