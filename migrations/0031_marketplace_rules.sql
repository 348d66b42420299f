-- Marketplace rules the database now keeps (issue 9, items 7 and 11 and the honesty of badges).
--
-- One open enquiry per couple per service: a partial unique index over open leads, so two
-- requests that race past the domain's check cannot both insert (the loser's whole batch, with
-- its counters and e-mail, is rolled back and answered 409). Open leads that duplicate an older
-- open lead of the same couple and service (made before this index by such races) are closed as
-- LOST first, or the index could not be built.
UPDATE `leads` SET `status` = 'LOST'
WHERE `status` IN ('NEW', 'CONTACTED', 'QUOTED')
  AND EXISTS (
    SELECT 1 FROM `leads` older
    WHERE older.`user_id` = `leads`.`user_id` AND older.`service_id` = `leads`.`service_id`
      AND older.`status` IN ('NEW', 'CONTACTED', 'QUOTED')
      AND (older.`created_at` < `leads`.`created_at` OR (older.`created_at` = `leads`.`created_at` AND older.`id` < `leads`.`id`))
  );
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_open_unique` ON `leads` (`user_id`,`service_id`) WHERE "leads"."status" IN ('NEW', 'CONTACTED', 'QUOTED');
--> statement-breakpoint
-- "Verified booking" is derived when a review is read (a CONFIRMED or COMPLETED booking of the
-- couple with the service's vendor), never stored, so no seeded or stale flag can claim it.
ALTER TABLE `reviews` DROP COLUMN `verified_booking`;
--> statement-breakpoint
-- Who answered a review: the service's vendor ('VENDOR') or the Mandap team ('ADMIN'), and the
-- account that wrote it. Replies stored before this column have no known author (NULL).
ALTER TABLE `reviews` ADD `reply_by` text;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `reply_user_id` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
-- Badges only from real records. Nothing has verified vendors as an admin yet (e-mail verification
-- set this flag, and the demo data made it up), so no vendor is "Verified" until an admin says so.
UPDATE `vendors` SET `is_verified` = 0;
--> statement-breakpoint
-- "Usually replies within ..." only from real first replies to leads (at least 3); the medians
-- stored so far were made up by the demo data.
UPDATE `vendors` SET `reply_minutes_median` = NULL
WHERE (SELECT count(*) FROM `leads` WHERE `leads`.`vendor_id` = `vendors`.`user_id` AND `leads`.`first_reply_at` IS NOT NULL) < 3;
