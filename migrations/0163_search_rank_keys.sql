-- Search rank keys (issue 34, docs/decisions/0058-search-reads-its-keys.md).
--
-- A text search took the newest TEXT_MATCH_CAP (2,000) matches from FTS5 and then read each one's
-- services row by its 36-character text id (an index descent, then a table descent) to filter and
-- sort them: 2,000 random row reads, 30-50 ms of a common word's search at 100,000 services. The
-- integer key each service already has for the full-text index (service_search_keys, the FTS rowid)
-- now also carries what a search filters and sorts on, so the matches are filtered, counted and
-- sorted from the keys alone, read by integer key in FTS order, and only the page's rows are read
-- from services. The recommended order also ranks vendors who reply within a day first, so the key
-- holds its vendor's median reply time too (joining 2,000 vendors cost as much again as the keys).
-- Written only by triggers: the insert trigger writes the whole key, an update of any of these
-- columns of a service (or its vendor's reply time) copies them again, the delete trigger (0138)
-- removes it.
-- Data: every key filled from its service in one statement. Back: drop the triggers and columns
-- (ALTER TABLE ... DROP COLUMN), and create 0138's services_search_insert again.
ALTER TABLE `service_search_keys` ADD COLUMN `status` text NOT NULL DEFAULT 'active';
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `featured` integer NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `rating` real NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `review_count` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `min_price` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `view_count` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `created_at` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `service_category` text COLLATE NOCASE NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `service_type` text COLLATE NOCASE NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `state` text COLLATE NOCASE NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `city` text COLLATE NOCASE NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE `service_search_keys` ADD COLUMN `vendor_reply_minutes` integer;
--> statement-breakpoint
UPDATE `service_search_keys` SET
  `status` = s.status, `featured` = s.featured, `rating` = s.rating, `review_count` = s.review_count,
  `min_price` = s.min_price, `view_count` = s.view_count, `created_at` = s.created_at,
  `service_category` = s.service_category, `service_type` = s.service_type, `state` = s.state, `city` = s.city,
  `vendor_reply_minutes` = v.reply_minutes_median
FROM `services` s LEFT JOIN `vendors` v ON v.user_id = s.vendor_id WHERE s.id = `service_search_keys`.`service_id`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `services_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `services_search_insert` AFTER INSERT ON `services` BEGIN
  INSERT INTO service_search_keys (service_id, status, featured, rating, review_count, min_price, view_count, created_at, service_category, service_type, state, city, vendor_reply_minutes)
  VALUES (new.id, new.status, new.featured, new.rating, new.review_count, new.min_price, new.view_count, new.created_at, new.service_category, new.service_type, new.state, new.city,
    (SELECT reply_minutes_median FROM vendors WHERE user_id = new.vendor_id));
  INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (
    (SELECT id FROM service_search_keys WHERE service_id = new.id),
    new.service_name, new.description, new.service_type, new.service_category, new.city, new.state,
    (SELECT business_name FROM vendors WHERE user_id = new.vendor_id)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `services_rank_keys_update` AFTER UPDATE OF status, featured, rating, review_count, min_price, view_count, created_at, service_category, service_type, state, city, vendor_id ON `services` BEGIN
  UPDATE service_search_keys SET
    status = new.status, featured = new.featured, rating = new.rating, review_count = new.review_count,
    min_price = new.min_price, view_count = new.view_count, created_at = new.created_at,
    service_category = new.service_category, service_type = new.service_type, state = new.state, city = new.city,
    vendor_reply_minutes = (SELECT reply_minutes_median FROM vendors WHERE user_id = new.vendor_id)
  WHERE service_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `vendors_rank_keys_reply` AFTER UPDATE OF reply_minutes_median ON `vendors` BEGIN
  UPDATE service_search_keys SET vendor_reply_minutes = new.reply_minutes_median
  WHERE service_id IN (SELECT id FROM services WHERE vendor_id = new.user_id);
END;
