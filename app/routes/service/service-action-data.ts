import { useActionData } from "react-router";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import type { action } from "./service.server.ts";

/** The service page's action answer as its review forms read it: a refusal, or a success with its words. */
export function useServiceActionData() {
  return useActionData<typeof action>() as PageFailure | { ok: true; intent: string; message?: string } | undefined;
}
