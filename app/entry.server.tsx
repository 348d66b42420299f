import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter, type HandleErrorFunction } from "react-router";
import { appContext } from "#functions/page-context.ts";
import { log } from "#platform/log.ts";
import { lowerModulePreloadPriority, scriptsAfterFirstPaint } from "./lib/head-stream.server.ts";
import { knowHindiCatalogueNames, knowHindiPlaceNames } from "./lib/shown-names.ts";
import { PLACE_NAMES_HI } from "#shared/places.ts";
import { CATALOGUE } from "#shared/catalogue.ts";

// The server renders both languages; the browser loads these only for a Hindi page (app/entry.client.tsx).
knowHindiPlaceNames(PLACE_NAMES_HI);
knowHindiCatalogueNames(CATALOGUE);

/**
 * The pages a visitor lands on from a search engine or a shared link, whose first paint matters
 * most: their scripts load after it (decisions 0036, 0037). Elsewhere (dashboards, editors) a person acts
 * at once, so the scripts keep React Router's loading.
 */
const SCRIPTS_AFTER_PAINT = new Set(["routes/home", "routes/browse-list", "routes/discover", "routes/service", "routes/vendor"]);

export const streamTimeout = 5_000;

/** A loader or action that threw on the server: one JSON log line with the request's id (the error page shows it). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error("page request failed", { method: request.method, path: new URL(request.url).pathname }, error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(appContext);
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) log.error("page render failed", { path: new URL(request.url).pathname }, error);
    },
  });
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const stream = page && SCRIPTS_AFTER_PAINT.has(page) && responseStatusCode === 200 ? scriptsAfterFirstPaint(body) : lowerModulePreloadPriority(body);
  return new Response(stream, { headers: responseHeaders, status: responseStatusCode });
}
