-- Before migrations/0158 at a large catalogue (docs/deploy.md, "Migration 0158 at a million services"):
-- the clustered tables are created and filled ahead, so the migration's own copy finds its rows in place.
-- Run this file first; it creates the two tables 0158 creates (the same statements) and triggers that
-- mirror every write to the old tables into them from now on. Then fill them in ranges of service_id
-- (docs/deploy.md), then apply the migration: its INSERT OR IGNORE adds what is missing, DROP TABLE
-- removes the old tables with these triggers, and the renamed tables are the new ones.
-- Every statement can run again. Undo before the migration: DROP TRIGGER the six triggers below,
-- then DROP TABLE the two *_clustered tables. tests/integration/catalogue-storage.test.ts runs it.
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
CREATE TRIGGER IF NOT EXISTS `service_media_mirror_ins` AFTER INSERT ON `service_media` BEGIN
  INSERT OR REPLACE INTO `service_media_clustered` (`id`, `service_id`, `key`, `kind`, `width`, `height`, `alt`, `position`, `created_at`, `card_key`, `card_width`, `card_height`) VALUES (new.`id`, new.`service_id`, new.`key`, new.`kind`, new.`width`, new.`height`, new.`alt`, new.`position`, new.`created_at`, new.`card_key`, new.`card_width`, new.`card_height`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_media_mirror_upd` AFTER UPDATE ON `service_media` BEGIN
  DELETE FROM `service_media_clustered` WHERE `service_id` = old.`service_id` AND `id` = old.`id`;
  INSERT OR REPLACE INTO `service_media_clustered` (`id`, `service_id`, `key`, `kind`, `width`, `height`, `alt`, `position`, `created_at`, `card_key`, `card_width`, `card_height`) VALUES (new.`id`, new.`service_id`, new.`key`, new.`kind`, new.`width`, new.`height`, new.`alt`, new.`position`, new.`created_at`, new.`card_key`, new.`card_width`, new.`card_height`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_media_mirror_del` AFTER DELETE ON `service_media` BEGIN
  DELETE FROM `service_media_clustered` WHERE `service_id` = old.`service_id` AND `id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_faqs_mirror_ins` AFTER INSERT ON `service_faqs` BEGIN
  INSERT OR REPLACE INTO `service_faqs_clustered` (`id`, `service_id`, `question`, `answer`, `position`, `created_at`) VALUES (new.`id`, new.`service_id`, new.`question`, new.`answer`, new.`position`, new.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_faqs_mirror_upd` AFTER UPDATE ON `service_faqs` BEGIN
  DELETE FROM `service_faqs_clustered` WHERE `service_id` = old.`service_id` AND `id` = old.`id`;
  INSERT OR REPLACE INTO `service_faqs_clustered` (`id`, `service_id`, `question`, `answer`, `position`, `created_at`) VALUES (new.`id`, new.`service_id`, new.`question`, new.`answer`, new.`position`, new.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_faqs_mirror_del` AFTER DELETE ON `service_faqs` BEGIN
  DELETE FROM `service_faqs_clustered` WHERE `service_id` = old.`service_id` AND `id` = old.`id`;
END;
