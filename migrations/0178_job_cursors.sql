-- Where a run of a daily job that reads weddings' stores got to (issue 33, docs/decisions/0066
-- "2026-12-01: cross-wedding reads reach the store"): the planning reminder and the WhatsApp RSVP
-- summary read a moved wedding's figures in its store, a bounded number of store calls a part; a
-- part that stops there saves the last couple done, and the next part of the same run (the same
-- scheduled moment, run_at) starts after it instead of reading the same stores again. A new table:
-- nothing else changes.
CREATE TABLE `job_cursors` (
	`job` text NOT NULL,
	`run_at` integer NOT NULL,
	`cursor` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`job`, `run_at`)
);
