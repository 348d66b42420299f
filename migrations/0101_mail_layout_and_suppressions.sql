-- Mail that reads well (issue 31): the outbox keeps each message's extra headers (a JSON object:
-- List-Unsubscribe and List-Unsubscribe-Post on digests, summaries and reminders) for the
-- transport, beside its text and HTML parts.
ALTER TABLE `outbox` ADD `headers` text;
--> statement-breakpoint
-- Addresses the mail service reported as bouncing or complaining (the signed webhook,
-- functions/domain/accounts/mail-suppressions.ts): no more mail is sent to them (a message queued
-- for one is FAILED with the reason) until the person changes or confirms the address. Lower-case.
CREATE TABLE `mail_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`detail` text,
	`provider_message_id` text,
	`created_at` integer NOT NULL
);
