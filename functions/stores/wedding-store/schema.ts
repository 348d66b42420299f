/**
 * The tables of one wedding's guest list in its store (a Durable Object's SQLite, decision 0055):
 * the same names and columns as in D1 (migrations/), so the planning queries keep their SQL. The
 * key column (`user_id`, the wedding's key) stays: in a store it holds one value. No foreign key
 * to `users` (the accounts stay in D1, the directory).
 */
export const WEDDING_STORE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, parent_id TEXT REFERENCES events(id) ON DELETE CASCADE,
    name TEXT NOT NULL, description TEXT, event_date TEXT NOT NULL, start_time TEXT, end_time TEXT,
    budget INTEGER DEFAULT 0 NOT NULL, venue TEXT, tradition_key TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
  "CREATE INDEX IF NOT EXISTS events_user_idx ON events (user_id, event_date, start_time)",
  `CREATE TABLE IF NOT EXISTS households (
    id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, name TEXT NOT NULL, rsvp_token TEXT NOT NULL, notes TEXT,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
  "CREATE INDEX IF NOT EXISTS households_user_idx ON households (user_id, name)",
  "CREATE UNIQUE INDEX IF NOT EXISTS households_rsvp_token_unique ON households (rsvp_token)",
  `CREATE TABLE IF NOT EXISTS guests (
    id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
    name TEXT NOT NULL, side TEXT DEFAULT 'BOTH' NOT NULL, relation TEXT, phone TEXT, email TEXT, city TEXT, dietary TEXT,
    needs_stay INTEGER DEFAULT 0 NOT NULL, needs_pickup INTEGER DEFAULT 0 NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    reminders_stopped_at INTEGER)`,
  "CREATE INDEX IF NOT EXISTS guests_user_idx ON guests (user_id, name)",
  "CREATE INDEX IF NOT EXISTS guests_household_idx ON guests (household_id)",
  `CREATE TABLE IF NOT EXISTS household_invitations (
    household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    invited_at INTEGER NOT NULL, shared_at INTEGER, reminded_at INTEGER, PRIMARY KEY (household_id, event_id))`,
  "CREATE INDEX IF NOT EXISTS household_invitations_event_idx ON household_invitations (event_id)",
  `CREATE TABLE IF NOT EXISTS guest_rsvps (
    guest_id TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    response TEXT NOT NULL, party_size INTEGER DEFAULT 1 NOT NULL, answered_at INTEGER NOT NULL, PRIMARY KEY (guest_id, event_id))`,
  "CREATE INDEX IF NOT EXISTS guest_rsvps_event_idx ON guest_rsvps (event_id, response)",
];

/** The tables a store holds, parents first (the order rows are copied in and counted). */
export const STORE_TABLES = ["events", "households", "guests", "household_invitations", "guest_rsvps"] as const;
export type StoreTable = (typeof STORE_TABLES)[number];
