-- A category sorted by price (browse "Wedding Venue, lowest price first") read the whole category
-- and sorted it: 15,647 rows for one page at 100,000 services (issue 15's bench). With this index
-- the page is read in index order and stops after it.
CREATE INDEX `services_category_sort_price_idx` ON `services` (`status`, `service_category`, `min_price`, `id`);
