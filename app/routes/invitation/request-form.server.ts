import { z } from "zod";
import type { DomainContext } from "#domain/core/index.ts";
import { requestInvite } from "#domain/invitations/index.ts";
import { pagePath, readForm, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";

/** The public page's request form: fields name, phone, partySize, dietary, message, website (honeypot) and answer:<eventId>; one domain call. */
export async function requestFormAction(request: Request, domain: DomainContext, slug: string) {
  return submitOrRespond(request, async () => {
    const { input } = await readForm(request, z.record(z.string(), z.unknown()));
    const answers: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (k.startsWith("answer:")) {
        if (typeof v === "string" && v) answers[k.slice("answer:".length)] = v;
      } else if (k !== "answers") rest[k] = v;
    }
    const outcome = await requestInvite(domain, slug, { ...rest, answers });
    return redirectWithToast(request, pagePath(request), { type: "success", message: outcome.message }, { status: 303 });
  });
}
