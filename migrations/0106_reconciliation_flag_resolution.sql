-- An admin marks a reconciliation flag resolved with a note (issue 30): it leaves the open list
-- on /admin/transactions; the admin and the time are in the audit log (action "payment.resolve-flag").
ALTER TABLE `payment_reconciliation_flags` ADD `resolved_at` integer;
--> statement-breakpoint
ALTER TABLE `payment_reconciliation_flags` ADD `resolution_note` text;
