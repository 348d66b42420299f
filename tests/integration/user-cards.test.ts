import { env } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { CARD_MESSAGES, CARDS_MAX } from "#domain/invitations/index.ts";
import { call, ORIGIN, signedIn, snapshot, worker } from "#tests/support/factories.ts";
import { insertCard, insertPurchase, insertTemplate, jpegOf, mediaKeys, pngOf, sampleCanvas } from "#tests/support/invitations.ts";

/** The couple's cards through /api/v1/userDataTemplate (issue 13): ownership, paid templates, the card format, compare-and-set, image and export. */
type CardAnswer = {
  success: boolean;
  card: { id: string; title: string; revision: number; templateId: string | null; canvas: { objects: { text?: string }[] } };
};

const couple = () => signedIn("USER");
const cardsOf = (userId: string) => snapshot("SELECT id, title, canvas, revision, preview_key FROM user_templates WHERE user_id = ? ORDER BY id", userId);

function multipart(path: string, cookie: string, fields: Record<string, string>, image?: Uint8Array<ArrayBuffer>, method = "POST") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", new File([image], "card.png"));
  return worker.fetch(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie, Origin: ORIGIN }, body: form });
}

describe("creating cards", () => {
  it("from a free template: filled with the couple's details from the profile and planner, and the template's use count goes up", async () => {
    const me = await couple();
    await env.DB.prepare(
      "UPDATE users SET user_name = 'Ananya Rao', partner_name = 'Rohan Mehta', wedding_date = '2027-02-13', wedding_city = 'Jaipur' WHERE id = ?",
    )
      .bind(me.id)
      .run();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO events (id, user_id, name, event_date, start_time, venue, created_at, updated_at) VALUES (?, ?, 'Mehendi', '2027-02-12', '16:00', 'Rao House', ?, ?), (?, ?, 'Wedding', '2027-02-13', '19:00', 'Rambagh Palace', ?, ?)",
    )
      .bind(`ev1-${me.id}`, me.id, now, now, `ev2-${me.id}`, me.id, now, now)
      .run();
    const canvas = sampleCanvas();
    canvas.objects.push(
      { type: "Textbox", text: "Date", placeholder: "eventDate", fontFamily: "Poppins" },
      { type: "Textbox", text: "Time", placeholder: "time", fontFamily: "Poppins" },
      { type: "Textbox", text: "Venue", placeholder: "location", fontFamily: "Poppins" },
      { type: "Textbox", text: "Functions", placeholder: "functions", fontFamily: "Poppins" },
    );
    const t = await insertTemplate({ canvas });
    const res = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { templateId: t.id } });
    expect(res.status).toBe(201);
    const { card } = await res.json<CardAnswer>();
    expect(card.title).toBe(t.name);
    expect(card.revision).toBe(1);
    expect(card.canvas.objects.map((o) => o.text)).toEqual([
      "Ananya Rao",
      "Rohan Mehta",
      "Saturday, 13 February 2027",
      "7:00 pm onwards",
      "Rambagh Palace",
      "Mehendi · Fri 12 Feb · 4:00 pm · Rao House\nWedding · Sat 13 Feb · 7:00 pm · Rambagh Palace",
    ]);
    expect(await snapshot("SELECT use_count FROM invite_templates WHERE id = ?", t.id)).toBe('[{"use_count":1}]');

    const got = await call(`/api/v1/userDataTemplate/${card.id}`, { cookie: me.cookie });
    const body = await got.json<{ card: { id: string }; details: Record<string, string> }>();
    expect(body.details).toMatchObject({ brideName: "Ananya Rao", eventDate: "Saturday, 13 February 2027", location: "Rambagh Palace" });
    const list = await (await call("/api/v1/userDataTemplate", { cookie: me.cookie })).json<{ cards: Record<string, unknown>[] }>();
    expect(list.cards).toHaveLength(1);
    expect(list.cards[0]).toMatchObject({ id: card.id, templateName: t.name, previewUrl: null, publicSlug: null });
    expect(list.cards[0]).not.toHaveProperty("canvas");
  });

  it("from a paid template: 403 until bought, then allowed; details sent win over the planner's", async () => {
    const me = await couple();
    const t = await insertTemplate({ price: 499 });
    const before = await cardsOf(me.id);
    const refused = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { templateId: t.id } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, message: CARD_MESSAGES.buyFirst });
    expect(await cardsOf(me.id)).toBe(before);
    expect(await snapshot("SELECT use_count FROM invite_templates WHERE id = ?", t.id)).toBe('[{"use_count":0}]');
    await insertPurchase(me.id, t.id);
    const ok = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { templateId: t.id, brideName: "Meera", title: "Our card" } });
    expect(ok.status).toBe(201);
    const { card } = await ok.json<CardAnswer>();
    expect(card.title).toBe("Our card");
    expect(card.canvas.objects[0]!.text).toBe("Meera");
  });

  it("refuses an unknown or draft template (404), and a blank card without a canvas (400)", async () => {
    const me = await couple();
    const draft = await insertTemplate({ status: "DRAFT" });
    for (const templateId of ["tpl-none", draft.id])
      expect((await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { templateId } })).status).toBe(404);
    const res = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { title: "Blank" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { canvas: expect.any(String) } });
  });

  it("refuses bad canvases with the reason and stores nothing", async () => {
    const me = await couple();
    const bad: [unknown, RegExp][] = [
      ["{nope", /not valid JSON/],
      [sampleCanvas({ objects: Array.from({ length: 301 }, () => ({ type: "Rect" })) }), /more than 300 objects/],
      [sampleCanvas({ objects: Array.from({ length: 21 }, (_, i) => ({ type: "Image", src: `/media/u/x${i}.webp` })) }), /more than 20 images/],
      [sampleCanvas({ objects: [{ type: "Image", src: "https://evil.example/a.png" }] }), /uploaded to Mandap/],
      [sampleCanvas({ objects: [{ type: "Image", src: "data:image/png;base64,AAAA" }] }), /uploaded to Mandap/],
      [sampleCanvas({ objects: [{ type: "Rect", onmouseover: "alert(1)" }] }), /"onmouseover" is not allowed/],
      [sampleCanvas({ objects: [{ type: "Rect", fill: "javascript:alert(1)" }] }), /not allowed/],
      [sampleCanvas({ objects: [{ type: "Textbox", text: "x".repeat(200_000) }] }), /longer than 2000/],
      [JSON.stringify(sampleCanvas()).padEnd(450 * 1024, " "), /the most is 400 KB/],
    ];
    for (const [canvas, reason] of bad) {
      const res = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { title: "Blank", canvas } });
      const body = await res.json<{ message: string; errors: { canvas: string } }>();
      expect(res.status, body.message).toBe(400);
      expect(body.errors.canvas).toMatch(reason);
    }
    expect(await cardsOf(me.id)).toBe("[]");
  });

  it(`keeps at most ${CARDS_MAX} cards per couple`, async () => {
    const me = await couple();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: CARDS_MAX }, (_, i) =>
        env.DB.prepare("INSERT INTO user_templates (id, user_id, title, canvas, created_at, updated_at) VALUES (?, ?, 'c', '{}', ?, ?)").bind(
          `cap-${i}-${me.id}`,
          me.id,
          now,
          now,
        ),
      ),
    );
    const res = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { canvas: sampleCanvas() } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: CARD_MESSAGES.tooMany });
    expect((await call(`/api/v1/userDataTemplate/cap-0-${me.id}/duplicate`, { method: "POST", cookie: me.cookie })).status).toBe(400);
    expect(await snapshot("SELECT COUNT(*) AS n FROM user_templates WHERE user_id = ?", me.id)).toBe(`[{"n":${CARDS_MAX}}]`);
  });
});

