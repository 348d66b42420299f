import { createRequestHandler } from "react-router";
import { createWorker } from "./app.ts";
import type { Env } from "./env.ts";

const serverBuild = () => import("virtual:react-router/server-build");
const pages = createRequestHandler(serverBuild, import.meta.env.MODE);

/** When this build was made (vite.config.ts). */
declare const __MANDAP_BUILD__: string;

// Cached pages name the build's hashed scripts and styles, and were rendered by this build's server
// code (a server-only change alters the HTML too), so both are in the page cache's key.
export default createWorker(pages, {
  pageCache: { release: async () => `${(await serverBuild()).assets.version}-${__MANDAP_BUILD__}` },
}) satisfies ExportedHandler<Env>;
