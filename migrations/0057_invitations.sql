-- Invitations (issue 13): the template gallery, paid templates, the couple's cards made in the
-- editor, their asset library and the live e-invite. The tables 0000 made for them were never used
-- by any code and hold no rows, so they are made again in the shape the product needs.
-- Prices are whole rupees; instants are UTC epoch milliseconds; canvases are the editor's JSON
-- (fabric.js), validated by shared/card-format.ts before they are stored.
DROP TABLE `template_views`;
--> statement-breakpoint
DROP TABLE `template_purchases`;
--> statement-breakpoint
DROP TABLE `user_templates`;
--> statement-breakpoint
DROP TABLE `invite_templates`;
--> statement-breakpoint
DROP TABLE `editor_assets`;
--> statement-breakpoint
-- A design in the gallery. width/height are the card's size in design pixels (its canvas), so the
-- gallery lays out thumbnails without reading the canvas; view_count and use_count sort "popular".
CREATE TABLE `invite_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`canvas` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`amount_category` text DEFAULT 'FREE' NOT NULL,
	`mood` text DEFAULT 'WEDDING' NOT NULL,
	`requirement` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`designer` text,
	`thumbnail_key` text,
	`rating` real DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`use_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invite_templates_filter_idx` ON `invite_templates` (`status`,`mood`,`amount_category`,`created_at`);
--> statement-breakpoint
CREATE INDEX `invite_templates_recent_idx` ON `invite_templates` (`status`,`created_at`);
--> statement-breakpoint
-- A couple's purchase of a paid template, one per gateway order (payments.template_purchase_id
-- points back). Completed at most once per couple and template.
CREATE TABLE `template_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`payment_id` text,
	`order_status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'initiated' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `template_purchases_user_idx` ON `template_purchases` (`user_id`,`template_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `template_purchases_owned_unique` ON `template_purchases` (`user_id`,`template_id`) WHERE `order_status` = 'completed';
--> statement-breakpoint
-- The couple's card: the spec's fields, the edited canvas with a revision for compare-and-set
-- autosave, the last rendered image (preview_key, a JPEG in R2: the list's thumbnail, the e-invite's
-- card and its Open Graph image), and once published the share slug and the functions it shows
-- (event_ids, a JSON list of the couple's function ids; NULL shows all their functions).
CREATE TABLE `user_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text,
	`title` text NOT NULL,
	`heading` text,
	`subheading` text,
	`bride_name` text,
	`groom_name` text,
	`event_date` text,
	`time` text,
	`location` text,
	`description` text,
	`canvas` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`preview_key` text,
	`preview_updated_at` integer,
	`public_slug` text,
	`published_at` integer,
	`event_ids` text,
	`rsvp_open` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_templates_user_idx` ON `user_templates` (`user_id`,`updated_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_templates_slug_unique` ON `user_templates` (`public_slug`);
--> statement-breakpoint
CREATE TABLE `template_views` (
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `template_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_views_recent_idx` ON `template_views` (`user_id`,`viewed_at`);
--> statement-breakpoint
-- An image in a couple's (or an admin's) editor library; key is the R2 key, exposed as public_id.
CREATE TABLE `editor_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`folder` text DEFAULT 'user_assets' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`file_name` text,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `editor_assets_key_unique` ON `editor_assets` (`key`);
--> statement-breakpoint
CREATE INDEX `editor_assets_user_idx` ON `editor_assets` (`user_id`,`folder`,`created_at`);
--> statement-breakpoint
-- Someone who opened the public e-invite link and asked to be on the guest list: name and phone,
-- their answers per function ({eventId: "ATTENDING" | "DECLINED" | "MAYBE"}), party size and diet.
-- The couple approves (a household and guest are made, the answers written as guest_rsvps) or
-- declines. One request per card and phone.
CREATE TABLE `invite_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`card_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`party_size` integer DEFAULT 1 NOT NULL,
	`dietary` text,
	`message` text,
	`answers` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`household_id` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`card_id`) REFERENCES `user_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invite_requests_phone_unique` ON `invite_requests` (`card_id`,`phone`);
--> statement-breakpoint
CREATE INDEX `invite_requests_user_idx` ON `invite_requests` (`user_id`,`status`,`created_at`);
