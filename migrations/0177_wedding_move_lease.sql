-- Each wedding's store, step 2 (issue 33, docs/decisions/0066 "Moving every wedding"): the job that
-- moves weddings one after another takes a lease on a wedding before copying it, so two moves of one
-- wedding (the daily job's part and /dev/wedding-store, or a part the queue retried) never copy into
-- its store at once. A lease is its holder's id and when it lapses; a move that fails keeps its lease
-- until then, so the job passes the wedding by and tries it again later. Nullable, no default:
-- adding them changes no wedding.
ALTER TABLE `weddings` ADD `move_lease` text;
--> statement-breakpoint
ALTER TABLE `weddings` ADD `move_lease_until` integer;
--> statement-breakpoint
-- The weddings still to move, oldest first: the job reads only these (a partial index: a moved wedding leaves it).
CREATE INDEX `weddings_unmoved_idx` ON `weddings` (`created_at`) WHERE `stored_at` IS NULL;
