import type { Route } from "./+types/share";
import { appContext } from "#functions/page-context.ts";
import { Conflict, Invalid } from "#domain/core/index.ts";
import { shareHousehold } from "#domain/guests/index.ts";
import { pageResponseFor } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";

/**
 * /profile/guests/share/{householdId}?channel=whatsapp|email&lang=en|hi: records that the household's
 * link was shared and sends the couple on to WhatsApp (wa.me) or their mail app (mailto:) with the
 * message written. A link, not a form: the page's CSP (form-action 'self') blocks a form whose answer
 * redirects off the site, so the share buttons did nothing (issue 28).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  try {
    const { url } = await shareHousehold(domain, params.householdId, { channel: query.get("channel") ?? undefined, lang: query.get("lang") ?? undefined });
    return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "private, no-store" } });
  } catch (error) {
    // Not invited to a function yet, no e-mail address, a channel that is not one: said on the guest list.
    if (error instanceof Conflict || error instanceof Invalid) throw redirectWithToast(request, "/profile/guests", { type: "error", message: error.message });
    throw pageResponseFor(error, request) ?? error;
  }
}
