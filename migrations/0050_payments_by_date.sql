-- Admin transactions (issue 11): every payment filtered by days, newest first, with totals.
-- Without an index on the date alone, each page and each total read every payment row.
CREATE INDEX payments_created_idx ON payments (created_at);
