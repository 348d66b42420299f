import { PDFDocument } from "pdf-lib";
import { z } from "zod";
import { CARD_EXPORT_SIZES, type CardCanvas, type CardDetails, type CardExportSize, fillPlaceholders, parseCardCanvas } from "#shared/card-format.ts";
import { calendarDay, clockTime } from "#shared/format.ts";
import { mediaUrl } from "#shared/media.ts";
import { dimensionsOf, ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Conflict, Forbidden, Invalid, NotFound, newId, parseInput } from "../core/index.ts";
import { canUseTemplate, paidDesignOf, type TemplateForAccess } from "./template-access.ts";
import { requirePlanner, weddingFunctions, type WeddingFunction } from "../planning/index.ts";

/**
 * The couple's invitation cards (issue 13, /api/v1/userDataTemplate, /profile/invitationCards and
 * the editor's pages): list, create from a template (filled with the couple's details) or blank,
 * read, save with compare-and-set on the canvas, duplicate, delete, the rendered image (preview)
 * and the export (PNG or PDF). Another couple's card is 404 and nothing changes; a card whose
 * template is paid and not bought cannot be made, saved, duplicated or exported (403).
 * Every canvas passes shared/card-format.ts parseCardCanvas first (docs/decisions/0026).
 */
export const CARD_MESSAGES = {
  notFound: "We could not find this card.",
  templateNotFound: "We could not find this template.",
  buyFirst: "This is a paid template. Buy it to use it in your card.",
  staleRevision: "This card was changed elsewhere (another tab or device). Reload to get the latest version; your last change was not saved.",
  tooMany: "You have 50 cards, the most a couple can keep. Delete one you no longer need to make another.",
  revisionNeeded: "Send the card's revision with its canvas.",
  imageNeeded: "Send the rendered card as an image (field image).",
} as const;

/** Cards one couple may keep. */
export const CARDS_MAX = 50;
/** The rendered card kept as the list's thumbnail and the e-invite's image. */
export const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
/** A rendered card sent for export (print resolution: an A5 at 300 dpi is 1748 x 2480 px). */
export const EXPORT_MAX_BYTES = 20 * 1024 * 1024;
const EXPORT_MAX_SIDE = 6000;

