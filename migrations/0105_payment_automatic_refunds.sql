-- Refunds nobody asks for by hand (issue 30, functions/domain/billing/automatic-refunds.ts): a
-- payment that arrived after its order expired (REFUND_DUE) and a second paid order for a design
-- the couple already owned. The row is written in the batch that records the payment, so it is
-- there exactly once however many callbacks and webhooks arrive; the refund is asked of the
-- gateway at once and, when the gateway cannot be reached, retried by the 5-minute cron until it
-- is made (`refunded_at`). No personal data: ids, counts, times and messages of ours.
CREATE TABLE `payment_automatic_refunds` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`refunded_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_automatic_refunds_due_idx` ON `payment_automatic_refunds` (`refunded_at`,`next_attempt_at`);
