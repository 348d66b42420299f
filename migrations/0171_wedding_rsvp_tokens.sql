-- The public RSVP link of a moved wedding's household (docs/decisions/0066; decision 0055's step 3):
-- the link carries only its token, and the household lives in the wedding's store, so D1 keeps which
-- wedding a token belongs to. Filled for a wedding's households when it moves, then written before
-- the store's transaction whenever a moved wedding makes a household or a new link (a token whose
-- household was never written, or whose link was replaced, finds no household in the store: 404, as
-- any unknown link). A D1 wedding's links are found in `households` as before; nothing is added for them.
CREATE TABLE IF NOT EXISTS `wedding_rsvp_tokens` (
	`token` text PRIMARY KEY NOT NULL,
	`wedding_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`wedding_id`) REFERENCES `weddings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `wedding_rsvp_tokens_wedding_idx` ON `wedding_rsvp_tokens` (`wedding_id`);
