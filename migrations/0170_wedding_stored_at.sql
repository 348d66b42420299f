-- Each wedding's store, step 1 (issue 33, docs/decisions/0055 "Migration plan", 0066): a wedding is
-- either in D1 (stored_at NULL, every wedding today) or moved to its own store (the WeddingStore
-- Durable Object named by its id) since stored_at. openWedding reads it with the member's row and
-- hands the guest list's functions the wedding's database: D1, or for a moved wedding the store
-- behind D1's surface. Nullable, no default: adding it changes no wedding. Run twice, ALTER TABLE
-- fails on the existing column (as every ADD COLUMN migration here; wrangler records it as applied).
ALTER TABLE `weddings` ADD `stored_at` integer;
