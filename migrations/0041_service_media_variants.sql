-- Service photos are stored as two resized WebP variants (functions/platform/images.ts): `key`
-- (with `width`/`height`) is the full-size one shown in the gallery, `card_key` (with its own
-- size) the card-size one shown on list cards. Demo rows (seed/ keys) and any photo stored
-- before this migration have no card variant: readers fall back to `key`.
ALTER TABLE `service_media` ADD `card_key` text;
--> statement-breakpoint
ALTER TABLE `service_media` ADD `card_width` integer;
--> statement-breakpoint
ALTER TABLE `service_media` ADD `card_height` integer;
