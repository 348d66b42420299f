-- The language a person chose for their pages and their mail (issue 32): 'en' or 'hi'; NULL until they choose (English).
ALTER TABLE `users` ADD `locale` text;
