import { RouterContextProvider } from "react-router";
import { appContext } from "../app/context.ts";
import { createDb } from "../db/client.ts";
import { createApi } from "./api/app.ts";
import { runScheduled } from "./cron/index.ts";
import type { Env } from "./env.ts";
import { serveMedia } from "./platform/media.ts";
import { isCrossOriginWrite, newNonce, pageCsp, withSecurityHeaders } from "./platform/security.ts";
import { resolveSession } from "./platform/session-cookie.ts";

export type PagesHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * Composes the Worker: /api/v1 to Hono, /media/* to R2, everything else (every method: form
 * actions too) to the React Router handler. Takes the pages handler as an argument so tests can
 * run the same composition without the React Router build.
 */
export function createWorker(pages: PagesHandler) {
  const api = createApi();
  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const url = new URL(request.url);
      if (isCrossOriginWrite(request)) {
        const body = url.pathname.startsWith("/api/")
          ? Response.json({ success: false, message: "Cross-site requests are not allowed." }, { status: 403 })
          : new Response("Cross-site form submissions are not allowed.", { status: 403 });
        return withSecurityHeaders(body, request);
      }
      if (url.pathname === "/api/v1" || url.pathname.startsWith("/api/v1/")) {
        return withSecurityHeaders(await api.fetch(request, env, ctx), request);
      }
      if (url.pathname.startsWith("/media/")) {
        return withSecurityHeaders(await serveMedia(request, env.MEDIA), request);
      }
      const nonce = newNonce();
      const { session, setCookie } = await resolveSession(env.DB, request);
      const context = new RouterContextProvider();
      context.set(appContext, { env, ctx, db: createDb(env.DB), nonce, actor: session?.actor ?? null, session });
      const response = withSecurityHeaders(await pages(request, context), request, pageCsp(nonce));
      if (setCookie) response.headers.append("Set-Cookie", setCookie);
      return response;
    },
    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
      void ctx;
      await runScheduled(controller.cron, env, controller.scheduledTime);
    },
  };
}
