-- Refunds (issue 30): an admin refunds a successful payment in full or in part, and a second paid
-- order for a design the couple already owns is refunded by itself. One row per refund the gateway
-- made, keyed by the gateway's refund id (a refund is recorded once however many webhooks arrive);
-- amount in whole rupees as payments.amount, amount_paise as the gateway refunded it. A lock row
-- per payment lets one refund request at a time call the gateway (two at once: one is refused).
-- The sandbox gateway keeps its refunds beside its payments (POST /v1/payments/{id}/refund).
CREATE TABLE `payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`gateway_refund_id` text NOT NULL,
	`amount` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`requested_by` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_gateway_unique` ON `payment_refunds` (`gateway_refund_id`);
--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `payment_refund_locks` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`claimed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_gateway_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`speed` text NOT NULL,
	`notes` text DEFAULT '{}' NOT NULL,
	`receipt` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `sandbox_gateway_payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_gateway_refunds_payment_idx` ON `sandbox_gateway_refunds` (`payment_id`);
