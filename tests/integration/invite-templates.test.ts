import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { recordTemplateView, TEMPLATE_MESSAGES } from "#domain/invitations/index.ts";
import { dimensionsOf } from "#platform/images.ts";
import { ALWAYS_EDITABLE } from "#shared/template-schemas.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import { insertCard, insertPurchase, insertTemplate, sampleCanvas } from "#tests/support/invitations.ts";
import { startOfIndiaDay } from "#shared/india-time.ts";

/**
 * The invitation gallery (issue 13): GET /inviteTemplate/get with its filters, sort and pages;
 * GET /inviteTemplate/{id} with the canvas only for those who may use it; the admins' create,
 * edit, thumbnail and delete (archived instead once bought or used); the couple's watch history.
 * Each test scopes the gallery with a tag of its own, so other tests' templates never interfere.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const uniqueTag = () => `t${Date.now().toString(36)}${(n++).toString(36)}`;
const get = async (path: string, cookie?: string) => json(await call(path, { cookie }));
const list = async (query: string, cookie?: string) => get(`/api/v1/inviteTemplate/get?${query}`, cookie);
const ids = (body: Loose) => (body.templates as Loose[]).map((t) => t.id);
const row = (id: string) => env.DB.prepare("SELECT * FROM invite_templates WHERE id = ?").bind(id).first<Loose>();

function png(w: number, h: number): Uint8Array<ArrayBuffer> {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(180), w, h);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}

async function putThumbnail(id: string, cookie: string, file: File | null) {
  const form = new FormData();
  if (file) form.append("image", file);
  const res = await worker.fetch(`${ORIGIN}/api/v1/inviteTemplate/${id}/thumbnail`, { method: "PUT", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
  return json(res);
}

describe("GET /inviteTemplate/get", () => {
  it("filters by mood (one or several), free or paid, requirement, tags and name, and shows only published templates", async () => {
    const tag = uniqueTag();
    const wedding = await insertTemplate({ name: `Wedding ${tag}`, mood: "WEDDING", tags: [tag, "hindu"], requirement: "HOT" });
    const love = await insertTemplate({ name: `Love ${tag}`, mood: "LOVE", price: 299, tags: [tag] });
    const birthday = await insertTemplate({ name: `Birthday ${tag}`, mood: "BIRTHDAY", tags: [tag, "kids"], requirement: "LATEST" });
    await insertTemplate({ name: `Draft ${tag}`, mood: "WEDDING", tags: [tag], status: "DRAFT" });
    await insertTemplate({ name: `Archived ${tag}`, mood: "WEDDING", tags: [tag], status: "ARCHIVED" });

    const all = await list(`tags=${tag}`);
    expect(all.status).toBe(200);
    expect(new Set(ids(all.body))).toEqual(new Set([wedding.id, love.id, birthday.id]));
    expect(all.body.total).toBe(3);

    expect(ids((await list(`tags=${tag}&mood=WEDDING`)).body)).toEqual([wedding.id]);
    expect(new Set(ids((await list(`tags=${tag}&mood=WEDDING,LOVE`)).body))).toEqual(new Set([wedding.id, love.id]));
    expect(new Set(ids((await list(`tags=${tag}&mood=WEDDING&mood=love`)).body))).toEqual(new Set([wedding.id, love.id]));
    expect(ids((await list(`tags=${tag}&amount=PAID`)).body)).toEqual([love.id]);
    expect(new Set(ids((await list(`tags=${tag}&amount=FREE`)).body))).toEqual(new Set([wedding.id, birthday.id]));
    expect(ids((await list(`tags=${tag}&requirement=HOT`)).body)).toEqual([wedding.id]);
    expect(ids((await list(`tags=${tag},nothing-else&mood=BIRTHDAY`)).body)).toEqual([birthday.id]);
    expect(ids((await list(`q=${encodeURIComponent(`love ${tag}`)}`)).body)).toEqual([love.id]);
    // A name search treats % and _ as themselves.
    expect((await list(`tags=${tag}&q=%25`)).body.total).toBe(0);

    const one = (all.body.templates as Loose[]).find((t) => t.id === love.id)!;
    expect(one).toMatchObject({
      name: `Love ${tag}`,
      price: 299,
      amountCategory: "PAID",
      mood: "LOVE",
      tags: [tag],
      designer: "Test Studio",
      thumbnailUrl: null,
      width: 600,
      height: 840,
      owned: false,
    });
    expect(one).not.toHaveProperty("canvas");
  });

  it("sorts newest, popular (views + uses), by price both ways and by rating, and pages", async () => {
    const tag = uniqueTag();
    const base = Date.now() - 100_000;
    const a = await insertTemplate({ tags: [tag], price: 0, createdAt: base });
    const b = await insertTemplate({ tags: [tag], price: 499, createdAt: base + 1000 });
    const c = await insertTemplate({ tags: [tag], price: 199, createdAt: base + 2000 });
    await env.DB.batch([
      env.DB.prepare("UPDATE invite_templates SET view_count = 10, use_count = 5, rating = 3.5 WHERE id = ?").bind(a.id),
      env.DB.prepare("UPDATE invite_templates SET view_count = 1, use_count = 20, rating = 4.8 WHERE id = ?").bind(b.id),
      env.DB.prepare("UPDATE invite_templates SET view_count = 2, use_count = 0, rating = 4.1 WHERE id = ?").bind(c.id),
    ]);
    expect(ids((await list(`tags=${tag}`)).body)).toEqual([c.id, b.id, a.id]);
    expect(ids((await list(`tags=${tag}&sort=newest`)).body)).toEqual([c.id, b.id, a.id]);
    expect(ids((await list(`tags=${tag}&sort=popular`)).body)).toEqual([b.id, a.id, c.id]);
    expect(ids((await list(`tags=${tag}&sort=price_asc`)).body)).toEqual([a.id, c.id, b.id]);
    expect(ids((await list(`tags=${tag}&sort=price_desc`)).body)).toEqual([b.id, c.id, a.id]);
    expect(ids((await list(`tags=${tag}&sort=rating`)).body)).toEqual([b.id, c.id, a.id]);

    const page1 = await list(`tags=${tag}&limit=2&page=1`);
    const page2 = await list(`tags=${tag}&limit=2&page=2`);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(ids(page1.body)).toEqual([c.id, b.id]);
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(page2.body)).toEqual([a.id]);
    expect((await list(`tags=${tag}`)).body.pageSize).toBe(24);
  });

  it("answers 400 naming the field for unknown moods, amounts, requirements, sorts, tags, pages and limits above 48", async () => {
    for (const [query, field] of [
      ["mood=WEDDING,PARTY", "mood"],
      ["amount=CHEAP", "amount"],
      ["requirement=URGENT", "requirement"],
      ["sort=oldest", "sort"],
      ["tags=Not%20A%20Tag!", "tags"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["limit=49", "limit"],
      ["status=GONE", "status"],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await list("limit=48")).status).toBe(200);
  });

  it("lists drafts and archived templates to admins only (status=...), and marks a couple's bought templates as owned", async () => {
    const tag = uniqueTag();
    const draft = await insertTemplate({ tags: [tag], status: "DRAFT" });
    const paid = await insertTemplate({ tags: [tag], price: 499 });
    const couple = await signedIn("USER");
    const admin = await signedIn("ADMIN");
    const refused = await list(`tags=${tag}&status=DRAFT`, couple.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.status).toBe(TEMPLATE_MESSAGES.statusAdminsOnly);
    expect((await list(`tags=${tag}&status=DRAFT`)).status).toBe(400);
    expect(ids((await list(`tags=${tag}&status=DRAFT`, admin.cookie)).body)).toEqual([draft.id]);
    expect(new Set(ids((await list(`tags=${tag}&status=ALL`, admin.cookie)).body))).toEqual(new Set([draft.id, paid.id]));

    expect((await list(`tags=${tag}`, couple.cookie)).body.templates[0].owned).toBe(false);
    await insertPurchase(couple.id, paid.id);
    expect((await list(`tags=${tag}`, couple.cookie)).body.templates[0].owned).toBe(true);
    const other = await signedIn("USER");
    expect((await list(`tags=${tag}`, other.cookie)).body.templates[0].owned).toBe(false);
  });
});

describe("GET /inviteTemplate/{id}", () => {
  it("gives a free template's canvas to anyone, with what can be changed in words", async () => {
    const t = await insertTemplate({});
    const res = await get(`/api/v1/inviteTemplate/${t.id}`);
    expect(res.status).toBe(200);
    expect(res.body.template).toMatchObject({ id: t.id, locked: false, editable: ["Bride's name", "Groom's name", ALWAYS_EDITABLE] });
    expect(res.body.template.canvas.objects).toHaveLength(2);
  });

  it("hides a paid template's canvas from visitors and couples who did not buy it, and shows it to buyers and admins", async () => {
    const t = await insertTemplate({ price: 499 });
    const buyer = await signedIn("USER");
    const other = await signedIn("USER");
    const admin = await signedIn("ADMIN");
    await insertPurchase(buyer.id, t.id);
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(`/api/v1/inviteTemplate/${t.id}`, cookie);
      expect(res.status).toBe(200);
      expect(res.body.template).toMatchObject({ canvas: null, locked: true, price: 499, owned: false });
      // What can be changed is still told (without the design itself).
      expect(res.body.template.editable).toContain("Bride's name");
    }
    const bought = await get(`/api/v1/inviteTemplate/${t.id}`, buyer.cookie);
    expect(bought.body.template).toMatchObject({ locked: false, owned: true });
    expect(bought.body.template.canvas.width).toBe(600);
    const asAdmin = await get(`/api/v1/inviteTemplate/${t.id}`, admin.cookie);
    expect(asAdmin.body.template.locked).toBe(false);
    expect(asAdmin.body.template.canvas).not.toBeNull();
  });

  it("is 404 for unknown ids and for drafts and archived templates, except to admins", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER");
    expect((await get("/api/v1/inviteTemplate/no-such-template")).status).toBe(404);
    for (const status of ["DRAFT", "ARCHIVED"] as const) {
      const t = await insertTemplate({ status });
      expect((await get(`/api/v1/inviteTemplate/${t.id}`)).status).toBe(404);
      expect((await get(`/api/v1/inviteTemplate/${t.id}`, couple.cookie)).status).toBe(404);
      expect((await get(`/api/v1/inviteTemplate/${t.id}`, admin.cookie)).body.template.status).toBe(status);
    }
  });
});

describe("admins' template management", () => {
  const body = (over: Loose = {}) => ({
    name: "Saffron Sangeet",
    description: "A bright card for the sangeet night.",
    canvas: sampleCanvas({ width: 720, height: 1008 }),
    price: 349,
    mood: "WEDDING",
    requirement: "LATEST",
    tags: ["Sangeet", "modern"],
    designer: "Studio Rang",
    ...over,
  });

  it("creates a draft with its size from the canvas and PAID from the price, edits it partly (also as updatedData), and publishes it", async () => {
    const admin = await signedIn("ADMIN");
    const created = await json(await call("/api/v1/inviteTemplate/create", { method: "POST", cookie: admin.cookie, body: body() }));
    expect(created.status).toBe(201);
    const id = created.body.template.id as string;
    expect(created.body.template).toMatchObject({
      name: "Saffron Sangeet",
      amountCategory: "PAID",
      width: 720,
      height: 1008,
      status: "DRAFT",
      tags: ["sangeet", "modern"],
    });
    expect(await row(id)).toMatchObject({ created_by: admin.id, status: "DRAFT", width: 720, height: 1008, price: 349 });
    // Not in the public gallery while a draft.
    expect((await get(`/api/v1/inviteTemplate/${id}`)).status).toBe(404);

    const edited = await json(
      await call(`/api/v1/inviteTemplate/${id}`, { method: "PUT", cookie: admin.cookie, body: { price: 0, name: "Saffron Sangeet Free" } }),
    );
    expect(edited.status).toBe(200);
    expect(await row(id)).toMatchObject({ price: 0, amount_category: "FREE", name: "Saffron Sangeet Free", mood: "WEDDING", designer: "Studio Rang" });

    const spec = await json(
      await call(`/api/v1/inviteTemplate/${id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: { updatedData: { status: "PUBLISHED", canvas: sampleCanvas({ width: 1080, height: 1920 }) } },
      }),
    );
    expect(spec.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "PUBLISHED", width: 1080, height: 1920, name: "Saffron Sangeet Free" });
    expect((await get(`/api/v1/inviteTemplate/${id}`)).status).toBe(200);
  });

  it("refuses bad templates with the field named and stores nothing", async () => {
    const admin = await signedIn("ADMIN");
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM invite_templates").first<{ n: number }>())!.n;
    const before = await count();
    for (const [over, field] of [
      [{ name: "" }, "name"],
      [{ price: -1 }, "price"],
      [{ price: 12.5 }, "price"],
      [{ mood: "PARTY" }, "mood"],
      [{ requirement: "URGENT" }, "requirement"],
      [{ tags: ["bad tag!"] }, "tags.0"],
      [{ canvas: { nothing: true } }, "canvas"],
      [{ canvas: "not json" }, "canvas"],
      [{ status: "LIVE" }, "status"],
    ] as const) {
      const res = await json(await call("/api/v1/inviteTemplate/create", { method: "POST", cookie: admin.cookie, body: body(over) }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect(await count()).toBe(before);
    const t = await insertTemplate({ name: "Keep me" });
    const bad = await json(
      await call(`/api/v1/inviteTemplate/${t.id}`, { method: "PUT", cookie: admin.cookie, body: { name: "Changed", canvas: { objects: "no" } } }),
    );
    expect(bad.status).toBe(400);
    expect((await row(t.id))!.name).toBe("Keep me");
    const empty = await json(await call(`/api/v1/inviteTemplate/${t.id}`, { method: "PUT", cookie: admin.cookie, body: {} }));
    expect(empty.status).toBe(400);
    expect((await json(await call("/api/v1/inviteTemplate/no-such", { method: "PUT", cookie: admin.cookie, body: { name: "x" } }))).status).toBe(404);
  });

  it("refuses couples and vendors (403) and visitors (401) for every write, changing nothing", async () => {
    const t = await insertTemplate({ name: "Untouched" });
    const couple = await signedIn("USER");
    const vendor = await signedIn("VENDOR");
    for (const cookie of [couple.cookie, vendor.cookie, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await call("/api/v1/inviteTemplate/create", { method: "POST", cookie, body: body() })).status).toBe(expected);
      expect((await call(`/api/v1/inviteTemplate/${t.id}`, { method: "PUT", cookie, body: { name: "Hacked" } })).status).toBe(expected);
      expect((await call(`/api/v1/inviteTemplate/${t.id}`, { method: "DELETE", cookie })).status).toBe(expected);
      expect((await putThumbnail(t.id, cookie ?? "", new File([png(10, 10)], "a.png"))).status).toBe(expected);
    }
    expect(await row(t.id)).toMatchObject({ name: "Untouched", status: "PUBLISHED", thumbnail_key: null });
  });

  it("stores an uploaded thumbnail as a WebP about 480 px wide, removes the old one, and refuses files that are not images", async () => {
    const admin = await signedIn("ADMIN");
    const t = await insertTemplate({});
    const first = await putThumbnail(t.id, admin.cookie, new File([png(1200, 1680)], "thumb.png", { type: "image/png" }));
    expect(first.status).toBe(200);
    const key1 = (await row(t.id))!.thumbnail_key as string;
    expect(first.body.thumbnailUrl).toBe(`/media/${key1.split("/").map(encodeURIComponent).join("/")}`);
    const stored = await env.MEDIA.get(key1);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(stored!.httpMetadata?.contentType).toBe("image/webp");
    expect(dimensionsOf(bytes)).toEqual({ width: 480, height: 672 });
    expect((await get(`/api/v1/inviteTemplate/${t.id}`)).body.template.thumbnailUrl).toBe(first.body.thumbnailUrl);

    const second = await putThumbnail(t.id, admin.cookie, new File([png(300, 420)], "small.png", { type: "image/png" }));
    expect(second.status).toBe(200);
    const key2 = (await row(t.id))!.thumbnail_key as string;
    expect(key2).not.toBe(key1);
    expect(await env.MEDIA.head(key1)).toBeNull();
    expect(dimensionsOf(new Uint8Array(await (await env.MEDIA.get(key2))!.arrayBuffer()))).toEqual({ width: 300, height: 420 });

    const fake = await putThumbnail(t.id, admin.cookie, new File([new TextEncoder().encode("<svg onload=alert(1)>")], "x.png", { type: "image/png" }));
    expect(fake.status).toBe(400);
    expect(fake.body.errors.image).toMatch(/PNG, JPEG or WebP/);
    expect((await putThumbnail(t.id, admin.cookie, null)).status).toBe(400);
    expect((await row(t.id))!.thumbnail_key).toBe(key2);
    expect((await putThumbnail("no-such", admin.cookie, new File([png(10, 10)], "a.png"))).status).toBe(404);
  });

  it("deletes a template nobody bought or used, but archives one that was bought or made into a card (purchases and cards stay)", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER");
    const unused = await insertTemplate({});
    const del = await json(await call(`/api/v1/inviteTemplate/${unused.id}`, { method: "DELETE", cookie: admin.cookie }));
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ deleted: true, archived: false });
    expect(await row(unused.id)).toBeNull();

    const bought = await insertTemplate({ price: 499 });
    const purchase = await insertPurchase(couple.id, bought.id);
    const res = await json(await call(`/api/v1/inviteTemplate/${bought.id}`, { method: "DELETE", cookie: admin.cookie }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: false, archived: true, message: TEMPLATE_MESSAGES.archivedInstead });
    expect((await row(bought.id))!.status).toBe("ARCHIVED");
    expect(await env.DB.prepare("SELECT id FROM template_purchases WHERE id = ?").bind(purchase.id).first()).not.toBeNull();
    expect((await get(`/api/v1/inviteTemplate/${bought.id}`)).status).toBe(404);

    const used = await insertTemplate({});
    const card = await insertCard(couple.id, { templateId: used.id });
    expect((await json(await call(`/api/v1/inviteTemplate/${used.id}`, { method: "DELETE", cookie: admin.cookie }))).body.archived).toBe(true);
    expect(await env.DB.prepare("SELECT template_id FROM user_templates WHERE id = ?").bind(card.id).first()).toEqual({ template_id: used.id });

    expect((await call("/api/v1/inviteTemplate/no-such", { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
  });
});

describe("template watch history", () => {
  it("records views (once a day in the view count), lists the couple's 20 most recent with viewedAt, and only their own", async () => {
    const couple = await signedIn("USER");
    const other = await signedIn("USER");
    const t1 = await insertTemplate({ name: "First seen" });
    const t2 = await insertTemplate({ name: "Second seen", price: 199 });
    const post = (id: string, cookie: string) => call(`/api/v1/templateWatchHistory/${id}`, { method: "POST", cookie });
    expect((await post(t1.id, couple.cookie)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await post(t2.id, couple.cookie)).status).toBe(200);
    await post(t2.id, couple.cookie);
    const history = await get("/api/v1/templateWatchHistory", couple.cookie);
    expect(history.status).toBe(200);
    expect(ids(history.body)).toEqual([t2.id, t1.id]);
    expect(history.body.templates[0]).toMatchObject({ name: "Second seen", price: 199, owned: false });
    expect(typeof history.body.templates[0].viewedAt).toBe("number");
    expect((await row(t2.id))!.view_count).toBe(1);
    expect(ids((await get("/api/v1/templateWatchHistory", other.cookie)).body)).toEqual([]);

    // Viewing again moves it to the top.
    await new Promise((r) => setTimeout(r, 5));
    await post(t1.id, couple.cookie);
    expect(ids((await get("/api/v1/templateWatchHistory", couple.cookie)).body)).toEqual([t1.id, t2.id]);

    // An archived template leaves the history; unknown and draft ids are 404 and record nothing.
    await env.DB.prepare("UPDATE invite_templates SET status = 'ARCHIVED' WHERE id = ?").bind(t1.id).run();
    expect(ids((await get("/api/v1/templateWatchHistory", couple.cookie)).body)).toEqual([t2.id]);
    const draft = await insertTemplate({ status: "DRAFT" });
    expect((await post(draft.id, couple.cookie)).status).toBe(404);
    expect((await post("no-such", couple.cookie)).status).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM template_views WHERE user_id = ?").bind(couple.id).first()).toEqual({ n: 2 });
  });

  it("counts a view again on the next India day, not later the same day", async () => {
    const user = await signedIn("USER");
    const t = await insertTemplate({});
    // 23:00 IST on some day, then 23:59 IST the same day, then 00:01 IST the next.
    const day = startOfIndiaDay(Date.UTC(2026, 10, 20, 12));
    const ctx = (now: number) => testContext({ actor: actorOf(user.id, "USER"), now });
    await recordTemplateView(ctx(day + 23 * 3_600_000), t.id);
    await recordTemplateView(ctx(day + 23 * 3_600_000 + 59 * 60_000), t.id);
    expect((await row(t.id))!.view_count).toBe(1);
    await recordTemplateView(ctx(day + 24 * 3_600_000 + 60_000), t.id);
    expect((await row(t.id))!.view_count).toBe(2);
    expect(day % 86_400_000).toBe(86_400_000 - 330 * 60_000);
  });

  it("keeps only 20, and is for couples (vendors 403, visitors 401)", async () => {
    const couple = await signedIn("USER");
    const vendor = await signedIn("VENDOR");
    const templates = [];
    for (let i = 0; i < 22; i++) templates.push(await insertTemplate({}));
    const now = Date.now();
    await env.DB.batch(
      templates.map((t, i) =>
        env.DB.prepare("INSERT INTO template_views (user_id, template_id, viewed_at) VALUES (?, ?, ?)").bind(couple.id, t.id, now - i * 1000),
      ),
    );
    const history = await get("/api/v1/templateWatchHistory", couple.cookie);
    expect(ids(history.body)).toEqual(templates.slice(0, 20).map((t) => t.id));
    expect((await call("/api/v1/templateWatchHistory", { cookie: vendor.cookie })).status).toBe(403);
    expect((await call("/api/v1/templateWatchHistory")).status).toBe(401);
    expect((await call(`/api/v1/templateWatchHistory/${templates[0]!.id}`, { method: "POST", cookie: vendor.cookie })).status).toBe(403);
    expect((await call(`/api/v1/templateWatchHistory/${templates[0]!.id}`, { method: "POST" })).status).toBe(401);
  });
});