describe("one couple's card is not another's", () => {
  it("every call on another couple's card is 404 and changes nothing", async () => {
    const owner = await couple();
    const other = await couple();
    const { id } = await insertCard(owner.id, { previewKey: null });
    const before = await cardsOf(owner.id);
    const png = await pngOf(400, 560);
    const answers = [
      await call(`/api/v1/userDataTemplate/${id}`, { cookie: other.cookie }),
      await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: other.cookie, body: { title: "Mine now" } }),
      await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: other.cookie, body: { revision: 0, canvas: sampleCanvas() } }),
      await call(`/api/v1/userDataTemplate/${id}`, { method: "DELETE", cookie: other.cookie }),
      await call(`/api/v1/userDataTemplate/${id}/duplicate`, { method: "POST", cookie: other.cookie }),
      await multipart(`/api/v1/userDataTemplate/${id}/preview`, other.cookie, {}, png, "PUT"),
      await multipart(`/api/v1/userDataTemplate/${id}/export`, other.cookie, { format: "png", size: "A5" }, png),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await cardsOf(owner.id)).toBe(before);
    expect(await cardsOf(other.id)).toBe("[]");
    const list = await (await call("/api/v1/userDataTemplate", { cookie: other.cookie })).json<{ cards: unknown[] }>();
    expect(list.cards).toEqual([]);
  });
});

