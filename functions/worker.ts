import { createRequestHandler } from "react-router";
import { createWorker } from "./app.ts";
import type { Env } from "./env.ts";

const pages = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default createWorker(pages) satisfies ExportedHandler<Env>;
