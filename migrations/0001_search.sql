-- Full-text search over services: name, description, subcategory, group, city, state and vendor.
-- FTS rows are keyed by a stable integer from service_search_keys (a text primary key's implicit
-- rowid may change on VACUUM), and kept in sync by triggers.
CREATE TABLE `service_search_keys` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `service_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_search_keys_service_unique` ON `service_search_keys` (`service_id`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `services_fts` USING fts5(
  service_name, description, service_type, service_category, city, state, vendor_name,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
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
  UPDATE services_fts SET vendor_name = new.business_name
  WHERE rowid IN (
    SELECT k.id FROM service_search_keys k JOIN services s ON s.id = k.service_id WHERE s.vendor_id = new.user_id
  );
END;
