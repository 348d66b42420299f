import { data, redirect } from "react-router";
import { loadOrRespond, loginRedirect } from "#app/lib/page-errors.server.ts";
import { CARD_MESSAGES, draftFromTemplate, getCard, usableTemplate } from "#domain/invitations/index.ts";
import { Forbidden, can } from "#domain/core/index.ts";
import { appContext, type AppContext } from "#functions/page-context.ts";
import type { EditorTarget } from "#app/components/card-editor/types.ts";
import { CARD_PLACEHOLDERS, type CardCanvas, type CardDetails } from "#shared/card-format.ts";

/**
 * The editor's loader (/editor and /update_editor, one module, two route ids). What it opens:
 *  - /editor?template={id}: a couple's new card from a template (created on the first save);
 *  - /update_editor?card={id}: the couple's own card (another couple's is 404);
 *  - /editor?mode=template (admins): a new template's design;
 *  - /update_editor?template={id} (admins): a template's design.
 * A visitor logs in and comes back; a paid template not bought is a page (403) linking to /payment.
 */
export type EditorLoaderData = { target: EditorTarget } | { buy: { templateId: string; message: string } };

/** A blank portrait card for a new template (600 x 840 design px, the demo templates' size). */
export const BLANK_CANVAS: CardCanvas = { version: "7.4.0", width: 600, height: 840, background: "#fffaf2", objects: [] };

/** The details the card itself keeps (the spec's user-data template fields), over the planner's. */
function cardDetails(card: Record<string, unknown>, fromServer?: CardDetails): CardDetails {
  const out: CardDetails = { ...fromServer };
  for (const key of CARD_PLACEHOLDERS) {
    const v = card[key];
    if (typeof v === "string" && v) out[key] = v;
  }
  return out;
}

function isUpdatePath(request: Request) {
  return /\/update_editor(\.data)?$/.test(new URL(request.url).pathname);
}

export async function editorLoader({ request, context }: { request: Request; context: { get: (c: typeof appContext) => AppContext } }) {
  const { domain, actor } = context.get(appContext);
  if (!actor) throw loginRedirect(request);
  const url = new URL(request.url);
  const admin = can.viewAdminArea(actor);
  const update = isUpdatePath(request);
  const cardId = url.searchParams.get("card");
  const templateId = url.searchParams.get("template");

  if (update && cardId) {
    return loadOrRespond(request, async (): Promise<EditorLoaderData> => {
      const card = await getCard(domain, cardId);
      return {
        target: {
          kind: "card",
          cardId: card.id,
          templateId: card.templateId,
          title: card.title,
          canvas: card.canvas,
          revision: card.revision,
          details: cardDetails(card as unknown as Record<string, unknown>, (card as { details?: CardDetails }).details),
        },
      };
    });
  }
  if (update && templateId) {
    if (!admin) throw data(null, { status: 404 });
    return loadOrRespond(request, async (): Promise<EditorLoaderData> => {
      const t = await usableTemplate(domain, null, templateId);
      return { target: { kind: "template", templateId: t.id, title: t.name, canvas: JSON.parse(t.canvas) as CardCanvas } };
    });
  }
  if (!update && url.searchParams.get("mode") === "template") {
    if (!admin) throw data(null, { status: 404 });
    return { target: { kind: "newTemplate", canvas: BLANK_CANVAS } } satisfies EditorLoaderData;
  }
  if (!update && templateId) {
    try {
      const draft = await draftFromTemplate(domain, templateId);
      return {
        target: { kind: "draft", templateId: draft.template.id, title: draft.template.name, canvas: draft.canvas, details: draft.details },
      } satisfies EditorLoaderData;
    } catch (error) {
      if (error instanceof Forbidden && error.message === CARD_MESSAGES.buyFirst) {
        return data<EditorLoaderData>({ buy: { templateId, message: error.message } }, { status: 403 });
      }
      return loadOrRespond(request, () => Promise.reject(error));
    }
  }
  // Nothing to open: a card starts from a template.
  throw redirect("/templates");
}
