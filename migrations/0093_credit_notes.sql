-- GST credit notes (issue 30, docs/decisions/0045-gst-credit-notes.md): a refund of an invoiced
-- payment issues one credit note in the batch that records the refund as processed (unique
-- refund_id: one per recorded refund, however many webhooks arrive), in its own gap-free series per
-- financial year ("CN/2627/000001", numbered inside the INSERT as invoices are), naming the original
-- invoice's number and date, with the invoice's tax heads on the refunded amount (paise; rates in
-- basis points). Snapshots of supplier and recipient from the invoice. No foreign keys: like the
-- invoice, a credit note is the supplier's tax record and outlives the vendor's account.
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`refund_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`number` text NOT NULL,
	`financial_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`reason` text NOT NULL,
	`invoice_number` text NOT NULL,
	`invoice_issued_at` integer NOT NULL,
	`description` text NOT NULL,
	`sac` text NOT NULL,
	`taxable_value` integer NOT NULL,
	`cgst_rate` integer NOT NULL,
	`cgst_amount` integer NOT NULL,
	`sgst_rate` integer NOT NULL,
	`sgst_amount` integer NOT NULL,
	`igst_rate` integer NOT NULL,
	`igst_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`place_of_supply` text NOT NULL,
	`supplier` text NOT NULL,
	`billed_to` text NOT NULL,
	`issued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_year_sequence_unique` ON `credit_notes` (`financial_year`,`sequence`);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_refund_unique` ON `credit_notes` (`refund_id`);
--> statement-breakpoint
CREATE INDEX `credit_notes_payment_idx` ON `credit_notes` (`payment_id`,`issued_at`);
--> statement-breakpoint
CREATE INDEX `credit_notes_user_idx` ON `credit_notes` (`user_id`,`issued_at`);
