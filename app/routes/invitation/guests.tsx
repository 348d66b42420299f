import { Link } from "react-router";
import type { Route } from "./+types/guests";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { ownInvitation } from "#domain/invitations/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { InvitationView } from "./invitation-view.tsx";

/** /guests: the couple's published invitation exactly as guests see it, with links to the guest list and head-counts. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("What your guests see") }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ invitation: await ownInvitation(domain) }));
}

export default function GuestsView({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  if (!invitation)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold text-maroon-700">Your invitation is not published yet</h1>
        <p className="mt-2">Publish one of your cards and its page is what your guests see here.</p>
        <Link to="/card" className="mt-4 inline-block rounded-full bg-maroon-700 px-5 py-2 font-semibold text-white">
          Publish your invitation
        </Link>
      </div>
    );
  return (
    <>
      <div role="status" className="bg-amber-50 px-4 py-3 text-center text-sm">
        <strong>This is what your guests see</strong> at{" "}
        <a href={invitation.shareUrl ?? "#"} className="break-all underline">
          {invitation.shareUrl}
        </a>
        .{" "}
        <Link to="/profile/guests" className="font-semibold text-maroon-700 underline">
          Guest list
        </Link>{" "}
        ·{" "}
        <Link to="/profile/guests#headcounts-heading" className="font-semibold text-maroon-700 underline">
          Head-counts
        </Link>{" "}
        ·{" "}
        <Link to="/card" className="font-semibold text-maroon-700 underline">
          Manage the invitation
        </Link>
      </div>
      <InvitationView invitation={invitation} formAction={invitation.slug ? `/view/${invitation.slug}` : null} />
    </>
  );
}
