-- The daily planning reminder (issue 12, docs/decisions/0023-planning-reminders.md) takes the
-- couples who opted in, page by page in id order. Without this index each run reads every account;
-- with it, only the opted-in ones.
CREATE INDEX `users_planning_reminders_idx` ON `users` (`id`) WHERE `planning_reminders` = 1;
