import { z } from "zod";
import { readCookie } from "#platform/cookies.ts";
import { IMAGE_MEGAPIXELS_MAX } from "#shared/service-media.ts";
import { leadInput, replyInput, REVIEW_PHOTOS_MAX, reviewsPageNumber } from "#shared/listing-rules.ts";
import { makeLead } from "#domain/enquiries/index.ts";
import { Invalid, NotFound, ACCESS } from "#domain/core/index.ts";
import {
  REVIEW_MESSAGES,
  replyToReview,
  requireReviewer,
  serviceReviews,
  submitReview,
  updateReview,
  CART_MESSAGES,
  clearCart,
  mergeWishlist,
  mergeWishlistInput,
  readCart,
  toggleCartItem,
  toggleWishlistItem,
  wishlistIds,
  vendorExists,
  countView,
  VIEW_COOKIES,
} from "#domain/catalogue/index.ts";
import { JSON_BODY_MAX, readCappedText, readMultipart } from "#platform/request-body.ts";
import type { ApiContext } from "./context.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const id = z.string().min(1).max(64);
const serviceParams = z.object({ id });
const reviewParams = z.object({ id, feedbackId: id });

/**
 * A review's body, parsed only: JSON, or multipart with the fields and up to REVIEW_PHOTOS_MAX
 * `photos` files. Whoever may not review is refused before a byte of the body is read, and a
 * multipart body is read as a stream that stops at the first file over the cap (400). The rules
 * (service, one review, photo count, text, image checks, storing last) are the domain's.
 */
