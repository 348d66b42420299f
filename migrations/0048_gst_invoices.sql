-- GST tax invoices (issue 11, docs/decisions/0018-gst-invoices.md). No invoice was ever issued
-- (the table only existed), so it is made again with what a tax invoice needs:
-- - a gap-free series per Indian financial year: unique (financial_year, sequence), the number
--   "MDP/2627/000001" computed inside the INSERT that runs in the crediting batch;
-- - amounts in paise (taxable value, CGST/SGST/IGST, total), rates in basis points (900 = 9 %);
-- - snapshots of the supplier and the recipient as they were on the day of issue.
-- No foreign keys: an invoice is the supplier's tax record and is kept (CGST Act s. 36: 72
-- months) when the vendor's account, and with it the payment row, is deleted.
DROP TABLE `invoices`;
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`number` text NOT NULL,
	`financial_year` text NOT NULL,
	`sequence` integer NOT NULL,
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
	`prices_include_gst` integer NOT NULL,
	`place_of_supply` text NOT NULL,
	`supplier` text NOT NULL,
	`billed_to` text NOT NULL,
	`issued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_year_sequence_unique` ON `invoices` (`financial_year`, `sequence`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_payment_unique` ON `invoices` (`payment_id`);
--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`, `issued_at`);
--> statement-breakpoint
-- The recipient on a vendor's invoices: their GSTIN when registered, and a street address line
-- (vendors already have state and city).
ALTER TABLE `vendors` ADD `gstin` text;
--> statement-breakpoint
ALTER TABLE `vendors` ADD `billing_address` text;
