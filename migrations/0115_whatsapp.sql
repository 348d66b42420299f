-- WhatsApp notifications (issue 32, docs/decisions/0048-whatsapp.md). A WhatsApp message is an
-- outbox row like an e-mail (same queue, retries and dead-letter): `channel` says which, `user_id`
-- is the person it is for (their opt-in is checked again when it is delivered), and `payload` is
-- the approved template message (name, language, parameters) as JSON. to_address is the number
-- (+91...), subject the template's name, text the message as the person reads it.
ALTER TABLE `outbox` ADD `channel` text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `user_id` text;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `payload` text;
--> statement-breakpoint
-- Who opted in to WhatsApp notifications, when, and how; off when there is no row (Meta's policy:
-- business-initiated messages only to people who opted in). Opting out keeps the row (opted_in 0,
-- opted_out_at, how) as the record of the choice.
CREATE TABLE `whatsapp_optins` (
	`user_id` text PRIMARY KEY NOT NULL,
	`opted_in` integer DEFAULT false NOT NULL,
	`opted_in_at` integer,
	`opted_out_at` integer,
	`source` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
