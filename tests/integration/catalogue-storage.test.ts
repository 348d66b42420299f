import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createReview, createService, createUser, createVendor } from "#tests/support/factories.ts";
import fillAhead from "../../scripts/d1/0158-fill-ahead.sql?raw";

/**
 * The leaner child tables of the catalogue (issue 34, docs/decisions/0051-a-million-listings.md):
 * photos' rows and FAQs rebuilt as WITHOUT ROWID tables keyed (service_id, id) (migrations/0158),
 * and one index for a couple's reviews and the one-review rule (0159). The test database has both
 * applied; each is run again here over rows, which is what it does to a populated database.
 */
const testEnv = env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] };
const migration = (prefix: string) => {
  const found = testEnv.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix));
  if (!found) throw new Error(`no migration ${prefix}`);
  return () => env.DB.batch(found.queries.map((q) => env.DB.prepare(q)));
};
const rows = async (sql: string) => (await env.DB.prepare(sql).all()).results;
const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n")) ?? 0;
const version = async () => (await env.DB.prepare("SELECT version FROM page_cache_version WHERE id = 1").first<number>("version")) ?? 0;

let seq = 0;
async function photo(serviceId: string, position: number, alt: string | null = null) {
  const id = `0198${String(++seq).padStart(4, "0")}-aaaa-7000-8000-${String(position).padStart(12, "0")}`;
  await env.DB.prepare(
    "INSERT INTO service_media (id, service_id, key, kind, width, height, alt, position, created_at) VALUES (?, ?, ?, 'image', 1200, 800, ?, ?, ?)",
  )
    .bind(id, serviceId, `seed/img/test-${seq}.svg`, alt, position, Date.now())
    .run();
  return id;
}
async function faq(serviceId: string, position: number, question: string) {
  const id = `0199${String(++seq).padStart(4, "0")}-bbbb-7000-8000-${String(position).padStart(12, "0")}`;
  await env.DB.prepare("INSERT INTO service_faqs (id, service_id, question, answer, position, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, serviceId, question, `Answer to ${question}`, position, Date.now())
    .run();
  return id;
}

describe("migration 0158: photos' rows and FAQs kept together per service", () => {
  it("keeps every row and every column when it rebuilds the tables, and the service page still lists them in their order", async () => {
    const vendor = await createVendor();
    const a = await createService({ vendorId: vendor.id, serviceName: "Clustered Caterers" });
    const b = await createService({ vendorId: vendor.id, serviceName: "Clustered Decor" });
    // Inserted out of position order, so the order shown must come from `position`, not from the key.
    const a2 = await photo(a.id, 2, "Dessert counter");
    const a0 = await photo(a.id, 0, "Thali");
    const a1 = await photo(a.id, 1);
    await photo(b.id, 0, "Stage");
    await faq(a.id, 1, "Do you serve Jain food?");
    await faq(a.id, 0, "Is there a tasting?");
    await faq(b.id, 0, "Do you travel?");

    const media = "SELECT * FROM service_media ORDER BY service_id, id";
    const faqs = "SELECT * FROM service_faqs ORDER BY service_id, id";
    const before = { media: await rows(media), faqs: await rows(faqs), counts: [await count("service_media"), await count("service_faqs")] };
    expect(before.counts[0]).toBeGreaterThanOrEqual(4);

    await migration("0158_")();

    expect([await count("service_media"), await count("service_faqs")]).toEqual(before.counts);
    expect(await rows(media)).toEqual(before.media);
    expect(await rows(faqs)).toEqual(before.faqs);
    for (const table of ["service_media", "service_faqs"]) {
      const sql = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(table).first<string>("sql");
      expect(sql, table).toMatch(/PRIMARY KEY \(`service_id`, `id`\),[\s\S]*\) WITHOUT ROWID$/);
    }

    const res = await call(`/api/v1/services/${a.id}`);
    expect(res.status).toBe(200);
    const { service } = (await res.json()) as { service: { media: { image_urls: { path: string; alt: string | null }[] }[]; faqs: { question: string }[] } };
    const images = service.media[0]!.image_urls;
    const keyOf = async (id: string) =>
      (await env.DB.prepare("SELECT key FROM service_media WHERE service_id = ? AND id = ?").bind(a.id, id).first<string>("key"))!;
    expect(images.map((i) => i.alt)).toEqual(["Thali", null, "Dessert counter"]);
    expect(images.map((i) => i.path.split("/").pop())).toEqual(await Promise.all([a0, a1, a2].map(async (id) => (await keyOf(id)).split("/").pop())));
    expect(service.faqs.map((f) => f.question)).toEqual(["Is there a tasting?", "Do you serve Jain food?"]);
  });

  it("still tells cached pages about a photo change, and a service's photos and FAQs go with it", async () => {
    const vendor = await createVendor();
    const s = await createService({ vendorId: vendor.id });
    await migration("0158_")();
    const v0 = await version();
    const id = await photo(s.id, 0);
    expect(await version()).toBeGreaterThan(v0);
    const v1 = await version();
    await env.DB.prepare("UPDATE service_media SET position = 3 WHERE service_id = ? AND id = ?").bind(s.id, id).run();
    expect(await version()).toBeGreaterThan(v1);
    await faq(s.id, 0, "Parking?");

    await env.DB.prepare("DELETE FROM services WHERE id = ?").bind(s.id).run();
    expect(await rows(`SELECT id FROM service_media WHERE service_id = '${s.id}'`)).toEqual([]);
    expect(await rows(`SELECT id FROM service_faqs WHERE service_id = '${s.id}'`)).toEqual([]);
  });
});

