import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { disputeReview } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { servicePath } from "#shared/catalogue.ts";
import { readCookie } from "#platform/cookies.ts";
import { reviewsPageFrom, todayInIndia } from "#shared/listing-rules.ts";
import { makeLead } from "#domain/enquiries/index.ts";
import { REVIEW_MESSAGES, replyToReview, submitReview, updateReview, servicePage, toggleCartItem, countView, VIEW_COOKIES } from "#domain/catalogue/index.ts";
import { chosenFiles } from "#platform/uploads.ts";
import { formWithFiles, readFormData } from "#platform/request-body.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { REVIEW_PHOTOS_MAX } from "#shared/listing-limits.ts";

/**
 * The service page, canonical at /all/{group}/{subcategory}/{state}/{city}/{id}. Wrong slugs
 * redirect (301) to the canonical path; an unknown id is a 404. Views count once a day per browser.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const reviewsPage = reviewsPageFrom(url.searchParams.get("reviews"));
  const found = await servicePage(domain, params.id, reviewsPage);
  if (!found) throw data(null, { status: 404 });
  const { service } = found;
  const canonical = servicePath({
    id: service.id,
    serviceCategory: service.service_category,
    serviceType: service.service_type,
    state: service.state,
    city: service.city,
  });
  // Client navigations load "{path}.data": compare the page's own path.
  if (decodeURIComponent(pagePath(request)) !== canonical) throw redirect(canonical + url.search, 301);

  const headers = new Headers();
  const seen = readCookie(request, VIEW_COOKIES.service);
  const setCookie = await countView(domain, { kind: "service", id: service.id, ownerId: service.vendor.id, active: service.status === "active", seen });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(
    {
      ...found,
      canonical,
      origin: url.origin,
      today: todayInIndia(domain.now),
    },
    { headers },
  );
}

const serviceIdOf = (params: Record<string, string | undefined>) => params.id ?? "";

/**
 * The service page's forms, by intent: an enquiry, a review (written or edited, with photos), the
 * vendor's or the team's reply, the vendor's dispute, the cart. Each is one domain call; the
 * answer shows on the page where the form is (no redirect: the page's loaders run again after the
 * action, and a same-page redirect with only a hash would skip them).
 */
export const action = pageAction({
  // Review photos: up to REVIEW_PHOTOS_MAX of PHOTO_MAX_BYTES each (the domain counts them and says so).
  read: (request) => readFormData(request, formWithFiles(request, { filesMax: REVIEW_PHOTOS_MAX, maxFileBytes: PHOTO_MAX_BYTES })),
  intents: {
    enquire: async ({ params, domain, fields, intent }) => ({ ok: true as const, intent, lead: await makeLead(domain, serviceIdOf(params), fields) }),
    review: async ({ params, domain, form, fields, done }) => {
      // Parse only: the domain checks every rule (and the photo count) before it stores a photo.
      const reviewId = typeof fields.reviewId === "string" && fields.reviewId ? fields.reviewId : null;
      const files = chosenFiles(form.getAll("photos"));
      if (reviewId) await updateReview(domain, serviceIdOf(params), reviewId, fields, files.length ? files : null);
      else await submitReview(domain, serviceIdOf(params), fields, files);
      return done(reviewId ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.published);
    },
    reply: async ({ params, domain, form, fields, done }) => {
      await replyToReview(domain, serviceIdOf(params), String(form.get("reviewId") ?? ""), fields);
      return done(REVIEW_MESSAGES.replied);
    },
    dispute: async ({ params, domain, form, done }) =>
      done((await disputeReview(domain, serviceIdOf(params), String(form.get("reviewId") ?? ""), { reason: form.get("reason") ?? "" })).message),
    cart: async ({ params, domain, intent }) => {
      const result = await toggleCartItem(domain, serviceIdOf(params));
      return { ok: true as const, intent, inCart: result.inCart, message: result.message };
    },
  },
});
