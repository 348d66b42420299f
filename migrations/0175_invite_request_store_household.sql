-- The household an approved e-invite request made in a moved wedding's store (docs/decisions/0066,
-- "Writes on both sides"): `household_id` references D1's households, where a moved wedding's new
-- household never is, so its approval records the store's household here instead (no foreign key:
-- the store is not D1). The requests list finds the household's personal link in the store by it.
ALTER TABLE `invite_requests` ADD COLUMN `store_household_id` text;
