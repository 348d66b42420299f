import type { Route } from "./+types/view";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { invitationBySlug } from "#domain/invitations/index.ts";
import { InvitationView, invitationMeta } from "./invitation-view.tsx";
import { requestFormAction } from "./request-form.server.ts";
import { shownNames } from "./shown-names.server.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The live e-invite (/view/:slug, public): the couple's published card, the schedule per function
 * and, while RSVP is open, the request form the couple approves. An unknown or unpublished slug is
 * the not-found page. Open Graph tags carry the card picture so WhatsApp shows a preview.
 */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? invitationMeta(loaderData.invitation, loaderData.names, { index: false }) : [{ title: m.couple_rsvp_meta_fallback() }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const invitation = await invitationBySlug(domain, params.slug);
    return { invitation, names: shownNames(invitation) };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return requestFormAction(request, context.get(appContext).domain, params.slug);
}

export default function View({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return <InvitationView invitation={loaderData.invitation} names={loaderData.names} failure={failure} />;
}
