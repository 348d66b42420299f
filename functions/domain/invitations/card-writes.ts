/** Writing cards: create (room for 50), save with compare-and-set on the revision, duplicate, delete. */
import { type CardCanvas, type CardDetails, fillPlaceholders } from "#shared/card-format.ts";
import { type DomainContext, Invalid, NotFound, StaleEdit, newId, parseInput, removeUploadedObject } from "../core/index.ts";
import { activityEntry, guardedEdit, openWedding, type WeddingAccess } from "../weddings/index.ts";
import { COLUMN, DETAIL_FIELDS, cleanDetail, createCardInput, type DetailField, updateCardInput } from "./card-inputs.ts";
import { CARDS_MAX, CARD_MESSAGES, cardRow, checkedCanvas, requireCanvasUse, requireTemplateUse, toCard, type Card, usableTemplate } from "./card-records.ts";
import { plannerDetails } from "./card-details.ts";
import { getCard } from "./card-views.ts";
import { m } from "#shared/paraglide/messages.js";

/** Inserts a card if the couple has room (the count is rechecked by the INSERT itself); extra statements run in the same batch. */
async function insertCard(
  ctx: DomainContext,
  w: WeddingAccess,
  row: { id: string; templateId: string | null; title: string; canvas: string; details: Partial<Record<DetailField, string | null>> },
  alongside: (id: string) => D1PreparedStatement[] = () => [],
): Promise<void> {
  const columns = DETAIL_FIELDS.map((f) => COLUMN[f]);
  const [inserted] = await ctx.db.batch([
    ctx.db
      .prepare(
        `INSERT INTO user_templates (id, user_id, template_id, title, canvas, revision, created_at, updated_at, ${columns.join(", ")})
         SELECT ?, ?, ?, ?, ?, 1, ?, ?, ${columns.map(() => "?").join(", ")} WHERE (SELECT COUNT(*) FROM user_templates WHERE user_id = ?) < ?`,
      )
      .bind(row.id, w.key, row.templateId, row.title, row.canvas, ctx.now, ctx.now, ...DETAIL_FIELDS.map((f) => row.details[f] ?? null), w.key, CARDS_MAX),
    // The entry only if the card was made (changes() of the INSERT just before it).
    activityEntry(ctx, w, { area: "invitations", action: "card_added", subject: row.title, onlyIfChanged: true }),
    ...alongside(row.id),
  ]);
  if (!inserted?.meta.changes) throw new Invalid(CARD_MESSAGES.tooMany, { cards: CARD_MESSAGES.tooMany });
}

/**
 * A new card: from a template (its design filled with the couple's details and any details sent,
 * unless a canvas is given; the template's use count goes up in the same batch) or from a blank
 * canvas. At most CARDS_MAX per couple.
 */
export async function createCard(ctx: DomainContext, raw: unknown): Promise<Card> {
  const w = await openWedding(ctx, "invitations", "edit");
  const input = parseInput(createCardInput, raw ?? {}, m.api_d_correct_card());
  const given: Partial<Record<DetailField, string | null>> = {};
  for (const f of DETAIL_FIELDS) {
    const v = cleanDetail(input[f]);
    if (v !== undefined) given[f] = v;
  }
  let templateId: string | null = null;
  let canvas: string;
  // The default title is the creating person's content, in their language (the request's).
  let cardTitle = input.title?.trim() || m.api_card_default_title();
  if (input.templateId) {
    const t = await usableTemplate(ctx, w, input.templateId);
    templateId = t.id;
    const details: CardDetails = { ...(await plannerDetails(ctx, w)) };
    for (const f of DETAIL_FIELDS) if (given[f]) details[f] = given[f]!;
    canvas = checkedCanvas(ctx, input.canvas ?? fillPlaceholders(JSON.parse(t.canvas) as CardCanvas, details));
    if (input.canvas !== undefined) await requireCanvasUse(ctx, w, canvas, templateId);
    if (!input.title?.trim()) cardTitle = t.name.slice(0, 120);
  } else {
    if (input.canvas === undefined) throw new Invalid(m.api_e_choose_a_template_or_send_a_canvas(), { canvas: m.api_e_required_without_a_template() });
    canvas = checkedCanvas(ctx, input.canvas);
    // A paid design's canvas is that design: bought, it keeps the design as its origin (which later checks follow).
    templateId = await requireCanvasUse(ctx, w, canvas, null);
  }
  const id = newId(ctx.now);
  await insertCard(ctx, w, { id, templateId, title: cardTitle, canvas, details: given }, (cardId) =>
    templateId
      ? [
          ctx.db
            .prepare("UPDATE invite_templates SET use_count = use_count + 1 WHERE id = ? AND EXISTS (SELECT 1 FROM user_templates WHERE id = ?)")
            .bind(templateId, cardId),
        ]
      : [],
  );
  return getCard(ctx, id, w);
}

/**
 * A save made on a stale copy (issue 33, decision 0052): the card's revision moved on since the copy
 * was read. Answered 409 with the card as it is now (`current`) and its `revision`; nothing changes.
 */
export class StaleCard extends StaleEdit {
  readonly revision: number;
  constructor(card: Card) {
    super(m.api_stale_card({ title: card.title }), card);
    this.revision = card.revision;
  }
}

