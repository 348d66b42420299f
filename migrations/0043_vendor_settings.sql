-- Vendor workspace, profile and settings (issue 10).
-- A vendor's sign-up carries its business category (a catalogue subcategory) until the e-mailed
-- link creates the account.
ALTER TABLE `pending_signups` ADD `business_category` text;
--> statement-breakpoint
-- Which e-mails a vendor wants (functions/domain/vendor-settings.ts). No row = the defaults:
-- new enquiry, couple's reply and booking changes on; the weekly summary off.
CREATE TABLE `vendor_notification_prefs` (
	`vendor_id` text PRIMARY KEY NOT NULL,
	`new_enquiry` integer DEFAULT true NOT NULL,
	`couple_reply` integer DEFAULT true NOT NULL,
	`booking_changes` integer DEFAULT true NOT NULL,
	`weekly_summary` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade
);
