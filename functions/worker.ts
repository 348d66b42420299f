import { createRequestHandler } from "react-router";
import { createWorker } from "./app.ts";
import type { Env } from "./env.ts";

const serverBuild = () => import("virtual:react-router/server-build");
const pages = createRequestHandler(serverBuild, import.meta.env.MODE);

// Cached pages name the build's hashed scripts and styles, so the build's version is in the page cache's key.
export default createWorker(pages, { pageCache: { release: async () => (await serverBuild()).assets.version } }) satisfies ExportedHandler<Env>;
