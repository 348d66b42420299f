-- Plans and payments (issue 11). Plans last a number of days (not months), are a trial or a paid
-- plan, and carry their limits as data; subscriptions and payments keep why a payment failed;
-- a free trial is claimed once per e-mail address (kept as a hash, so it outlives the account).
ALTER TABLE plans ADD COLUMN duration_days INTEGER NOT NULL DEFAULT 30;
UPDATE plans SET duration_days = CASE WHEN price = 0 AND trial_days > 0 THEN trial_days ELSE MAX(1, duration_months * 30) END;
ALTER TABLE plans ADD COLUMN is_trial INTEGER NOT NULL DEFAULT 0;
UPDATE plans SET is_trial = 1 WHERE price = 0;
-- BASIC: totals only; FULL: per-service figures and history.
ALTER TABLE plans ADD COLUMN analytics_depth TEXT NOT NULL DEFAULT 'BASIC';
ALTER TABLE plans DROP COLUMN duration_months;
ALTER TABLE plans DROP COLUMN trial_days;

ALTER TABLE subscriptions ADD COLUMN failure_reason TEXT;
ALTER TABLE payments ADD COLUMN failure_reason TEXT;
ALTER TABLE payments ADD COLUMN receipt TEXT;
ALTER TABLE payments ADD COLUMN captured_at INTEGER;

CREATE TABLE trial_claims (
  email_hash TEXT PRIMARY KEY NOT NULL,
  vendor_id TEXT,
  claimed_at INTEGER NOT NULL
);
