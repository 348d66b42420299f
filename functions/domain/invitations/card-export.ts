/** Exporting a rendered card as PNG or PDF at a print size. */
import { PDFDocument } from "@cantoo/pdf-lib";
import { z } from "zod";
import { CARD_EXPORT_SIZES, type CardExportSize } from "#shared/card-format.ts";
import { dimensionsOf } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Invalid, parseInput } from "../core/index.ts";
import { CARD_MESSAGES, cardRow, requireCanvasUse, requireTemplateUse } from "./card-records.ts";
import { log } from "#platform/log.ts";
import { openWedding } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** A rendered card sent for export (print resolution: an A5 at 300 dpi is 1748 x 2480 px). */
export const EXPORT_MAX_BYTES = 20 * 1024 * 1024;

const EXPORT_MAX_SIDE = 6000;

export const exportInput = z.object({
  format: z.enum(["pdf", "png"], { error: () => m.api_v_choose_pdf_or_png() }),
  size: z.enum(Object.keys(CARD_EXPORT_SIZES) as [CardExportSize, ...CardExportSize[]], { error: () => m.api_v_choose_a5_a6_or_story() }).default("A5"),
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
  const w = await openWedding(ctx, "invitations", "read");
  const row = await cardRow(ctx, w, cardId);
  await requireTemplateUse(ctx, w, row.templateId);
  await requireCanvasUse(ctx, w, row.canvas, row.templateId);
  const { format, size } = parseInput(exportInput, input, m.api_d_choose_export_format());
  if (!file || file.size === 0) throw new Invalid(CARD_MESSAGES.imageNeeded, { image: m.api_e_required() });
  if (file.size > EXPORT_MAX_BYTES)
    throw new Invalid(m.api_e_rendered_card_larger({ size: String(EXPORT_MAX_BYTES / 1024 / 1024) }), { image: m.api_e_too_large() });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || (type.ext !== "png" && type.ext !== "jpg"))
    throw new Invalid(m.api_e_the_rendered_card_must_be_a_png(), { image: m.api_e_not_a_png_or_jpeg_image() });
  if (format === "png" && type.ext !== "png") throw new Invalid(m.api_e_a_png_export_needs_the_card_rendered(), { image: m.api_e_send_a_png_image() });
  const dims = dimensionsOf(bytes);
  if (!dims || dims.width > EXPORT_MAX_SIDE || dims.height > EXPORT_MAX_SIDE)
    throw new Invalid(m.api_e_rendered_card_side({ max: EXPORT_MAX_SIDE }), { image: m.api_e_not_a_readable_image_of_that_size() });
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
    log.error("making the card's PDF failed", {}, e);
    throw new Invalid(m.api_e_the_rendered_card_could_not_be_read(), { image: m.api_e_not_a_readable_image() });
  }
  return { bytes: pdfBytes, contentType: "application/pdf", fileName: fileName(row.title, "pdf") };
}
