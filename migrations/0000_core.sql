-- Hand edit: the services location and category columns are COLLATE NOCASE so that links in any
-- case ("/all/Wedding vendor/caterers") match through the indexes.
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `auth_tokens_expiry_idx` ON `auth_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`handled_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (`to_address`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expiry_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`google_sub` text,
	`user_name` text NOT NULL,
	`phone` text,
	`profile_photo` text,
	`role` text DEFAULT 'USER' NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`wedding_date` text,
	`wedding_city` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`is_verified`);--> statement-breakpoint
CREATE TABLE `vendor_profile_views` (
	`vendor_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vendor_id`, `day`),
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vendors` (
	`user_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`business_name` text NOT NULL,
	`business_category` text,
	`tagline` text,
	`description` text,
	`phone` text,
	`email` text,
	`state` text,
	`city` text,
	`latitude` real,
	`longitude` real,
	`logo_key` text,
	`facebook` text,
	`instagram` text,
	`website` text,
	`licence_number` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`profile_views` integer DEFAULT 0 NOT NULL,
	`reply_minutes_median` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendors_slug_unique` ON `vendors` (`slug`);--> statement-breakpoint
CREATE INDEX `vendors_location_idx` ON `vendors` (`state`,`city`);--> statement-breakpoint
CREATE TABLE `booking_milestones` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`amount` integer,
	`due_date` text,
	`done_at` integer,
	`reminded_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_milestones_booking_idx` ON `booking_milestones` (`booking_id`);--> statement-breakpoint
CREATE INDEX `booking_milestones_due_idx` ON `booking_milestones` (`due_date`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text,
	`service_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event_date` text,
	`agreed_price` integer NOT NULL,
	`advance_paid` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'CONFIRMED' NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bookings_vendor_idx` ON `bookings` (`vendor_id`,`status`,`event_date`);--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_user_vendor_idx` ON `bookings` (`user_id`,`vendor_id`,`status`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`user_id` text NOT NULL,
	`service_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `service_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lead_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_messages_lead_idx` ON `lead_messages` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`user_id` text NOT NULL,
	`message` text NOT NULL,
	`event_date` text,
	`guest_count` integer,
	`budget` integer,
	`status` text DEFAULT 'NEW' NOT NULL,
	`first_reply_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leads_vendor_idx` ON `leads` (`vendor_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_user_idx` ON `leads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_service_idx` ON `leads` (`service_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`quality` integer NOT NULL,
	`responsiveness` integer NOT NULL,
	`professionalism` integer NOT NULL,
	`value` integer NOT NULL,
	`flexibility` integer NOT NULL,
	`comment` text NOT NULL,
	`photo_keys` text DEFAULT '[]' NOT NULL,
	`verified_booking` integer DEFAULT false NOT NULL,
	`vendor_reply` text,
	`vendor_replied_at` integer,
	`status` text DEFAULT 'PUBLISHED' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_service_user_unique` ON `reviews` (`service_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_service_idx` ON `reviews` (`service_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TABLE `service_blocked_dates` (
	`service_id` text NOT NULL,
	`day` text NOT NULL,
	`note` text,
	PRIMARY KEY(`service_id`, `day`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_blocked_day_idx` ON `service_blocked_dates` (`day`);--> statement-breakpoint
CREATE TABLE `service_daily_stats` (
	`service_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`service_id`, `day`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_faqs` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_faqs_service_idx` ON `service_faqs` (`service_id`,`position`);--> statement-breakpoint
CREATE TABLE `service_media` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`key` text NOT NULL,
	`kind` text DEFAULT 'image' NOT NULL,
	`width` integer,
	`height` integer,
	`alt` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_media_service_idx` ON `service_media` (`service_id`,`position`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`service_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`service_category` text NOT NULL COLLATE NOCASE,
	`service_type` text NOT NULL COLLATE NOCASE,
	`min_price` integer NOT NULL,
	`max_price` integer,
	`service_unit` text NOT NULL,
	`state` text NOT NULL COLLATE NOCASE,
	`city` text NOT NULL COLLATE NOCASE,
	`status` text DEFAULT 'active' NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`lead_count` integer DEFAULT 0 NOT NULL,
	`wishlist_count` integer DEFAULT 0 NOT NULL,
	`cover_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `services_vendor_idx` ON `services` (`vendor_id`,`status`);--> statement-breakpoint
CREATE INDEX `services_type_loc_rating_idx` ON `services` (`status`,`service_type`,`state`,`city`,`rating`);--> statement-breakpoint
CREATE INDEX `services_category_rating_idx` ON `services` (`status`,`service_category`,`rating`);--> statement-breakpoint
CREATE INDEX `services_loc_rating_idx` ON `services` (`status`,`state`,`city`,`rating`);--> statement-breakpoint
CREATE INDEX `services_rating_idx` ON `services` (`status`,`rating`);--> statement-breakpoint
CREATE INDEX `services_views_idx` ON `services` (`status`,`view_count`);--> statement-breakpoint
CREATE INDEX `services_price_idx` ON `services` (`status`,`min_price`);--> statement-breakpoint
CREATE INDEX `services_created_idx` ON `services` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `services_type_price_idx` ON `services` (`status`,`service_type`,`min_price`);--> statement-breakpoint
CREATE TABLE `wishlist_items` (
	`user_id` text NOT NULL,
	`service_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `service_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wishlist_service_idx` ON `wishlist_items` (`service_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`number` text NOT NULL,
	`sequence` integer NOT NULL,
	`taxable_amount` integer NOT NULL,
	`igst_rate` integer NOT NULL,
	`igst_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`billed_to` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sequence_unique` ON `invoices` (`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_payment_unique` ON `invoices` (`payment_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`subscription_id` text,
	`template_purchase_id` text,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`method` text,
	`gateway_order_id` text NOT NULL,
	`gateway_payment_id` text,
	`refund_id` text,
	`refunded_amount` integer,
	`vpa` text,
	`fee` integer,
	`tax` integer,
	`contact` text,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_order_unique` ON `payments` (`gateway_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_gateway_payment_unique` ON `payments` (`gateway_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`duration_months` integer NOT NULL,
	`trial_days` integer DEFAULT 0 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`max_active_services` integer,
	`featured_placement` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`gateway_order_id` text,
	`start_date` integer,
	`end_date` integer,
	`auto_renew` integer DEFAULT false NOT NULL,
	`is_trial` integer DEFAULT false NOT NULL,
	`trial_end_date` integer,
	`last_reminder_days` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_vendor_idx` ON `subscriptions` (`vendor_id`,`status`,`end_date`);--> statement-breakpoint
CREATE INDEX `subscriptions_end_idx` ON `subscriptions` (`status`,`end_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_order_unique` ON `subscriptions` (`gateway_order_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	`processed_at` integer
);
--> statement-breakpoint
CREATE TABLE `budget_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text,
	`category` text NOT NULL,
	`label` text NOT NULL,
	`estimated` integer DEFAULT 0 NOT NULL,
	`quoted` integer DEFAULT 0 NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	`booking_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `budget_lines_user_idx` ON `budget_lines` (`user_id`,`category`);--> statement-breakpoint
CREATE TABLE `checklists` (
	`user_id` text PRIMARY KEY NOT NULL,
	`categories` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `event_services` (
	`event_id` text NOT NULL,
	`service_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_services_unique` ON `event_services` (`event_id`,`service_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`description` text,
	`event_date` integer NOT NULL,
	`start_time` integer,
	`end_time` integer,
	`budget` integer DEFAULT 0 NOT NULL,
	`venue` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_idx` ON `events` (`user_id`,`event_date`);--> statement-breakpoint
CREATE INDEX `events_parent_idx` ON `events` (`parent_id`);--> statement-breakpoint
CREATE TABLE `guest_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`guest_id` text NOT NULL,
	`event_id` text NOT NULL,
	`rsvp` text DEFAULT 'PENDING' NOT NULL,
	`head_count` integer DEFAULT 1 NOT NULL,
	`token_hash` text NOT NULL,
	`responded_at` integer,
	`sent` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_invitations_unique` ON `guest_invitations` (`guest_id`,`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `guest_invitations_token_unique` ON `guest_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `guest_invitations_event_idx` ON `guest_invitations` (`event_id`,`rsvp`);--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`household_id` text,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`status` text DEFAULT 'NOT_INVITED' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `guests_user_idx` ON `guests` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `households` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`side` text DEFAULT 'BOTH' NOT NULL,
	`address` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `households_user_idx` ON `households` (`user_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'TODO' NOT NULL,
	`priority` text DEFAULT 'MEDIUM' NOT NULL,
	`due_date` text,
	`reminded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_event_idx` ON `tasks` (`event_id`);--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `blog_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_comments_post_idx` ON `blog_comments` (`post_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `blog_likes` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blog_post_tags` (
	`post_id` text NOT NULL,
	`tag_id` text NOT NULL,
	PRIMARY KEY(`post_id`, `tag_id`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `blog_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_post_tags_tag_idx` ON `blog_post_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text,
	`title` text NOT NULL,
	`url_title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`cover_image_key` text,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_url_title_unique` ON `blog_posts` (`url_title`);--> statement-breakpoint
CREATE INDEX `blog_posts_status_idx` ON `blog_posts` (`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `blog_tags` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_tags_slug_unique` ON `blog_tags` (`slug`);--> statement-breakpoint
CREATE TABLE `editor_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`folder` text DEFAULT 'user_assets' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `editor_assets_key_unique` ON `editor_assets` (`key`);--> statement-breakpoint
CREATE INDEX `editor_assets_user_idx` ON `editor_assets` (`user_id`,`folder`);--> statement-breakpoint
CREATE TABLE `invite_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`canvas` text NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`amount_category` text DEFAULT 'FREE' NOT NULL,
	`mood` text DEFAULT 'WEDDING' NOT NULL,
	`requirement` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`designer` text,
	`thumbnail_key` text,
	`rating` real DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invite_templates_filter_idx` ON `invite_templates` (`status`,`mood`,`amount_category`,`created_at`);--> statement-breakpoint
CREATE TABLE `template_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`payment_id` text,
	`order_status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'initiated' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `template_purchases_user_idx` ON `template_purchases` (`user_id`,`template_id`);--> statement-breakpoint
CREATE TABLE `template_views` (
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `template_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_views_recent_idx` ON `template_views` (`user_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `user_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text,
	`heading` text,
	`subheading` text,
	`bride_name` text,
	`groom_name` text,
	`event_date` text,
	`time` text,
	`location` text,
	`description` text,
	`canvas` text,
	`public_slug` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `invite_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_templates_user_idx` ON `user_templates` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_templates_slug_unique` ON `user_templates` (`public_slug`);