import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CardCanvas } from "#shared/card-format.ts";
import { call, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import { insertPurchase, insertTemplate, sampleCanvas } from "#tests/support/invitations.ts";

/**
 * Issue 28, item 8: entitlement follows what a card's canvas is, not only the templateId a client
 * sends. A paid design's canvas posted as a "blank" card (no templateId), or pasted over a free
 * template's card, is that paid design: refused (403) unless the couple bought it.
 */
let n = 0;
/** A design with its own ornaments (shapes a copy keeps even when every text is changed). */
function paidDesign(): CardCanvas {
  const tag = `${Date.now()}${n++}`;
  const shade = `#${tag.slice(-6).padStart(6, "3")}`;
  return sampleCanvas({
    background: "#fdf3e1",
    objects: [
      ...sampleCanvas().objects,
      { type: "Rect", version: "7.4.0", left: 20, top: 20, width: 560, height: 800, fill: "transparent", stroke: shade, strokeWidth: 6, rx: 24, ry: 24 },
      { type: "Circle", version: "7.4.0", left: 300, top: 120, radius: 44, fill: shade },
      { type: "Rect", version: "7.4.0", left: 60, top: 700, width: 480, height: 4, fill: shade },
      {
        type: "Path",
        version: "7.4.0",
        left: 250,
        top: 600,
        path: [
          ["M", 0, 0],
          ["Q", 50, Number(tag.slice(-3)) % 90, 100, 0],
        ],
        fill: "",
        stroke: shade,
        strokeWidth: 3,
      },
    ],
  });
}

const createCard = (cookie: string, body: unknown) => call("/api/v1/userDataTemplate", { method: "POST", cookie, body });

describe("a paid design's canvas without its templateId", () => {
  it("is refused as a new card for a couple who did not buy it, even with every text changed", async () => {
    const canvas = paidDesign();
    const template = await insertTemplate({ price: 399, canvas });
    const couple = await signedIn("USER");
    const copied = { ...canvas, objects: canvas.objects.map((o) => (o.type === "Textbox" ? { ...o, text: "Someone else" } : o)) };
    const res = await createCard(couple.cookie, { title: "Mine", canvas: copied });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, message: "This is a paid template. Buy it to use it in your card." });
    const cards = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_templates WHERE user_id = ?").bind(couple.id).first();
    expect(cards).toEqual({ n: 0 });

    // Bought: the same canvas is their card, and it keeps the design's origin.
    await insertPurchase(couple.id, template.id);
    const ok = await createCard(couple.cookie, { title: "Mine", canvas: copied });
    expect(ok.status).toBe(201);
    const row = await env.DB.prepare("SELECT template_id AS templateId FROM user_templates WHERE user_id = ?").bind(couple.id).first();
    expect(row).toEqual({ templateId: template.id });
  });

  it("is refused when pasted over a free template's card", async () => {
    const canvas = paidDesign();
    await insertTemplate({ price: 399, canvas });
    const free = await insertTemplate({ price: 0 });
    const couple = await signedIn("USER");
    const made = await createCard(couple.cookie, { templateId: free.id });
    expect(made.status).toBe(201);
    const card = ((await made.json()) as { card: { id: string; revision: number } }).card;
    const res = await call(`/api/v1/userDataTemplate/${card.id}`, { method: "PATCH", cookie: couple.cookie, body: { revision: card.revision, canvas } });
    expect(res.status).toBe(403);
  });

  it("leaves free designs and a couple's own drawings alone", async () => {
    const free = paidDesign();
    await insertTemplate({ price: 0, canvas: free });
    const couple = await signedIn("USER");
    expect((await createCard(couple.cookie, { canvas: free })).status).toBe(201);
    expect((await createCard(couple.cookie, { canvas: paidDesign() })).status).toBe(201);
  });

  it("a card already stored with a paid design's canvas and no templateId cannot be exported or published", async () => {
    const canvas = paidDesign();
    await insertTemplate({ price: 399, canvas });
    const couple = await signedIn("USER");
    const id = `card-${Date.now()}${n++}`;
    await env.DB.prepare(
      "INSERT INTO user_templates (id, user_id, template_id, title, canvas, revision, preview_key, created_at, updated_at) VALUES (?, ?, NULL, 'Old', ?, 1, 'u/x/preview.png', 1, 1)",
    )
      .bind(id, couple.id, JSON.stringify(canvas))
      .run();
    const form = new FormData();
    form.set("format", "png");
    form.set("size", "A5");
    form.set("image", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "card.png", { type: "image/png" }));
    const exported = await worker.fetch(`${ORIGIN}/api/v1/userDataTemplate/${id}/export`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: couple.cookie },
      body: form,
    });
    expect(exported.status).toBe(403);
    const published = await call(`/api/v1/invitation/${id}/publish`, { method: "POST", cookie: couple.cookie, body: {} });
    expect(published.status).toBe(403);
    expect(await env.DB.prepare("SELECT published_at AS p FROM user_templates WHERE id = ?").bind(id).first()).toEqual({ p: null });
  });
});
