-- Head-counts kept on write (issue 33, docs/decisions/0060): the guest page and the head-count read
-- one row per function and one per invitation instead of recounting every invitation x guest x
-- answer on each view. function_counts holds, per function, what HEADCOUNT_SQL (the recount) says:
-- households and guests invited, people attending / maybe (party sizes), guests declined and not
-- answered, people attending by diet. invitation_counts holds, per household invitation, how many of
-- the household's guests have not answered for that function (the "Not answered yet" list).
-- SQLite triggers keep both in the same transaction as every write of events, guests, households'
-- invitations and answers, whichever code path (page, API, CSV import, e-invite approval, cascades)
-- makes it; plain SQLite, so a per-wedding SQLite store runs the same statements. The counters are
-- filled from today's rows by a recount; running this file twice changes nothing.
CREATE TABLE IF NOT EXISTS `function_counts` (
	`event_id` text PRIMARY KEY NOT NULL,
	`households` integer DEFAULT 0 NOT NULL,
	`guests` integer DEFAULT 0 NOT NULL,
	`attending` integer DEFAULT 0 NOT NULL,
	`maybe` integer DEFAULT 0 NOT NULL,
	`declined` integer DEFAULT 0 NOT NULL,
	`not_answered` integer DEFAULT 0 NOT NULL,
	`veg` integer DEFAULT 0 NOT NULL,
	`jain` integer DEFAULT 0 NOT NULL,
	`non_veg` integer DEFAULT 0 NOT NULL,
	`vegan` integer DEFAULT 0 NOT NULL,
	`unknown` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `invitation_counts` (
	`household_id` text NOT NULL,
	`event_id` text NOT NULL,
	`unanswered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`household_id`, `event_id`),
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_event_ins` AFTER INSERT ON `events` BEGIN
  INSERT OR IGNORE INTO function_counts (event_id) VALUES (NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_invitation_ins` AFTER INSERT ON `household_invitations` BEGIN
  INSERT OR IGNORE INTO function_counts (event_id) VALUES (NEW.event_id);
  UPDATE function_counts SET households = households + 1 WHERE event_id = NEW.event_id;
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = function_counts.event_id WHERE g.household_id = NEW.household_id) WHERE event_id = NEW.event_id;
  INSERT OR REPLACE INTO invitation_counts (household_id, event_id, unanswered) VALUES (NEW.household_id, NEW.event_id,
    (SELECT COUNT(*) FROM guests g WHERE g.household_id = NEW.household_id AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = NEW.event_id)));
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_invitation_del` AFTER DELETE ON `household_invitations` BEGIN
  UPDATE function_counts SET households = households - 1 WHERE event_id = OLD.event_id;
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = function_counts.event_id WHERE g.household_id = OLD.household_id) WHERE event_id = OLD.event_id;
  DELETE FROM invitation_counts WHERE household_id = OLD.household_id AND event_id = OLD.event_id;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_guest_ins` AFTER INSERT ON `guests` BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT NEW.id AS id, NEW.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = NEW.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = NEW.household_id);
  UPDATE invitation_counts SET unanswered = unanswered + NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = NEW.id AND r.event_id = invitation_counts.event_id) WHERE household_id = NEW.household_id;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_guest_del` BEFORE DELETE ON `guests` BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT OLD.id AS id, OLD.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = OLD.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = OLD.household_id);
  UPDATE invitation_counts SET unanswered = unanswered - NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = OLD.id AND r.event_id = invitation_counts.event_id) WHERE household_id = OLD.household_id;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_guest_upd` AFTER UPDATE OF `household_id`, `dietary` ON `guests` WHEN OLD.household_id IS NOT NEW.household_id OR OLD.dietary IS NOT NEW.dietary BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT OLD.id AS id, OLD.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = OLD.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = OLD.household_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM (SELECT NEW.id AS id, NEW.dietary AS dietary) g LEFT JOIN guest_rsvps r ON r.guest_id = NEW.id AND r.event_id = function_counts.event_id) WHERE event_id IN (SELECT event_id FROM household_invitations WHERE household_id = NEW.household_id);
  UPDATE invitation_counts SET unanswered = unanswered - NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = OLD.id AND r.event_id = invitation_counts.event_id) WHERE household_id = OLD.household_id;
  UPDATE invitation_counts SET unanswered = unanswered + NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = NEW.id AND r.event_id = invitation_counts.event_id) WHERE household_id = NEW.household_id;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_answer_ins` AFTER INSERT ON `guest_rsvps` BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NULL AS response, NULL AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NEW.response AS response, NEW.party_size AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
  UPDATE invitation_counts SET unanswered = unanswered - 1 WHERE event_id = NEW.event_id AND household_id = (SELECT household_id FROM guests WHERE id = NEW.guest_id);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_answer_del` AFTER DELETE ON `guest_rsvps` BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT OLD.response AS response, OLD.party_size AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NULL AS response, NULL AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE invitation_counts SET unanswered = unanswered + 1 WHERE event_id = OLD.event_id AND household_id = (SELECT household_id FROM guests WHERE id = OLD.guest_id);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `function_counts_answer_upd` AFTER UPDATE OF `response`, `party_size` ON `guest_rsvps` BEGIN
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests - COUNT(*), function_counts.attending - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe - COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined - COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered - COALESCE(SUM(r.response IS NULL), 0), function_counts.veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown - COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT OLD.response AS response, OLD.party_size AS party_size) r WHERE g.id = OLD.guest_id) WHERE event_id = OLD.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = OLD.guest_id AND hi.event_id = OLD.event_id);
  UPDATE function_counts SET (guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown) = (SELECT function_counts.guests + COUNT(*), function_counts.attending + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0), function_counts.maybe + COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0), function_counts.declined + COALESCE(SUM(r.response = 'DECLINED'), 0), function_counts.not_answered + COALESCE(SUM(r.response IS NULL), 0), function_counts.veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0), function_counts.jain + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0), function_counts.non_veg + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0), function_counts.vegan + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0), function_counts.unknown + COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
    FROM guests g, (SELECT NEW.response AS response, NEW.party_size AS party_size) r WHERE g.id = NEW.guest_id) WHERE event_id = NEW.event_id AND EXISTS (SELECT 1 FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id WHERE g.id = NEW.guest_id AND hi.event_id = NEW.event_id);
END;
--> statement-breakpoint
INSERT OR REPLACE INTO function_counts (event_id, households, guests, attending, maybe, declined, not_answered, veg, jain, non_veg, vegan, unknown)
  SELECT e.id, COUNT(DISTINCT hi.household_id), COUNT(g.id),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND 1 THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(r.response = 'DECLINED'), 0),
    COALESCE(SUM(g.id IS NOT NULL AND r.response IS NULL), 0),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEG' THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'JAIN' THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'NON_VEG' THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary = 'VEGAN' THEN r.party_size ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND g.dietary IS NULL THEN r.party_size ELSE 0 END), 0)
  FROM events e
  LEFT JOIN household_invitations hi ON hi.event_id = e.id
  LEFT JOIN guests g ON g.household_id = hi.household_id
  LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = e.id
  GROUP BY e.id;
--> statement-breakpoint
INSERT OR REPLACE INTO invitation_counts (household_id, event_id, unanswered)
  SELECT hi.household_id, hi.event_id,
    (SELECT COUNT(*) FROM guests g WHERE g.household_id = hi.household_id AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id))
  FROM household_invitations hi;
