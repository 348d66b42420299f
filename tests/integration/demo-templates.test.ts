import { describe, expect, it } from "vitest";
import { benchTemplateRows, demoTemplateRows, demoTemplates, THUMBNAIL_WIDTH, thumbnailKeyOf } from "#db/seed/invite-templates.ts";
import { CARD_FONT_FAMILIES } from "#shared/card-fonts.ts";
import { CARD_PLACEHOLDERS, parseCardCanvas, type CardObject } from "#shared/card-format.ts";

/**
 * The demo gallery (issue 13): every template is a card the server accepts, drawn only with the
 * card fonts, fillable with the couple's names, and shipped with a rendered WebP thumbnail of its
 * own shape (db/seed/template-thumbnails, made by scripts/render-template-thumbnails.mjs).
 */
const thumbnails = import.meta.glob("../../db/seed/template-thumbnails/*.webp", { query: "?inline", import: "default", eager: true }) as Record<string, string>;
const thumbnailOf = (id: string) => thumbnails[`../../db/seed/template-thumbnails/${id}.webp`];

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.slice(from, to));

/** Width and height of a WebP file (lossy VP8, lossless VP8L or extended VP8X), or null when it is not one. */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 12) !== "WEBP") return null;
  const at = (i: number) => b[i] ?? 0;
  const chunk = ascii(b, 12, 16);
  if (chunk === "VP8 ") return { width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: (at(24) | (at(25) << 8) | (at(26) << 16)) + 1, height: (at(27) | (at(28) << 8) | (at(29) << 16)) + 1 };
  return null;
}

const allObjects = (objects: CardObject[]): CardObject[] =>
  objects.flatMap((o) => [o, ...(Array.isArray(o.objects) ? allObjects(o.objects as CardObject[]) : [])]);

const templates = demoTemplates();

describe("demo invitation templates", () => {
  it("has at least 24 templates with unique ids, free and paid ones, and the two every area's tests use", () => {
    expect(templates.length).toBeGreaterThanOrEqual(24);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    const rows = demoTemplateRows(Date.UTC(2026, 10, 22));
    expect(rows.filter((r) => r.amount_category === "FREE").length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.amount_category === "PAID").length).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === "tpl-marigold-classic")).toMatchObject({ price: 0, amount_category: "FREE", status: "PUBLISHED" });
    expect(rows.find((r) => r.id === "tpl-royal-maroon")).toMatchObject({ price: 499, amount_category: "PAID", status: "PUBLISHED" });
  });

  it("covers the traditions and moods the gallery promises", () => {
    const tags = new Set(templates.flatMap((t) => t.tags));
    for (const tag of ["hindu", "south-indian", "tamil", "telugu", "kerala", "muslim", "sikh", "christian", "modern", "devanagari"])
      expect(tags, tag).toContain(tag);
    // Hindu cards carry a line in Devanagari (its check is in the per-template test below).
    for (const t of templates.filter((x) => x.tags.includes("hindu"))) expect(t.tags, t.id).toContain("devanagari");
    const moods = new Set(templates.map((t) => t.mood));
    for (const mood of ["WEDDING", "ANNIVERSARY", "BIRTHDAY", "LOVE", "ROMANCE", "COUPLE"]) expect(moods, mood).toContain(mood);
  });

  it("prices, ratings and shop details are in range", () => {
    for (const t of templates) {
      expect(t.price === 0 || (t.price >= 199 && t.price <= 999), `${t.id} price ${t.price}`).toBe(true);
      expect(Number.isInteger(t.price)).toBe(true);
      expect(t.rating).toBeGreaterThanOrEqual(4);
      expect(t.rating).toBeLessThanOrEqual(4.9);
      expect(t.description.length, t.id).toBeGreaterThan(40);
      expect(t.designer.length).toBeGreaterThan(0);
      expect(t.tags.length).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s is a card the server accepts, in the card fonts, with the couple's names", (_id, t) => {
    const check = parseCardCanvas(JSON.parse(JSON.stringify(t.canvas)));
    expect(check.ok ? "ok" : check.reason).toBe("ok");
    expect(t.canvas.version).toBe("7.4.0");
    const objects = allObjects(t.canvas.objects);
    const texts = objects.filter((o) => o.type === "Textbox");
    for (const o of texts) {
      expect(CARD_FONT_FAMILIES, `${t.id}: ${String(o.text)}`).toContain(o.fontFamily);
      expect(o.originX, "explicit origin").toBeDefined();
      expect(o.originY, "explicit origin").toBeDefined();
    }
    for (const o of objects) expect(["Textbox", "Rect", "Circle", "Path"]).toContain(o.type);
    const placeholders = texts.map((o) => o.placeholder).filter(Boolean);
    expect(placeholders).toContain("brideName");
    expect(placeholders).toContain("groomName");
    for (const p of placeholders) expect(CARD_PLACEHOLDERS).toContain(p);
    expect(new Set(placeholders).size, "each placeholder once").toBe(placeholders.length);
    // Every other layer is named, so the editor's layer list reads well.
    for (const o of objects.filter((x) => !x.placeholder)) expect(typeof o.layerName, `${t.id} ${o.type}`).toBe("string");
    if (t.tags.includes("devanagari")) expect(texts.some((o) => /[\u0900-\u097F]/.test(String(o.text)))).toBe(true);
    // Muslim and Sikh cards are in Latin script only (our fonts carry Latin and Devanagari).
    if (t.tags.includes("muslim") || t.tags.includes("sikh")) expect(texts.every((o) => !/[\u0900-\u097F]/.test(String(o.text)))).toBe(true);
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s has a rendered WebP thumbnail of its own shape", (id, t) => {
    expect(t.thumbnailKey).toBe(thumbnailKeyOf(id));
    const file = thumbnailOf(id);
    expect(file, `db/seed/template-thumbnails/${id}.webp (run node scripts/render-template-thumbnails.mjs)`).toBeTypeOf("string");
    const size = webpSize(bytesOf(file as string));
    expect(size).not.toBeNull();
    expect(size?.width).toBe(THUMBNAIL_WIDTH);
    expect(Math.abs((size?.height ?? 0) - (THUMBNAIL_WIDTH * t.canvas.height) / t.canvas.width)).toBeLessThanOrEqual(1);
  });

  it("ships no thumbnail without a template", () => {
    const ids = new Set(templates.map((t) => t.id));
    const orphans = Object.keys(thumbnails).filter((f) => !ids.has(f.replace(/^.*\/(.+)\.webp$/, "$1")));
    expect(orphans).toEqual([]);
  });

  it("fills the gallery benchmark with varied copies that reuse the designs' thumbnails", () => {
    const rows = benchTemplateRows(500, Date.UTC(2026, 10, 22));
    expect(rows.length).toBe(500 - templates.length);
    const ids = new Set([...templates.map((t) => t.id), ...rows.map((r) => r.id)]);
    expect(ids.size).toBe(500);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    const keys = new Set(templates.map((t) => t.thumbnailKey));
    for (const r of rows) expect(keys).toContain(r.thumbnail_key);
    expect(new Set(rows.map((r) => r.price)).size).toBeGreaterThan(4);
    expect(rows.some((r) => r.amount_category === "FREE") && rows.some((r) => r.amount_category === "PAID")).toBe(true);
    expect(rows.every((r) => r.price === 0 || (r.price >= 199 && r.price <= 999))).toBe(true);
  });
});
