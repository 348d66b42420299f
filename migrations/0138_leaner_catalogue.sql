-- A leaner catalogue (issue 34, docs/decisions/0051-a-million-listings.md).
--
-- 1. The full-text index keeps no copy of the text. services_fts was an ordinary FTS5 table: besides
--    its index it stored every service's name, description, subcategory, group, city, state and
--    vendor name again in services_fts_content, which nothing reads (search reads only rowid; no
--    snippet, highlight or column value). It becomes contentless (content='') with
--    contentless_delete=1, so rows can still be deleted by rowid and the triggers stay as simple.
--    Same columns, tokenizer and prefix indexes: the same words match. Contentless rows cannot be
--    UPDATEd column by column, so a vendor's new name deletes and inserts that vendor's rows.
--    Data: the index is built again from services, vendors and service_search_keys (the same rowids).
--    Back: drop it and create the 0001 table, then fill it with the same INSERT ... SELECT.
-- 2. Eight indexes on services go: each is a leading prefix of another index on the same table
--    (listed below), so any plan that used one can read the longer one in the same order with the
--    same bounds; no statement names an index (no INDEXED BY). Back: CREATE INDEX them again (0000).
DROP TRIGGER IF EXISTS `services_search_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `services_search_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `services_search_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `vendors_search_rename`;
--> statement-breakpoint
DROP TABLE `services_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `services_fts` USING fts5(
  service_name, description, service_type, service_category, city, state, vendor_name,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
SELECT k.id, s.service_name, s.description, s.service_type, s.service_category, s.city, s.state, v.business_name
FROM service_search_keys k
JOIN services s ON s.id = k.service_id
LEFT JOIN vendors v ON v.user_id = s.vendor_id;
--> statement-breakpoint
CREATE TRIGGER `services_search_insert` AFTER INSERT ON `services` BEGIN
  INSERT INTO service_search_keys (service_id) VALUES (new.id);
  INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (
    (SELECT id FROM service_search_keys WHERE service_id = new.id),
    new.service_name, new.description, new.service_type, new.service_category, new.city, new.state,
    (SELECT business_name FROM vendors WHERE user_id = new.vendor_id)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `services_search_update` AFTER UPDATE OF service_name, description, service_type, service_category, city, state, vendor_id ON `services` BEGIN
  DELETE FROM services_fts WHERE rowid = (SELECT id FROM service_search_keys WHERE service_id = old.id);
  INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (
    (SELECT id FROM service_search_keys WHERE service_id = new.id),
    new.service_name, new.description, new.service_type, new.service_category, new.city, new.state,
    (SELECT business_name FROM vendors WHERE user_id = new.vendor_id)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `services_search_delete` AFTER DELETE ON `services` BEGIN
  DELETE FROM services_fts WHERE rowid = (SELECT id FROM service_search_keys WHERE service_id = old.id);
  DELETE FROM service_search_keys WHERE service_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `vendors_search_rename` AFTER UPDATE OF business_name ON `vendors` BEGIN
  DELETE FROM services_fts WHERE rowid IN (
    SELECT k.id FROM service_search_keys k JOIN services s ON s.id = k.service_id WHERE s.vendor_id = new.user_id
  );
  INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  SELECT k.id, s.service_name, s.description, s.service_type, s.service_category, s.city, s.state, new.business_name
  FROM services s JOIN service_search_keys k ON k.service_id = s.id
  WHERE s.vendor_id = new.user_id;
END;
--> statement-breakpoint
-- (status, rating) is the front of services_sort_rating_idx (status, rating, review_count, id).
DROP INDEX IF EXISTS `services_rating_idx`;
--> statement-breakpoint
-- (status, view_count) is the front of services_sort_views_idx (status, view_count, id).
DROP INDEX IF EXISTS `services_views_idx`;
--> statement-breakpoint
-- (status, min_price) is the front of services_sort_price_idx (status, min_price, id).
DROP INDEX IF EXISTS `services_price_idx`;
--> statement-breakpoint
-- (status, created_at) is the front of services_sort_created_idx (status, created_at, id).
DROP INDEX IF EXISTS `services_created_idx`;
--> statement-breakpoint
-- (status, service_type, min_price) is the front of services_type_sort_price_idx (..., id).
DROP INDEX IF EXISTS `services_type_price_idx`;
--> statement-breakpoint
-- (status, service_category, rating) is the front of services_category_sort_rating_idx (..., review_count, id).
DROP INDEX IF EXISTS `services_category_rating_idx`;
--> statement-breakpoint
-- (status, state, city, rating) is the front of services_loc_sort_rating_idx (..., review_count, id).
DROP INDEX IF EXISTS `services_loc_rating_idx`;
--> statement-breakpoint
-- (status, service_type, state, city, rating) is the front of services_type_loc_sort_rating_idx (..., review_count, id).
DROP INDEX IF EXISTS `services_type_loc_rating_idx`;
