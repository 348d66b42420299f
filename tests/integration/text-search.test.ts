import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createService, createUser, createVendor, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";
import { createGuest, createHousehold } from "#tests/support/planning.ts";

/**
 * The searches outside the main service search (issue 28): the template gallery, the guest list
 * and the admin's vendor, service and user searches. They never build a LIKE pattern from what
 * is typed (D1 refuses patterns over 50 bytes: 17 Devanagari letters were a 500), and they know
 * the main search's spellings and place names (shared/search-words.ts): "mehndi" finds
 * "Mehendi", "Bangalore" finds Bengaluru, "Gurgaon" Gurugram.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const word = () => `zw${Date.now().toString(36)}${(n++).toString(36)}`;
const devanagari = "शादीकेलिएसुंदरनिमंत्रणपत्र"; // 25 letters, 75 bytes in UTF-8
const adminPost = async (path: string, body: unknown, cookie: string) => json(await call(`/api/v1/admin/${path}`, { method: "POST", body, cookie }));
const idsOf = (rows: Loose[]) => rows.map((r) => r.id);

async function couple() {
  const user = await createUser({ role: "USER" });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

describe("long and non-Latin queries", () => {
  it("answer 200 on the template gallery, the guest list and the admin searches", async () => {
    expect(new TextEncoder().encode(devanagari).length).toBeGreaterThan(50);
    const tag = word();
    const t = await insertTemplate({ name: `${devanagari} ${tag}`, tags: [tag] });
    const gallery = await json(await call(`/api/v1/inviteTemplate/get?q=${encodeURIComponent(devanagari)}&tags=${tag}`));
    expect(gallery.status).toBe(200);
    expect(gallery.body.templates.map((x: Loose) => x.id)).toEqual([t.id]);
    const long = await json(await call(`/api/v1/inviteTemplate/get?q=${encodeURIComponent(`${"ab%_\\".repeat(19)}x`)}`));
    expect(long.status).toBe(200);
    expect(long.body.total).toBe(0);

    const c = await couple();
    const h = await createHousehold(c.id, `${devanagari} परिवार`);
    const g = await createGuest(c.id, h.id, { name: "अनिल शर्मा" });
    const guests = await json(await call(`/api/v1/guests?q=${encodeURIComponent(devanagari)}`, { cookie: c.cookie }));
    expect(guests.status).toBe(200);
    expect(guests.body.guests.map((x: Loose) => x.id)).toEqual([g.id]);
    expect((await call(`/api/v1/guests?q=${encodeURIComponent("%".repeat(60))}`, { cookie: c.cookie })).status).toBe(200);

    const admin = await signedIn("ADMIN");
    for (const path of ["vendor-search", "service-search", "user-search"]) expect((await adminPost(path, { q: devanagari }, admin.cookie)).status).toBe(200);
  });
});

describe("spellings and place names", () => {
  it("the template gallery finds a design by another spelling of a word in its name", async () => {
    const tag = word();
    const mehendi = await insertTemplate({ name: `Mehendi Night ${tag}`, tags: [tag] });
    await insertTemplate({ name: `Sangeet Evening ${tag}`, tags: [tag] });
    const found = async (q: string) =>
      (await json(await call(`/api/v1/inviteTemplate/get?q=${encodeURIComponent(q)}&tags=${tag}`))).body.templates.map((x: Loose) => x.id);
    expect(await found("mehndi")).toEqual([mehendi.id]);
    expect(await found("Mehandi night")).toEqual([mehendi.id]);
    expect(await found("henna")).toEqual([mehendi.id]);
    expect(await found("haldi")).toEqual([]);
  });

  it("the guest list finds a guest from Bengaluru by Bangalore and one from Gurugram by Gurgaon", async () => {
    const c = await couple();
    const h = await createHousehold(c.id, "Rao family");
    const a = await createGuest(c.id, h.id, { name: "Kiran Rao" });
    const b = await createGuest(c.id, h.id, { name: "Meera Rao" });
    await env.DB.batch([
      env.DB.prepare("UPDATE guests SET city = 'Bengaluru' WHERE id = ?").bind(a.id),
      env.DB.prepare("UPDATE guests SET city = 'Gurugram' WHERE id = ?").bind(b.id),
    ]);
    const names = async (q: string) =>
      (await json(await call(`/api/v1/guests?q=${encodeURIComponent(q)}`, { cookie: c.cookie }))).body.guests.map((x: Loose) => x.name);
    expect(await names("Bangalore")).toEqual(["Kiran Rao"]);
    expect(await names("gurgaon")).toEqual(["Meera Rao"]);
    expect(await names("bengaluru")).toEqual(["Kiran Rao"]);
  });

  it("the admin searches know Bangalore, Gurgaon and mehndi", async () => {
    const admin = await signedIn("ADMIN");
    const w = word();
    const blr = await createVendor({ businessName: `Lotus ${w} Events`, state: "Karnataka", city: "Bengaluru" });
    const ggn = await createVendor({ businessName: `Peacock ${w} Events`, state: "Haryana", city: "Gurugram" });
    const vendors = async (body: Loose) => idsOf((await adminPost("vendor-search", body, admin.cookie)).body.rows);
    expect(await vendors({ q: `${w} Bangalore` })).toEqual([blr.id]);
    expect(await vendors({ q: w, city: "Bangalore" })).toEqual([blr.id]);
    expect(await vendors({ q: w, city: "gurgaon" })).toEqual([ggn.id]);

    const henna = await createService({
      vendorId: blr.id,
      serviceName: `Mehendi by ${w}`,
      serviceType: "Mehndi Artist",
      state: "Karnataka",
      city: "Bengaluru",
    });
    const food = await createService({ vendorId: ggn.id, serviceName: `Feast by ${w}`, state: "Haryana", city: "Gurugram" });
    const services = async (body: Loose) => idsOf((await adminPost("service-search", body, admin.cookie)).body.rows);
    expect(await services({ q: `mehndi ${w}` })).toEqual([henna.id]);
    expect(await services({ q: `${w} gurgaon` })).toEqual([food.id]);
    expect(await services({ q: w, city: "Bangalore" })).toEqual([henna.id]);

    const user = await createUser({ userName: `Divya ${w}` });
    await env.DB.prepare("UPDATE users SET wedding_city = 'Bengaluru' WHERE id = ?").bind(user.id).run();
    expect(idsOf((await adminPost("user-search", { q: `${w} bangalore` }, admin.cookie)).body.rows)).toEqual([user.id]);
  });
});
