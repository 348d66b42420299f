-- Invitations to plan a wedding (issue 33, docs/decisions/0049-weddings.md "Co-planners"). The couple or
-- a partner invites a person by e-mail address or Indian mobile number with a role (PARTNER, EDITOR of
-- the areas listed, VIEWER) and whether they may see guests' phone numbers. The link carries a random
-- token; only its SHA-256 is stored (token_hash). It is used once (accepted_at or declined_at set in the
-- statement that checks it), expires at expires_at, and the couple may revoke it (revoked_at). A new
-- invitation to the same address of the same wedding replaces the pending one (revoked in the same batch).
CREATE TABLE IF NOT EXISTS `wedding_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`wedding_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`email` text,
	`phone` text,
	`name` text,
	`role` text NOT NULL,
	`areas` text DEFAULT '' NOT NULL,
	`sees_contacts` integer DEFAULT false NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`declined_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`wedding_id`) REFERENCES `weddings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `wedding_invitations_token_unique` ON `wedding_invitations` (`token_hash`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_invitations_wedding_idx` ON `wedding_invitations` (`wedding_id`,`created_at`);