const DETAIL_FIELDS = ["heading", "subheading", "brideName", "groomName", "eventDate", "time", "location", "description"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
const COLUMN: Record<DetailField, string> = {
  heading: "heading",
  subheading: "subheading",
  brideName: "bride_name",
  groomName: "groom_name",
  eventDate: "event_date",
  time: "time",
  location: "location",
  description: "description",
};

const detail = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label}: at most ${max} characters.`)
    .nullable()
    .optional();

const detailShape = {
  heading: detail("Heading", 200),
  subheading: detail("Subheading", 300),
  brideName: detail("Bride's name", 80),
  groomName: detail("Groom's name", 80),
  eventDate: detail("Date", 80),
  time: detail("Time", 80),
  location: detail("Location", 300),
  description: detail("Description", 2000),
};
const title = z.string({ error: "Title must be text." }).trim().max(120, "Title: at most 120 characters.");

export const createCardInput = z.object({
  templateId: z.string().trim().min(1).max(64).nullable().optional(),
  title: title.optional(),
  canvas: z.unknown().optional(),
  ...detailShape,
});
export type CreateCardInput = z.infer<typeof createCardInput>;

export const updateCardInput = z.object({
  revision: z.number({ error: "Revision must be a whole number." }).int("Revision must be a whole number.").min(0).max(1_000_000_000).optional(),
  canvas: z.unknown().optional(),
  title: title.min(1, "Give the card a title.").optional(),
  ...detailShape,
});

export type CardSummary = {
  id: string;
  title: string;
  templateId: string | null;
  templateName: string | null;
  previewUrl: string | null;
  publicSlug: string | null;
  publishedAt: number | null;
  updatedAt: number;
};

export type Card = {
  id: string;
  title: string;
  templateId: string | null;
  canvas: CardCanvas;
  revision: number;
  previewUrl: string | null;
  publicSlug: string | null;
  publishedAt: number | null;
  updatedAt: number;
} & Record<DetailField, string | null>;

type CardRow = Omit<Card, "canvas" | "previewUrl"> & { canvas: string; previewKey: string | null };

const CARD_COLUMNS = `id, title, template_id AS templateId, canvas, revision, preview_key AS previewKey, public_slug AS publicSlug, published_at AS publishedAt,
  updated_at AS updatedAt, heading, subheading, bride_name AS brideName, groom_name AS groomName, event_date AS eventDate, time, location, description`;

const toCard = ({ previewKey, canvas, ...r }: CardRow): Card => ({
  ...r,
  canvas: JSON.parse(canvas) as CardCanvas,
  previewUrl: previewKey ? mediaUrl(previewKey) : null,
});

async function cardRow(ctx: DomainContext, cardId: string): Promise<CardRow> {
  const actor = requirePlanner(ctx);
  const row = await ctx.db.prepare(`SELECT ${CARD_COLUMNS} FROM user_templates WHERE id = ? AND user_id = ?`).bind(cardId, actor.id).first<CardRow>();
  if (!row) throw new NotFound(CARD_MESSAGES.notFound);
  return row;
}

/** The couple's own card; another couple's (or none) is 404. */
export async function getCard(ctx: DomainContext, cardId: string): Promise<Card> {
  return toCard(await cardRow(ctx, cardId));
}

/** A card with the details that fill its placeholders: the card's own, else the couple's from their profile and planner. */
export async function getCardWithDetails(ctx: DomainContext, cardId: string): Promise<{ card: Card; details: CardDetails }> {
  const card = await getCard(ctx, cardId);
  const details: CardDetails = { ...(await plannerDetails(ctx)) };
  for (const f of DETAIL_FIELDS) if (card[f]) details[f] = card[f];
  return { card, details };
}

/** The couple's cards, last edited first (no canvases). */
export async function listCards(ctx: DomainContext): Promise<CardSummary[]> {
  const actor = requirePlanner(ctx);
  const { results } = await ctx.db
    .prepare(
      `SELECT c.id, c.title, c.template_id AS templateId, t.name AS templateName, c.preview_key AS previewKey, c.public_slug AS publicSlug,
              c.published_at AS publishedAt, c.updated_at AS updatedAt
       FROM user_templates c LEFT JOIN invite_templates t ON t.id = c.template_id WHERE c.user_id = ? ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
    )
    .bind(actor.id, CARDS_MAX * 2)
    .all<Omit<CardSummary, "previewUrl"> & { previewKey: string | null }>();
  return results.map(({ previewKey, ...r }) => ({ ...r, previewUrl: previewKey ? mediaUrl(previewKey) : null }));
}

type TemplateRow = TemplateForAccess & { name: string; canvas: string; status: string };

