-- Couple planning (issue 12): the planner, budget, guest list and reminders. The tables 0000 made for
-- them were never used by any code and hold no rows, so they are made again in the shape the
-- product needs (checklists keeps its shape: one JSON list per account, the spec's entity).
-- Dates of the wedding are India calendar days (YYYY-MM-DD) and times of day (HH:MM), as a couple
-- types them; instants (created, answered) are UTC epoch milliseconds.
DROP TABLE `guest_invitations`;
--> statement-breakpoint
DROP TABLE `guests`;
--> statement-breakpoint
DROP TABLE `households`;
--> statement-breakpoint
DROP TABLE `budget_lines`;
--> statement-breakpoint
DROP TABLE `tasks`;
--> statement-breakpoint
DROP TABLE `event_services`;
--> statement-breakpoint
DROP TABLE `events`;
--> statement-breakpoint
-- The couple's profile: partner's name, estimated guests, total budget (whole rupees), and the
-- opt-in to the daily planning reminder e-mail.
ALTER TABLE `users` ADD `partner_name` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `guest_estimate` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `total_budget` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `planning_reminders` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- A wedding function (roka, haldi, sangeet, wedding...) or, with parent_id, a sub-event of one
-- (kanyadaan and pheras under the wedding). tradition_key names the template function it came from.
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`description` text,
	`event_date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	`budget` integer DEFAULT 0 NOT NULL,
	`venue` text,
	`tradition_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_idx` ON `events` (`user_id`,`event_date`,`start_time`);
--> statement-breakpoint
CREATE INDEX `events_parent_idx` ON `events` (`parent_id`);
--> statement-breakpoint
-- A vendor's service linked to a function, and where the couple found it.
CREATE TABLE `event_services` (
	`event_id` text NOT NULL,
	`service_id` text NOT NULL,
	`source` text DEFAULT 'WISHLIST' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `service_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_services_service_idx` ON `event_services` (`service_id`);
--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`notes` text,
	`status` text DEFAULT 'TODO' NOT NULL,
	`priority` text DEFAULT 'MEDIUM' NOT NULL,
	`due_date` text,
	`assignee` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_event_idx` ON `tasks` (`event_id`,`status`);
--> statement-breakpoint
CREATE INDEX `tasks_user_due_idx` ON `tasks` (`user_id`,`due_date`);
--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`due_date`,`status`);
--> statement-breakpoint
-- The couple's own budget lines (whole rupees), per category and optionally per function. A line
-- may stand for a booking (booking_id): booked and paid then come from the booking itself.
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
	`due_date` text,
	`notes` text,
	`booking_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `budget_lines_user_idx` ON `budget_lines` (`user_id`,`category`);
--> statement-breakpoint
CREATE UNIQUE INDEX `budget_lines_booking_unique` ON `budget_lines` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
-- A family invited together. rsvp_token is the household's personal RSVP link (random, 128+ bits):
-- it opens that household's answers and nothing else.
CREATE TABLE `households` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`rsvp_token` text NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `households_user_idx` ON `households` (`user_id`,`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `households_rsvp_token_unique` ON `households` (`rsvp_token`);
--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`household_id` text NOT NULL,
	`name` text NOT NULL,
	`side` text DEFAULT 'BOTH' NOT NULL,
	`relation` text,
	`phone` text,
	`email` text,
	`city` text,
	`dietary` text,
	`needs_stay` integer DEFAULT false NOT NULL,
	`needs_pickup` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guests_user_idx` ON `guests` (`user_id`,`name`);
--> statement-breakpoint
CREATE INDEX `guests_household_idx` ON `guests` (`household_id`);
--> statement-breakpoint
-- Which households are invited to which functions; shared_at and reminded_at are when the couple
-- last sent the link and last reminded them.
CREATE TABLE `household_invitations` (
	`household_id` text NOT NULL,
	`event_id` text NOT NULL,
	`invited_at` integer NOT NULL,
	`shared_at` integer,
	`reminded_at` integer,
	PRIMARY KEY(`household_id`, `event_id`),
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `household_invitations_event_idx` ON `household_invitations` (`event_id`);
--> statement-breakpoint
-- Each guest's answer for each function they are invited to: ATTENDING, DECLINED or MAYBE, and how
-- many people the answer stands for (the guest and anyone unnamed with them).
CREATE TABLE `guest_rsvps` (
	`guest_id` text NOT NULL,
	`event_id` text NOT NULL,
	`response` text NOT NULL,
	`party_size` integer DEFAULT 1 NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`guest_id`, `event_id`),
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guest_rsvps_event_idx` ON `guest_rsvps` (`event_id`,`response`);
--> statement-breakpoint
-- The daily planning reminder: one digest per couple per India day, whatever runs the job.
CREATE TABLE `planning_digests` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`item_count` integer NOT NULL,
	`run_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
