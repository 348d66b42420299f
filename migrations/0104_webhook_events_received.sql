-- The daily purge of the gateway's messages older than 90 days (functions/domain/core/retention.ts) reads them by age.
CREATE INDEX `webhook_events_received_idx` ON `webhook_events` (`received_at`);
