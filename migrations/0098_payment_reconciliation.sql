-- The daily reconciliation (issue 30, functions/domain/billing/reconciliation.ts): what it found
-- that an admin must look at, one row per gateway payment (a repeated run flags nothing again):
-- NOT_CAPTURED (credited here, not captured at the gateway), SECOND_PAYMENT (captured there for an
-- order another payment already paid), MISMATCH (captured there for another amount or currency).
-- No personal data: ids, statuses and the message; the person is the payment's.
CREATE TABLE `payment_reconciliation_flags` (
	`gateway_payment_id` text PRIMARY KEY NOT NULL,
	`payment_id` text,
	`kind` text NOT NULL,
	`gateway_status` text NOT NULL,
	`message` text NOT NULL,
	`found_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_reconciliation_flags_found_idx` ON `payment_reconciliation_flags` (`found_at`);
