import { type DomainContext, can } from "../core/index.ts";
import { searchServices } from "./service-search.ts";
import { serviceDetail, type ServiceDetail } from "./service-detail.ts";
import { toServiceCard, type ServiceCardData, type ServiceSummary } from "./service-summaries.ts";
import { openLead, type OpenLead } from "../enquiries/index.ts";
import { type Review, type ReviewSummary } from "./review-records.ts";
import { ownReview, serviceReviews } from "./review-reads.ts";
import { isInCart, isInWishlist } from "./wishlist.ts";

/** Everything the service page shows, for one viewer. */
export type ServicePageData = {
  service: ServiceDetail;
  reviews: Review[];
  reviewSummary: ReviewSummary;
  reviewsPage: number;
  /** Card fields only: the page's HTML carries them twice (markup and hydration data). */
  similar: ServiceCardData[];
  viewer: {
    favorited: boolean;
    inCart: boolean;
    ownReview: Review | null;
    openLead: OpenLead | null;
    /** The owning vendor (or an admin) may reply to reviews. */
    canReply: boolean;
    /** What the viewer may do here (permissions.ts), so the page never compares role names. */
    signedIn: boolean;
    canEnquire: boolean;
    canReview: boolean;
    canUseCart: boolean;
    /** An admin's reply is signed by the Mandap team. */
    repliesAsTeam: boolean;
    /** The owning vendor may ask the team to look at a review (functions/domain/admin/disputed-reviews.ts). */
    canDispute: boolean;
    /** Admins see a link to the service's record (moderation). */
    canModerate: boolean;
  };
};

export const SIMILAR_LIMIT = 8;

/** Same subcategory in the same city first, then elsewhere in the same state. */
export async function similarServices(ctx: DomainContext, service: Pick<ServiceSummary, "id" | "service_type" | "state" | "city">): Promise<ServiceSummary[]> {
  const [sameCity, sameState] = await Promise.all([
    searchServices(ctx, { service_type: service.service_type, state: service.state, city: service.city, limit: SIMILAR_LIMIT + 1 }),
    searchServices(ctx, { service_type: service.service_type, state: service.state, limit: SIMILAR_LIMIT * 2 + 1 }),
  ]);
  const seen = new Set([service.id]);
  const out: ServiceSummary[] = [];
  for (const s of [...sameCity.services, ...sameState.services]) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    out.push(s);
    if (out.length === SIMILAR_LIMIT) break;
  }
  return out;
}

export async function servicePage(ctx: DomainContext, id: string, reviewsPage = 1): Promise<ServicePageData | null> {
  const { actor } = ctx;
  const service = await serviceDetail(ctx, id);
  if (!service) return null;
  const [reviews, similar, favorited, inCart, own, lead] = await Promise.all([
    serviceReviews(ctx, id, reviewsPage),
    similarServices(ctx, service),
    isInWishlist(ctx, id),
    isInCart(ctx, id),
    ownReview(ctx, id),
    openLead(ctx, id),
  ]);
  return {
    service,
    reviews: reviews.reviews,
    reviewSummary: reviews.summary,
    reviewsPage,
    similar: similar.map(toServiceCard),
    viewer: {
      favorited,
      inCart,
      ownReview: own,
      openLead: lead,
      canReply: Boolean(actor && (actor.id === service.vendor.id || can.viewAdminArea(actor))),
      signedIn: actor !== null,
      canEnquire: can.sendEnquiry(actor),
      canReview: can.review(actor),
      canUseCart: can.keepWishlist(actor),
      repliesAsTeam: can.viewAdminArea(actor),
      canDispute: Boolean(actor && actor.id === service.vendor.id && can.manageBusinessProfile(actor)),
      canModerate: can.viewAdminArea(actor),
    },
  };
}
