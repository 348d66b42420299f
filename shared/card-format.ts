import { CARD_FONT_FAMILIES, DEFAULT_CARD_FONT } from "./card-fonts.ts";

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
  /** A request that carries a canvas (the canvas and the card's other fields); larger bodies are refused (413) unread. */
  maxRequestBytes: 400 * 1024 + 64 * 1024,
  /** All objects, counting those inside groups. */
  maxObjects: 300,
  maxImages: 20,
  maxTextLength: 2000,
  minSide: 200,
  maxSide: 2400,
  /** Nesting of groups and clip paths (a group inside a group is 2). */
  maxDepth: 5,
  /** The largest number (coordinates, sizes, scales) a canvas may hold. */
  maxNumber: 100_000,
} as const;

export type CardObject = { type: string; [key: string]: unknown };
export type CardCanvas = { version: string; width: number; height: number; background?: string; objects: CardObject[]; [key: string]: unknown };

export type CardDetails = Partial<Record<CardPlaceholder, string>>;

export type CanvasCheck = { ok: true; canvas: CardCanvas; json: string } | { ok: false; reason: string };

/** The object types a card may hold (fabric's class names); fabric 5's lower-case names are read as these. */
const OBJECT_TYPES: Record<string, string> = {
  textbox: "Textbox",
  itext: "IText",
  "i-text": "IText",
  text: "Text",
  fabrictext: "Text",
  rect: "Rect",
  circle: "Circle",
  ellipse: "Ellipse",
  triangle: "Triangle",
  line: "Line",
  polygon: "Polygon",
  polyline: "Polyline",
  path: "Path",
  image: "Image",
  fabricimage: "Image",
  group: "Group",
};
const TEXT_TYPES = new Set(["Textbox", "IText", "Text"]);
/** Image filters that only change pixels (BlendImage, which loads a second image, is not one). */
const FILTER_TYPES = new Set(
  [
    "Grayscale",
    "Sepia",
    "Brightness",
    "Contrast",
    "Saturation",
    "Vibrance",
    "Blur",
    "Invert",
    "Noise",
    "Pixelate",
    "HueRotation",
    "BlendColor",
    "Gamma",
    "RemoveColor",
    "ColorMatrix",
    "BlackWhite",
    "Brownie",
    "Vintage",
    "Kodachrome",
    "Technicolor",
    "Polaroid",
  ].map((t) => t.toLowerCase()),
);
/** Canvas-level keys fabric writes besides the objects. */
const CANVAS_KEYS = new Set(["version", "width", "height", "background", "backgroundImage", "overlayImage", "objects"]);
/** Keys whose value fabric loads as an image. */
const IMAGE_KEYS = new Set(["src", "source", "href", "image", "url", "xlink:href"]);
/** Keys that could make a browser run code, or reach an object's prototype. */
const FORBIDDEN_KEY = /^(on|__proto__$|constructor$|prototype$)/i;
const KEY_SHAPE = /^[A-Za-z0-9_:-]{1,64}$/;
/** What no value outside a text's own words may contain: markup, script or style URLs, other origins. */
const SCRIPT_LIKE = /[<>]|javascript:|vbscript:|data:|url\s*\(|expression\s*\(|\/\/|^\s*[a-z][a-z0-9+.-]*:\/|\\/i;
/** An object key in our storage, served at /media/<key>. */
const MEDIA_PATH = /^\/media\/(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._~%/-]{1,400}$/;
/** How deep plain values (styles, paths, gradients) may nest inside one object. */
const MAX_VALUE_DEPTH = 8;

class Refused extends Error {}

type Budget = { objects: number; images: number };

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

const fontName = (v: string) => v.trim().replace(/^['"]|['"]$/g, "");

/**
 * Checks every value of a canvas and builds a clean copy of it. Refuses (throws Refused) with a
 * sentence naming the place (`where`) and the problem.
 */
class Checker {
  readonly budget: Budget = { objects: 0, images: 0 };
  private readonly origin: string | null;
  constructor(origin: string | null) {
    this.origin = origin;
  }

  /** An image source: our storage's /media/ path; an absolute URL of our own origin is read as its path. */
  imageSource(value: unknown, where: string): string {
    if (typeof value !== "string") throw new Refused(`${where}: an image source must be a link to a photo uploaded to Mandap.`);
    let path = value.trim();
    if (/^https?:\/\//i.test(path) && this.origin) {
      let url: URL | null;
      try {
        url = new URL(path);
      } catch {
        url = null;
      }
      if (url && url.origin === this.origin && !url.username && !url.password && !url.search && !url.hash) path = url.pathname;
    }
    if (!MEDIA_PATH.test(path)) throw new Refused(`${where}: images must be photos uploaded to Mandap (a /media/ link); "${value.slice(0, 60)}" is not one.`);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new Refused(`${where}: the image link is malformed.`);
    }
    if (decoded.includes("..") || decoded.includes("//") || decoded.includes("\\")) throw new Refused(`${where}: the image link is malformed.`);
    return path;
  }

  countImage(where: string) {
    if (++this.budget.images > CARD_LIMITS.maxImages)
      throw new Refused(`The card has more than ${CARD_LIMITS.maxImages} images (at ${where}); the most is ${CARD_LIMITS.maxImages}.`);
  }

  number(v: number, where: string): number {
    if (!Number.isFinite(v)) throw new Refused(`${where}: a number is not finite.`);
    if (Math.abs(v) > CARD_LIMITS.maxNumber) throw new Refused(`${where}: the number ${v} is out of range (at most ${CARD_LIMITS.maxNumber}).`);
    return Object.is(v, -0) ? 0 : v;
  }

  string(v: string, where: string, key: string): string {
    if (v.length > CARD_LIMITS.maxTextLength) throw new Refused(`${where}: a value is longer than ${CARD_LIMITS.maxTextLength} characters.`);
    if (key === "fontFamily") {
      const name = fontName(v);
      if (!CARD_FONT_FAMILIES.includes(name))
        throw new Refused(`${where}: the font "${v.slice(0, 60)}" is not one of the card fonts (${CARD_FONT_FAMILIES.join(", ")}).`);
      return name;
    }
    if (SCRIPT_LIKE.test(v))
      throw new Refused(`${where}: the value of ${key} "${v.slice(0, 60)}" is not allowed (links, markup and script are not part of a card).`);
    return v;
  }

  /** Any plain value inside an object (styles, path data, gradients, shadows). */
  value(v: unknown, where: string, key: string, depth: number): unknown {
    if (depth > MAX_VALUE_DEPTH) throw new Refused(`${where}: values are nested too deeply.`);
    if (v === null || typeof v === "boolean") return v;
    if (typeof v === "number") return this.number(v, where);
    if (typeof v === "string") return this.string(v, where, key);
    if (Array.isArray(v)) {
      if (v.length > 10_000) throw new Refused(`${where}: a list is too long.`);
      return v.map((item, i) => {
        if (item === undefined) throw new Refused(`${where}.${key}[${i}]: a value is missing.`);
        return this.value(item, `${where}`, key, depth + 1);
      });
    }
    if (isPlain(v)) {
      const kind = typeof v.type === "string" ? v.type.toLowerCase() : "";
      if (kind === "pattern") return this.pattern(v, `${where}.${key}`, depth);
      return this.record(v, `${where}.${key}`, depth + 1, () => undefined);
    }
    throw new Refused(`${where}.${key}: this kind of value cannot be stored in a card.`);
  }

  /** A plain object's keys checked one by one; `special` may handle a key itself (return non-undefined). */
  record(v: Record<string, unknown>, where: string, depth: number, special: (key: string, value: unknown) => unknown): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const keys = Object.keys(v);
    if (keys.length > 200) throw new Refused(`${where}: too many properties.`);
    for (const key of keys) {
      if (FORBIDDEN_KEY.test(key) || !KEY_SHAPE.test(key)) throw new Refused(`${where}: the property "${key.slice(0, 40)}" is not allowed.`);
      const raw = v[key];
      if (raw === undefined) continue;
      if (typeof raw === "function" || typeof raw === "symbol" || typeof raw === "bigint") throw new Refused(`${where}.${key}: not a storable value.`);
      if (IMAGE_KEYS.has(key)) throw new Refused(`${where}: an image can only be the source of an Image object or a pattern.`);
      const handled = special(key, raw);
      out[key] = handled !== undefined ? handled : this.value(raw, where, key, depth);
    }
    return out;
  }

  pattern(v: Record<string, unknown>, where: string, depth: number): Record<string, unknown> {
    this.countImage(where);
    const source = this.imageSource(v.source, `${where} (pattern)`);
    const rest = this.record({ ...v, source: undefined }, where, depth + 1, (key) => (key === "type" ? "pattern" : undefined));
    return { ...rest, source };
  }

  filters(v: unknown, where: string): unknown[] {
    if (!Array.isArray(v)) throw new Refused(`${where}: filters must be a list.`);
    if (v.length > 20) throw new Refused(`${where}: too many filters.`);
    return v.map((f, i) => {
      const at = `${where}.filters[${i}]`;
      if (!isPlain(f) || typeof f.type !== "string" || !FILTER_TYPES.has(f.type.toLowerCase()))
        throw new Refused(`${at}: the filter ${isPlain(f) && typeof f.type === "string" ? `"${f.type.slice(0, 40)}"` : ""} is not one a card may use.`);
      return this.record(f, at, 1, () => undefined);
    });
  }

  /** One object of the card (or of a group, or a clip path). */
  object(v: unknown, where: string, depth: number): CardObject {
    if (!isPlain(v)) throw new Refused(`${where} is not an object.`);
    if (depth > CARD_LIMITS.maxDepth) throw new Refused(`${where}: groups are nested more than ${CARD_LIMITS.maxDepth} deep.`);
    if (++this.budget.objects > CARD_LIMITS.maxObjects)
      throw new Refused(`The card has more than ${CARD_LIMITS.maxObjects} objects (counting those inside groups); the most is ${CARD_LIMITS.maxObjects}.`);
    const type = typeof v.type === "string" ? OBJECT_TYPES[v.type.toLowerCase()] : undefined;
    if (!type) throw new Refused(`${where}: the object type ${typeof v.type === "string" ? `"${v.type.slice(0, 40)}"` : "(none)"} is not one a card may hold.`);
    const at = `${where} (${type})`;
    if (TEXT_TYPES.has(type)) {
      if (typeof v.text !== "string") throw new Refused(`${at}: a text object needs its text.`);
      if (v.text.length > CARD_LIMITS.maxTextLength) throw new Refused(`${at}: the text is longer than ${CARD_LIMITS.maxTextLength} characters.`);
    }
    if (type === "Image") this.countImage(at);
    const out = this.record(type === "Image" ? { ...v, src: undefined } : v, at, 1, (key, value) => {
      switch (key) {
        case "type":
          return type;
        case "text":
          // Text is text: fabric draws it as glyphs, never as markup; only its length is limited.
          if (TEXT_TYPES.has(type) && typeof value === "string") return value;
          return undefined;
        case "objects":
          if (type !== "Group") throw new Refused(`${at}: only a group holds objects.`);
          if (!Array.isArray(value)) throw new Refused(`${at}: a group's objects must be a list.`);
          return value.map((o, i) => this.object(o, `${where}.objects[${i}]`, depth + 1));
        case "clipPath":
          return value === null ? null : this.object(value, `${where}.clipPath`, depth + 1);
        case "filters":
        case "resizeFilter":
          if (type !== "Image") throw new Refused(`${at}: only images have filters.`);
          if (key === "resizeFilter") return value === null ? null : this.filters([value], at)[0];
          return this.filters(value, at);
        case "crossOrigin":
          if (value !== null && value !== "anonymous") throw new Refused(`${at}: crossOrigin must be "anonymous".`);
          return value;
      }
      return undefined;
    });
    if (type === "Image") out.src = this.imageSource(v.src, at);
    if (TEXT_TYPES.has(type) && out.fontFamily === undefined) out.fontFamily = DEFAULT_CARD_FONT;
    if (type === "Group" && !Array.isArray(out.objects)) out.objects = [];
    return out as CardObject;
  }

  side(v: unknown, name: string): number {
    if (typeof v !== "number" || !Number.isFinite(v)) throw new Refused(`The card's ${name} must be a number of pixels.`);
    if (v < CARD_LIMITS.minSide || v > CARD_LIMITS.maxSide)
      throw new Refused(`The card's ${name} is ${v} px; it must be between ${CARD_LIMITS.minSide} and ${CARD_LIMITS.maxSide} px.`);
    return Math.round(v);
  }

  canvas(v: unknown): CardCanvas {
    if (!isPlain(v)) throw new Refused("The card must be a JSON object with its objects.");
    if (!Array.isArray(v.objects)) throw new Refused("The card has no objects list.");
    const width = this.side(v.width, "width");
    const height = this.side(v.height, "height");
    const version = v.version === undefined ? "7.4.0" : v.version;
    if (typeof version !== "string" || !/^\d{1,2}\.\d{1,3}\.\d{1,3}$/.test(version)) throw new Refused("The card's version must look like 7.4.0.");
    const out: Record<string, unknown> = { version, width, height };
    for (const key of Object.keys(v)) {
      if (CANVAS_KEYS.has(key) || v[key] === undefined) continue;
      if (FORBIDDEN_KEY.test(key) || !KEY_SHAPE.test(key)) throw new Refused(`The card's property "${key.slice(0, 40)}" is not allowed.`);
      if (IMAGE_KEYS.has(key)) throw new Refused(`The card's property "${key}" is not allowed.`);
      out[key] = this.value(v[key], "card", key, 1);
    }
    if (v.background !== undefined && v.background !== null) {
      if (typeof v.background !== "string") throw new Refused("The card's background must be a colour.");
      out.background = this.string(v.background, "card background", "background");
    }
    for (const key of ["backgroundImage", "overlayImage"] as const)
      if (v[key] !== undefined && v[key] !== null) out[key] = this.object(v[key], `card ${key}`, 1);
    out.objects = v.objects.map((o, i) => this.object(o, `objects[${i}]`, 1));
    return out as CardCanvas;
  }
}

const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;
const tooLarge = (bytes: number) => `The card is ${Math.ceil(bytes / 1024)} KB; the most is ${CARD_LIMITS.maxBytes / 1024} KB.`;

/**
 * Whether `input` (a parsed object or its JSON text) is a canvas we will store; on success the
 * normalised canvas and its JSON text. The reason names what is wrong ("The card has more than 300
 * objects ..."). Never throws. `origin` (ours) lets absolute image links to our own /media/ be
 * stored as their path; any other origin is refused. The rules: docs/decisions/0026-card-format.md.
 */
export function parseCardCanvas(input: unknown, options: { origin?: string | null } = {}): CanvasCheck {
  try {
    let value: unknown = input;
    if (typeof input === "string") {
      if (input.length > CARD_LIMITS.maxBytes || byteLength(input) > CARD_LIMITS.maxBytes) return { ok: false, reason: tooLarge(byteLength(input)) };
      try {
        value = JSON.parse(input);
      } catch {
        return { ok: false, reason: "The card is not valid JSON." };
      }
    }
    const canvas = new Checker(options.origin ?? null).canvas(value);
    const json = JSON.stringify(canvas);
    const bytes = byteLength(json);
    if (bytes > CARD_LIMITS.maxBytes) return { ok: false, reason: tooLarge(bytes) };
    return { ok: true, canvas: JSON.parse(json) as CardCanvas, json };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.message };
    return { ok: false, reason: "The card could not be read." };
  }
}

/**
 * The canvas with every placeholder text replaced by the details given (others keep their sample
 * text). Only text objects are filled; a filled text loses its per-character styles (they named
 * characters of the sample text).
 */
export function fillPlaceholders(canvas: CardCanvas, details: CardDetails): CardCanvas {
  const fill = (o: CardObject): CardObject => {
    const key = o.placeholder as CardPlaceholder | undefined;
    const type = OBJECT_TYPES[String(o.type).toLowerCase()];
    const text = typeof key === "string" && Object.hasOwn(details, key) ? details[key]?.trim() : undefined;
    const withText = text && type && TEXT_TYPES.has(type) ? { ...o, text: text.slice(0, CARD_LIMITS.maxTextLength), styles: [] } : o;
    return Array.isArray(withText.objects) ? { ...withText, objects: (withText.objects as CardObject[]).map(fill) } : withText;
  };
  return { ...canvas, objects: canvas.objects.map(fill) };
}
