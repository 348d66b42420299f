/**
 * The catalogue: vendors' services and their photos and calendars, discovery and search, the
 * service and vendor pages, the home page, views, reviews and the couple's wishlist.
 *
 * Discovery, one job a file: service-search.ts (search and its filters), search-match.ts (typed
 * words as the index's terms), service-summaries.ts (a service as lists show it), service-detail.ts
 * (one service), service-locations.ts (the location box), home-sections.ts (the hero's counters,
 * latest posts, testimonials), sitemaps.ts.
 *
 * A vendor's services, one job a file: service-writing.ts (create, edit), service-status.ts
 * (archive, delete), services-dashboard.ts, service-faqs.ts, description-drafts.ts;
 * service-records.ts holds what they share.
 *
 * A service's photos, one job a file: photo-uploads.ts, photo-edits.ts (delete, order, cover, alt
 * text), direct-photo-uploads.ts (sign, upload, register), single-images.ts (logo and profile
 * photo); photo-records.ts holds what they share.
 *
 * This file is the area's only face: code outside functions/domain/catalogue/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export {
  BOOKING_NOTE,
  AVAILABILITY_MESSAGES,
  availabilityQuery,
  availabilityInput,
  monthRange,
  serviceAvailability,
  ownerAvailability,
  setAvailability,
  calendarServices,
} from "./availability.ts";
export { CAROUSELS, HOME_SECTIONS_MAX_AGE_MS, homeSections, carousel } from "./home-page.ts";
export { type Review, type ReviewReply, refreshAggregates, REVIEW_MESSAGES } from "./review-records.ts";
export { requireReviewer, submitReview, updateReview, replyToReview } from "./review-writes.ts";
export { serviceReviews } from "./review-reads.ts";
export { servicePage } from "./service-page.ts";
export { vendorBySlug, vendorPage, vendorExists } from "./vendor-profile.ts";
export { VIEW_COOKIES, viewDecision, countView } from "./views.ts";
export {
  toggleWishlistItem,
  mergeWishlistInput,
  mergeWishlist,
  wishlistIds,
  wishlistServices,
  readCart,
  CART_MESSAGES,
  toggleCartItem,
  clearCart,
} from "./wishlist.ts";
export { searchServices } from "./service-search.ts";
export { ftsQuery, TERMS_PER_WORD } from "./search-match.ts";
export { toServiceCard, type ServiceCardData } from "./service-summaries.ts";
export { serviceDetail } from "./service-detail.ts";
export { serviceLocations, PLACES_WITH_SERVICES_SQL } from "./service-locations.ts";
export { heroAnalytics, topTestimonials, TESTIMONIALS_SQL, type HeroAnalytics } from "./home-sections.ts";
export { SITEMAP_MAX_URLS, SERVICES_PER_SITEMAP, sitemapPages, sitemapServiceFiles, sitemapServices, type SitemapEntry } from "./sitemaps.ts";
export { MediaSaveFailed, manageableService, servicePhotos } from "./photo-records.ts";
export { photoRoom, tooManyPhotos, uploadServicePhotos } from "./photo-uploads.ts";
export {
  altInput,
  coverInput,
  orderInput,
  publicIdInput,
  deleteServicePhoto,
  moveServicePhoto,
  reorderServicePhotos,
  setPhotoAlt,
  setServiceCover,
} from "./photo-edits.ts";
export { uploadSingleImage } from "./single-images.ts";
export { generateUploadSignature, incomingPrefix, receiveDirectUpload, registerDirectUploads, registerInput, signatureInput } from "./direct-photo-uploads.ts";
export { SERVICE_MESSAGES } from "./service-records.ts";
export { createService, updateService } from "./service-writing.ts";
export { deleteService, setServiceStatus, toggleArchive } from "./service-status.ts";
export { serviceForEdit, vendorDashboard } from "./services-dashboard.ts";
export { addFaq, deleteFaq, moveFaq, updateFaq } from "./service-faqs.ts";
export { AI_DRAFT_LIMIT, draftDescription } from "./description-drafts.ts";
// Removing a service's stored objects (removeServiceObjects) lives in core's media-objects.ts, which
// pulls in no image code: the service and account deletions import it from there.
export { removeServiceObjects } from "../core/index.ts";