describe("saving", () => {
  it("compare-and-set: a stale revision is 409 with the current one and nothing changes", async () => {
    const me = await couple();
    const created = await (await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { canvas: sampleCanvas() } })).json<CardAnswer>();
    const id = created.card.id;
    const edited = sampleCanvas();
    edited.objects[0]!.text = "First tab";
    const first = await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { revision: 1, canvas: edited } });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, card: { id, revision: 2 } });
    const before = await cardsOf(me.id);
    edited.objects[0]!.text = "Second tab";
    const stale = await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { revision: 1, canvas: edited } });
    expect(stale.status).toBe(409);
    const refusal = await stale.json<{ current: CardAnswer["card"] }>();
    expect(refusal).toMatchObject({
      success: false,
      message:
        "The card “My invitation” was changed by someone else (or in another tab) after you opened it, so your last change was not saved. Reload the editor to see the card as it is now, then make your change again.",
      current: { id, revision: 2 },
      revision: 2,
    });
    expect(refusal.current.canvas.objects[0]!.text).toBe("First tab");
    expect(await cardsOf(me.id)).toBe(before);
    // A canvas needs its revision; fields alone do not, and they count as a save (the revision goes up).
    expect((await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { canvas: edited } })).status).toBe(400);
    const titled = await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { title: "Sangeet card", groomName: "Rohan" } });
    expect(await titled.json()).toMatchObject({ card: { revision: 3 } });
    const got = await (await call(`/api/v1/userDataTemplate/${id}`, { cookie: me.cookie })).json<{ card: Record<string, unknown> }>();
    expect(got.card).toMatchObject({ title: "Sangeet card", groomName: "Rohan", revision: 3 });
    // A bad canvas on save: 400, nothing stored.
    const bad = await call(`/api/v1/userDataTemplate/${id}`, {
      method: "PATCH",
      cookie: me.cookie,
      body: { revision: 3, canvas: sampleCanvas({ objects: [{ type: "Image", src: "https://evil.example/x.png" }] }) },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(await cardsOf(me.id))[0].revision).toBe(3);
  });

  it("a card of a paid template the couple no longer owns cannot be saved, duplicated or exported", async () => {
    const me = await couple();
    const t = await insertTemplate({ price: 499 });
    const { id } = await insertCard(me.id, { templateId: t.id });
    const before = await cardsOf(me.id);
    const answers = [
      await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { revision: 0, canvas: sampleCanvas() } }),
      await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { title: "x" } }),
      await call(`/api/v1/userDataTemplate/${id}/duplicate`, { method: "POST", cookie: me.cookie }),
      await multipart(`/api/v1/userDataTemplate/${id}/export`, me.cookie, { format: "pdf", size: "A5" }, await pngOf(300, 420)),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await answers[0]!.json()).toMatchObject({ message: CARD_MESSAGES.buyFirst });
    expect(await cardsOf(me.id)).toBe(before);
    await insertPurchase(me.id, t.id);
    expect((await call(`/api/v1/userDataTemplate/${id}`, { method: "PATCH", cookie: me.cookie, body: { revision: 0, canvas: sampleCanvas() } })).status).toBe(
      200,
    );
  });
});

