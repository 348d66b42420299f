-- Idempotency-Key for API writes and one-time tokens for page forms (issue 28: a double tap or a
-- retry stored two guests, lines, functions, messages or comments; 4 identical imports at once
-- stored 8 guests). A key is claimed by inserting its row (the primary key lets one request win);
-- the first answer is stored on it and replayed to a repeat; rows expire after a day and the daily
-- job deletes them (functions/domain/idempotency.ts).
CREATE TABLE `idempotency_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`body` text,
	`content_type` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);
