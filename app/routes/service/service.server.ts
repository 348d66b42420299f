import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { disputeReview } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formFailure, pagePath, type PageFailure } from "#app/lib/page-errors.server.ts";
import { servicePath } from "#shared/catalogue.ts";
import { readCookie } from "#platform/cookies.ts";
import { reviewsPageFrom, todayInIndia } from "#shared/listing-rules.ts";
import { makeLead } from "#domain/enquiries/index.ts";
import { REVIEW_MESSAGES, replyToReview, submitReview, updateReview, servicePage, toggleCartItem, countView, VIEW_COOKIES } from "#domain/catalogue/index.ts";
import { formToObject } from "#domain/core/index.ts";
import { chosenFiles } from "#platform/uploads.ts";
import { formWithFiles, readPageForm } from "#platform/request-body.ts";
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  // Review photos: up to REVIEW_PHOTOS_MAX of PHOTO_MAX_BYTES each (the domain counts them and says so).
  const form = await readPageForm(request, formWithFiles(request, { filesMax: REVIEW_PHOTOS_MAX, maxFileBytes: PHOTO_MAX_BYTES }));
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "enquire": {
        const lead = await makeLead(domain, params.id, formToObject(form));
        return { ok: true as const, intent, lead };
      }
      case "review": {
        // Parse only: the domain checks every rule (and the photo count) before it stores a photo.
        const fields = formToObject(form);
        const reviewId = typeof fields.reviewId === "string" && fields.reviewId ? fields.reviewId : null;
        const files = chosenFiles(form.getAll("photos"));
        if (reviewId) await updateReview(domain, params.id, reviewId, fields, files.length ? files : null);
        else await submitReview(domain, params.id, fields, files);
        // No redirect: the page's loaders run again after the action, and a same-page redirect with
        // only a hash would skip them.
        return { ok: true as const, intent, message: reviewId ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.published };
      }
      case "reply": {
        await replyToReview(domain, params.id, String(form.get("reviewId") ?? ""), formToObject(form));
        return { ok: true as const, intent, message: REVIEW_MESSAGES.replied };
      }
      case "dispute": {
        const result = await disputeReview(domain, params.id, String(form.get("reviewId") ?? ""), { reason: form.get("reason") ?? "" });
        return { ok: true as const, intent, message: result.message };
      }
      case "cart": {
        const result = await toggleCartItem(domain, params.id);
        return { ok: true as const, intent, inCart: result.inCart, message: result.message };
      }
      default:
        return data<PageFailure>({ ok: false, intent, message: "Unknown action.", errors: {} }, { status: 400 });
    }
  } catch (e) {
    return formFailure(e, request, { intent });
  }
}
