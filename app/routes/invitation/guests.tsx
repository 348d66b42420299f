import { Link } from "react-router";
import type { Route } from "./+types/guests";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { ownInvitation } from "#domain/invitations/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { InvitationView } from "./invitation-view.tsx";
import { shownNames } from "./shown-names.server.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/** /guests: the couple's published invitation exactly as guests see it, with links to the guest list and head-counts. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_einvite_what_guests_see()) }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const invitation = await ownInvitation(domain);
    return { invitation, names: invitation ? shownNames(invitation) : null };
  });
}

export default function GuestsView({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  if (!invitation)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold text-maroon-700">{m.couple_einvite_not_published()}</h1>
        <p className="mt-2">{m.couple_einvite_not_published_text()}</p>
        <Link to="/card" className="mt-4 inline-block rounded-full bg-maroon-700 px-5 py-2 font-semibold text-white">
          {m.couple_einvite_publish_yours()}
        </Link>
      </div>
    );
  return (
    <>
      <div role="status" className="bg-amber-50 px-4 py-3 text-center text-sm">
        {rich(m.couple_einvite_guests_see_at, {
          what: <strong>{m.couple_einvite_guests_see()}</strong>,
          link: (
            <a href={invitation.shareUrl ?? "#"} className="break-all underline" translate="no">
              {invitation.shareUrl}
            </a>
          ),
        })}{" "}
        <Link to="/profile/guests" className="font-semibold text-maroon-700 underline">
          {m.couple_einvite_guest_list_link()}
        </Link>{" "}
        ·{" "}
        <Link to="/profile/guests#headcounts-heading" className="font-semibold text-maroon-700 underline">
          {m.couple_einvite_head_counts()}
        </Link>{" "}
        ·{" "}
        <Link to="/card" className="font-semibold text-maroon-700 underline">
          {m.couple_einvite_manage()}
        </Link>
      </div>
      <InvitationView invitation={invitation} names={loaderData.names!} formAction={invitation.slug ? `/view/${invitation.slug}` : null} />
    </>
  );
}
