import { searchServices, serviceDetail, type ServiceDetail, type ServiceSummary } from "./discovery.ts";
import { openEnquiry } from "./enquiries.ts";
import { ownReview, serviceReviews, type Review, type ReviewSummary } from "./reviews.ts";
import type { Actor } from "./sessions.ts";
import { isAdminRole } from "./sessions.ts";
import { isFavorite, isInCart } from "./shortlist.ts";

/** Everything the service page shows, for one viewer. */
export type ServicePageData = {
  service: ServiceDetail;
  reviews: Review[];
  reviewSummary: ReviewSummary;
  reviewsPage: number;
  similar: ServiceSummary[];
  viewer: {
    favorited: boolean;
    inCart: boolean;
    ownReview: Review | null;
    openEnquiry: { id: string; status: string; created_at: number; event_date: string | null } | null;
    /** The owning vendor (or an admin) may reply to reviews. */
    canReply: boolean;
  };
};

export const SIMILAR_LIMIT = 8;

/** Same subcategory in the same city first, then elsewhere in the same state. */
export async function similarServices(d1: D1Database, service: Pick<ServiceSummary, "id" | "service_type" | "state" | "city">): Promise<ServiceSummary[]> {
  const [sameCity, sameState] = await Promise.all([
    searchServices(d1, null, { service_type: service.service_type, state: service.state, city: service.city, limit: SIMILAR_LIMIT + 1 }),
    searchServices(d1, null, { service_type: service.service_type, state: service.state, limit: SIMILAR_LIMIT * 2 + 1 }),
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

export async function servicePage(d1: D1Database, actor: Actor | null, id: string, reviewsPage = 1): Promise<ServicePageData | null> {
  const service = await serviceDetail(d1, actor, id);
  if (!service) return null;
  const [reviews, similar, favorited, inCart, own, enquiry] = await Promise.all([
    serviceReviews(d1, id, reviewsPage),
    similarServices(d1, service),
    isFavorite(d1, actor, id),
    isInCart(d1, actor, id),
    ownReview(d1, actor, id),
    openEnquiry(d1, actor, id),
  ]);
  return {
    service,
    reviews: reviews.reviews,
    reviewSummary: reviews.summary,
    reviewsPage,
    similar,
    viewer: {
      favorited,
      inCart,
      ownReview: own,
      openEnquiry: enquiry,
      canReply: Boolean(actor && (actor.id === service.vendor.id || isAdminRole(actor.role))),
    },
  };
}
