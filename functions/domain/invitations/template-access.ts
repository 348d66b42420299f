import type { inviteTemplates } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, allows, ACCESS } from "../core/index.ts";

/**
 * Who may use an invitation template's design (issue 13): anyone signed in for a free template;
 * for a paid one, a couple who bought it (a completed template_purchases row of theirs) or an
 * admin. "Use" covers reading its canvas, making a card from it, exporting and publishing that
 * card: every one of those checks here, on the server.
 *
 * OWNER: the "purchases" helper of issue 13 (they may extend it; keep the signatures).
 */
export type TemplateForAccess = { id: string; amountCategory: "FREE" | "PAID"; price: number };

/** A template row read by its SQL names, as the access check takes it. */
export const forAccess = (t: Row<typeof inviteTemplates, "id" | "amount_category" | "price">): TemplateForAccess => ({
  id: t.id,
  amountCategory: t.amount_category,
  price: t.price,
});

export const isPaidTemplate = (t: Pick<TemplateForAccess, "amountCategory" | "price">) => t.amountCategory === "PAID" && t.price > 0;

/**
 * Whether the actor may use the template's design. In a wedding's cards (`weddingId`, after
 * openWedding) a design bought by any of the wedding's members counts, so a card the couple bought
 * is usable by everyone who may edit the wedding's invitations (decision 0049); the purchase itself
 * stays the payer's (invoice, history, refund), and goes with them if they leave the wedding.
 */
export async function canUseTemplate(ctx: Pick<DomainContext, "db" | "actor">, template: TemplateForAccess, weddingId?: string): Promise<boolean> {
  if (!isPaidTemplate(template)) return true;
  const actor = ctx.actor;
  if (!actor) return false;
  if (allows(ACCESS.admin, actor)) return true;
  const row = await ctx.db
    .prepare(
      `SELECT 1 AS owned FROM template_purchases WHERE template_id = ?2 AND order_status = 'completed'
       AND (user_id = ?1 OR user_id IN (SELECT user_id FROM wedding_members WHERE wedding_id = ?3)) LIMIT 1`,
    )
    .bind(actor.id, template.id, weddingId ?? null)
    .first<{ owned: number }>();
  return Boolean(row);
}

// -------------------------------------------------------------------------------------------------
// What a canvas is (issue 28, item 8): entitlement follows the design, not only the templateId a
// client sends. A design's fingerprint is the set of its ornaments: every object that is not text,
// as the card format normalises it (a copy keeps them when every text is changed). Ornaments that
// also appear in any free design are shared building blocks and do not count.

const TEXT_TYPES = new Set(["Textbox", "IText", "Text", "textbox", "i-text", "text"]);

/** Stable JSON (sorted keys) of the canvas's non-text objects. */
function ornaments(canvasJson: string): Set<string> {
  const out = new Set<string>();
  let canvas: { objects?: unknown };
  try {
    canvas = JSON.parse(canvasJson) as { objects?: unknown };
  } catch {
    return out;
  }
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  for (const o of Array.isArray(canvas.objects) ? canvas.objects : []) {
    if (!o || typeof o !== "object" || TEXT_TYPES.has(String((o as { type?: unknown }).type))) continue;
    out.add(JSON.stringify(stable(o)));
  }
  return out;
}

type Fingerprints = { key: string; paid: { template: TemplateForAccess; marks: Set<string> }[] };
let cached: Fingerprints | null = null;

/** The paid designs' fingerprints, computed once per isolate until a template changes. */
async function paidFingerprints(ctx: Pick<DomainContext, "db">, normalise: (canvas: string) => string): Promise<Fingerprints["paid"]> {
  const { results: stamps } = await ctx.db
    .prepare("SELECT id, updated_at AS updatedAt FROM invite_templates ORDER BY id")
    .all<{ id: string; updatedAt: number }>();
  const key = stamps.map((s) => `${s.id}:${s.updatedAt}`).join(",");
  if (cached?.key === key) return cached.paid;
  const { results } = await ctx.db
    .prepare("SELECT id, price, amount_category AS amountCategory, canvas FROM invite_templates")
    .all<TemplateForAccess & { canvas: string }>();
  const shared = new Set<string>();
  const paid: Fingerprints["paid"] = [];
  for (const t of results) {
    const marks = ornaments(normalise(t.canvas));
    if (isPaidTemplate(t)) paid.push({ template: { id: t.id, price: t.price, amountCategory: t.amountCategory }, marks });
    else for (const m of marks) shared.add(m);
  }
  for (const p of paid) for (const m of shared) p.marks.delete(m);
  cached = { key, paid: paid.filter((p) => p.marks.size > 0) };
  return cached.paid;
}

/**
 * The paid template whose design the canvas (normalised by the card format) reproduces, if any:
 * it carries most of that design's own ornaments (all of them when it has one or two, else 60 %).
 * `normalise` runs a template's stored canvas through the same card format as the card's.
 */
export async function paidDesignOf(
  ctx: Pick<DomainContext, "db">,
  canvasJson: string,
  normalise: (canvas: string) => string,
): Promise<TemplateForAccess | null> {
  const card = ornaments(canvasJson);
  if (!card.size) return null;
  for (const { template, marks } of await paidFingerprints(ctx, normalise)) {
    let hits = 0;
    for (const m of marks) if (card.has(m)) hits++;
    const needed = marks.size <= 2 ? marks.size : Math.ceil(marks.size * 0.6);
    if (hits >= needed) return template;
  }
  return null;
}
