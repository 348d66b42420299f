import { createRequestHandler, type ServerBuild } from "react-router";
import { createWorker } from "./app.ts";

/** The Durable Object class of live planning (wrangler.jsonc durable_objects): exported by the Worker's entry. */
export { WeddingLive } from "./platform/wedding-live.ts";
import type { Env } from "./env.ts";
import { LOCALE_PREFIX, localeOfPath } from "#shared/locale.ts";

/** Each wedding's store (decision 0055): a Durable Object class is exported by the Worker's entry. */
export { WeddingStore } from "./stores/wedding-store/index.ts";

const serverBuild = async () => (await import("virtual:react-router/server-build")) as ServerBuild;

type PagesHandler = ReturnType<typeof createRequestHandler>;

/**
 * React Router's handler for the build `load` gives, made again only when the build changes (the dev
 * server's hot reload): given the loading function itself, React Router flattens and ranks every
 * route on each request (`derive`, about 8 ms of CPU a page under load; decision 0060).
 */
function handlerOfBuild(load: () => Promise<ServerBuild>): PagesHandler {
  let built: ServerBuild | undefined;
  let handler: PagesHandler | undefined;
  return async (request, context) => {
    const build = await load();
    if (build !== built || !handler) {
      built = build;
      handler = createRequestHandler(build, import.meta.env.MODE);
    }
    return handler(request, context);
  };
}

const pages = handlerOfBuild(serverBuild);

/**
 * Hindi pages are the same route modules (app/routes.ts) under /hi: the same build with the
 * basename /hi, so every <Link>, <Form> and navigation of a Hindi page stays under /hi without the
 * pages knowing (the browser reads the basename from the page). docs/decisions/0046-languages.md.
 */
let hindiBuild: ServerBuild | undefined;
const hindiPages = handlerOfBuild(async () => {
  const build = await serverBuild();
  if (hindiBuild?.assets !== build.assets) hindiBuild = { ...build, basename: LOCALE_PREFIX.hi };
  return hindiBuild;
});

/** When this build was made (vite.config.ts). */
declare const __MANDAP_BUILD__: string;

// Cached pages name the build's hashed scripts and styles, and were rendered by this build's server
// code (a server-only change alters the HTML too), so both are in the page cache's key.
export default createWorker((request, context) => (localeOfPath(new URL(request.url).pathname) === "hi" ? hindiPages : pages)(request, context), {
  pageCache: { release: async () => `${(await serverBuild()).assets.version}-${__MANDAP_BUILD__}` },
}) satisfies ExportedHandler<Env>;
