-- The guest page lists guests by household name, then guest name, both case-insensitively, 40 a page
-- (issue 33, docs/decisions/0060). With these two indexes in that order the page's query walks the
-- couple's households in name order and each household's guests in name order and stops after the
-- page (CROSS JOIN in functions/domain/guests/guest-search.ts keeps households the outer loop),
-- instead of reading and sorting every guest of the wedding on each view. Both replace the indexes
-- of the same name (whose leading columns they keep); running this file twice changes nothing.
DROP INDEX IF EXISTS `households_user_idx`;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `households_user_idx` ON `households` (`user_id`, `name` COLLATE NOCASE, `id`);
--> statement-breakpoint
DROP INDEX IF EXISTS `guests_household_idx`;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `guests_household_idx` ON `guests` (`household_id`, `name` COLLATE NOCASE, `id`);
--> statement-breakpoint
-- "Not answered yet": whether a household owes an answer is one index entry (or none), not a read of its invitations.
CREATE INDEX IF NOT EXISTS `invitation_counts_pending_idx` ON `invitation_counts` (`household_id`) WHERE `unanswered` > 0;
