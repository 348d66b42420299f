-- Issue 28: a guest asking through the public e-invite may give an e-mail address, so that on
-- approval their personal RSVP link is mailed to them (with only a phone, the couple shares it).
ALTER TABLE `invite_requests` ADD `email` text;
