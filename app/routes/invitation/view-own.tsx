import { redirect } from "react-router";
import type { Route } from "./+types/view-own";
import { appContext } from "#functions/page-context.ts";
import { ownInvitation } from "#domain/invitations/index.ts";
import { allows, ACCESS } from "#domain/core/index.ts";

/** /view: the couple's own live invitation (redirect to /view/{slug}), else their cards; visitors and vendors go to the templates. */
export async function loader({ context }: Route.LoaderArgs) {
  const { domain, actor } = context.get(appContext);
  if (!actor || !allows(ACCESS.planner, actor)) throw redirect("/templates");
  const own = await ownInvitation(domain);
  throw redirect(own?.slug ? `/view/${own.slug}` : "/profile/invitationCards");
}

export default function ViewOwn() {
  return null;
}