/**
 * PATCH: the card's title and details, and/or its canvas. The card's version is its `revision`,
 * which goes up by one with every save (title and details too): a save sent with a `revision` that
 * is no longer the stored one is refused with the card as it is now (StaleCard: 409) and nothing
 * changes. A canvas needs its revision (the editor always sends it); title and details alone may
 * come without one, and are then guarded only against a save between this read and its write.
 */
export async function updateCard(ctx: DomainContext, cardId: string, raw: unknown): Promise<{ id: string; revision: number; updatedAt: number }> {
  const w = await openWedding(ctx, "invitations", "edit");
  const input = parseInput(updateCardInput, raw ?? {}, m.api_d_correct_card());
  const current = await cardRow(ctx, w, cardId);
  await requireTemplateUse(ctx, w, current.templateId);
  const sets: string[] = [];
  const binds: unknown[] = [];
  if (input.title !== undefined) {
    sets.push("title = ?");
    binds.push(input.title);
  }
  for (const f of DETAIL_FIELDS) {
    const v = cleanDetail(input[f]);
    if (v === undefined) continue;
    sets.push(`${COLUMN[f]} = ?`);
    binds.push(v);
  }
  if (input.canvas !== undefined) {
    if (input.revision === undefined) throw new Invalid(CARD_MESSAGES.revisionNeeded, { revision: m.api_e_required_with_canvas() });
    const canvas = checkedCanvas(ctx, input.canvas);
    const origin = await requireCanvasUse(ctx, w, canvas, current.templateId);
    sets.push("canvas = ?");
    binds.push(canvas);
    if (origin && !current.templateId) {
      sets.push("template_id = ?");
      binds.push(origin);
    }
  }
  const stale = async () => new StaleCard(toCard(await cardRow(ctx, w, cardId))); // 404 when it went meanwhile
  if (!sets.length) {
    if (input.revision !== undefined && input.revision !== current.revision) throw await stale();
    return { id: cardId, revision: current.revision, updatedAt: current.updatedAt };
  }
  // A canvas saved alone (the editor's autosave, every few seconds) is not an entry; a new title or details are.
  const named = input.title !== undefined || DETAIL_FIELDS.some((f) => cleanDetail(input[f]) !== undefined);
  await guardedEdit({
    now: ctx.now,
    sent: input.revision,
    stored: current.revision,
    // The revision counts saves (1, 2, 3...): each accepted one adds one, whatever the clock says.
    write: async (expected) => {
      const [done] = await ctx.db.batch([
        ctx.db
          .prepare(`UPDATE user_templates SET ${sets.join(", ")}, revision = revision + 1, updated_at = ? WHERE id = ? AND user_id = ? AND revision = ?`)
          .bind(...binds, ctx.now, cardId, w.key, expected),
        ...(named ? [activityEntry(ctx, w, { area: "invitations", action: "card_changed", subject: input.title ?? current.title, onlyIfChanged: true })] : []),
      ]);
      return done!.meta.changes;
    },
    stale,
  });
  const after = await cardRow(ctx, w, cardId);
  return { id: cardId, revision: after.revision, updatedAt: after.updatedAt };
}

/** Saves the card's canvas when `revision` is still the stored one (compare-and-set); else 409 and nothing changes. The editor's autosave. */
export async function saveCard(ctx: DomainContext, cardId: string, input: { revision: number; canvas: unknown }): Promise<{ id: string; revision: number }> {
  const { id, revision } = await updateCard(ctx, cardId, { revision: input.revision, canvas: input.canvas });
  return { id, revision };
}

/** Deletes the card (its e-invite and requests go with it) and its rendered image. */
export async function deleteCard(ctx: DomainContext, cardId: string): Promise<{ message: string }> {
  const w = await openWedding(ctx, "invitations", "edit");
  const row = await cardRow(ctx, w, cardId);
  const [done] = await ctx.db.batch([
    ctx.db.prepare("DELETE FROM user_templates WHERE id = ? AND user_id = ?").bind(cardId, w.key),
    activityEntry(ctx, w, { area: "invitations", action: "card_removed", subject: row.title, onlyIfChanged: true }),
  ]);
  if (!done!.meta.changes) throw new NotFound(CARD_MESSAGES.notFound);
  await removeUploadedObject(ctx, row.previewKey);
  return { message: m.api_card_deleted({ title: row.title }) };
}

/** A copy of the card ("Copy of …", in the copying person's language), unpublished and without its rendered image; counts towards the 50. */
export async function duplicateCard(ctx: DomainContext, cardId: string): Promise<Card> {
  const w = await openWedding(ctx, "invitations", "edit");
  const row = await cardRow(ctx, w, cardId);
  await requireTemplateUse(ctx, w, row.templateId);
  const id = newId(ctx.now);
  const details: Partial<Record<DetailField, string | null>> = {};
  for (const f of DETAIL_FIELDS) details[f] = row[f];
  await insertCard(ctx, w, { id, templateId: row.templateId, title: m.api_card_copy_title({ title: row.title }).slice(0, 120), canvas: row.canvas, details });
  return getCard(ctx, id, w);
}
