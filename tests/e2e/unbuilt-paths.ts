/**
 * Paths the site links to today whose areas are not built yet: they answer 404. The link crawler
 * (links.spec.ts) accepts a 404 only at these paths, and checks that each still answers 404, so
 * building an area means deleting its line here. Later work only ever shrinks this list.
 */
export const UNBUILT_PATHS: readonly string[] = [];
