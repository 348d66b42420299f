import type { Route } from "./+types/view";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { invitationBySlug } from "#domain/invitations/index.ts";
import { InvitationView, invitationMeta } from "./invitation-view.tsx";
import { requestFormAction } from "./request-form.server.ts";

/**
 * The live e-invite (/view/:slug, public): the couple's published card, the schedule per function
 * and, while RSVP is open, the request form the couple approves. An unknown or unpublished slug is
 * the not-found page. Open Graph tags carry the card picture so WhatsApp shows a preview.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? invitationMeta(loaderData.invitation, { index: false }) : [{ title: "Invitation" }]);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ invitation: await invitationBySlug(domain, params.slug) }));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return requestFormAction(request, context.get(appContext).domain, params.slug);
}

export default function View({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return <InvitationView invitation={loaderData.invitation} failure={failure} />;
}
