-- The home page's hero counts kept on write (issue 34, docs/decisions/0067): active services,
-- verified vendors, verified couples. Counting them read every active service's index entry, about a
-- million rows at a million services, each time the home page's sections were computed (every 5
-- minutes per isolate, and after every public write). Triggers keep one row per count, as
-- migrations/0154's head-counts do; the home page reads three rows. Idempotent: run again, the counts
-- are computed anew from the tables. The direct seeder (scripts/seed-direct.mjs), which loads with
-- the triggers set aside, runs the same INSERT after its load. Back: DROP TABLE public_counts and
-- the nine triggers.
CREATE TABLE IF NOT EXISTS `public_counts` (
  `name` text PRIMARY KEY NOT NULL,
  `n` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR REPLACE INTO `public_counts` (`name`, `n`) VALUES
  ('active_services', (SELECT count(*) FROM `services` WHERE `status` = 'active')),
  ('verified_vendors', (SELECT count(*) FROM `vendors` WHERE `is_verified` = 1)),
  ('verified_couples', (SELECT count(*) FROM `users` WHERE `role` = 'USER' AND `is_verified` = 1));
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_services_ins` AFTER INSERT ON `services` WHEN NEW.`status` = 'active'
BEGIN UPDATE `public_counts` SET `n` = `n` + 1 WHERE `name` = 'active_services'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_services_del` AFTER DELETE ON `services` WHEN OLD.`status` = 'active'
BEGIN UPDATE `public_counts` SET `n` = `n` - 1 WHERE `name` = 'active_services'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_services_upd` AFTER UPDATE OF `status` ON `services` WHEN (OLD.`status` = 'active') <> (NEW.`status` = 'active')
BEGIN UPDATE `public_counts` SET `n` = `n` + (CASE WHEN NEW.`status` = 'active' THEN 1 ELSE -1 END) WHERE `name` = 'active_services'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_vendors_ins` AFTER INSERT ON `vendors` WHEN NEW.`is_verified` = 1
BEGIN UPDATE `public_counts` SET `n` = `n` + 1 WHERE `name` = 'verified_vendors'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_vendors_del` AFTER DELETE ON `vendors` WHEN OLD.`is_verified` = 1
BEGIN UPDATE `public_counts` SET `n` = `n` - 1 WHERE `name` = 'verified_vendors'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_vendors_upd` AFTER UPDATE OF `is_verified` ON `vendors` WHEN (OLD.`is_verified` = 1) <> (NEW.`is_verified` = 1)
BEGIN UPDATE `public_counts` SET `n` = `n` + (CASE WHEN NEW.`is_verified` = 1 THEN 1 ELSE -1 END) WHERE `name` = 'verified_vendors'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_users_ins` AFTER INSERT ON `users` WHEN NEW.`role` = 'USER' AND NEW.`is_verified` = 1
BEGIN UPDATE `public_counts` SET `n` = `n` + 1 WHERE `name` = 'verified_couples'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_users_del` AFTER DELETE ON `users` WHEN OLD.`role` = 'USER' AND OLD.`is_verified` = 1
BEGIN UPDATE `public_counts` SET `n` = `n` - 1 WHERE `name` = 'verified_couples'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `public_counts_users_upd` AFTER UPDATE OF `role`, `is_verified` ON `users`
WHEN (OLD.`role` = 'USER' AND OLD.`is_verified` = 1) <> (NEW.`role` = 'USER' AND NEW.`is_verified` = 1)
BEGIN UPDATE `public_counts` SET `n` = `n` + (CASE WHEN NEW.`role` = 'USER' AND NEW.`is_verified` = 1 THEN 1 ELSE -1 END) WHERE `name` = 'verified_couples'; END;
