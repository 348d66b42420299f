-- Accounts (issue 9, items 2, 3 and 11; docs/decisions/0013-enumeration-and-login-limits.md).
-- remembered_devices: a browser that has logged in to an account before carries a random token in
-- a long-lived HttpOnly cookie; only its SHA-256 is stored. Log-in attempts from it skip the
-- per-account and per-address delays (its own failures are counted and end the trust).
-- pending_signups: a sign-up waits here until the e-mailed link is opened, so the sign-up answer
-- is the same whether or not the address already has an account. One row per address; only the
-- SHA-256 of the link token is stored. Hand-written.
CREATE TABLE `remembered_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remembered_devices_user_idx` ON `remembered_devices` (`user_id`);
--> statement-breakpoint
CREATE INDEX `remembered_devices_expiry_idx` ON `remembered_devices` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `pending_signups` (
	`email` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`role` text NOT NULL,
	`user_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`business_name` text,
	`state` text,
	`city` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_token_unique` ON `pending_signups` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `pending_signups_expiry_idx` ON `pending_signups` (`expires_at`);
