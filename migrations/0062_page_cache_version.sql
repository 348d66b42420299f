-- Public pages cached for visitors (issue 15, docs/decisions/0033). The cache key carries this number;
-- every write that changes what a public page shows (a listing, its photos, a review, a vendor's
-- public profile, a blog post) bumps it, so the next visitor gets a fresh page and the old copies
-- are never read again. Counters that change on every view (view_count, profile_views) do not bump it.
CREATE TABLE `page_cache_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `page_cache_version` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `page_cache_services_ins` AFTER INSERT ON `services` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_services_del` AFTER DELETE ON `services` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_services_upd` AFTER UPDATE OF `service_name`, `description`, `service_category`, `service_type`, `min_price`, `max_price`, `service_unit`, `state`, `city`, `status`, `rating`, `review_count`, `cover_key`, `address`, `capacity_min`, `capacity_max`, `highlights`, `plan_hidden_at`, `featured` ON `services` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_vendors_ins` AFTER INSERT ON `vendors` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_vendors_del` AFTER DELETE ON `vendors` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_vendors_upd` AFTER UPDATE OF `slug`, `business_name`, `business_category`, `tagline`, `description`, `phone`, `email`, `state`, `city`, `logo_key`, `facebook`, `instagram`, `website`, `is_verified`, `reply_minutes_median` ON `vendors` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_media_ins` AFTER INSERT ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_media_del` AFTER DELETE ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_media_upd` AFTER UPDATE ON `service_media` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_reviews_ins` AFTER INSERT ON `reviews` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_reviews_del` AFTER DELETE ON `reviews` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_reviews_upd` AFTER UPDATE ON `reviews` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_blog_ins` AFTER INSERT ON `blog_posts` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_blog_del` AFTER DELETE ON `blog_posts` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_blog_upd` AFTER UPDATE OF `title`, `url_title`, `excerpt`, `content`, `cover_image_key`, `status`, `featured`, `published_at` ON `blog_posts` BEGIN UPDATE `page_cache_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
