import { data } from "react-router";
import type { Route } from "./+types/error-screen";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";

/**
 * Development only: a page whose rendering fails, to see (and test) the error screen. In
 * is not found unless the development pages are enabled (functions/platform/dev-pages.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!devPagesEnabled(context.get(appContext).env, request)) throw data(null, { status: 404 });
  return { fail: true };
}

export default function ErrorScreenPreview({ loaderData }: Route.ComponentProps) {
  if (loaderData.fail) throw new Error("Deliberate failure for the error screen preview");
  return null;
}
