-- Enquiries become conversations and then bookings (functions/domain/leads.ts, bookings.ts).
-- Read markers per side: a lead is unread for the vendor until vendor_read_at is set and no
-- message of the couple is newer (and the other way round for the couple). A reported lead
-- (SPAM) waits in the admin queue with reported_at; a lost one keeps its reason.
ALTER TABLE `leads` ADD `vendor_read_at` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `couple_read_at` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `reported_at` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `lost_reason` text;
--> statement-breakpoint
CREATE INDEX `leads_reported_idx` ON `leads` (`reported_at`);
--> statement-breakpoint
-- A vendor's quotes on a lead: the latest unexpired one is what the couple may accept.
CREATE TABLE `lead_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`amount` integer NOT NULL,
	`includes` text NOT NULL,
	`valid_until` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_quotes_lead_idx` ON `lead_quotes` (`lead_id`,`created_at`);
--> statement-breakpoint
-- One booking per lead; the last event day (several-day weddings), who cancelled and why.
CREATE UNIQUE INDEX `bookings_lead_unique` ON `bookings` (`lead_id`);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `event_end_date` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancel_reason` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancelled_by` text;
