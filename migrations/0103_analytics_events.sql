-- The local default of Workers Analytics Engine (functions/platform/analytics.ts): one row per key
-- event, with Analytics Engine's column names so the queries in docs/deploy.md read the same locally.
-- Production writes to the EVENTS dataset instead and leaves this table empty.
CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  timestamp INTEGER NOT NULL,
  index1 TEXT NOT NULL,
  blob1 TEXT NOT NULL,
  blob2 TEXT,
  blob3 TEXT,
  blob4 TEXT,
  blob5 TEXT,
  double1 REAL,
  double2 REAL,
  double3 REAL
);
CREATE INDEX analytics_events_event_time_idx ON analytics_events (index1, timestamp);