async function reviewBody(c: ApiContext): Promise<{ fields: unknown; files: File[] }> {
  requireReviewer(c.get("actor"));
  if ((c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readMultipart(c.req.raw, {
      files: { photos: REVIEW_PHOTOS_MAX },
      tooMany: () => new Invalid(m.api_e_too_many_photos(), { photos: m.api_e_add_at_most_photos({ max: REVIEW_PHOTOS_MAX }) }),
    });
    return { fields: form.fields, files: form.files.photos ?? [] };
  }
  const text = await readCappedText(c.req.raw, JSON_BODY_MAX);
  try {
    return { fields: text ? JSON.parse(text) : {}, files: [] };
  } catch {
    throw new Invalid(m.api_body_bad_json());
  }
}

/** Review bodies are read by reviewBody, not by the endpoint declaration, so the document describes them in words. */
const reviewDescription = `JSON, or multipart/form-data with the same fields and up to ${REVIEW_PHOTOS_MAX} \`photos\` (JPEG, PNG, WebP, GIF, and AVIF where the Cloudflare Images pipeline is configured; 5 MB and ${IMAGE_MEGAPIXELS_MAX} megapixels each, decoded and stored as WebP); more files are refused (400) at the first file past the cap (the rest of the body is thrown away unparsed).`;

/** Reviews ("feedback" on the wire) and leads (enquiries, "makeLead") on a service: mounted beside the services resource. */
export const serviceEngagementApi = new Resource("/services", "Reviews and enquiries")
  .endpoint(
    {
      method: "put",
      path: "/makeLead/:id",
      summary: "Send an enquiry (creates a lead for the vendor)",
      description: "Couples only. One open enquiry per couple per service (409 otherwise).",
      params: serviceParams,
      body: leadInput,
      access: ACCESS.couple,
      responses: { 201: "The lead", 400: "Invalid fields", 401: "Not logged in", 403: "Not a couple", 404: "No such service", 409: "An open enquiry exists" },
    },
    async (c, { params, body }) => {
      const lead = await makeLead(c.get("domain"), params.id, body);
      return c.json({ success: true, message: m.api_enquiry_sent_to({ vendor: lead.vendorName }), lead }, 201);
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/feedback/:id",
      summary: "Published reviews of a service with sub-score averages",
      params: serviceParams,
      query: z.object({ page: reviewsPageNumber.default(1) }),
      access: "public",
    },
    async (c, { params, query }) => c.json({ success: true, ...(await serviceReviews(c.get("domain"), params.id, query.page)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/feedback/:id",
      summary: "Review a service",
      description: `Couples only, one review per service (409: edit it instead). Fields: rating and the five sub-scores (1-5), comment. ${reviewDescription}`,
      params: serviceParams,
      access: ACCESS.couple,
      responses: {
        201: "The review",
        400: "Invalid fields or photos",
        401: "Not logged in",
        403: "Not a couple",
        404: "No such service",
        409: "Already reviewed",
      },
    },
    async (c, { params }) => {
      const { fields, files } = await reviewBody(c);
      const review = await submitReview(c.get("domain"), params.id, fields, files);
      return c.json({ success: true, message: REVIEW_MESSAGES.published, feedback: review }, 201);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/feedback/:id/:feedbackId",
      summary: "Edit your review",
      description: `New photos replace the old ones; none keeps them. ${reviewDescription}`,
      params: reviewParams,
      access: ACCESS.couple,
    },
    async (c, { params }) => {
      const { fields, files } = await reviewBody(c);
      const review = await updateReview(c.get("domain"), params.id, params.feedbackId, fields, files.length ? files : null);
      return c.json({ success: true, message: REVIEW_MESSAGES.updated, feedback: review });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/feedback/:id/:feedbackId/reply",
      summary: "Reply to a review (once)",
      description: "The service's vendor, or an admin for the Mandap team; the review's `reply.by` and `reply.author` say who.",
      params: reviewParams,
      body: replyInput,
      // The vendor (ownership checked by the domain) or an admin, signed "the Mandap team".
      access: ACCESS.vendorOrAdmin,
    },
    async (c, { params, body }) => {
      const review = await replyToReview(c.get("domain"), params.id, params.feedbackId, body);
      return c.json({ success: true, message: REVIEW_MESSAGES.replied, feedback: review });
    },
  );

const favoriteParams = z.object({ serviceId: id });

export const favoritesApi = new Resource("/favorites", "Wishlist")
  .endpoint({ method: "get", path: "/", summary: "The couple's favourite service ids", access: ACCESS.shopper }, async (c) =>
    c.json({ success: true, favorites: await wishlistIds(c.get("domain")) }),
  )
  .endpoint(
    { method: "post", path: "/merge", summary: "Merge favourites kept in the browser into the account", body: mergeWishlistInput, access: ACCESS.shopper },
    async (c, { body }) => c.json({ success: true, favorites: await mergeWishlist(c.get("domain"), body) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:serviceId",
      summary: "Toggle a favourite",
      params: favoriteParams,
      access: ACCESS.shopper,
      responses: { 200: "{success, message, favorited}" },
    },
    async (c, { params }) => c.json(await toggleWishlistItem(c.get("domain"), params.serviceId)),
  );

const cartBody = z.object({ id: id.optional() });

export const cartApi = new Resource("/cart", "Cart")
  .endpoint({ method: "get", path: "/", summary: "The cart", access: ACCESS.shopper }, async (c) =>
    c.json({ success: true, cart: await readCart(c.get("domain")) }),
  )
  .endpoint(
    { method: "post", path: "/", summary: "Toggle a service in the cart ({id}); with no id, read the cart", body: cartBody, access: ACCESS.shopper },
    async (c, { body }) => {
      const domain = c.get("domain");
      if (!body.id) return c.json({ success: true, cart: await readCart(domain) });
      const result = await toggleCartItem(domain, body.id);
      return c.json({ success: true, message: result.message, inCart: result.inCart, cart: await readCart(domain) });
    },
  )
  .endpoint({ method: "delete", path: "/clear", summary: "Empty the cart", access: ACCESS.shopper }, async (c) => {
    await clearCart(c.get("domain"));
    return c.json({ success: true, message: CART_MESSAGES.cleared, cart: [] });
  });

export const vendorViewsApi = new Resource("/vendors", "Vendors").endpoint(
  {
    method: "patch",
    path: "/viewUpdate/:vendorId",
    summary: "Record a profile view",
    description:
      "Counted at most once a day per browser (cookie, 1 day), never for the vendor's own account or a crawler; `recorded` says whether this call counted.",
    params: z.object({ vendorId: id }),
    access: "public",
  },
  async (c, { params }) => {
    const domain = c.get("domain");
    if (!(await vendorExists(domain, params.vendorId))) throw new NotFound(m.api_e_we_could_not_find_that_vendor());
    const seen = readCookie(c.req.raw, VIEW_COOKIES.profile);
    const setCookie = await countView(domain, { kind: "profile", id: params.vendorId, ownerId: params.vendorId, seen });
    if (setCookie) c.header("Set-Cookie", setCookie, { append: true });
    return c.json({ success: true, recorded: Boolean(setCookie) });
  },
);
