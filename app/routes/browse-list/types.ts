import type { loader } from "./browse-list.server.ts";

type LoaderData = Awaited<ReturnType<typeof loader>>;
/** What the browse page's loader hands its components (a redirect is not page data). */
export type PageData = Exclude<LoaderData, Response>;
