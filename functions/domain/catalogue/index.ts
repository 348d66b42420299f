/**
 * The catalogue: vendors' services and their photos and calendars, discovery and search, the
 * service and vendor pages, the home page, views, reviews and the couple's wishlist.
 *
 * This file is the area's only face: code outside functions/domain/catalogue/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./availability.ts";
export * from "./discovery.ts";
export * from "./home-page.ts";
export * from "./reviews.ts";
export * from "./service-media.ts";
export * from "./service-page.ts";
export * from "./vendor-profile.ts";
export * from "./vendor-services.ts";
export * from "./views.ts";
export * from "./wishlist.ts";
