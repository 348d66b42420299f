import type { Canvas } from "fabric";
import { CARD_EXPORT_SIZES, type CardExportSize } from "#shared/card-format.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Rendering the editor's canvas to images (browser only): the list thumbnail / e-invite picture
 * (JPEG about 1080 px wide), a template's thumbnail (WebP about 480 px wide) and the export at
 * print resolution (300 dpi for A5 and A6, 1080 x 1920 for a phone story).
 */
export const PREVIEW_WIDTH = 1080;
export const THUMBNAIL_WIDTH = 480;
export const PRINT_DPI = 300;

/** The pixel size an export is rendered at. */
export function exportPixels(size: CardExportSize): { width: number; height: number } {
  const s = CARD_EXPORT_SIZES[size];
  if ("widthPx" in s) return { width: s.widthPx, height: s.heightPx };
  return { width: Math.round((s.widthMm / 25.4) * PRINT_DPI), height: Math.round((s.heightMm / 25.4) * PRINT_DPI) };
}

function toBlob(el: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => el.toBlob((b) => (b ? resolve(b) : reject(new Error(m.couple_editor_draw_failed()))), type, quality));
}

/** The card drawn `scale` times its design size, without selection handles. */
function drawCard(canvas: Canvas, scale: number): HTMLCanvasElement {
  const zoom = canvas.getZoom() || 1;
  return canvas.toCanvasElement(scale / zoom);
}

/** The card on a `width` x `height` sheet (contained and centred on the card's own background). */
function onSheet(canvas: Canvas, design: { width: number; height: number }, width: number, height: number): HTMLCanvasElement {
  const scale = Math.min(width / design.width, height / design.height);
  const card = drawCard(canvas, scale);
  const sheet = document.createElement("canvas");
  sheet.width = width;
  sheet.height = height;
  const g = sheet.getContext("2d")!;
  g.fillStyle = typeof canvas.backgroundColor === "string" && canvas.backgroundColor ? canvas.backgroundColor : "#ffffff";
  g.fillRect(0, 0, width, height);
  g.drawImage(card, Math.round((width - card.width) / 2), Math.round((height - card.height) / 2));
  return sheet;
}

export async function renderPreview(canvas: Canvas, design: { width: number; height: number }): Promise<Blob> {
  const width = PREVIEW_WIDTH;
  const height = Math.round((design.height / design.width) * width);
  return toBlob(onSheet(canvas, design, width, height), "image/jpeg", 0.86);
}

export async function renderThumbnail(canvas: Canvas, design: { width: number; height: number }): Promise<Blob> {
  const width = THUMBNAIL_WIDTH;
  const height = Math.round((design.height / design.width) * width);
  const sheet = onSheet(canvas, design, width, height);
  const webp = await toBlob(sheet, "image/webp", 0.85);
  return webp.type === "image/webp" ? webp : toBlob(sheet, "image/png");
}

/** The export's image: PNG for a PNG file, a high-quality JPEG for the PDF (smaller upload, same print). */
export async function renderExport(canvas: Canvas, design: { width: number; height: number }, size: CardExportSize, format: "pdf" | "png"): Promise<Blob> {
  await document.fonts.ready;
  const { width, height } = exportPixels(size);
  const sheet = onSheet(canvas, design, width, height);
  return format === "png" ? toBlob(sheet, "image/png") : toBlob(sheet, "image/jpeg", 0.93);
}
