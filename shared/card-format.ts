/**
 * The editor's card format (issue 13): a fabric.js canvas as `canvas.toObject(CARD_CUSTOM_PROPERTIES)`
 * returns it, plus the card's size in design pixels:
 *
 *   { version, width, height, background?, objects: [{ type: "Textbox" | "Image" | "Rect" | ..., ... }] }
 *
 * Templates and the couple's cards are stored in it; the server checks every canvas with
 * `parseCardCanvas` before storing it (size, object and image counts, known object types, fonts
 * from shared/card-fonts.ts, image sources only from our own storage as "/media/..." paths, text
 * is text) and never stores one that fails. A text object whose `placeholder` names one of
 * CARD_PLACEHOLDERS is filled with the couple's details (`fillPlaceholders`).
 *
 * OWNER: the "cards" helper of issue 13 fills in the checks; the signatures here are the contract.
 */

/** Properties of our own that fabric must keep when it serialises: canvas.toObject(CARD_CUSTOM_PROPERTIES). */
export const CARD_CUSTOM_PROPERTIES = ["placeholder", "layerName", "lockedByTemplate"] as const;

/** The couple's details a template's text can stand for (the spec's user-data template fields, plus their functions). */
export const CARD_PLACEHOLDERS = ["heading", "subheading", "brideName", "groomName", "eventDate", "time", "location", "description", "functions"] as const;
export type CardPlaceholder = (typeof CARD_PLACEHOLDERS)[number];

/** Print and screen sizes a card can be exported at (design pixels are scaled to these). */
export const CARD_EXPORT_SIZES = {
  A5: { label: "A5 print (148 x 210 mm)", widthMm: 148, heightMm: 210 },
  A6: { label: "A6 print (105 x 148 mm)", widthMm: 105, heightMm: 148 },
  STORY: { label: "Phone story (1080 x 1920 px)", widthPx: 1080, heightPx: 1920 },
} as const;
export type CardExportSize = keyof typeof CARD_EXPORT_SIZES;

export const CARD_LIMITS = {
  /** The canvas JSON as stored. */
  maxBytes: 400 * 1024,
  /** All objects, counting those inside groups. */
  maxObjects: 300,
  maxImages: 20,
  maxTextLength: 2000,
  minSide: 200,
  maxSide: 2400,
} as const;

export type CardObject = { type: string; [key: string]: unknown };
export type CardCanvas = { version: string; width: number; height: number; background?: string; objects: CardObject[]; [key: string]: unknown };

export type CardDetails = Partial<Record<CardPlaceholder, string>>;

export type CanvasCheck = { ok: true; canvas: CardCanvas; json: string } | { ok: false; reason: string };

/**
 * Whether `input` (a parsed object or its JSON text) is a canvas we will store; on success the
 * normalised canvas and its JSON text. The reason names what is wrong ("The card has 412 objects;
 * the most is 300.").
 */
export function parseCardCanvas(input: unknown): CanvasCheck {
  let value: unknown = input;
  if (typeof input === "string") {
    if (input.length > CARD_LIMITS.maxBytes) return { ok: false, reason: "The card is too large to save." };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, reason: "The card is not valid JSON." };
    }
  }
  if (!value || typeof value !== "object" || !Array.isArray((value as CardCanvas).objects)) return { ok: false, reason: "The card has no objects list." };
  const canvas = value as CardCanvas;
  const json = JSON.stringify(canvas);
  if (json.length > CARD_LIMITS.maxBytes) return { ok: false, reason: "The card is too large to save." };
  return { ok: true, canvas, json };
}

/** The canvas with every placeholder text replaced by the details given (others keep their sample text). */
export function fillPlaceholders(canvas: CardCanvas, details: CardDetails): CardCanvas {
  const fill = (o: CardObject): CardObject => {
    const key = o.placeholder as CardPlaceholder | undefined;
    const withText = key && details[key] ? { ...o, text: details[key] } : o;
    return Array.isArray(withText.objects) ? { ...withText, objects: (withText.objects as CardObject[]).map(fill) } : withText;
  };
  return { ...canvas, objects: canvas.objects.map(fill) };
}
