-- A moved wedding's writes that change D1 and its store (docs/decisions/0066, "Writes on both sides"):
-- its functions (D1's rows, copied in its store), approving an e-invite request, reminding a household
-- by e-mail. The store's half of such a write is recorded here in the same D1 batch as D1's half, as
-- the store statements to run (JSON: [{sql, params}]); then it is run in the store and deleted here.
-- A write left here (the store failed, the request ended between the two) is run by the wedding's
-- next request. `seq` is the order D1 committed them in: a store runs each once, in that order.
CREATE TABLE IF NOT EXISTS `wedding_store_writes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wedding_id` text NOT NULL,
	`statements` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`wedding_id`) REFERENCES `weddings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_store_writes_wedding_idx` ON `wedding_store_writes` (`wedding_id`, `seq`);
