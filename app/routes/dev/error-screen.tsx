import { data } from "react-router";
import type { Route } from "./+types/error-screen";
import { appContext } from "../../context.ts";

/**
 * Development only: a page whose rendering fails, to see (and test) the error screen. In
 * production it does not exist.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(appContext).env.APP_ENV === "production") throw data(null, { status: 404 });
  return { fail: true };
}

export default function ErrorScreenPreview({ loaderData }: Route.ComponentProps) {
  if (loaderData.fail) throw new Error("Deliberate failure for the error screen preview");
  return null;
}
