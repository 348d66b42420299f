import { useState } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/card";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath, submitOrRespond } from "#app/lib/page-errors.server.ts";
import {
  approveRequest,
  cardsToPublish,
  declineRequest,
  inviteDate,
  listRequests,
  ownInvitation,
  publishCard,
  unpublishCard,
} from "#domain/invitations/index.ts";
import { formToObject } from "#domain/core/index.ts";
import { weddingFunctions } from "#domain/planning/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { pageTitle } from "#shared/strings.ts";
import { hasHindiName, localName } from "#shared/local-names.ts";
import { getLocale } from "#shared/locale.ts";
import { FormAlert } from "#app/components/ui/index.ts";
import { InviteRequests } from "#app/components/einvite/InviteRequests.tsx";
import { LiveInvitation } from "#app/components/einvite/LiveInvitation.tsx";
import { PublishCardForm } from "#app/components/einvite/PublishCardForm.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /card: the couple's e-invite desk. Choose a card to publish (?card= preselects), the functions it
 * shows and whether the public page takes requests; copy or WhatsApp the share link; unpublish; and
 * approve or decline the requests guests sent from the public page. Plain forms with an intent (PRG).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_einvite_title()) }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const [cards, functions, invitation, requests] = [
      await cardsToPublish(domain),
      await weddingFunctions(domain),
      await ownInvitation(domain),
      await listRequests(domain),
    ];
    const wanted = new URL(request.url).searchParams.get("card");
    const selected = cards.find((c) => c.id === wanted)?.id ?? invitation?.cardId ?? cards[0]?.id ?? null;
    // Dates are worded here, on the server: the page's module must not take the domain into the browser.
    // A function's name is its Hindi name on a Hindi page when it is a tradition's (Haldi: हल्दी); a couple's own name is theirs.
    const shown = functions.map((f) => ({
      id: f.id,
      name: localName(f.name, getLocale()),
      ownName: !hasHindiName(f.name),
      dateLabel: inviteDate(f.eventDate),
    }));
    return { cards, functions: shown, invitation, requests, selected };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  return submitOrRespond(
    request,
    async () => {
      const form = await readFormData(request);
      const input = formToObject(form);
      intent = String(input.intent ?? "");
      const back = (message: string, to = pagePath(request, { search: true })) => redirectWithToast(request, to, { type: "success", message }, { status: 303 });
      switch (intent) {
        case "publish": {
          const cardId = String(input.cardId ?? "");
          const eventIds = form.getAll("eventIds").filter((v): v is string => typeof v === "string");
          await publishCard(domain, cardId, { eventIds, rsvpOpen: input.rsvpOpen === "on" || input.rsvpOpen === "true" });
          return back(m.couple_einvite_done_live(), `/card?card=${encodeURIComponent(cardId)}`);
        }
        case "unpublish":
          await unpublishCard(domain, String(input.cardId ?? ""));
          return back(m.couple_einvite_done_unpublished());
        case "approve":
          return back((await approveRequest(domain, String(input.requestId ?? ""))).message);
        case "decline":
          await declineRequest(domain, String(input.requestId ?? ""));
          return back(m.couple_einvite_done_declined());
        default:
          return back(m.couple_einvite_done_nothing());
      }
    },
    { intent: "card" },
  );
}

export default function CardDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, functions, invitation, requests, selected } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const [cardId, setCardId] = useState(selected);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-maroon-700">{m.couple_einvite_title()}</h1>
      <FormAlert message={failure ? `${failure.message} ${[...new Set(Object.values(failure.errors))].join(" ")}` : null} className="" />
      {invitation?.shareUrl && (
        <LiveInvitation invitation={invitation} shareUrl={invitation.shareUrl} cardTitle={cards.find((c) => c.id === invitation.cardId)?.title} busy={busy} />
      )}
      <PublishCardForm cards={cards} functions={functions} invitation={invitation} cardId={cardId} onChooseCard={setCardId} busy={busy} />
      <InviteRequests requests={requests} busy={busy} />
    </div>
  );
}
