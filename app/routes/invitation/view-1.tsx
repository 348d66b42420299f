import type { Route } from "./+types/view-1";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { previewInvitation } from "#domain/invitations/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { InvitationView } from "./invitation-view.tsx";
import { shownNames } from "./shown-names.server.ts";
import { m } from "#shared/paraglide/messages.js";

/** /view_1?card={id}: the couple's preview of one of their cards as guests would see it (not public; another couple's card is 404). */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_einvite_preview_title()) }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const cardId = new URL(request.url).searchParams.get("card") ?? "";
  return loadOrRespond(request, async () => {
    const invitation = await previewInvitation(domain, cardId);
    return { invitation, names: shownNames(invitation) };
  });
}

export default function ViewPreview({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  return (
    <>
      <p role="status" className="bg-amber-50 px-4 py-2 text-center text-sm text-ink">
        {invitation.published ? m.couple_einvite_preview_published() : m.couple_einvite_preview_unpublished()}{" "}
        <a href={`/card?card=${encodeURIComponent(invitation.cardId)}`} className="font-semibold text-maroon-700 underline">
          {invitation.published ? m.couple_einvite_manage() : m.couple_einvite_publish_it()}
        </a>
      </p>
      <InvitationView invitation={invitation} names={loaderData.names} formAction={null} />
    </>
  );
}
