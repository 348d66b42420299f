-- Photos' rows and FAQs stored in their service's order (issue 34, docs/decisions/0051-a-million-listings.md).
--
-- service_media and service_faqs were rowid tables with a text primary key, so each row's 36-character
-- id was stored three times (the row, the id's own index, and the rowid link from the (service_id,
-- position) index), and its service_id twice. Every statement that reads or writes them names the
-- service (WHERE service_id = ?, with AND id = ? for one row; or a join on s.id = service_id), so
-- both become WITHOUT ROWID tables keyed (service_id, id): a service's rows sit together in the key
-- order and the two indexes go. The ORDER BY position of a read sorts that service's few rows
-- (at most the plan's photo and FAQ limits). Same columns, in the same order; ids are unchanged
-- (the API and URLs show them). At 100,000 services: photos' rows 1,530 -> 1,100 bytes per service,
-- FAQs 961 -> 741.
--
-- Each table is rebuilt: new table, every row copied in key order (pages filled, not split), old
-- table dropped, new one renamed; the page-cache triggers of service_media go with the old table and
-- are created again. Nothing references these tables, so foreign keys are not involved. Running
-- it again (tests/integration/catalogue-storage.test.ts does) rebuilds the same rows again.
-- `CREATE TABLE IF NOT EXISTS` and `INSERT OR IGNORE` let an operator fill the new tables ahead in
-- ranges of service_id at a million services (docs/deploy.md); the statements here then copy only
-- what is missing.
-- Back: the same rebuild into 0000's CREATE TABLE statements and CREATE INDEX service_*_service_idx.
CREATE TABLE IF NOT EXISTS `service_media_clustered` (
	`id` text NOT NULL,
	`service_id` text NOT NULL,
	`key` text NOT NULL,
	`kind` text DEFAULT 'image' NOT NULL,
	`width` integer,
	`height` integer,
	`alt` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`card_key` text,
	`card_width` integer,
	`card_height` integer,
	PRIMARY KEY (`service_id`, `id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `service_media_clustered` (`id`, `service_id`, `key`, `kind`, `width`, `height`, `alt`, `position`, `created_at`, `card_key`, `card_width`, `card_height`)
SELECT `id`, `service_id`, `key`, `kind`, `width`, `height`, `alt`, `position`, `created_at`, `card_key`, `card_width`, `card_height`
FROM `service_media` ORDER BY `service_id`, `id`;
--> statement-breakpoint
DROP TABLE `service_media`;
--> statement-breakpoint
ALTER TABLE `service_media_clustered` RENAME TO `service_media`;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `page_cache_media_ins` AFTER INSERT ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `page_cache_media_del` AFTER DELETE ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `page_cache_media_upd` AFTER UPDATE ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `service_faqs_clustered` (
	`id` text NOT NULL,
	`service_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`service_id`, `id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `service_faqs_clustered` (`id`, `service_id`, `question`, `answer`, `position`, `created_at`)
SELECT `id`, `service_id`, `question`, `answer`, `position`, `created_at`
FROM `service_faqs` ORDER BY `service_id`, `id`;
--> statement-breakpoint
DROP TABLE `service_faqs`;
--> statement-breakpoint
ALTER TABLE `service_faqs_clustered` RENAME TO `service_faqs`;
