-- What a vendor tells couples about a service beyond its price (issue 10, services): the address,
-- the guest capacity of a venue (both ends optional; venue subcategories only, a domain rule) and
-- a short list of highlights kept as a JSON array of strings.
ALTER TABLE `services` ADD `address` text;
--> statement-breakpoint
ALTER TABLE `services` ADD `capacity_min` integer;
--> statement-breakpoint
ALTER TABLE `services` ADD `capacity_max` integer;
--> statement-breakpoint
ALTER TABLE `services` ADD `highlights` text DEFAULT '[]' NOT NULL;