/** A published template (any status for admins) the actor may use; 404 when unknown, 403 when paid and not bought. */
export async function usableTemplate(ctx: DomainContext, templateId: string): Promise<TemplateRow> {
  requirePlanner(ctx);
  const t = await ctx.db
    .prepare("SELECT id, name, canvas, price, amount_category AS amountCategory, status FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<TemplateRow>();
  const admin = ctx.actor?.role === "ADMIN" || ctx.actor?.role === "SUPER_ADMIN";
  if (!t || (t.status !== "PUBLISHED" && !admin)) throw new NotFound(CARD_MESSAGES.templateNotFound);
  if (!(await canUseTemplate(ctx, t))) throw new Forbidden(CARD_MESSAGES.buyFirst);
  return t;
}

/** 403 when the card's template is paid and the couple does not own it (refunded, removed by an admin); a card without a template passes. */
async function requireTemplateUse(ctx: DomainContext, templateId: string | null): Promise<void> {
  if (!templateId) return;
  const t = await ctx.db
    .prepare("SELECT id, price, amount_category AS amountCategory FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<TemplateForAccess>();
  if (t && !(await canUseTemplate(ctx, t))) throw new Forbidden(CARD_MESSAGES.buyFirst);
}

// -------------------------------------------------------------------------------------------------
// The couple's details.

/** "2027-02-13" as "Saturday, 13 February 2027". */
const longDate = (iso: string | null | undefined) => calendarDay(iso, "long");
/** "2027-02-12" as "Fri 12 Feb". */
const shortDate = (iso: string) => calendarDay(iso, "short") ?? iso;

const WEDDING_NAME = /wedding|shaadi|shadi|vivah|vivaah|phera|nikah|anand karaj|lagan|kalyanam|muhurtham|ceremony/i;

/** The wedding itself among the functions: one named like it, else the one on the wedding day, else the last. */
function mainFunction(functions: WeddingFunction[], weddingDate: string | null): WeddingFunction | null {
  return (
    functions.find((f) => WEDDING_NAME.test(f.name)) ??
    functions.find((f) => weddingDate && f.eventDate === weddingDate.slice(0, 10)) ??
    functions.at(-1) ??
    null
  );
}

/**
 * The couple's details that fill a template's placeholders, from their profile and planner. The
 * account holder's name is the bride's and their partner's the groom's (we do not know who is who:
 * both are editable on the card); the date and time are the wedding's (the function named like
 * one, else the one on the wedding day), the location its venue or the wedding city, and
 * `functions` one line per function ("Mehendi · Fri 12 Feb · 4:00 pm · Venue").
 */
export async function plannerDetails(ctx: DomainContext): Promise<CardDetails> {
  const actor = requirePlanner(ctx);
  const profile = await ctx.db
    .prepare("SELECT user_name, partner_name, wedding_date, wedding_city FROM users WHERE id = ?")
    .bind(actor.id)
    .first<{ user_name: string | null; partner_name: string | null; wedding_date: string | null; wedding_city: string | null }>();
  const functions = await weddingFunctions(ctx);
  const main = mainFunction(functions, profile?.wedding_date ?? null);
  const details: CardDetails = {};
  const put = (key: keyof CardDetails, value: string | null | undefined) => {
    if (value?.trim()) details[key] = value.trim();
  };
  put("brideName", profile?.user_name);
  put("groomName", profile?.partner_name);
  put("eventDate", longDate(profile?.wedding_date) ?? longDate(main?.eventDate));
  const start = clockTime(main?.startTime);
  put("time", start ? `${start} onwards` : null);
  put("location", main?.venue ?? profile?.wedding_city);
  put(
    "functions",
    functions
      .map((f) => [f.name, shortDate(f.eventDate), clockTime(f.startTime), f.venue].filter(Boolean).join(" · "))
      .join("\n")
      .slice(0, 2000),
  );
  return details;
}

/** A template's design filled with the couple's details, for the editor before the card is first saved. */
export async function draftFromTemplate(
  ctx: DomainContext,
  templateId: string,
): Promise<{ template: { id: string; name: string }; canvas: CardCanvas; details: CardDetails }> {
  const t = await usableTemplate(ctx, templateId);
  const details = await plannerDetails(ctx);
  return { template: { id: t.id, name: t.name }, canvas: fillPlaceholders(JSON.parse(t.canvas) as CardCanvas, details), details };
}

function checkedCanvas(ctx: DomainContext, canvas: unknown): string {
  const check = parseCardCanvas(canvas, { origin: ctx.request.origin });
  if (!check.ok) throw new Invalid(check.reason, { canvas: check.reason });
  return check.json;
}

/**
 * 403 when the canvas is a paid design the couple may not use, whatever templateId the client sent
 * (issue 28: a paid template's canvas posted with no templateId was exported and published).
 * Returns the paid design it is (the card's origin), or null.
 */
export async function requireCanvasUse(ctx: DomainContext, canvasJson: string, templateId: string | null): Promise<string | null> {
  const design = await paidDesignOf(ctx, canvasJson, (stored) => {
    const check = parseCardCanvas(stored, { origin: ctx.request.origin });
    return check.ok ? check.json : stored;
  });
  if (!design) return null;
  if (design.id !== templateId && !(await canUseTemplate(ctx, design))) throw new Forbidden(CARD_MESSAGES.buyFirst);
  return design.id;
}

const cleanDetail = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

// -------------------------------------------------------------------------------------------------
// Writes.

/** Inserts a card if the couple has room (the count is rechecked by the INSERT itself); extra statements run in the same batch. */
async function insertCard(
  ctx: DomainContext,
  row: { id: string; templateId: string | null; title: string; canvas: string; details: Partial<Record<DetailField, string | null>> },
  alongside: (id: string) => D1PreparedStatement[] = () => [],
): Promise<void> {
  const actor = requirePlanner(ctx);
  const columns = DETAIL_FIELDS.map((f) => COLUMN[f]);
  const [inserted] = await ctx.db.batch([
    ctx.db
      .prepare(
        `INSERT INTO user_templates (id, user_id, template_id, title, canvas, revision, created_at, updated_at, ${columns.join(", ")})
         SELECT ?, ?, ?, ?, ?, 1, ?, ?, ${columns.map(() => "?").join(", ")} WHERE (SELECT COUNT(*) FROM user_templates WHERE user_id = ?) < ?`,
      )
      .bind(
        row.id,
        actor.id,
        row.templateId,
        row.title,
        row.canvas,
        ctx.now,
        ctx.now,
        ...DETAIL_FIELDS.map((f) => row.details[f] ?? null),
        actor.id,
        CARDS_MAX,
      ),
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
  requirePlanner(ctx);
  const input = parseInput(createCardInput, raw ?? {}, "Please correct the card's details.");
  const given: Partial<Record<DetailField, string | null>> = {};
  for (const f of DETAIL_FIELDS) {
    const v = cleanDetail(input[f]);
    if (v !== undefined) given[f] = v;
  }
  let templateId: string | null = null;
  let canvas: string;
  let cardTitle = input.title?.trim() || "My invitation";
  if (input.templateId) {
    const t = await usableTemplate(ctx, input.templateId);
    templateId = t.id;
    const details: CardDetails = { ...(await plannerDetails(ctx)) };
    for (const f of DETAIL_FIELDS) if (given[f]) details[f] = given[f]!;
    canvas = checkedCanvas(ctx, input.canvas ?? fillPlaceholders(JSON.parse(t.canvas) as CardCanvas, details));
    if (input.canvas !== undefined) await requireCanvasUse(ctx, canvas, templateId);
    if (!input.title?.trim()) cardTitle = t.name.slice(0, 120);
  } else {
    if (input.canvas === undefined) throw new Invalid("Choose a template or send a canvas.", { canvas: "Required without a template." });
    canvas = checkedCanvas(ctx, input.canvas);
    // A paid design's canvas is that design: bought, it keeps the design as its origin (which later checks follow).
    templateId = await requireCanvasUse(ctx, canvas, null);
  }
  const id = newId(ctx.now);
  await insertCard(ctx, { id, templateId, title: cardTitle, canvas, details: given }, (cardId) =>
    templateId
      ? [
          ctx.db
            .prepare("UPDATE invite_templates SET use_count = use_count + 1 WHERE id = ? AND EXISTS (SELECT 1 FROM user_templates WHERE id = ?)")
            .bind(templateId, cardId),
        ]
      : [],
  );
  return getCard(ctx, id);
}

/** A stale save: the stored revision moved on. Answered 409 with the current revision. */
export class StaleCard extends Conflict {
  constructor(readonly revision: number) {
    super(CARD_MESSAGES.staleRevision);
  }
}

/**
 * PATCH: the card's title and details, and/or its canvas. A canvas is saved only when `revision`
 * is still the stored one (compare-and-set; else 409 with the current revision and nothing
 * changes); the revision goes up with each canvas saved.
 */
export async function updateCard(ctx: DomainContext, cardId: string, raw: unknown): Promise<{ id: string; revision: number; updatedAt: number }> {
  const actor = requirePlanner(ctx);
  const input = parseInput(updateCardInput, raw ?? {}, "Please correct the card's details.");
  const current = await cardRow(ctx, cardId);
  await requireTemplateUse(ctx, current.templateId);
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
  let where = "id = ? AND user_id = ?";
  const whereBinds: unknown[] = [cardId, actor.id];
  if (input.canvas !== undefined) {
    if (input.revision === undefined) throw new Invalid(CARD_MESSAGES.revisionNeeded, { revision: "Required with canvas." });
    const canvas = checkedCanvas(ctx, input.canvas);
    const origin = await requireCanvasUse(ctx, canvas, current.templateId);
    sets.push("canvas = ?", "revision = revision + 1");
    binds.push(canvas);
    if (origin && !current.templateId) {
      sets.push("template_id = ?");
      binds.push(origin);
    }
    where += " AND revision = ?";
    whereBinds.push(input.revision);
  }
  if (!sets.length) return { id: cardId, revision: current.revision, updatedAt: current.updatedAt };
  sets.push("updated_at = ?");
  binds.push(ctx.now);
  const done = await ctx.db
    .prepare(`UPDATE user_templates SET ${sets.join(", ")} WHERE ${where}`)
    .bind(...binds, ...whereBinds)
    .run();
  if (!done.meta.changes) {
    const now = await cardRow(ctx, cardId); // 404 when it went meanwhile
    throw new StaleCard(now.revision);
  }
  const after = await cardRow(ctx, cardId);
  return { id: cardId, revision: after.revision, updatedAt: after.updatedAt };
}

/** Saves the card's canvas when `revision` is still the stored one (compare-and-set); else 409 and nothing changes. The editor's autosave. */
export async function saveCard(ctx: DomainContext, cardId: string, input: { revision: number; canvas: unknown }): Promise<{ id: string; revision: number }> {
  const { id, revision } = await updateCard(ctx, cardId, { revision: input.revision, canvas: input.canvas });
  return { id, revision };
}

async function removeObject(ctx: DomainContext, key: string | null | undefined): Promise<void> {
  if (key?.startsWith("u/")) await ctx.media.delete(key).catch((e: unknown) => console.error("removing a card image failed", e));
}

/** Deletes the card (its e-invite and requests go with it) and its rendered image. */
export async function deleteCard(ctx: DomainContext, cardId: string): Promise<{ message: string }> {
  const actor = requirePlanner(ctx);
  const row = await cardRow(ctx, cardId);
  const done = await ctx.db.prepare("DELETE FROM user_templates WHERE id = ? AND user_id = ?").bind(cardId, actor.id).run();
  if (!done.meta.changes) throw new NotFound(CARD_MESSAGES.notFound);
  await removeObject(ctx, row.previewKey);
  return { message: `${row.title} deleted.` };
}

/** A copy of the card ("Copy of …"), unpublished and without its rendered image; counts towards the 50. */
export async function duplicateCard(ctx: DomainContext, cardId: string): Promise<Card> {
  const row = await cardRow(ctx, cardId);
  await requireTemplateUse(ctx, row.templateId);
  const id = newId(ctx.now);
  const details: Partial<Record<DetailField, string | null>> = {};
  for (const f of DETAIL_FIELDS) details[f] = row[f];
  await insertCard(ctx, { id, templateId: row.templateId, title: `Copy of ${row.title}`.slice(0, 120), canvas: row.canvas, details });
  return getCard(ctx, id);
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const IMAGE_TYPES = new Set(["jpg", "png", "webp"]);

/** The rendered card (JPEG, PNG or WebP by its bytes, <= 5 MB) as the card's image; the previous one is removed. */
export async function setCardPreview(ctx: DomainContext, cardId: string, file: File | undefined): Promise<{ previewUrl: string }> {
  const actor = requirePlanner(ctx);
  const row = await cardRow(ctx, cardId);
  await requireTemplateUse(ctx, row.templateId);
  if (!file || file.size === 0) throw new Invalid(CARD_MESSAGES.imageNeeded, { image: "Required." });
  if (file.size > PREVIEW_MAX_BYTES) throw new Invalid("The card image is larger than 5 MB.", { image: "At most 5 MB." });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !IMAGE_TYPES.has(type.ext)) throw new Invalid("The card image must be a JPEG, PNG or WebP image.", { image: "Not a JPEG, PNG or WebP image." });
  try {
    // Decoded first (its header size checked before that): bytes that are not the image they claim to be are never stored.
    await (ctx.images ?? wasmPipeline).verify(bytes, type);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) throw e;
    throw new Invalid(`The card image cannot be used: ${e.message}`, { image: e.message });
  }
  const key = `u/cards/${actor.id}/${cardId}-${randomHex(8)}.${type.ext}`;
  await ctx.media.put(key, bytes, { httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" } });
  const done = await ctx.db
    .prepare("UPDATE user_templates SET preview_key = ?, preview_updated_at = ? WHERE id = ? AND user_id = ?")
    .bind(key, ctx.now, cardId, actor.id)
    .run()
    .catch(async (e: unknown) => {
      await removeObject(ctx, key);
      throw e;
    });
  if (!done.meta.changes) {
    await removeObject(ctx, key);
    throw new NotFound(CARD_MESSAGES.notFound);
  }
  if (row.previewKey && row.previewKey !== key) await removeObject(ctx, row.previewKey);
  return { previewUrl: mediaUrl(key) };
}

export const exportInput = z.object({
  format: z.enum(["pdf", "png"], { error: "Choose pdf or png." }),
  size: z.enum(Object.keys(CARD_EXPORT_SIZES) as [CardExportSize, ...CardExportSize[]], { error: "Choose A5, A6 or STORY." }).default("A5"),
});

const MM = 72 / 25.4;
/** A size's page in PDF points (1/72 inch); the phone story at 96 px per inch. */
export function pagePoints(size: CardExportSize): { width: number; height: number } {
  const s = CARD_EXPORT_SIZES[size];
  if ("widthMm" in s) return { width: s.widthMm * MM, height: s.heightMm * MM };
  return { width: s.widthPx * 0.75, height: s.heightPx * 0.75 };
}

const fileName = (title: string, ext: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "invitation"
  }.${ext}`;

/**
 * The export: the card rendered by the editor (PNG or JPEG at the size), checked here (the owner,
 * the template's use, the image's type, size and dimensions), returned as the PNG itself or as a
 * PDF page of the size's dimensions with the image fitted and centred and the card's title set.
 */
export async function exportCard(
  ctx: DomainContext,
  cardId: string,
  input: { format?: unknown; size?: unknown },
  file: File | undefined,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  const row = await cardRow(ctx, cardId);
  await requireTemplateUse(ctx, row.templateId);
  await requireCanvasUse(ctx, row.canvas, row.templateId);
  const { format, size } = parseInput(exportInput, input, "Choose the export's format and size.");
  if (!file || file.size === 0) throw new Invalid(CARD_MESSAGES.imageNeeded, { image: "Required." });
  if (file.size > EXPORT_MAX_BYTES) throw new Invalid(`The rendered card is larger than ${EXPORT_MAX_BYTES / 1024 / 1024} MB.`, { image: "Too large." });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || (type.ext !== "png" && type.ext !== "jpg"))
    throw new Invalid("The rendered card must be a PNG or JPEG image.", { image: "Not a PNG or JPEG image." });
  if (format === "png" && type.ext !== "png") throw new Invalid("A PNG export needs the card rendered as PNG.", { image: "Send a PNG image." });
  const dims = dimensionsOf(bytes);
  if (!dims || dims.width > EXPORT_MAX_SIDE || dims.height > EXPORT_MAX_SIDE)
    throw new Invalid(`The rendered card must be a readable image of at most ${EXPORT_MAX_SIDE} px a side.`, { image: "Not a readable image of that size." });
  if (format === "png") return { bytes, contentType: "image/png", fileName: fileName(row.title, "png") };
  let pdfBytes: Uint8Array;
  try {
    const pdf = await PDFDocument.create();
    pdf.setTitle(row.title);
    pdf.setCreator("Mandap");
    pdf.setProducer("Mandap invitation cards");
    pdf.setCreationDate(new Date(ctx.now));
    const image = type.ext === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const page = pdf.addPage([pagePoints(size).width, pagePoints(size).height]);
    const fit = image.scaleToFit(page.getWidth(), page.getHeight());
    page.drawImage(image, { x: (page.getWidth() - fit.width) / 2, y: (page.getHeight() - fit.height) / 2, width: fit.width, height: fit.height });
    pdfBytes = await pdf.save();
  } catch (e) {
    console.error("making the card's PDF failed", e);
    throw new Invalid("The rendered card could not be read as an image.", { image: "Not a readable image." });
  }
  return { bytes: pdfBytes, contentType: "application/pdf", fileName: fileName(row.title, "pdf") };
}
