-- Every admin action (issue 14): who did what to which record, when, the record's state before and
-- after (JSON, only the fields the action changed) and the reason the admin gave. Written in the
-- same D1 batch as the change itself (functions/domain/audit-log.ts), so a change without its entry
-- cannot exist. Super admins read it (newest first, or per record for a record's history).
CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`summary` text NOT NULL,
	`reason` text,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_recent_idx` ON `admin_audit_log` (`created_at`);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_subject_idx` ON `admin_audit_log` (`subject_type`,`subject_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_actor_idx` ON `admin_audit_log` (`actor_id`,`created_at`);
