-- "Suggest a split" writes estimate lines; a line the couple then adds in the same category was
-- counted on top of the suggestion (issue 28: "Over budget by ₹10,00,000" right after the first
-- real estimate). The flag marks a suggested line until the couple edits it, so the budget can let
-- their own estimate take its place (functions/domain/budget.ts, decision 0021).
ALTER TABLE `budget_lines` ADD `suggested` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Lines written by the split before this migration: its label, untouched amounts, no booking.
UPDATE `budget_lines` SET `suggested` = 1
WHERE `booking_id` IS NULL AND `quoted` = 0 AND `booked` = 0 AND `paid` = 0 AND instr(`label`, ' (suggested, ') > 0;
