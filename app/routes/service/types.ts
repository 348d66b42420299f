import type { Route } from "./+types/route";

/** What the service page's loader hands its components. */
export type LoaderData = Route.ComponentProps["loaderData"];
