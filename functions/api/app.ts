import { Hono, type ErrorHandler } from "hono";
import { createDomainContext } from "#functions/domain-context.ts";
import { resolveSession } from "#platform/session-cookie.ts";
import { databaseForRequest } from "#platform/d1-sessions.ts";
import { currentRequestId, log } from "#platform/log.ts";
import { apiLocale, withLocale } from "#platform/locale.ts";
import { LOCALE_TAG } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { ClientAborted, Conflict, Invalid, isDomainError, StaleEdit, TooManyRequests, Unavailable } from "#domain/core/index.ts";
import type { ApiEnv } from "./context.ts";
import { openApiDocument } from "./openapi.ts";
import { analyticsApi, servicesApi } from "./services.ts";
import { aiDescriptionApi, vendorServicesApi } from "./vendor-services.ts";
import { cartApi, favoritesApi, serviceEngagementApi, vendorViewsApi } from "./listing.ts";
import { usersApi } from "./users.ts";
import { phoneApi } from "./phone.ts";
import { emailAddressApi } from "./email-address.ts";
import { vendorAccountsApi } from "./vendors.ts";
import { adminApi } from "./admin.ts";
import { availabilityApi, vendorAnalyticsApi } from "./vendor-analytics.ts";
import { bookingsApi, leadsApi } from "./leads.ts";
import { directUploadApp, uploadsApi } from "./uploads.ts";
import { adminBillingApi, planAdminApi } from "./plan-admin.ts";
import { paymentsApi, subscribeOrdersApi } from "./payments.ts";
import { invoicesApi } from "./invoices.ts";
import { plansApi, subscriptionsApi } from "./subscriptions.ts";
import { checklistApi } from "./checklist.ts";
import { eventsApi } from "./events.ts";
import { budgetApi } from "./budget.ts";
import { guestsApi, rsvpApi } from "./guests.ts";
import { weddingsApi } from "./weddings.ts";
import { weddingActivityApi } from "./wedding-activity.ts";
import { weddingExportApi } from "./wedding-export.ts";
import { inviteTemplateApi, watchHistoryApi } from "./invite-templates.ts";
import { templatePurchasesApi } from "./template-purchases.ts";
import { userCardsApi } from "./user-cards.ts";
import { editorAssetsApi } from "./editor-assets.ts";
import { invitationsApi } from "./e-invites.ts";
import { blogAdminApi, blogPublicApi, blogUserApi } from "./blog.ts";
import { contactAdminApi, contactApi } from "./contact.ts";
import { mailApi } from "./mail.ts";
import { whatsAppApi } from "./whatsapp.ts";
import { moderationApi, reviewDisputeApi } from "./moderation.ts";
import { adminConsoleApi } from "./admin-console.ts";

/** Maps domain errors to their statuses; anything else is logged and answered with a plain 500. */
export const apiErrorHandler: ErrorHandler<ApiEnv> = (err, c) => {
  if (err instanceof ClientAborted) log.warn("client aborted", { method: c.req.method, path: c.req.path });
  if (isDomainError(err)) {
    if (err instanceof TooManyRequests || err instanceof Unavailable) c.header("Retry-After", String(err.retryAfterSeconds));
    const body: Record<string, unknown> = { success: false, message: err.message };
    if ((err instanceof Invalid || err instanceof Conflict) && Object.keys(err.fields).length) body.errors = err.fields;
    if (err instanceof StaleEdit) body.current = err.current;
    return c.json(body, err.status);
  }
  log.error("api request failed", { method: c.req.method, path: c.req.path }, err);
  // The reference is the request's id (the X-Request-Id header, functions/app.ts): quoted, it finds these log lines.
  const requestId = currentRequestId();
  return c.json({ success: false, message: m.api_server_error(), ...(requestId ? { requestId } : {}) }, 500);
};

/** The Worker's execution context; app.request() in tests has none. */
function executionContextOf(c: { executionCtx: Pick<ExecutionContext, "waitUntil"> }): Pick<ExecutionContext, "waitUntil"> | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}

/**
 * The JSON API under /api/v1: one sub-app per resource, domain errors mapped to statuses.
 * Importable without the React Router build.
 */
