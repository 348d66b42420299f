-- The wedding as the unit of planning (issue 33, docs/decisions/0049-weddings.md). A wedding is made
-- by its couple's account; its planning rows (checklist, functions, tasks, budget lines, households,
-- guests, invitations, answers, cards and e-invite requests) are, in D1, the rows whose user_id is
-- that account (weddings.couple_user_id). Nothing moves: this migration gives every account that
-- plans, or holds planning rows, its wedding and its place in it as the couple.
-- Every statement may run again (IF NOT EXISTS, WHERE NOT EXISTS): a second run changes nothing.
CREATE TABLE IF NOT EXISTS `weddings` (
	`id` text PRIMARY KEY NOT NULL,
	`couple_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`couple_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `weddings_couple_unique` ON `weddings` (`couple_user_id`);
--> statement-breakpoint
-- Who plans a wedding and with what rights: the couple (COUPLE), a partner (PARTNER, every right),
-- a family member or planner who edits the areas listed (EDITOR; areas a comma list of guests,
-- budget, plan, invitations), or a viewer (VIEWER). sees_contacts: may read guests' phone numbers and
-- e-mail addresses (always for the couple, partners and guest-list editors). opened_at: when the
-- account last chose this wedding; the latest is its current wedding.
CREATE TABLE IF NOT EXISTS `wedding_members` (
	`wedding_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`areas` text DEFAULT '' NOT NULL,
	`sees_contacts` integer DEFAULT false NOT NULL,
	`opened_at` integer NOT NULL,
	`added_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`wedding_id`, `user_id`),
	FOREIGN KEY (`wedding_id`) REFERENCES `weddings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_members_user_idx` ON `wedding_members` (`user_id`,`opened_at`);
--> statement-breakpoint
-- A wedding for every couple, admin (admins try the planning tools as a couple would) and any other
-- account that holds planning rows; its id is a UUID v7 dated when the account was made.
INSERT INTO `weddings` (`id`, `couple_user_id`, `created_at`, `updated_at`)
SELECT printf('%08x-%04x-7%03x-%04x-%012x', u.created_at / 65536, u.created_at % 65536, abs(random()) % 4096, 32768 + abs(random()) % 16384, abs(random()) % 281474976710656),
	u.id, u.created_at, u.created_at
FROM `users` u
WHERE (u.role IN ('USER', 'ADMIN', 'SUPER_ADMIN')
		OR EXISTS (SELECT 1 FROM `checklists` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `events` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `tasks` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `budget_lines` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `households` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `guests` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `user_templates` x WHERE x.user_id = u.id)
		OR EXISTS (SELECT 1 FROM `invite_requests` x WHERE x.user_id = u.id))
	AND NOT EXISTS (SELECT 1 FROM `weddings` w WHERE w.couple_user_id = u.id);
--> statement-breakpoint
INSERT INTO `wedding_members` (`wedding_id`, `user_id`, `role`, `areas`, `sees_contacts`, `opened_at`, `added_by`, `created_at`, `updated_at`)
SELECT w.id, w.couple_user_id, 'COUPLE', '', 1, w.created_at, NULL, w.created_at, w.created_at
FROM `weddings` w
WHERE NOT EXISTS (SELECT 1 FROM `wedding_members` m WHERE m.wedding_id = w.id AND m.user_id = w.couple_user_id);