describe("migration 0158 at a large catalogue: the tables filled ahead in ranges (docs/deploy.md)", () => {
  const MEDIA = "id, service_id, key, kind, width, height, alt, position, created_at, card_key, card_width, card_height";
  const FAQS = "id, service_id, question, answer, position, created_at";
  // The operator's ranged fill, as docs/deploy.md gives it.
  const fill = (from: string, to: string) =>
    env.DB.batch([
      env.DB.prepare(
        `INSERT OR IGNORE INTO service_media_clustered (${MEDIA}) SELECT ${MEDIA} FROM service_media WHERE service_id >= ? AND service_id < ? ORDER BY service_id, id`,
      ).bind(from, to),
      env.DB.prepare(
        `INSERT OR IGNORE INTO service_faqs_clustered (${FAQS}) SELECT ${FAQS} FROM service_faqs WHERE service_id >= ? AND service_id < ? ORDER BY service_id, id`,
      ).bind(from, to),
    ]);

  it("keeps the writes made between the fill and the migration, and leaves no extra table or trigger", async () => {
    const vendor = await createVendor();
    const [first, second] = [(await createService({ vendorId: vendor.id })).id, (await createService({ vendorId: vendor.id })).id].sort() as [string, string];
    await photo(first, 0, "Kept");
    const edited = await photo(first, 1, "Before");
    const removed = await photo(first, 2, "Removed");
    await faq(first, 0, "Edited question?");
    await photo(second, 0, "Second");

    await env.DB.batch(fillAhead.split("--> statement-breakpoint").map((q) => env.DB.prepare(q)));
    await fill("", second);
    // Vendors keep working while the rest is filled: an edit, a deletion and additions on both sides.
    await env.DB.prepare("UPDATE service_media SET alt = 'After', position = 5 WHERE service_id = ? AND id = ?").bind(first, edited).run();
    await env.DB.prepare("DELETE FROM service_media WHERE service_id = ? AND id = ?").bind(first, removed).run();
    await env.DB.prepare("UPDATE service_faqs SET answer = 'A new answer' WHERE service_id = ?").bind(first).run();
    await photo(first, 6, "Added to a filled range");
    await photo(second, 1, "Added to a range not filled yet");
    await fill(second, "\uffff");

    const media = "SELECT * FROM service_media ORDER BY service_id, id";
    const faqs = "SELECT * FROM service_faqs ORDER BY service_id, id";
    const before = { media: await rows(media), faqs: await rows(faqs) };
    await migration("0158_")();

    expect(await rows(media)).toEqual(before.media);
    expect(await rows(faqs)).toEqual(before.faqs);
    expect(await rows(`SELECT alt FROM service_media WHERE service_id = '${first}' ORDER BY position`)).toEqual(
      ["Kept", "After", "Added to a filled range"].map((alt) => ({ alt })),
    );
    expect(await rows("SELECT name FROM sqlite_master WHERE name LIKE '%clustered%' OR name LIKE '%mirror%'")).toEqual([]);
  });
});

describe("migration 0159: one index for a couple's reviews and the one-review rule", () => {
  it("keeps one review per couple per service after it runs (again), and a couple's other reviews stay", async () => {
    const vendor = await createVendor();
    const s = await createService({ vendorId: vendor.id });
    const t = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    await createReview({ serviceId: s.id, userId: couple.id });
    const before = await rows("SELECT * FROM reviews ORDER BY id");

    await migration("0159_")();

    expect(await rows("SELECT * FROM reviews ORDER BY id")).toEqual(before);
    await expect(createReview({ serviceId: s.id, userId: couple.id })).rejects.toThrow(/UNIQUE constraint failed: reviews\.user_id, reviews\.service_id/);
    await createReview({ serviceId: t.id, userId: couple.id });
    expect(await rows(`SELECT service_id FROM reviews WHERE user_id = '${couple.id}' ORDER BY service_id`)).toEqual(
      [s.id, t.id].sort().map((service_id) => ({ service_id })),
    );
    // A closed account's reviews go with it (the cascade finds them through the index).
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(couple.id).run();
    expect(await rows(`SELECT id FROM reviews WHERE user_id = '${couple.id}'`)).toEqual([]);
  });
});