export function createApi() {
  // strict: false: a path with a trailing slash is the same path (the spec writes /userDataTemplate/, /guests/...).
  const api = new Hono<ApiEnv>({ strict: false }).basePath("/api/v1");

  // Who is asking, first: each endpoint then enforces its declared access before it reads the
  // request (endpoint.ts), and checks the body's type (JSON or multipart, else 415).
  api.use(async (c, next) => {
    const { session, setCookie } = await resolveSession(c.env.DB, c.req.raw);
    c.set("session", session);
    c.set("actor", session?.actor ?? null);
    const requestDb = databaseForRequest(c.env.DB, c.req.raw, Boolean(session));
    c.set("domain", createDomainContext(c.env, executionContextOf(c), c.req.raw, session, Date.now(), requestDb.db));
    // Every message of the answer (validation, refusals, confirmations) is in the caller's language,
    // and the answer says which (Content-Language; documented in openapi.ts).
    const locale = apiLocale(session?.actor.locale, c.req.header("Accept-Language"));
    await withLocale(locale, next);
    c.res.headers.set("Content-Language", LOCALE_TAG[locale]);
    c.res.headers.append("Vary", "Accept-Language");
    if (setCookie) c.res.headers.append("Set-Cookie", setCookie);
    const bookmark = requestDb.bookmarkCookie();
    if (bookmark) c.res.headers.append("Set-Cookie", bookmark);
  });

  // The document itself is in English whatever the caller's language (its descriptions quote messages).
  api.get("/openapi.json", (c) => c.json(withLocale("en", () => openApiDocument(new URL(c.req.url).origin))));
  api.route("/services", servicesApi.app);
  api.route("/services", vendorServicesApi.app);
  api.route("/", aiDescriptionApi.app);
  api.route("/analytics", analyticsApi.app);
  api.route("/analytics", vendorAnalyticsApi.app);
  api.route("/services", availabilityApi.app);
  api.route("/services", serviceEngagementApi.app);
  api.route("/favorites", favoritesApi.app);
  api.route("/cart", cartApi.app);
  api.route("/vendors", vendorViewsApi.app);
  api.route("/users", usersApi.app);
  api.route("/phone", phoneApi.app);
  api.route("/email-address", emailAddressApi.app);
  api.route("/vendors", vendorAccountsApi.app);
  api.route("/admin", adminApi.app);
  api.route("/admin", adminBillingApi.app);
  api.route("/plan", planAdminApi.app);
  api.route("/leads", leadsApi.app);
  api.route("/bookings", bookingsApi.app);
  api.route("/subscribe", invoicesApi.app);
  api.route("/", uploadsApi.app);
  api.route("/", directUploadApp);
  api.route("/subscribe", subscribeOrdersApi.app);
  api.route("/payments", paymentsApi.app);
  api.route("/mail", mailApi.app);
  api.route("/whatsapp", whatsAppApi.app);
  api.route("/plan", plansApi.app);
  api.route("/subscribe", subscriptionsApi.app);
  // Couple planning (issue 12).
  api.route("/checklist", checklistApi.app);
  api.route("/event", eventsApi.app);
  api.route("/budget", budgetApi.app);
  api.route("/guests", guestsApi.app);
  api.route("/rsvp", rsvpApi.app);
  api.route("/weddings", weddingsApi.app); // co-planners (issue 33)
  api.route("/weddings", weddingActivityApi.app); // who did what (issue 33)
  api.route("/weddings", weddingExportApi.app); // the records as a zip of CSVs (issue 33)
  // Invitations (issue 13).
  api.route("/inviteTemplate", inviteTemplateApi.app);
  api.route("/templateWatchHistory", watchHistoryApi.app);
  api.route("/template", templatePurchasesApi.app);
  api.route("/userDataTemplate", userCardsApi.app);
  api.route("/editorAssets", editorAssetsApi.app);
  api.route("/invitation", invitationsApi.app);
  // Blog, content and the admin console (issue 14).
  api.route("/admin/blog", blogAdminApi.app);
  api.route("/user/blog", blogUserApi.app);
  api.route("/public/blog", blogPublicApi.app);
  api.route("/contact", contactApi.app);
  api.route("/admin/contact-messages", contactAdminApi.app);
  api.route("/admin", adminConsoleApi.app);
  api.route("/admin", moderationApi.app);
  api.route("/services", reviewDisputeApi.app);

  api.notFound((c) => c.json({ success: false, message: m.api_no_endpoint() }, 404));
  api.onError(apiErrorHandler);
  return api;
}
