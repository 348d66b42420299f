import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeExpiredIdempotencyKeys } from "#domain/core/index.ts";
import { openApiDocument } from "#api/openapi.ts";
import { call, signedIn } from "#tests/support/factories.ts";

/**
 * Idempotency-Key on the API's writes that issue 28 found doubled by a double tap or a retry
 * (functions/domain/core/idempotency.ts): the same key stores once and answers as the first time
 * (status and body); a refused request does not use the key up; the same key for another request
 * is 422; keys belong to the account that sent them; the daily job purges expired keys.
 * Parallel repeats are in tests/integration/concurrency.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n")) ?? 0;
const key = () => crypto.randomUUID();
const send = (path: string, body: unknown, cookie: string | undefined, idempotencyKey?: string) =>
  call(path, { method: "POST", body, cookie, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });

async function twice(path: string, body: unknown, cookie: string | undefined) {
  const k = key();
  const first = await send(path, body, cookie, k);
  const second = await send(path, body, cookie, k);
  const [a, b] = [await first.text(), await second.text()];
  expect(second.status, b).toBe(first.status);
  expect(b).toBe(a);
  expect(second.headers.get("Idempotent-Replayed")).toBe("true");
  expect(first.headers.get("Idempotent-Replayed")).toBeNull();
  return { status: first.status, body: JSON.parse(a) as Loose };
}

describe("Idempotency-Key on the writes a double tap doubled", () => {
  it("a guest, a household, a CSV import, a budget line and a function sent twice with one key are stored once, and the repeat gets the first answer", async () => {
    const c = await signedIn("USER");
    const guest = await twice("/api/v1/guests", { name: "Neha Kapoor" }, c.cookie);
    expect(guest.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Neha Kapoor'", c.id)).toBe(1);

    const household = await twice("/api/v1/guests/households", { name: "Iyer family" }, c.cookie);
    expect(household.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM households WHERE user_id = ? AND name = 'Iyer family'", c.id)).toBe(1);

    const imported = await twice("/api/v1/guests/import", { csv: "Household,Name\nRao family,Kiran Rao\nRao family,Asha Rao\n" }, c.cookie);
    expect(imported.status).toBeLessThan(300);
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name LIKE '% Rao'", c.id)).toBe(2);

    const line = await twice("/api/v1/budget/lines", { category: "music", label: "Dhol players", estimated: 20000 }, c.cookie);
    expect(line.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM budget_lines WHERE user_id = ?", c.id)).toBe(1);

    const fn = await twice("/api/v1/event/newevent", { eventName: "Sangeet", eventDate: "2027-02-13", eventBudget: 150000 }, c.cookie);
    expect(fn.status).toBeLessThan(300);
    expect(await count("SELECT count(*) AS n FROM events WHERE user_id = ?", c.id)).toBe(1);

    // Without a key each request is its own (as before): two posts, two guests.
    await send("/api/v1/guests", { name: "Two Taps" }, c.cookie);
    await send("/api/v1/guests", { name: "Two Taps" }, c.cookie);
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Two Taps'", c.id)).toBe(2);
  });

  it("a contact message and a blog comment sent twice with one key are stored (and mailed) once", async () => {
    const email = `idem.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const message = {
      name: "Meera Iyer",
      email,
      topic: "Planning my wedding",
      message: "We are looking for a venue in Udaipur for February. Can you help?",
    };
    const sent = await twice("/api/v1/contact", message, undefined);
    expect(sent.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE email = ?", email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = ?", email)).toBe(1);

    const admin = await signedIn("ADMIN");
    const post = await call("/api/v1/admin/blog", {
      method: "POST",
      cookie: admin.cookie,
      body: { title: `Idempotent ${crypto.randomUUID().slice(0, 8)}`, content: "A post about Udaipur weddings and palaces by the lake.", status: "PUBLISHED" },
    });
    const postId = ((await post.json()) as Loose).blog.id as string;
    const couple = await signedIn("USER");
    const comment = await twice(`/api/v1/user/blog/${postId}/comments`, { content: "We booked Jag Mandir after reading this!" }, couple.cookie);
    expect(comment.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM blog_comments WHERE post_id = ?", postId)).toBe(1);
  });

  it("a refused request does not use the key up; the same key for a different request is 422; a bad key is 400", async () => {
    const c = await signedIn("USER");
    const k = key();
    const refused = await send("/api/v1/budget/lines", { category: "music", label: "Band", paid: 5000 }, c.cookie, k);
    expect(refused.status).toBe(400);
    const fixed = await send("/api/v1/budget/lines", { category: "music", label: "Band", booked: 5000, paid: 5000 }, c.cookie, k);
    expect(fixed.status).toBe(201);
    const other = await send("/api/v1/budget/lines", { category: "music", label: "Another band", booked: 5000 }, c.cookie, k);
    expect(other.status).toBe(422);
    expect(((await other.json()) as Loose).message).toBe("This Idempotency-Key was already used for a different request. Use a new key for a new request.");
    expect(await count("SELECT count(*) AS n FROM budget_lines WHERE user_id = ?", c.id)).toBe(1);

    for (const bad of ["", "a b", "x".repeat(256)]) {
      const res = await call("/api/v1/budget/lines", {
        method: "POST",
        cookie: c.cookie,
        body: { category: "music", label: "Band" },
        headers: { "Idempotency-Key": bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as Loose).errors["Idempotency-Key"]).toBeTruthy();
    }
    expect(await count("SELECT count(*) AS n FROM budget_lines WHERE user_id = ?", c.id)).toBe(1);
  });

  it("keys belong to the account: another couple's request with the same key is its own, and never sees the first answer", async () => {
    const a = await signedIn("USER");
    const b = await signedIn("USER");
    const k = key();
    const first = await send("/api/v1/guests", { name: "Asha" }, a.cookie, k);
    const second = await send("/api/v1/guests", { name: "Asha" }, b.cookie, k);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(((await first.json()) as Loose).guest.id).not.toBe(((await second.json()) as Loose).guest.id);
  });

  it("the daily job deletes keys past their day, and an expired key may be used again", async () => {
    const c = await signedIn("USER");
    const k = key();
    expect((await send("/api/v1/guests", { name: "Old Key" }, c.cookie, k)).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = 1 WHERE expires_at > 1 AND created_at >= ?")
      .bind(Date.now() - 60_000)
      .run();
    expect((await send("/api/v1/guests", { name: "Old Key" }, c.cookie, k)).status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Old Key'", c.id)).toBe(2);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = 1").run();
    const now = Date.now();
    expect(await purgeExpiredIdempotencyKeys(env.DB, now)).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM idempotency_keys WHERE expires_at <= ?", now)).toBe(0);
  });

  it("the OpenAPI document offers the header on those writes, with 409 and 422", () => {
    const doc = openApiDocument("http://localhost") as unknown as { paths: Record<string, Record<string, Loose>> };
    for (const [path, method] of [
      ["/api/v1/guests", "post"],
      ["/api/v1/guests/households", "post"],
      ["/api/v1/guests/import", "post"],
      ["/api/v1/budget/lines", "post"],
      ["/api/v1/event/newevent", "post"],
      ["/api/v1/contact", "post"],
      ["/api/v1/user/blog/{blogId}/comments", "post"],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(
        op!.parameters.map((p: Loose) => p.name),
        path,
      ).toContain("Idempotency-Key");
      expect(Object.keys(op!.responses), path).toEqual(expect.arrayContaining(["409", "422"]));
    }
  });
});
