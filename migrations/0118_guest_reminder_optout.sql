-- A guest who used an RSVP reminder's one-click unsubscribe: that couple's reminders skip the address (issue 31).
ALTER TABLE `guests` ADD `reminders_stopped_at` integer;
