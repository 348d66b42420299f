-- The blog (issue 14). Posts, tags, comments and likes exist since 0000; this adds what reading them
-- needs: a comment counter kept with each comment, an index for a tag's posts in date order, and
-- blog_post_views: one row per post, browser and India day (the visitor key is a hash of a random
-- cookie), so a view counts once per browser per day.
ALTER TABLE `blog_posts` ADD `comment_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `blog_post_views` (
	`post_id` text NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`post_id`, `visitor`, `day`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_post_views_day_idx` ON `blog_post_views` (`day`);
--> statement-breakpoint
CREATE INDEX `blog_comments_user_idx` ON `blog_comments` (`user_id`);
