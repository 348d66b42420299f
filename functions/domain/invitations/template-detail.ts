/** One template as its viewer may see it: the canvas only for those who may use it, and what a couple can edit in it. */
import { CARD_PLACEHOLDERS, type CardCanvas, type CardObject, type CardPlaceholder } from "#shared/card-format.ts";
import { ALWAYS_EDITABLE, PLACEHOLDER_LABELS } from "#shared/template-schemas.ts";
import { type DomainContext } from "../core/index.ts";
import { canUseTemplate, forAccess } from "./template-access.ts";
import { summaryOf, type TemplateDetail, visibleRow } from "./template-records.ts";

/** The placeholders a canvas uses (in objects and groups), in CARD_PLACEHOLDERS' order. */
export function placeholdersIn(canvas: CardCanvas): CardPlaceholder[] {
  const found = new Set<string>();
  const walk = (objects: CardObject[]) => {
    for (const o of objects) {
      if (typeof o.placeholder === "string") found.add(o.placeholder);
      if (Array.isArray(o.objects)) walk(o.objects as CardObject[]);
    }
  };
  walk(canvas.objects);
  return CARD_PLACEHOLDERS.filter((p) => found.has(p));
}

/** "Bride's name", "Groom's name", ..., then "text, colours, fonts and photos". */
export function editableOf(canvas: CardCanvas | null): string[] {
  return [...(canvas ? placeholdersIn(canvas).map((p) => PLACEHOLDER_LABELS[p]) : []), ALWAYS_EDITABLE];
}

function storedCanvas(json: string): CardCanvas | null {
  try {
    return JSON.parse(json) as CardCanvas;
  } catch {
    return null;
  }
}

/** GET /inviteTemplate/{id} and the detail pages: the canvas only for those who may use the template. */
export async function getTemplate(ctx: DomainContext, id: string): Promise<TemplateDetail> {
  const row = await visibleRow(ctx, id);
  const canvasRow = await ctx.db.prepare("SELECT canvas FROM invite_templates WHERE id = ?").bind(row.id).first<{ canvas: string }>();
  const canvas = storedCanvas(canvasRow?.canvas ?? "");
  const usable = await canUseTemplate(ctx, forAccess(row));
  return { ...summaryOf(row), status: row.status, canvas: usable ? canvas : null, locked: !usable, editable: editableOf(canvas) };
}
