-- Mail through Cloudflare Queues (issue 31). enqueued_at: when the outbox row's id went on the mail
-- queue (NULL: not yet, e.g. the Worker stopped between the batch that wrote the row and the send to
-- the queue); the 5-minute cron puts such rows on the queue. Rows from before the queue count as not
-- enqueued, so the cron sweeps any still pending.
ALTER TABLE `outbox` ADD `enqueued_at` integer;
--> statement-breakpoint
-- The weekly summaries are written a page of vendors per batch: run_id says which run wrote a week's
-- marker, so a page queues mail only for the markers it inserted (another run's are left alone).
ALTER TABLE `vendor_weekly_summaries` ADD `run_id` text;
