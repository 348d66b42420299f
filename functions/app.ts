import { RouterContextProvider } from "react-router";
import { appContext } from "./page-context.ts";
import { createApi } from "./api/app.ts";
import { createDomainContext } from "./domain-context.ts";
import { runScheduled, siteOrigin } from "./cron/index.ts";
import { receiveEmailReply } from "#domain/enquiries/index.ts";
import { consumeQueue } from "./queues.ts";
import { isDomainError, can } from "#domain/core/index.ts";
import type { Env } from "./env.ts";
import { devPagesEnabled, isDevPagePath } from "./platform/dev-pages.ts";
import { serveMedia } from "./platform/media.ts";
import { checkFormType, discardUnreadBody } from "./platform/request-body.ts";
import { isCrossOriginWrite, markPersonal, newNonce, pageCsp, PRIVATE_NO_STORE, withSecurityHeaders } from "./platform/security.ts";
import { readSessionToken, resolveSession } from "./platform/session-cookie.ts";
import { databaseForRequest } from "./platform/d1-sessions.ts";
import { d1ServerTiming, timedDatabase } from "./platform/d1-timing.ts";
import { coalescedReads } from "./platform/d1-reads.ts";
import { mayReadServerTiming } from "./platform/server-timing.ts";
import { cacheablePageRequest, createPageCache, type PageCacheOptions, storableResponse } from "./platform/page-cache.ts";
import { sandboxGatewayAccess } from "./platform/payments.ts";
import { SANDBOX_PATH, serveSandboxGateway } from "./platform/sandbox-gateway.ts";
import { healthResponse } from "./platform/health.ts";
import { oneClickUnsubscribe } from "./one-click-unsubscribe.ts";
import { log, newRequestId, withRequestId } from "./platform/log.ts";
import { withLocale } from "./platform/locale.ts";
import { isLocale, type Locale, localeOfPath, unprefixedPath } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { LANGUAGE_COOKIE, readCookie } from "./platform/cookies.ts";
import { localizePageResponse } from "./platform/locale-pages.ts";

export type PagesHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE } });

/**
 * The language of an answer the Worker writes itself (the plain 500, a refused cross-site write, a
 * form of the wrong type), before or without a page: a /hi page's, else the language the person chose
 * with the switch (its cookie), else English. The account's saved choice is not read: no database read
 * here, since this text must be said even when the database is what failed (a signed-in Hindi
 * account's pages are under /hi anyway: the root loader sends them there).
 */
function errorLocale(request: Request): Locale {
  const path = new URL(request.url).pathname;
  if (localeOfPath(path) !== "en") return localeOfPath(path);
  const chosen = readCookie(request, LANGUAGE_COOKIE);
  return isLocale(chosen) ? chosen : "en";
}

/**
 * Every answer names its request: the X-Request-Id header, and on an error page (5xx HTML) the
 * reference line the error screen leaves empty (app/components/ErrorScreen.tsx, `data-request-ref`),
 * so a person can quote it and the log lines of that request are found by it (platform/log.ts).
 */
function withRequestReference(response: Response, requestId: string, locale: Locale): Response {
  let out = response;
  try {
    out.headers.set("X-Request-Id", requestId);
  } catch {
    // An immutable response (straight from a fetch or the cache): a copy takes the header.
    out = new Response(response.body, response);
    out.headers.set("X-Request-Id", requestId);
  }
  if (out.status >= 500 && (out.headers.get("content-type") ?? "").startsWith("text/html")) {
    out = new HTMLRewriter()
      .on("[data-request-ref]", {
        element(element) {
          element.setInnerContent(withLocale(locale, () => m.api_request_reference({ reference: requestId })));
          element.removeAttribute("hidden");
        },
      })
      .transform(out);
  }
  return out;
}

