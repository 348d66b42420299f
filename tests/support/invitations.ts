import { env } from "cloudflare:workers";
import type { CardCanvas } from "#shared/card-format.ts";

/**
 * Invitation fixtures written straight to the tables (issue 13): templates, the couple's cards and
 * purchases, for tests of areas built before the APIs that make them. Shared by every invitation
 * test; add what you need, keep each helper small.
 */
let counter = 0;
const uid = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const sampleCanvas = (over: Partial<CardCanvas> = {}): CardCanvas => ({
  version: "7.4.0",
  width: 600,
  height: 840,
  background: "#fff8ec",
  objects: [
    {
      type: "Textbox",
      version: "7.4.0",
      left: 300,
      top: 200,
      width: 500,
      originX: "center",
      originY: "top",
      text: "Ananya",
      fontFamily: "Great Vibes",
      fontSize: 64,
      fill: "#b4531b",
      placeholder: "brideName",
    },
    {
      type: "Textbox",
      version: "7.4.0",
      left: 300,
      top: 320,
      width: 500,
      originX: "center",
      originY: "top",
      text: "Rohan",
      fontFamily: "Great Vibes",
      fontSize: 64,
      fill: "#b4531b",
      placeholder: "groomName",
    },
  ],
  ...over,
});

export type TemplateFixture = { id: string; name: string; price: number; amountCategory: "FREE" | "PAID" };

export async function insertTemplate(
  input: {
    name?: string;
    price?: number;
    status?: "DRAFT" | "PUBLISHED" | "ARCHIVED";
    mood?: string;
    requirement?: string | null;
    tags?: string[];
    canvas?: CardCanvas;
    createdAt?: number;
  } = {},
): Promise<TemplateFixture> {
  const id = `tpl-${uid()}`;
  const now = input.createdAt ?? Date.now();
  const price = input.price ?? 0;
  const canvas = input.canvas ?? sampleCanvas();
  const name = input.name ?? `Test template ${id}`;
  await env.DB.prepare(
    `INSERT INTO invite_templates (id, name, description, canvas, width, height, price, amount_category, mood, requirement, tags, designer, status, created_at, updated_at)
     VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, 'Test Studio', ?, ?, ?)`,
  )
    .bind(
      id,
      name,
      JSON.stringify(canvas),
      canvas.width,
      canvas.height,
      price,
      price > 0 ? "PAID" : "FREE",
      input.mood ?? "WEDDING",
      input.requirement ?? null,
      JSON.stringify(input.tags ?? []),
      input.status ?? "PUBLISHED",
      now,
      now,
    )
    .run();
  return { id, name, price, amountCategory: price > 0 ? "PAID" : "FREE" };
}

/** A completed purchase of the template by the user (as if the gateway had credited it). */
export async function insertPurchase(userId: string, templateId: string, amount = 499): Promise<{ id: string }> {
  const id = `tpu-${uid()}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO template_purchases (id, user_id, template_id, order_status, payment_status, amount, completed_at, created_at, updated_at) VALUES (?, ?, ?, 'completed', 'successful', ?, ?, ?, ?)",
  )
    .bind(id, userId, templateId, amount, now, now, now)
    .run();
  return { id };
}

/** A card of the user's, optionally from a template and published under a slug. */
export async function insertCard(
  userId: string,
  input: { templateId?: string | null; title?: string; canvas?: CardCanvas; publicSlug?: string | null; previewKey?: string | null } = {},
): Promise<{ id: string }> {
  const id = `card-${uid()}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO user_templates (id, user_id, template_id, title, canvas, preview_key, public_slug, published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      userId,
      input.templateId ?? null,
      input.title ?? "Our wedding card",
      JSON.stringify(input.canvas ?? sampleCanvas()),
      input.previewKey ?? null,
      input.publicSlug ?? null,
      input.publicSlug ? now : null,
      now,
      now,
    )
    .run();
  return { id };
}

/** A PNG of w x h (flat colour), as the editor renders a card. */
export async function pngOf(w: number, h: number): Promise<Uint8Array<ArrayBuffer>> {
  const { PhotonImage } = await import("@cf-wasm/photon");
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(200), w, h);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}

/** A JPEG of w x h. */
export async function jpegOf(w: number, h: number): Promise<Uint8Array<ArrayBuffer>> {
  const { PhotonImage } = await import("@cf-wasm/photon");
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(120), w, h);
  try {
    return new Uint8Array(image.get_bytes_jpeg(80));
  } finally {
    image.free();
  }
}

/** Keys in the MEDIA bucket under a prefix. */
export async function mediaKeys(prefix: string): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix });
  return listed.objects.map((o) => o.key).sort();
}
