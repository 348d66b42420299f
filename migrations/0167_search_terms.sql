-- The index's own terms, for matching a typed word as the exact terms that start with it (issue 34,
-- docs/decisions/0058-search-reads-its-keys.md, "2026-11-30, later: typed words as exact terms").
--
-- FTS5 answers a prefix term ("wedding"*) by merging the whole doclist of every term that starts
-- with it before the first row comes out: 638 ms at a million services, against 1.5 ms for the
-- exact term. The search now looks up the terms that start with each typed word here, the most used
-- first, and matches their OR, which FTS5 walks lazily from the newest row.
--
-- search_terms: each term of the index and how many (listing, field) pairs use it (a field is one
-- of services_fts's seven columns; a term used twice in one field counts once). An fts5vocab table
-- over services_fts says the same, but reads every listing's entry of every term it returns (40 ms
-- for the terms starting with "w" at 100,000 services), so it is only used to fill this table once.
--
-- The triggers keep it without tokenizing in SQL by hand: they write the changed row's fields into
-- services_fts_words, an FTS5 table with the same tokenizer that never holds more than one write's
-- rows, read that write's terms from its fts5vocab table and empty it again ('delete-all'). A
-- vendor's name is counted once per listing of theirs. A vendor's row is deleted before its
-- listings (the cascade), so its name is taken off before, for all of them at once; the listings'
-- own delete trigger then finds no vendor and takes off only their own fields.
--
-- Back: drop the four triggers, the three virtual tables and search_terms; the search then needs
-- its prefix terms back (service-search.ts before this migration).
CREATE TABLE `search_terms` (
  `term` text PRIMARY KEY NOT NULL,
  `uses` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE VIRTUAL TABLE `services_fts_vocab` USING fts5vocab(`services_fts`, 'col');
--> statement-breakpoint
CREATE VIRTUAL TABLE `services_fts_words` USING fts5(
  service_name, description, service_type, service_category, city, state, vendor_name,
  content = '',
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `services_fts_words_vocab` USING fts5vocab(`services_fts_words`, 'col');
--> statement-breakpoint
INSERT INTO search_terms (term, uses) SELECT term, sum(doc) FROM services_fts_vocab GROUP BY term;
--> statement-breakpoint
CREATE TRIGGER `services_terms_insert` AFTER INSERT ON `services` BEGIN
  INSERT INTO services_fts_words (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (1, new.service_name, new.description, new.service_type, new.service_category, new.city, new.state,
    (SELECT business_name FROM vendors WHERE user_id = new.vendor_id));
  INSERT INTO search_terms (term, uses) SELECT term, sum(doc) FROM services_fts_words_vocab WHERE true GROUP BY term
    ON CONFLICT (term) DO UPDATE SET uses = uses + excluded.uses;
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `services_terms_update` AFTER UPDATE OF service_name, description, service_type, service_category, city, state, vendor_id ON `services`
WHEN old.service_name IS NOT new.service_name OR old.description IS NOT new.description OR old.service_type IS NOT new.service_type
  OR old.service_category IS NOT new.service_category OR old.city IS NOT new.city OR old.state IS NOT new.state OR old.vendor_id IS NOT new.vendor_id
BEGIN
  INSERT INTO services_fts_words (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (1, old.service_name, old.description, old.service_type, old.service_category, old.city, old.state,
    (SELECT business_name FROM vendors WHERE user_id = old.vendor_id));
  UPDATE search_terms SET uses = uses - (SELECT sum(doc) FROM services_fts_words_vocab w WHERE w.term = search_terms.term)
  WHERE term IN (SELECT term FROM services_fts_words_vocab);
  DELETE FROM search_terms WHERE uses <= 0 AND term IN (SELECT term FROM services_fts_words_vocab);
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
  INSERT INTO services_fts_words (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (1, new.service_name, new.description, new.service_type, new.service_category, new.city, new.state,
    (SELECT business_name FROM vendors WHERE user_id = new.vendor_id));
  INSERT INTO search_terms (term, uses) SELECT term, sum(doc) FROM services_fts_words_vocab WHERE true GROUP BY term
    ON CONFLICT (term) DO UPDATE SET uses = uses + excluded.uses;
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `services_terms_delete` AFTER DELETE ON `services` BEGIN
  INSERT INTO services_fts_words (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
  VALUES (1, old.service_name, old.description, old.service_type, old.service_category, old.city, old.state,
    (SELECT business_name FROM vendors WHERE user_id = old.vendor_id));
  UPDATE search_terms SET uses = uses - (SELECT sum(doc) FROM services_fts_words_vocab w WHERE w.term = search_terms.term)
  WHERE term IN (SELECT term FROM services_fts_words_vocab);
  DELETE FROM search_terms WHERE uses <= 0 AND term IN (SELECT term FROM services_fts_words_vocab);
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `vendors_terms_rename` AFTER UPDATE OF business_name ON `vendors` WHEN old.business_name IS NOT new.business_name BEGIN
  INSERT INTO services_fts_words (rowid, vendor_name) VALUES (1, old.business_name);
  UPDATE search_terms
  SET uses = uses - (SELECT sum(doc) FROM services_fts_words_vocab w WHERE w.term = search_terms.term) * (SELECT count(*) FROM services WHERE vendor_id = new.user_id)
  WHERE term IN (SELECT term FROM services_fts_words_vocab);
  DELETE FROM search_terms WHERE uses <= 0 AND term IN (SELECT term FROM services_fts_words_vocab);
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
  INSERT INTO services_fts_words (rowid, vendor_name) SELECT 1, new.business_name WHERE EXISTS (SELECT 1 FROM services WHERE vendor_id = new.user_id);
  INSERT INTO search_terms (term, uses)
  SELECT term, sum(doc) * (SELECT count(*) FROM services WHERE vendor_id = new.user_id) FROM services_fts_words_vocab WHERE true GROUP BY term
    ON CONFLICT (term) DO UPDATE SET uses = uses + excluded.uses;
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `vendors_terms_delete` BEFORE DELETE ON `vendors` BEGIN
  INSERT INTO services_fts_words (rowid, vendor_name) VALUES (1, old.business_name);
  UPDATE search_terms
  SET uses = uses - (SELECT sum(doc) FROM services_fts_words_vocab w WHERE w.term = search_terms.term) * (SELECT count(*) FROM services WHERE vendor_id = old.user_id)
  WHERE term IN (SELECT term FROM services_fts_words_vocab);
  DELETE FROM search_terms WHERE uses <= 0 AND term IN (SELECT term FROM services_fts_words_vocab);
  INSERT INTO services_fts_words (services_fts_words) VALUES ('delete-all');
END;
