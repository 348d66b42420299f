-- Each wedding's store, step 5 (issue 33, decision 0055's migration plan, docs/decisions/0066 "D1's
-- copy goes after a week"): a week after a wedding moved, the daily job deletes D1's copy of its guest
-- list (households, guests, invitations, answers), frozen since the move. When that happened, and
-- when the job last found it could not yet (its store did not hold the move's copy, or could not be
-- reached), so it tries that wedding again a day later. Nullable, no default: adding them changes no wedding.
ALTER TABLE `weddings` ADD `copy_dropped_at` integer;
--> statement-breakpoint
ALTER TABLE `weddings` ADD `copy_drop_tried_at` integer;
--> statement-breakpoint
-- The moved weddings whose D1 copy is still there, by when they moved: the job reads only these (a wedding leaves it once dropped).
CREATE INDEX `weddings_copy_kept_idx` ON `weddings` (`stored_at`) WHERE `stored_at` IS NOT NULL AND `copy_dropped_at` IS NULL;