/**
 * Composes the Worker: /api/v1 to Hono, /media/* to R2, everything else (every method: form
 * actions too) to the React Router handler. Takes the pages handler as an argument so tests can
 * run the same composition without the React Router build.
 *
 * Around every answer: the security headers; Cache-Control private, no-store on every API answer
 * and on every page that depends on the session; the development pages only where they are
 * enabled (dev-pages.ts); and whatever of the request body was not read is read and discarded
 * before answering (an unread upload breaks the next request on the local server's connection).
 */
export function createWorker(pages: PagesHandler, options: { pageCache?: PageCacheOptions } = {}) {
  const api = createApi();
  const pageCache = createPageCache(options.pageCache);

  async function route(request: Request, url: URL, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (url.pathname === "/healthz" && (request.method === "GET" || request.method === "HEAD")) {
      return withSecurityHeaders(await healthResponse(env), request);
    }
    // RFC 8058 one-click unsubscribe: authorised by its signed link, often cross-site (one-click-unsubscribe.ts).
    const unsubscribed = await oneClickUnsubscribe(request, env, ctx);
    if (unsubscribed) return withSecurityHeaders(unsubscribed, request);
    if (isCrossOriginWrite(request)) {
      const body = url.pathname.startsWith("/api/")
        ? Response.json({ success: false, message: withLocale(errorLocale(request), () => m.api_cross_site()) }, { status: 403 })
        : new Response(
            withLocale(errorLocale(request), () => m.api_cross_site_form()),
            { status: 403 },
          );
      return withSecurityHeaders(body, request);
    }
    if (url.pathname === "/api/v1" || url.pathname.startsWith("/api/v1/")) {
      const response = withSecurityHeaders(await api.fetch(request, env, ctx), request);
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
      return response;
    }
    if (url.pathname.startsWith("/media/")) {
      return withSecurityHeaders(await serveMedia(request, env.MEDIA), request);
    }
    // The local sandbox payment gateway's checkout (only where it is the configured gateway).
    if (url.pathname.startsWith(`${SANDBOX_PATH}/`)) {
      return withSecurityHeaders(await serveSandboxGateway(request, env, sandboxGatewayAccess(env, url.origin), (work) => ctx.waitUntil(work)), request);
    }
    if (isDevPagePath(unprefixedPath(url.pathname)) && !devPagesEnabled(env, request)) {
      return withSecurityHeaders(
        plain(
          withLocale(errorLocale(request), () => m.api_plain_not_found()),
          404,
        ),
        request,
      );
    }
    if (WRITES.includes(request.method)) {
      // Page actions read forms only (React Router's Form and fetchers send urlencoded or multipart).
      try {
        withLocale(errorLocale(request), () => checkFormType(request));
      } catch (e) {
        if (!isDomainError(e)) throw e;
        return withSecurityHeaders(plain(e.message, e.status), request);
      }
    }
    const nonce = newNonce();
    // The page's D1 time and calls (page cache version, session and domain alike) go out in
    // Server-Timing to admins and local development (read by the bench; never cached).
    const d1 = timedDatabase(env.DB);
    // Visitors' public pages come from the page cache when a copy of the current data is there.
    const cached = cacheablePageRequest(request, url.pathname) ? await pageCache.key(d1.db, url) : null;
    const cacheKey = cached?.key ?? null;
    if (cacheKey) {
      const hit = await pageCache.match(cacheKey, nonce);
      if (hit) return hit;
    }
    const { session, setCookie } = await resolveSession(d1.db, request);
    const context = new RouterContextProvider();
    const requestDb = databaseForRequest(d1.db, request, Boolean(session));
    // A page's loaders run at once: their reads go to D1 as one batch (d1-reads.ts); a write's request keeps its order.
    const reads = request.method === "GET" || request.method === "HEAD";
    const domain = createDomainContext(env, ctx, request, session, Date.now(), reads ? coalescedReads(requestDb.db) : requestDb.db);
    // A visitor's render uses the version its cache key holds; a signed-in person's reads its own.
    if (cached) domain.publicDataVersion = cached.version;
    context.set(appContext, { env, ctx, domain, nonce, actor: session?.actor ?? null, session });
    // Every message and format of this page's render is in the page's language (platform/locale.ts).
    const locale = localeOfPath(url.pathname);
    const rendered = localizePageResponse(await withLocale(locale, () => pages(request, context)), locale, url.origin);
    const response = withSecurityHeaders(rendered, request, pageCsp(nonce, domain.payments.checkoutOrigins));
    const actor = session?.actor ?? null;
    if (mayReadServerTiming(env, request, actor !== null && can.viewAdminArea(actor))) response.headers.append("Server-Timing", d1ServerTiming(d1.timing()));
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    const bookmark = requestDb.bookmarkCookie();
    if (bookmark) response.headers.append("Set-Cookie", bookmark);
    // Public pages keep their caching; a page for a session, or one that sets a cookie, is personal.
    if (session || readSessionToken(request) || response.headers.has("Set-Cookie")) markPersonal(response);
    if (cacheKey && !session && storableResponse(response)) return pageCache.store(cacheKey, response, nonce, (work) => ctx.waitUntil(work));
    return response;
  }

  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const requestId = newRequestId();
      const url = new URL(request.url);
      // A visitor's public page this isolate holds for the current data: answered before anything
      // else (no route above serves a cacheable page's GET, and nothing here logs), so a cached page
      // costs about what a bare Worker sending its bytes does (decision 0053).
      if (!request.body && cacheablePageRequest(request, url.pathname)) {
        const kept = pageCache.fromMemory(url, newNonce());
        if (kept) {
          kept.headers.set("X-Request-Id", requestId);
          return kept;
        }
      }
      return withRequestId(requestId, async () => {
        let response: Response;
        try {
          response = await route(request, url, env, ctx);
        } catch (e) {
          log.error("request failed", { method: request.method, path: url.pathname }, e);
          const message = withLocale(errorLocale(request), () => m.api_plain_server_error({ reference: requestId }));
          response = withSecurityHeaders(plain(message, 500), request);
        }
        await discardUnreadBody(request);
        // Whatever this write changed, this isolate's next visitor page shows it (page-cache.ts).
        if (WRITES.includes(request.method)) pageCache.forgetVersion();
        return withRequestReference(response, requestId, localeOfPath(url.pathname));
      });
    },
    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
      void ctx;
      // One id per cron run: its jobs' log lines are found together.
      await withRequestId(newRequestId(), () => runScheduled(controller.cron, env, controller.scheduledTime));
    },
    /**
     * Mail that Cloudflare Email Routing hands to the Worker: a reply to an enquiry mail becomes a
     * message in its conversation (functions/domain/enquiries/email-replies.ts); anything else is
     * rejected with the reason, which the sender's mail server reports back to them.
     */
    async email(message: ForwardableEmailMessage, env: Env, ctx: ExecutionContext): Promise<void> {
      await withRequestId(newRequestId(), async () => {
        // Links in the mails this sends (the other side's notice) point at the site.
        const domain = createDomainContext(env, ctx, new Request(`${siteOrigin(env)}/`), null);
        try {
          const outcome = await receiveEmailReply(domain, domain.config.replies, {
            to: message.to,
            from: message.from,
            raw: message.raw,
            rawSize: message.rawSize,
          });
          if (!outcome.ok) {
            log.info("email reply refused", { reason: outcome.reason });
            message.setReject(outcome.reason);
          }
        } catch (e) {
          // Our fault, not the sender's: refuse it with a temporary-sounding reason so they can send it again.
          log.error("email reply failed", {}, e);
          message.setReject("Mandap could not take this reply just now. Please try again later.");
        }
      });
    },
    /** The queues' consumers (functions/queues.ts): one id per batch, as per cron run. */
    async queue(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
      void ctx;
      await withRequestId(newRequestId(), () => consumeQueue(batch, env));
    },
  };
}
