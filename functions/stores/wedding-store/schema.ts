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
  "CREATE INDEX IF NOT EXISTS events_parent_idx ON events (parent_id)",
  `CREATE TABLE IF NOT EXISTS households (
    id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, name TEXT NOT NULL, rsvp_token TEXT NOT NULL, notes TEXT,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
  // Migration 0155's name-ordered indexes, as in D1: the guest page walks households, then their guests, by name.
  "CREATE INDEX IF NOT EXISTS households_user_idx ON households (user_id, name COLLATE NOCASE, id)",
  "CREATE UNIQUE INDEX IF NOT EXISTS households_rsvp_token_unique ON households (rsvp_token)",
  `CREATE TABLE IF NOT EXISTS guests (
    id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
    name TEXT NOT NULL, side TEXT DEFAULT 'BOTH' NOT NULL, relation TEXT, phone TEXT, email TEXT, city TEXT, dietary TEXT,
    needs_stay INTEGER DEFAULT 0 NOT NULL, needs_pickup INTEGER DEFAULT 0 NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    reminders_stopped_at INTEGER)`,
  "CREATE INDEX IF NOT EXISTS guests_user_idx ON guests (user_id, name)",
  "CREATE INDEX IF NOT EXISTS guests_household_idx ON guests (household_id, name COLLATE NOCASE, id)",
  `CREATE TABLE IF NOT EXISTS household_invitations (
    household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    invited_at INTEGER NOT NULL, shared_at INTEGER, reminded_at INTEGER, PRIMARY KEY (household_id, event_id))`,
  "CREATE INDEX IF NOT EXISTS household_invitations_event_idx ON household_invitations (event_id)",
  `CREATE TABLE IF NOT EXISTS guest_rsvps (
    guest_id TEXT NOT NULL REFERENCES guests(id) ON DELETE CASCADE, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    response TEXT NOT NULL, party_size INTEGER DEFAULT 1 NOT NULL, answered_at INTEGER NOT NULL, PRIMARY KEY (guest_id, event_id))`,
  "CREATE INDEX IF NOT EXISTS guest_rsvps_event_idx ON guest_rsvps (event_id, response)",
  // The guest list's entries of the wedding's activity list once it has moved (docs/decisions/0066): written in the same
  // transaction as the change they describe (a conditional one reads changes() of the statement before it), so they live
  // where the change does. Migration 0132's columns, without the foreign keys to weddings and users (D1's).
  `CREATE TABLE IF NOT EXISTS wedding_activity (
    id TEXT PRIMARY KEY NOT NULL, wedding_id TEXT NOT NULL, actor_id TEXT, actor_name TEXT NOT NULL, area TEXT NOT NULL, action TEXT NOT NULL,
    count INTEGER DEFAULT 1 NOT NULL, subject TEXT, function_name TEXT, created_at INTEGER NOT NULL)`,
  "CREATE INDEX IF NOT EXISTS wedding_activity_wedding_idx ON wedding_activity (wedding_id, created_at)",
  // The last of D1's wedding_store_writes (its seq) run here (docs/decisions/0066, "Writes on both sides"): each runs once, in D1's order.
  "CREATE TABLE IF NOT EXISTS applied_writes (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)",
];

/**
 * The counters kept on write (migration 0154, docs/decisions/0060): its tables and triggers as they
 * are in D1, so the guest page's and head-count's counted queries run in a store unchanged and every
 * write there (importRows too) keeps them. The migration's two recounts are not here: a store's
 * counters start with its first row. tests/integration/wedding-store.test.ts checks they equal the recount.
 */
export const ANSWER_COUNTERS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS function_counts (
	event_id text PRIMARY KEY NOT NULL,
	households integer DEFAULT 0 NOT NULL,
	guests integer DEFAULT 0 NOT NULL,
	attending integer DEFAULT 0 NOT NULL,
	maybe integer DEFAULT 0 NOT NULL,
	declined integer DEFAULT 0 NOT NULL,
	not_answered integer DEFAULT 0 NOT NULL,
	veg integer DEFAULT 0 NOT NULL,
	jain integer DEFAULT 0 NOT NULL,
	non_veg integer DEFAULT 0 NOT NULL,
	vegan integer DEFAULT 0 NOT NULL,
	unknown integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (event_id) REFERENCES events(id) ON UPDATE no action ON DELETE cascade
);`,
  `CREATE TABLE IF NOT EXISTS invitation_counts (
	household_id text NOT NULL,
	event_id text NOT NULL,
	unanswered integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(household_id, event_id),
	FOREIGN KEY (household_id) REFERENCES households(id) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (event_id) REFERENCES events(id) ON UPDATE no action ON DELETE cascade
);`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_event_ins AFTER INSERT ON events BEGIN
  INSERT OR IGNORE INTO function_counts (event_id) VALUES (NEW.id);
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_invitation_ins AFTER INSERT ON household_invitations BEGIN
  INSERT OR IGNORE INTO function_counts (event_id) VALUES (NEW.event_id);
  UPDATE function_counts SET households = households + 1 WHERE event_id = NEW.event_id;
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = function_counts.event_id WHERE g.household_id = NEW.household_id) WHERE event_id = NEW.event_id;
  INSERT OR REPLACE INTO invitation_counts (household_id, event_id, unanswered) VALUES (NEW.household_id, NEW.event_id,
    (SELECT COUNT(*) FROM guests g WHERE g.household_id = NEW.household_id AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = NEW.event_id)));
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_invitation_del AFTER DELETE ON household_invitations BEGIN
  UPDATE function_counts SET households = households - 1 WHERE event_id = OLD.event_id;
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = function_counts.event_id WHERE g.household_id = OLD.household_id) WHERE event_id = OLD.event_id;
  DELETE FROM invitation_counts WHERE household_id = OLD.household_id AND event_id = OLD.event_id;
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_guest_ins AFTER INSERT ON guests BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT NEW.id AS id, NEW.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = NEW.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = NEW.household_id);
  UPDATE invitation_counts SET unanswered = unanswered + NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = NEW.id AND r.event_id = invitation_counts.event_id) WHERE household_id = NEW.household_id;
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_guest_del BEFORE DELETE ON guests BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT OLD.id AS id, OLD.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = OLD.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = OLD.household_id);
  UPDATE invitation_counts SET unanswered = unanswered - NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = OLD.id AND r.event_id = invitation_counts.event_id) WHERE household_id = OLD.household_id;
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_guest_upd AFTER UPDATE OF household_id, dietary ON guests WHEN OLD.household_id IS NOT NEW.household_id OR OLD.dietary IS NOT NEW.dietary BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT OLD.id AS id, OLD.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = OLD.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = OLD.household_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT NEW.id AS id, NEW.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = NEW.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = NEW.household_id);
  UPDATE invitation_counts SET unanswered = unanswered - NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = OLD.id AND r.event_id = invitation_counts.event_id) WHERE household_id = OLD.household_id;
  UPDATE invitation_counts SET unanswered = unanswered + NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = NEW.id AND r.event_id = invitation_counts.event_id) WHERE household_id = NEW.household_id;
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_answer_ins AFTER INSERT ON guest_rsvps BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NULL AS response, NULL AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NEW.response AS response, NEW.party_size AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
  UPDATE invitation_counts SET unanswered = unanswered - 1 WHERE event_id = NEW.event_id AND household_id = (SELECT household_id FROM guests WHERE id = NEW.guest_id);
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_answer_del AFTER DELETE ON guest_rsvps BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT OLD.response AS response, OLD.party_size AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NULL AS response, NULL AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE invitation_counts SET unanswered = unanswered + 1 WHERE event_id = OLD.event_id AND household_id = (SELECT household_id FROM guests WHERE id = OLD.guest_id);
END;`,
  `CREATE TRIGGER IF NOT EXISTS function_counts_answer_upd AFTER UPDATE OF response, party_size ON guest_rsvps BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT OLD.response AS response, OLD.party_size AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NEW.response AS response, NEW.party_size AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
END;`,
  // Migration 0155: whether a household owes an answer is one index entry.
  "CREATE INDEX IF NOT EXISTS invitation_counts_pending_idx ON invitation_counts (household_id) WHERE unanswered > 0",
];

/** Tables a store holds that its triggers fill (counters): read there, never copied in or exported. */
export const STORE_COUNTER_TABLES = ["function_counts", "invitation_counts"] as const;

/** The tables a store holds, parents first (the order rows are copied in and counted). */
export const STORE_TABLES = ["events", "households", "guests", "household_invitations", "guest_rsvps"] as const;
export type StoreTable = (typeof STORE_TABLES)[number];

/** Whether a statement writes (INSERT, UPDATE, DELETE or REPLACE, after a WITH clause too). */
export const isWrite = (sql: string) => /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert|update|delete|replace)\b/i.test(sql);
