import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath, readForm, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { Invalid } from "#domain/core/index.ts";
import { cardsView, deleteCard, duplicateCard } from "#domain/invitations/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * /profile/invitationCards: the couple's cards (functions/domain/invitations/card-views.ts listCards) and two
 * plain forms by intent, the same domain calls as the API: duplicate and delete (the delete's
 * confirmation is a second step in the page, so it works without JavaScript). Success redirects
 * back with a toast; another couple's card is refused (404) and nothing changes. A co-planner who
 * may not change the invitations gets the list without these forms (rights).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, () => cardsView(domain));
}

const form = z.object({ intent: z.string().max(40).optional(), cardId: z.string().max(64).optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  const back = pagePath(request);
  return submitOrRespond(
    request,
    async () => {
      const { input } = await readForm(request, form);
      intent = input.intent ?? "";
      const cardId = input.cardId ?? "";
      switch (intent) {
        case "duplicate": {
          const card = await duplicateCard(domain, cardId);
          return redirectWithToast(request, back, { type: "success", message: m.couple_toast_card_made({ title: card.title }) });
        }
        case "delete": {
          const { message } = await deleteCard(domain, cardId);
          return redirectWithToast(request, back, { type: "success", message });
        }
        default:
          throw new Invalid(m.api_e_unknown_action());
      }
    },
    {
      get intent() {
        return intent;
      },
    },
  );
}
