-- Sign-in with an Indian mobile number and a one-time code by SMS (issue 32,
-- docs/decisions/0047-mobile-sign-in.md).
--
-- users.verified_phone: the account's mobile number in E.164 (+91XXXXXXXXXX), set only after a code
-- sent to it was entered; one account per number. (users.phone stays the free-text contact number.)
ALTER TABLE `users` ADD `verified_phone` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_phone_unique` ON `users` (`verified_phone`);
--> statement-breakpoint
-- A phone-only account has no e-mail address. users.email is NOT NULL since 0000, and SQLite can
-- drop a NOT NULL only by rebuilding the table, which in D1 (foreign keys always on) would
-- cascade-delete every row that references users; so "no address" is the empty string, and the
-- unique index covers only real addresses.
DROP INDEX `users_email_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`) WHERE `email` <> '';
--> statement-breakpoint
-- One-time codes: only an HMAC of the code is stored (keyed by OTP_PEPPER); at most 5 tries per
-- code, counted by one atomic UPDATE; `sent_at` holds the 30-second resend wait. The id names what
-- the code is for: "SIGN_IN:+91..." or "ADD_PHONE:<user id>:+91...".
CREATE TABLE `phone_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_codes_expiry_idx` ON `phone_codes` (`expires_at`);
--> statement-breakpoint
-- Text messages the app sent (functions/platform/sms.ts): with the local "smsbox" transport the
-- whole text is kept for /dev/sms; with a real provider the code in it is masked before it is stored.
CREATE TABLE `sms_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_phone` text NOT NULL,
	`template` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`transport` text,
	`error` text,
	`provider_message_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_created_idx` ON `sms_outbox` (`created_at`);
--> statement-breakpoint
CREATE INDEX `sms_outbox_to_idx` ON `sms_outbox` (`to_phone`);