describe("duplicate and delete", () => {
  it("duplicates as 'Copy of …' without the image or publication, and deletes the card with its image", async () => {
    const me = await couple();
    const { id } = await insertCard(me.id, { title: "Sangeet", publicSlug: `slug-${me.id}` });
    const put = await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, await jpegOf(200, 280), "PUT");
    expect(put.status).toBe(200);
    const { previewUrl } = await put.json<{ previewUrl: string }>();
    const key = decodeURIComponent(previewUrl.replace("/media/", ""));
    expect(key.startsWith(`u/cards/${me.id}/`)).toBe(true);
    const copy = await call(`/api/v1/userDataTemplate/${id}/duplicate`, { method: "POST", cookie: me.cookie });
    expect(copy.status).toBe(201);
    const { card } = await copy.json<CardAnswer & { card: { previewUrl: string | null; publicSlug: string | null } }>();
    expect(card).toMatchObject({ title: "Copy of Sangeet", previewUrl: null, publicSlug: null, revision: 1 });
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const deleted = await call(`/api/v1/userDataTemplate/${id}`, { method: "DELETE", cookie: me.cookie });
    expect({ status: deleted.status, body: await deleted.json() }).toMatchObject({ status: 200, body: { message: "Sangeet deleted." } });
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(JSON.parse(await cardsOf(me.id)).map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect((await call(`/api/v1/userDataTemplate/${id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(404);
  });

  it("names a new card and a copy in the language of the person who makes them (issue 32)", async () => {
    const me = await couple();
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(me.id).run();
    const created = await call("/api/v1/userDataTemplate", { method: "POST", cookie: me.cookie, body: { canvas: sampleCanvas() } });
    expect(created.status).toBe(201);
    const { card } = await created.json<CardAnswer>();
    expect(card.title).toBe("मेरा निमंत्रण");
    const copy = await call(`/api/v1/userDataTemplate/${card.id}/duplicate`, { method: "POST", cookie: me.cookie });
    expect((await copy.json<{ card: { title: string } }>()).card.title).toBe("मेरा निमंत्रण की कॉपी");
  });

  it("says a deleted card is gone in the couple's language", async () => {
    const me = await couple();
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(me.id).run();
    const { id } = await insertCard(me.id, { title: "संगीत कार्ड" });
    const deleted = await call(`/api/v1/userDataTemplate/${id}`, { method: "DELETE", cookie: me.cookie });
    expect(await deleted.json()).toMatchObject({ success: true, message: "संगीत कार्ड हटा दिया गया।" });
  });
});

describe("the rendered image", () => {
  it("stores a JPEG, PNG or WebP under the couple's prefix and removes the previous one", async () => {
    const me = await couple();
    const { id } = await insertCard(me.id);
    const first = await (
      await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, await jpegOf(200, 280), "PUT")
    ).json<{ previewUrl: string }>();
    const second = await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, await pngOf(200, 280), "PUT");
    expect(second.status).toBe(200);
    const { previewUrl } = await second.json<{ previewUrl: string }>();
    expect(await mediaKeys(`u/cards/${me.id}/`)).toEqual([decodeURIComponent(previewUrl.replace("/media/", ""))]);
    expect(first.previewUrl).not.toBe(previewUrl);
    const row = JSON.parse(await snapshot("SELECT preview_updated_at FROM user_templates WHERE id = ?", id))[0];
    expect(row.preview_updated_at).toBeGreaterThan(0);
  });

  it("refuses what is not an image, too large, or not multipart; nothing is stored", async () => {
    const me = await couple();
    const { id } = await insertCard(me.id);
    const text = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await pngOf(10, 10));
    const answers = [
      await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, text, "PUT"),
      await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, big, "PUT"),
      await multipart(`/api/v1/userDataTemplate/${id}/preview`, me.cookie, {}, undefined, "PUT"),
      await call(`/api/v1/userDataTemplate/${id}/preview`, { method: "PUT", cookie: me.cookie, body: { image: "x" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(((await answers[0]!.json()) as { message: string }).message).toMatch(/JPEG, PNG or WebP/);
    expect(await mediaKeys(`u/cards/${me.id}/`)).toEqual([]);
  });
});

describe("export", () => {
  it("a PDF at A5 with the image fitted and the title set; a PNG as sent", async () => {
    const me = await couple();
    const { id } = await insertCard(me.id, { title: "Our Wedding" });
    const png = await pngOf(437, 620);
    const res = await multipart(`/api/v1/userDataTemplate/${id}/export`, me.cookie, { format: "pdf", size: "A5" }, png);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Our-Wedding.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("%PDF");
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeCloseTo((148 * 72) / 25.4, 1);
    expect(page.getHeight()).toBeCloseTo((210 * 72) / 25.4, 1);
    expect(pdf.getTitle()).toBe("Our Wedding");
    const jpegPdf = await multipart(`/api/v1/userDataTemplate/${id}/export`, me.cookie, { format: "pdf", size: "A6" }, await jpegOf(300, 420));
    expect((await PDFDocument.load(new Uint8Array(await jpegPdf.arrayBuffer()))).getPage(0).getWidth()).toBeCloseTo((105 * 72) / 25.4, 1);

    const asPng = await multipart(`/api/v1/userDataTemplate/${id}/export`, me.cookie, { format: "png", size: "STORY" }, png);
    expect(asPng.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await asPng.arrayBuffer())).toEqual(png);
  });

  it("refuses a bad format, a non-image, a JPEG for PNG, no image, and too large", async () => {
    const me = await couple();
    const { id } = await insertCard(me.id);
    const png = await pngOf(50, 70);
    const big = new Uint8Array(20 * 1024 * 1024 + 10);
    big.set(png);
    const cases: [Record<string, string>, Uint8Array<ArrayBuffer> | undefined, RegExp][] = [
      [{ format: "gif", size: "A5" }, png, /pdf or png/],
      [{ format: "pdf", size: "A3" }, png, /A5, A6 or STORY/],
      [{ format: "pdf", size: "A5" }, new TextEncoder().encode("%PDF-1.7 not an image"), /PNG or JPEG/],
      [{ format: "png", size: "A5" }, await jpegOf(50, 70), /rendered as PNG/],
      [{ format: "pdf", size: "A5" }, undefined, /rendered card as an image/],
      [{ format: "pdf", size: "A5" }, big, /too large|larger than/],
    ];
    for (const [fields, image, reason] of cases) {
      const res = await multipart(`/api/v1/userDataTemplate/${id}/export`, me.cookie, fields, image);
      const body = await res.json<{ message: string; errors?: Record<string, string> }>();
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(`${body.message} ${JSON.stringify(body.errors ?? {})}`).toMatch(reason);
    }
  });
});
