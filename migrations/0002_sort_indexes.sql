DROP INDEX `services_category_rating_idx`;--> statement-breakpoint
DROP INDEX `services_rating_idx`;--> statement-breakpoint
DROP INDEX `services_views_idx`;--> statement-breakpoint
DROP INDEX `services_price_idx`;--> statement-breakpoint
DROP INDEX `services_created_idx`;--> statement-breakpoint
DROP INDEX `services_type_price_idx`;--> statement-breakpoint
CREATE INDEX `services_type_rating_idx` ON `services` (`status`,`service_type`,`rating`,`id`);--> statement-breakpoint
CREATE INDEX `services_type_views_idx` ON `services` (`status`,`service_type`,`view_count`,`id`);--> statement-breakpoint
CREATE INDEX `services_category_rating_idx` ON `services` (`status`,`service_category`,`rating`,`id`);--> statement-breakpoint
CREATE INDEX `services_rating_idx` ON `services` (`status`,`rating`,`id`);--> statement-breakpoint
CREATE INDEX `services_views_idx` ON `services` (`status`,`view_count`,`id`);--> statement-breakpoint
CREATE INDEX `services_price_idx` ON `services` (`status`,`min_price`,`id`);--> statement-breakpoint
CREATE INDEX `services_created_idx` ON `services` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `services_type_price_idx` ON `services` (`status`,`service_type`,`min_price`,`id`);