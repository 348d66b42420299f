-- The home page's testimonials in one walk of an index (issue 34, docs/decisions/0067, "What is
-- left"): the newest of the best published reviews with a comment of 60 characters or more.
--
-- Without it the statement read every active service's published reviews and sorted them: 11.3
-- million rows and about 12 s at a million services, once every 10 minutes per isolate (9.6 s in
-- SQLite alone; 2.5 s at 100,000). With it, reviews are read in this index's order, from the
-- highest rating and newest down, and the walk stops at the sixth whose service is active (0.05 ms
-- at 100,000). Partial: only the reviews the home page may show are in it (about 52 bytes a service
-- at 100,000). Idempotent. Back: DROP INDEX reviews_testimonial_idx.
CREATE INDEX IF NOT EXISTS `reviews_testimonial_idx` ON `reviews` (`rating`, `created_at`) WHERE status = 'PUBLISHED' AND rating >= 4 AND length(comment) >= 60;
