import { PhotonImage } from "@cf-wasm/photon";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test, type Account, type Role } from "./fixtures.ts";
import { EINVITE_ACCESS } from "./einvite-paths.ts";
import { POOL_PASSWORD } from "./pool-paths.ts";
import { indiaDateInDays } from "#shared/india-time.ts";

/**
 * Page actions x {anonymous, couple, other couple, vendor, other vendor, admin, super admin}
 * (issue 9): nobody changes another owner's record through a page form. Every actor is a fresh
 * account; each refused post is checked to change nothing (read back through the API as the
 * owner), and the owner's own post is checked to work.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
type Actor = "anonymous" | "couple" | "other couple" | "vendor" | "other vendor" | "admin" | "super admin";
type Review = { id: string; comment: string; rating: number; reply: { text: string; by: string } | null };

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});

/** An API context signed in as the account (through its own door), or a visitor's. */
async function as(account: Account | null): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  contexts.push(api);
  if (account) {
    const door = account.role === "vendor" ? "vendors" : "users";
    const res = await api.post(`/api/v1/${door}/login`, { headers: { Origin: origin }, data: { email: account.email, password: account.password } });
    expect(res.ok(), `log-in of ${account.email}`).toBe(true);
  }
  return api;
}

/** A page form post, as the browser sends it without JavaScript. */
async function submit(api: APIRequestContext, path: string, fields: Record<string, string>) {
  const res = await api.post(path, { headers: { Origin: origin }, form: fields, maxRedirects: 0, failOnStatusCode: false });
  expect(res.status(), `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
  return res;
}

/** Refused: a redirect (to log in, or with an error toast) or a 4xx page, never a success. */
function expectRefused(status: number, who: string) {
  expect(status === 302 || status === 303 || (status >= 400 && status < 500), `${who} was not refused (${status})`).toBe(true);
}

async function reviewsOf(api: APIRequestContext, serviceId: string): Promise<Review[]> {
  const res = await api.get(`/api/v1/services/feedback/${serviceId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { reviews: Review[] }).reviews;
}

async function canonicalPath(api: APIRequestContext, serviceId: string): Promise<string> {
  const res = await api.get(`/service/${serviceId}`, { maxRedirects: 0 });
  return new URL(res.headers()["location"] ?? "", origin).pathname;
}

const SCORES = { rating: "5", quality: "5", responsiveness: "5", professionalism: "5", value: "5", flexibility: "5" };
const reviewText = (who: string) => `${who}: the food was lovely and the team was polite and on time for every function we had.`;

/** Fresh accounts for every actor; the couple and the vendor are the owners. */
async function cast(account: (o: { role: Role }) => Promise<Account>) {
  const [couple, otherCouple, otherVendor, admin, superAdmin] = await Promise.all([
    account({ role: "couple" }),
    account({ role: "couple" }),
    account({ role: "vendor" }),
    account({ role: "admin" }),
    account({ role: "superAdmin" }),
  ]);
  return { couple, otherCouple, otherVendor, admin, superAdmin };
}

test.describe("page actions: nobody changes another owner's record", () => {
  test.describe.configure({ mode: "parallel" });

  test("a review is edited only by the couple who wrote it (service page, intent=review)", async ({ account, factory }) => {
    test.setTimeout(120_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const page = await canonicalPath(await as(null), service.id);
    const owner = await as(people.couple);
    expect((await submit(owner, page, { intent: "review", ...SCORES, comment: reviewText("original") })).status()).toBe(200);
    const [mine] = (await reviewsOf(owner, service.id)).filter((r) => r.comment === reviewText("original"));
    expect(mine).toBeDefined();

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const res = await submit(await as(acc), page, { intent: "review", reviewId: mine!.id, ...SCORES, rating: "1", comment: reviewText(who) });
      expectRefused(res.status(), who);
      const now = (await reviewsOf(owner, service.id)).find((r) => r.id === mine!.id)!;
      expect(now, who).toMatchObject({ comment: reviewText("original"), rating: 5 });
    }

    expect((await submit(owner, page, { intent: "review", reviewId: mine!.id, ...SCORES, rating: "4", comment: reviewText("edited") })).status()).toBe(200);
    expect((await reviewsOf(owner, service.id)).find((r) => r.id === mine!.id)).toMatchObject({ comment: reviewText("edited"), rating: 4 });
  });

  test("a review is answered only by the service's vendor or an admin (service page, intent=reply)", async ({ account, factory }) => {
    test.setTimeout(120_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const page = await canonicalPath(await as(null), service.id);
    const author = await as(people.couple);
    expect((await submit(author, page, { intent: "review", ...SCORES, comment: reviewText("to answer") })).status()).toBe(200);
    const [review] = (await reviewsOf(author, service.id)).filter((r) => r.comment === reviewText("to answer"));

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const res = await submit(await as(acc), page, { intent: "reply", reviewId: review!.id, reply: `Reply by ${who}, thank you so much!` });
      expectRefused(res.status(), who);
      expect((await reviewsOf(author, service.id)).find((r) => r.id === review!.id)?.reply, who).toBeNull();
    }

    const text = "Thank you for choosing us, it was a joy to cook for your family.";
    expect((await submit(await as(vendor), page, { intent: "reply", reviewId: review!.id, reply: text })).status()).toBe(200);
    expect((await reviewsOf(author, service.id)).find((r) => r.id === review!.id)?.reply).toMatchObject({ text, by: "VENDOR" });

    // A second review, answered by an admin for the Mandap team; the other vendor still cannot.
    const second = await as(people.otherCouple);
    expect((await submit(second, page, { intent: "review", ...SCORES, comment: reviewText("second") })).status()).toBe(200);
    const [other] = (await reviewsOf(second, service.id)).filter((r) => r.comment === reviewText("second"));
    expectRefused(
      (await submit(await as(people.otherVendor), page, { intent: "reply", reviewId: other!.id, reply: "Not my service, but hello there." })).status(),
      "other vendor",
    );
    expect((await reviewsOf(second, service.id)).find((r) => r.id === other!.id)?.reply).toBeNull();
    const team = "We have passed this on to the vendor. Thank you for telling us.";
    expect((await submit(await as(people.admin), page, { intent: "reply", reviewId: other!.id, reply: team })).status()).toBe(200);
    expect((await reviewsOf(second, service.id)).find((r) => r.id === other!.id)?.reply).toMatchObject({ text: team, by: "ADMIN" });
    // Answered once: not even the service's own vendor replaces the team's reply.
    expectRefused(
      (await submit(await as(vendor), page, { intent: "reply", reviewId: other!.id, reply: "Replacing the team's reply here." })).status(),
      "vendor",
    );
    expect((await reviewsOf(second, service.id)).find((r) => r.id === other!.id)?.reply).toMatchObject({ text: team, by: "ADMIN" });
  });

  test("the cart and the favourites are each shopper's own (service page, /favorites/:id, /profile/favoriteList)", async ({ account, factory }) => {
    test.setTimeout(120_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const page = await canonicalPath(await as(null), service.id);
    const owner = await as(people.couple);
    const cartOf = async (api: APIRequestContext) => ((await (await api.get("/api/v1/cart")).json()) as { cart: { id: string }[] }).cart.map((c) => c.id);
    const favouritesOf = async (api: APIRequestContext) => ((await (await api.get("/api/v1/favorites")).json()) as { favorites: string[] }).favorites;

    expect((await submit(owner, page, { intent: "cart" })).status()).toBe(200);
    expect((await submit(owner, `/favorites/${service.id}`, {})).status()).toBe(302);
    expect(await cartOf(owner)).toContain(service.id);
    expect(await favouritesOf(owner)).toContain(service.id);

    const others: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of others) {
      const api = await as(acc);
      const toggles = [
        submit(api, page, { intent: "cart", serviceId: service.id, userId: people.couple.id, user_id: people.couple.id }),
        submit(api, `/favorites/${service.id}`, { userId: people.couple.id, user_id: people.couple.id }),
        submit(api, "/profile/favoriteList", { serviceId: service.id, userId: people.couple.id }),
        submit(api, "/profile/favoriteList", { intent: "clear-cart", userId: people.couple.id, user_id: people.couple.id }),
      ];
      const statuses = (await Promise.all(toggles)).map((r) => r.status());
      if (who === "anonymous" || who === "vendor" || who === "other vendor") for (const s of statuses) expectRefused(s, who);
      expect(await cartOf(owner), who).toEqual([service.id]);
      expect(await favouritesOf(owner), who).toContain(service.id);
    }

    // The owner's own toggles work.
    await submit(owner, "/profile/favoriteList", { serviceId: service.id });
    expect(await cartOf(owner)).toEqual([]);
    await submit(owner, `/favorites/${service.id}`, {});
    expect(await favouritesOf(owner)).not.toContain(service.id);
  });

  test("a profile is edited only by its own account (/profile), whatever ids the form names", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(people.couple);
    const me = async () => ((await (await owner.get("/api/v1/users/me")).json()) as { user: { user_name: string; phone: string | null; email: string } }).user;
    const before = await me();

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const res = await submit(await as(acc), "/profile?index", {
        intent: "update",
        id: people.couple.id,
        userId: people.couple.id,
        user_id: people.couple.id,
        email: "intruder@example.com",
        user_name: `Renamed by ${who}`,
        phone: "9000000000",
      });
      if (who === "anonymous" || who === "vendor" || who === "other vendor") expectRefused(res.status(), who);
      expect(await me(), who).toEqual(before);
    }

    expect((await submit(owner, "/profile?index", { intent: "update", user_name: "Asha Verma", phone: "9811122233" })).status()).toBe(200);
    expect(await me()).toMatchObject({ user_name: "Asha Verma", email: before.email });
  });

  test("a checklist is changed only by its own couple (/profile/checklist, every intent), whatever ids the form names", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(people.couple);
    const listOf = async (api: APIRequestContext) => ((await (await api.get("/api/v1/checklist/get")).json()) as { categories: unknown[] }).categories;
    const before = await listOf(owner);
    const ids = { id: people.couple.id, userId: people.couple.id, user_id: people.couple.id };
    const posts: Record<string, string>[] = [
      { intent: "toggle", category: "0", item: "0", done: "true" },
      { intent: "add-item", category: "0", name: "Intruder item" },
      { intent: "remove-item", category: "0", item: "0" },
      { intent: "add-category", title: "Intruder category" },
      { intent: "remove-category", category: "0" },
      { intent: "schedule", category: "0", item: "0", scheduleDate: "2027-01-01" },
      { intent: "replace", categories: "[]" },
    ];
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const fields of posts) {
        const res = await submit(api, "/profile/checklist", { ...fields, ...ids });
        if (who === "anonymous" || who === "vendor" || who === "other vendor") expectRefused(res.status(), `${who} ${fields.intent}`);
      }
      expect(await listOf(owner), who).toEqual(before);
    }
    expect((await submit(owner, "/profile/checklist", { intent: "toggle", category: "0", item: "0", done: "true" })).status()).toBe(303);
    expect(((await listOf(owner)) as { items: { done: boolean }[] }[])[0]!.items[0]!.done).toBe(true);
  });

  test("roles are changed only by a super admin (/admin/giveAdmin, /admin/giveSuperAdmin, /admin/revokeAdmin)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const target = await as(people.couple);
    const roleOf = async (api: APIRequestContext) => ((await (await api.get("/api/v1/users/me")).json()) as { user: { role: string } }).user.role;
    const adminApi = await as(people.admin);

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const [path, email] of [
        ["/admin/giveAdmin", people.couple.email],
        ["/admin/giveSuperAdmin", people.couple.email],
        ["/admin/giveSuperAdmin", people.admin.email],
        ["/admin/revokeAdmin", people.admin.email],
      ] as const)
        expectRefused((await submit(api, path, { email })).status(), `${who} on ${path}`);
      expect(await roleOf(target), who).toBe("USER");
      expect(await roleOf(adminApi), who).toBe("ADMIN");
    }

    const boss = await as(people.superAdmin);
    expect((await submit(boss, "/admin/giveAdmin", { email: people.couple.email })).status()).toBe(200);
    expect(await roleOf(target)).toBe("ADMIN");
    expect((await submit(boss, "/admin/revokeAdmin", { email: people.couple.email })).status()).toBe(200);
    expect(await roleOf(target)).toBe("USER");
  });

  test("a service's photos are managed only by its vendor (/VendorDashboard/service-details/:id/photos, every intent and the upload)", async ({
    account,
    factory,
  }) => {
    test.setTimeout(120_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const owner = await as(vendor);
    const jpeg = () => {
      const image = new PhotonImage(new Uint8Array(64 * 48 * 4).fill(180), 64, 48);
      try {
        return Buffer.from(image.get_bytes_jpeg(80));
      } finally {
        image.free();
      }
    };
    for (const name of ["first.jpg", "second.jpg"]) {
      const res = await owner.post(`/api/v1/upload/${service.id}`, {
        headers: { Origin: origin },
        multipart: { files: { name, mimeType: "image/jpeg", buffer: jpeg() } },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    type Photo = { id: string; alt: string | null; isCover: boolean };
    const photos = async () => ((await (await owner.get(`/api/v1/upload/${service.id}`)).json()) as { photos: Photo[] }).photos;
    const before = await photos();
    const [a, b] = before as [Photo, Photo];
    const path = `/VendorDashboard/service-details/${service.id}/photos`;

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const attempts: Record<string, string>[] = [
        { intent: "cover", mediaId: b.id },
        { intent: "alt", mediaId: a.id, alt: `Changed by ${who}` },
        { intent: "move-down", mediaId: a.id },
        { intent: "order", ids: `${b.id},${a.id}` },
        { intent: "delete", mediaId: a.id },
      ];
      for (const fields of attempts) expectRefused((await submit(api, path, fields)).status(), `${who} ${fields.intent}`);
      const upload = await api.post(path, {
        headers: { Origin: origin },
        multipart: { intent: "upload", files: { name: "theirs.jpg", mimeType: "image/jpeg", buffer: jpeg() } },
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      expectRefused(upload.status(), `${who} upload`);
      expect(await photos(), who).toEqual(before);
    }

    expect((await submit(owner, path, { intent: "cover", mediaId: b.id })).status()).toBe(200);
    expect((await photos()).find((p) => p.id === b.id)?.isCover).toBe(true);
  });

  test("reported enquiries are decided only by admins and super admins, once (/admin/reported-enquiries, intents confirm and restore)", async ({
    account,
    factory,
  }) => {
    test.setTimeout(150_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const vendorApi = await as(vendor);
    const adminApi = await as(people.admin);
    /** A couple's enquiry about the service, reported as spam by its vendor. */
    const reported = async (couple: Account) => {
      const sent = await (
        await as(couple)
      ).put(`/api/v1/services/makeLead/${service.id}`, {
        headers: { Origin: origin },
        data: { message: "Please send your bank details and a gift card to claim your prize today." },
      });
      expect(sent.status()).toBe(201);
      const id = ((await sent.json()) as { lead: { id: string } }).lead.id;
      const res = await vendorApi.patch(`/api/v1/leads/${id}/status`, { headers: { Origin: origin }, data: { status: "SPAM" } });
      expect(res.status()).toBe(200);
      return id;
    };
    const statusOf = async (id: string) => ((await (await vendorApi.get(`/api/v1/leads/${id}`)).json()) as { lead: { status: string } }).lead.status;
    const queued = async (id: string) =>
      ((await (await adminApi.get("/api/v1/admin/reported-leads")).json()) as { leads: { id: string }[] }).leads.some((l) => l.id === id);
    const first = await reported(people.couple);
    const second = await reported(people.otherCouple);

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const intent of ["confirm", "restore"])
        for (const leadId of [first, second]) expectRefused((await submit(api, "/admin/reported-enquiries", { intent, leadId })).status(), `${who} ${intent}`);
    }
    for (const id of [first, second]) {
      expect(await statusOf(id)).toBe("SPAM");
      expect(await queued(id)).toBe(true);
    }

    // An admin restores the first; after that no one decides it again.
    expect((await submit(adminApi, "/admin/reported-enquiries", { intent: "restore", leadId: first })).status()).toBe(200);
    expect(await statusOf(first)).toBe("NEW");
    expect(await queued(first)).toBe(false);
    const boss = await as(people.superAdmin);
    for (const intent of ["confirm", "restore"])
      expectRefused((await submit(boss, "/admin/reported-enquiries", { intent, leadId: first })).status(), `again ${intent}`);
    expect(await statusOf(first)).toBe("NEW");
    // A super admin confirms the second and flags the couple: it stays spam, out of the queue.
    const confirmed = await submit(boss, "/admin/reported-enquiries", { intent: "confirm", leadId: second, flagCouple: "true" });
    expect(confirmed.status()).toBe(200);
    expect(await confirmed.text()).toContain("Confirmed as spam; the couple&#x27;s account is flagged.");
    expect(await statusOf(second)).toBe("SPAM");
    expect(await queued(second)).toBe(false);
  });

  test("plans are created, edited, retired and restored only by admins and super admins (/admin/plans, /admin/plans/:id)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const adminApi = await as(people.admin);
    const tag = Date.now().toString(36);
    const plan = (name: string, price: string) => ({
      name,
      price,
      durationDays: "90",
      features: "Full analytics",
      maxActiveServices: "10",
      analyticsDepth: "FULL",
    });
    const made = await adminApi.post("/api/v1/plan", {
      headers: { Origin: origin },
      data: { ...plan(`Guarded ${tag}`, "4999"), price: 4999, durationDays: 90, features: ["Full analytics"], maxActiveServices: 10 },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { plan: { id: string } }).plan.id;
    // The plans themselves, without their subscriber counts: other tests sign vendors up (and so start trials) meanwhile.
    const plans = async () =>
      (
        (await (await adminApi.get("/api/v1/admin/plans")).json()) as {
          plans: ({ id: string; name: string; price: number; isActive: boolean } & Record<string, unknown>)[];
        }
      ).plans.map(({ subscribers: _subscribers, subscriptions: _subscriptions, ...own }) => own);
    const before = await plans();

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: [string, Record<string, string>][] = [
        ["/admin/plans", { intent: "create", ...plan(`Made by ${who} ${tag}`, "1") }],
        ["/admin/plans", { intent: "retire", planId: id }],
        [`/admin/plans/${id}`, { intent: "save", ...plan(`Taken by ${who} ${tag}`, "1") }],
      ];
      for (const [path, body] of posts) expectRefused((await submit(api, path, body)).status(), `${who} ${body.intent}`);
    }
    expect(await plans(), "a refused post changed the plans").toEqual(before);

    // Admins and super admins may.
    expect((await submit(adminApi, `/admin/plans/${id}`, { intent: "save", ...plan(`Guarded ${tag}`, "5999") })).status()).toBe(200);
    expect((await submit(await as(people.superAdmin), "/admin/plans", { intent: "retire", planId: id })).status()).toBe(200);
    expect((await plans()).find((p) => p.id === id)).toMatchObject({ price: 5999, isActive: false });
    expectRefused((await submit(await as(people.couple), "/admin/plans", { intent: "restore", planId: id })).status(), "couple restore");
    expect((await plans()).find((p) => p.id === id)).toMatchObject({ isActive: false });
  });

  test("invitation templates are published, edited and deleted only by admins and super admins (/admin/templates)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const adminApi = await as(people.admin);
    const tag = Date.now().toString(36);
    const made = await adminApi.post("/api/v1/inviteTemplate/create", {
      headers: { Origin: origin },
      data: { name: `Guarded card ${tag}`, price: 0, mood: "WEDDING", canvas: { version: "7.4.0", width: 600, height: 840, objects: [] } },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { template: { id: string } }).template.id;
    const template = async () => {
      const res = await adminApi.get(`/api/v1/inviteTemplate/${id}`);
      return res.status() === 404 ? null : ((await res.json()) as { template: Record<string, unknown> }).template;
    };
    const before = await template();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: Record<string, string>[] = [
        { intent: "status", templateId: id, status: "PUBLISHED" },
        { intent: "update", templateId: id, name: `Taken by ${who}`, price: "1" },
        { intent: "delete", templateId: id },
      ];
      for (const body of posts) expectRefused((await submit(api, "/admin/templates", body)).status(), `${who} ${body.intent}`);
    }
    expect(await template(), "a refused post changed the template").toEqual(before);

    // Admins and super admins may.
    expect((await submit(adminApi, "/admin/templates", { intent: "update", templateId: id, name: `Guarded card ${tag}`, price: "299" })).status()).toBe(200);
    expect((await submit(await as(people.superAdmin), "/admin/templates", { intent: "status", templateId: id, status: "PUBLISHED" })).status()).toBe(200);
    expect(await template()).toMatchObject({ price: 299, amountCategory: "PAID", status: "PUBLISHED" });
    expect((await submit(adminApi, "/admin/templates", { intent: "delete", templateId: id })).status()).toBe(200);
    expect(await template()).toBeNull();
  });

  test("an enquiry and its booking are changed only by their couple and vendor (enquiry and booking pages of both dashboards)", async ({
    account,
    factory,
  }) => {
    test.setTimeout(150_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const couple = await as(people.couple);
    const vendorApi = await as(vendor);
    const sent = await couple.put(`/api/v1/services/makeLead/${service.id}`, {
      headers: { Origin: origin },
      data: { message: "We need a caterer for 150 guests for the sangeet evening, vegetarian only." },
    });
    expect(sent.status()).toBe(201);
    const leadId = ((await sent.json()) as { lead: { id: string } }).lead.id;
    type Lead = { status: string; messages: unknown[]; quotes: unknown[]; bookingId: string | null };
    const leadOf = async () => ((await (await couple.get(`/api/v1/leads/${leadId}`)).json()) as { lead: Lead }).lead;
    const inDays = (n: number) => indiaDateInDays(n);

    const vendorForms: Record<string, string>[] = [
      { intent: "reply", body: "Taking this over" },
      { intent: "quote", amount: "1000", includes: "Nothing at all", validUntil: inDays(5) },
      { intent: "lost", reason: "Not yours" },
      { intent: "spam" },
      { intent: "book", agreedPrice: "1000", eventDate: inDays(30) },
    ];
    const coupleForms: Record<string, string>[] = [{ intent: "reply", body: "Taking this over" }, { intent: "withdraw" }, { intent: "accept" }];
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of [...intruders, ["couple", people.couple] as [Actor, Account]]) {
      const api = await as(acc);
      for (const fields of vendorForms) expectRefused((await submit(api, `/VendorDashboard/enquiries/${leadId}`, fields)).status(), `${who} ${fields.intent}`);
    }
    for (const [who, acc] of [...intruders, ["vendor", vendor] as [Actor, Account]]) {
      const api = await as(acc);
      for (const fields of coupleForms) expectRefused((await submit(api, `/profile/enquiries/${leadId}`, fields)).status(), `${who} ${fields.intent}`);
    }
    expect(await leadOf()).toMatchObject({ status: "NEW", messages: [], quotes: [], bookingId: null });

    // The owners' own forms work: the vendor replies and books, the couple replies.
    expect((await submit(vendorApi, `/VendorDashboard/enquiries/${leadId}`, { intent: "reply", body: "Happy to help with the sangeet!" })).status()).toBe(200);
    expect((await submit(couple, `/profile/enquiries/${leadId}`, { intent: "reply", body: "Wonderful, thank you." })).status()).toBe(200);
    const booked = await submit(vendorApi, `/VendorDashboard/enquiries/${leadId}`, { intent: "book", agreedPrice: "90000", eventDate: inDays(30) });
    expect(booked.status()).toBe(302);
    const lead = await leadOf();
    expect(lead).toMatchObject({ status: "BOOKED", messages: [{}, {}] });
    const bookingId = lead.bookingId!;
    const bookingOf = async () =>
      ((await (await couple.get(`/api/v1/bookings/${bookingId}`)).json()) as { booking: { status: string; advance_paid: number } }).booking;

    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const path of [`/VendorDashboard/bookings/${bookingId}`, `/profile/bookings/${bookingId}`])
        for (const fields of [{ intent: "cancel", reason: "Not mine to cancel" }, { intent: "advance", advancePaid: "5" }, { intent: "complete" }] as Record<
          string,
          string
        >[])
          expectRefused((await submit(api, path, fields)).status(), `${who} ${fields.intent} on ${path}`);
    }
    expectRefused((await submit(couple, `/profile/bookings/${bookingId}`, { intent: "advance", advancePaid: "5" })).status(), "couple advance");
    expect(await bookingOf()).toMatchObject({ status: "CONFIRMED", advance_paid: 0 });
    expect((await submit(vendorApi, `/VendorDashboard/bookings/${bookingId}`, { intent: "advance", advancePaid: "30000" })).status()).toBe(200);
    expect((await submit(couple, `/profile/bookings/${bookingId}`, { intent: "cancel", reason: "We changed our plans" })).status()).toBe(200);
    expect(await bookingOf()).toMatchObject({ status: "CANCELLED", advance_paid: 30000 });
  });

  test("a wedding plan is changed only by its couple (/profile/weddingplan, /profile/weddingplan/:eventId, every intent)", async ({ account, factory }) => {
    test.setTimeout(150_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const couple = await as(people.couple);
    const made = await couple.post("/api/v1/event/newevent", {
      headers: { Origin: origin },
      data: { eventName: "Sangeet", eventDate: "2027-02-13", eventStartTime: "19:00", eventEndTime: "23:00" },
    });
    expect(made.status()).toBe(201);
    const eventId = ((await made.json()) as { event: { id: string } }).event.id;
    const task = await couple.post(`/api/v1/event/task/${eventId}`, { headers: { Origin: origin }, data: { name: "Book the choreographer" } });
    const taskId = ((await task.json()) as { task: { id: string } }).task.id;
    expect((await couple.post(`/api/v1/event/${eventId}/vendors`, { headers: { Origin: origin }, data: { serviceId: service.id } })).status()).toBe(201);
    const planOf = async () => JSON.stringify(((await (await couple.get("/api/v1/event/getevents")).json()) as { events: unknown[] }).events);
    const before = await planOf();

    const page = `/profile/weddingplan/${eventId}`;
    const forms: [string, Record<string, string>][] = [
      ["/profile/weddingplan", { intent: "delete", eventId }],
      [page, { intent: "update", eventName: "Taken over", eventDate: "2027-02-13" }],
      [page, { intent: "delete-event" }],
      [page, { intent: "subevent", subEventName: "Intruder", subEventDate: "2027-02-13" }],
      [page, { intent: "task", name: "Intruder task" }],
      [page, { intent: "task-status", taskId, status: "DONE" }],
      [page, { intent: "task-update", taskId, name: "Renamed" }],
      [page, { intent: "task-delete", taskId, taskEventId: eventId }],
      [page, { intent: "link", serviceId: service.id }],
      [page, { intent: "unlink", serviceId: service.id }],
      // A function on the caller's own plan: allowed for couples and admins, and never touches the couple's plan.
      ["/profile/weddingplan", { intent: "create", eventName: "Mine", eventDate: "2027-02-13" }],
    ];
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const [path, fields] of forms) {
        const res = await submit(api, path, fields);
        // Creating a function of one's own on one's own plan is allowed (couples and admins); the rest is refused.
        if (fields.intent === "create" && ["other couple", "admin", "super admin"].includes(who)) continue;
        expectRefused(res.status(), `${who} ${fields.intent} on ${path}`);
        if (res.status() === 302) expect(res.headers()["location"] ?? "", `${who} ${fields.intent}: a success redirect`).not.toBe(path);
      }
      expect(await planOf(), `${who} changed the couple's plan`).toBe(before);
    }

    // The couple's own forms work (each answers with a redirect back to the page).
    expect((await submit(couple, page, { intent: "task-status", taskId, status: "DONE" })).status()).toBe(302);
    expect((await submit(couple, page, { intent: "subevent", subEventName: "Ladies' sangeet", subEventDate: "2027-02-12" })).status()).toBe(302);
    const after = JSON.parse(await planOf()) as { tasks: { done: number }; subEvents: unknown[] }[];
    expect(after[0]).toMatchObject({ tasks: { done: 1 }, subEvents: [{}] });
  });

  test("the vendor workspace's forms change only the signed-in vendor's own records (profile, settings, notifications, calendar)", async ({
    account,
    factory,
  }) => {
    test.setTimeout(150_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const owner = await as(vendor);
    const profileOf = async () => ((await (await owner.get("/api/v1/users/me")).json()) as { user: { vendor: Record<string, unknown> } }).user.vendor;
    const prefsOf = async () => ((await (await owner.get("/api/v1/vendors/notifications")).json()) as { preferences: Record<string, boolean> }).preferences;
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const blockedOf = async () =>
      ((await (await owner.get(`/api/v1/services/${service.id}/availability?month=${day.slice(0, 7)}`)).json()) as { blocked: string[] }).blocked;
    const before = { profile: await profileOf(), prefs: await prefsOf(), blocked: await blockedOf() };
    const ids = { id: vendor.id, vendorId: vendor.id, user_id: vendor.id, userId: vendor.id };

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts = [
        submit(api, "/VendorDashboard/vendor-profile", { intent: "update", ...ids, tagline: `Taken over by ${who}`, name: `Renamed by ${who}` }),
        submit(api, "/VendorDashboard/vendor-setting", { ...ids, weekly_summary: "on" }),
        submit(api, "/VendorDashboard/calendar", { ...ids, service: service.id, day, blocked: "true" }),
        submit(api, "/VendorDashboard/settings", { ...ids, intent: "delete", confirmation: "DELETE" }),
      ];
      const statuses = (await Promise.all(posts)).map((r) => r.status());
      // Couples, admins and visitors are turned away by the area; the other vendor's posts may only touch their own records.
      if (who !== "other vendor") for (const st of statuses) expectRefused(st, who);
      else expectRefused(statuses[2]!, who); // another vendor's service is not found
      expect(await profileOf(), who).toEqual(before.profile);
      expect(await prefsOf(), who).toEqual(before.prefs);
      expect(await blockedOf(), who).toEqual(before.blocked);
    }

    // The owner's own posts work.
    expect((await submit(owner, "/VendorDashboard/vendor-profile", { intent: "update", tagline: "Our own words" })).status()).toBe(200);
    expect(await profileOf()).toMatchObject({ tagline: "Our own words" });
    expect((await submit(owner, "/VendorDashboard/calendar", { service: service.id, day, blocked: "true" })).status()).toBe(200);
    expect(await blockedOf()).toEqual([...before.blocked, day].sort());
    expect((await submit(owner, "/VendorDashboard/vendor-setting", { weekly_summary: "on" })).status()).toBe(200);
    expect(await prefsOf()).toEqual({ new_enquiry: false, couple_reply: false, booking_changes: false, weekly_summary: true });
  });
});

test.describe("page actions: a vendor's services", () => {
  const fields = {
    service_name: "Ghoomar Caterers",
    service_category: "Wedding Vendor",
    service_type: "Caterers",
    min_price: "900",
    service_unit: "Per Plate",
    description: "Rajasthani wedding menus with live counters, served by a team of forty.",
    state: "Rajasthan",
    city: "Jaipur",
  };
  type Detail = { service_name: string; min_price: number; status: string; description: string; faqs: { id: string; question: string; answer: string }[] };

  test("a service and its questions are changed only by their vendor (/VendorDashboard, its service pages)", async ({ account }) => {
    test.setTimeout(150_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(vendor);
    const created = await submit(owner, "/VendorDashboard/services/new", { intent: "save", ...fields });
    expect(created.status()).toBe(302);
    const detailsPage = new URL(created.headers()["location"] ?? "", origin).pathname;
    const id = detailsPage.split("/").pop()!;
    expect(detailsPage).toBe(`/VendorDashboard/service-details/${id}`);
    expect((await submit(owner, detailsPage, { intent: "faq-add", question: "Do you travel?", answer: "Across Rajasthan." })).status()).toBe(302);
    const state = async () => {
      const res = await owner.get(`/api/v1/services/${id}`);
      expect(res.status()).toBe(200);
      const s = ((await res.json()) as { service: Detail }).service;
      return { name: s.service_name, price: s.min_price, status: s.status, description: s.description, faqs: s.faqs };
    };
    const before = await state();
    const faqId = before.faqs[0]!.id;

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other vendor", people.otherVendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: [string, Record<string, string>][] = [
        [detailsPage, { intent: "save", ...fields, service_name: `Taken by ${who}`, min_price: "1" }],
        [detailsPage, { intent: "archive" }],
        [detailsPage, { intent: "delete" }],
        [detailsPage, { intent: "faq-add", question: `Added by ${who}?`, answer: "No." }],
        [detailsPage, { intent: "faq-update", faqId, question: `Edited by ${who}?`, answer: "No." }],
        [detailsPage, { intent: "faq-delete", faqId }],
        ["/VendorDashboard?index", { intent: "archive", serviceId: id }],
        ["/VendorDashboard?index", { intent: "delete", serviceId: id }],
      ];
      for (const [path, body] of posts) expectRefused((await submit(api, path, body)).status(), `${who} ${body.intent}`);
      expect(await state(), who).toEqual(before);
    }

    expect((await submit(owner, detailsPage, { intent: "save", ...fields, min_price: "1200" })).status()).toBe(302);
    expect((await submit(owner, "/VendorDashboard?index", { intent: "archive", serviceId: id })).status()).toBe(302);
    expect(await state()).toMatchObject({ price: 1200, status: "archived" });
  });
});

test.describe("page actions: a couple's wedding budget", () => {
  type Budget = { totalBudget: number | null; items: { lineId: string | null; label: string; estimated: number }[] };

  test("a budget line is changed only by its couple (/profile/weddingbudget, every intent)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(people.couple);
    const budgetOf = async () => ((await (await owner.get("/api/v1/budget")).json()) as { budget: Budget }).budget;
    const made = await owner.post("/api/v1/budget/lines", {
      headers: { Origin: origin },
      data: { category: "decor", label: "Marigold garlands", estimated: 12000 },
    });
    expect(made.status()).toBe(201);
    const lineId = ((await made.json()) as { line: { id: string } }).line.id;
    expect((await submit(owner, "/profile/weddingbudget", { intent: "total", totalBudget: "900000" })).status()).toBe(302);
    const before = await budgetOf();
    expect(before.totalBudget).toBe(900000);

    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: Record<string, string>[] = [
        { intent: "edit-line", lineId, label: `Taken by ${who}`, estimated: "1", userId: people.couple.id },
        { intent: "delete-line", lineId, userId: people.couple.id },
      ];
      for (const fields of posts) {
        const res = await submit(api, "/profile/weddingbudget", fields);
        expectRefused(res.status(), `${who} ${fields.intent}`);
      }
      expect(await budgetOf(), who).toEqual(before);
    }

    // The owner's own posts work.
    expect((await submit(owner, "/profile/weddingbudget", { intent: "edit-line", lineId, label: "Rose garlands", estimated: "15000" })).status()).toBe(302);
    expect((await budgetOf()).items.find((i) => i.lineId === lineId)).toMatchObject({ label: "Rose garlands", estimated: 15000 });
    expect((await submit(owner, "/profile/weddingbudget", { intent: "delete-line", lineId })).status()).toBe(302);
    expect((await budgetOf()).items.some((i) => i.lineId === lineId)).toBe(false);
  });
});

test.describe("page actions: the guest list (issue 12)", () => {
  test("a couple's guest list is changed only by that couple (/profile/guests)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(people.couple);
    const headers = { Origin: origin };
    const hh = (await (await owner.post("/api/v1/guests/households", { headers, data: { name: "Sharma family" } })).json()) as { household: { id: string } };
    const householdId = hh.household.id;
    const gg = (await (await owner.post("/api/v1/guests", { headers, data: { name: "Anil Sharma", householdId, email: "anil@example.com" } })).json()) as {
      guest: { id: string };
    };
    const guestId = gg.guest.id;
    const state = async () => ({
      households: await (await owner.get("/api/v1/guests/households")).json(),
      guests: await (await owner.get("/api/v1/guests")).json(),
    });
    const before = await state();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: Record<string, string>[] = [
        { intent: "editGuest", guestId, name: `Taken by ${who}` },
        { intent: "deleteGuest", guestId },
        { intent: "addGuest", householdId, name: `Added by ${who}` },
        { intent: "editHousehold", householdId, name: `Taken by ${who}` },
        { intent: "deleteHousehold", householdId },
        { intent: "resetLink", householdId },
        { intent: "invite", householdId },
        { intent: "remind", householdId },
        { intent: "share", householdId, channel: "whatsapp" },
      ];
      for (const body of posts) expectRefused((await submit(api, "/profile/guests", body)).status(), `${who} ${body.intent}`);
      expect(await state(), who).toEqual(before);
    }
    expect((await submit(owner, "/profile/guests", { intent: "editGuest", guestId, name: "Anil Kumar Sharma" })).status()).toBe(303);
    const after = (await (await owner.get("/api/v1/guests")).json()) as { guests: { name: string }[] };
    expect(after.guests.map((g) => g.name)).toEqual(["Anil Kumar Sharma"]);
  });
});

test.describe("page actions: invitation cards (issue 13)", () => {
  test("a couple's card is duplicated and deleted only by that couple (/profile/invitationCards)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await as(people.couple);
    const canvas = { version: "7.4.0", width: 600, height: 840, objects: [{ type: "Textbox", text: "Ananya", fontFamily: "Great Vibes" }] };
    const made = await owner.post("/api/v1/userDataTemplate", { headers: { Origin: origin }, data: { title: "Sangeet card", canvas } });
    expect(made.status()).toBe(201);
    const cardId = ((await made.json()) as { card: { id: string } }).card.id;
    const cards = async () => ((await (await owner.get("/api/v1/userDataTemplate")).json()) as { cards: { id: string; title: string }[] }).cards;
    const before = await cards();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      for (const intent of ["duplicate", "delete"])
        expectRefused((await submit(api, "/profile/invitationCards", { intent, cardId })).status(), `${who} ${intent}`);
      expect(await cards(), who).toEqual(before);
    }
    expect((await submit(owner, "/profile/invitationCards", { intent: "duplicate", cardId })).status()).toBe(302);
    expect((await cards()).map((c) => c.title).sort()).toEqual(["Copy of Sangeet card", "Sangeet card"]);
    expect((await submit(owner, "/profile/invitationCards", { intent: "delete", cardId })).status()).toBe(302);
    expect((await cards()).map((c) => c.title)).toEqual(["Copy of Sangeet card"]);
  });
});

test.describe("page actions: the e-invite desk (issue 13)", () => {
  test("a couple's e-invite and its requests are changed only by that couple (/card, every intent)", async ({ account }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const owner = await playwrightRequest.newContext({ baseURL: origin });
    contexts.push(owner);
    const headers = { Origin: origin };
    expect((await owner.post("/api/v1/users/login", { headers, data: { email: EINVITE_ACCESS.email, password: POOL_PASSWORD } })).ok()).toBe(true);
    const published = (await (await owner.post(`/api/v1/invitation/${EINVITE_ACCESS.cardId}/publish`, { headers, data: { rsvpOpen: true } })).json()) as {
      slug: string;
    };
    const event = await owner.post("/api/v1/event/newevent", { headers, data: { eventName: "Mehendi", eventDate: "2027-02-12" } });
    expect(event.status()).toBe(201);
    const view = (await (await owner.get(`/api/v1/invitation/view/${published.slug}`)).json()) as { invitation: { functions: { id: string }[] } };
    const phone = `97${String(Date.now()).slice(-8)}`;
    const asked = await owner.post(`/api/v1/invitation/view/${published.slug}/requests`, {
      headers,
      data: { name: "Kiran Rao", phone, partySize: 2, answers: { [view.invitation.functions[0]!.id]: "ATTENDING" } },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const requests = (await (await owner.get("/api/v1/invitation/requests")).json()) as { requests: { id: string; phone: string; status: string }[] };
    const requestId = requests.requests.find((r) => r.phone === phone)!.id;
    const state = async () => ({
      requests: await (await owner.get("/api/v1/invitation/requests")).json(),
      view: await (await owner.get(`/api/v1/invitation/view/${published.slug}`)).json(),
    });
    const before = await state();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["admin", people.admin],
      ["super admin", people.superAdmin],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      const posts: Record<string, string>[] = [
        { intent: "publish", cardId: EINVITE_ACCESS.cardId, rsvpOpen: "off" },
        { intent: "unpublish", cardId: EINVITE_ACCESS.cardId },
        { intent: "approve", requestId },
        { intent: "decline", requestId },
      ];
      for (const body of posts) expectRefused((await submit(api, "/card", body)).status(), `${who} ${body.intent}`);
      expect(await state(), who).toEqual(before);
    }
    expect((await submit(owner, "/card", { intent: "decline", requestId })).status()).toBe(303);
    const after = (await (await owner.get("/api/v1/invitation/requests")).json()) as { requests: { id: string; status: string }[] };
    expect(after.requests.find((r) => r.id === requestId)?.status).toBe("DECLINED");
  });
  test("blog posts and tags are changed only by admins, a comment only by its author or an admin, contact messages only by admins (blog and contact pages)", async ({
    account,
  }) => {
    test.setTimeout(120_000);
    const people = await cast(account);
    const vendor = await account({ role: "vendor" });
    const adminApi = await as(people.admin);
    const tag = Date.now().toString(36);
    const made = await adminApi.post("/api/v1/admin/blog", {
      headers: { Origin: origin },
      data: { title: `Guarded post ${tag}`, content: "Body", status: "PUBLISHED", tags: [`guard ${tag}`] },
    });
    expect(made.status()).toBe(201);
    const post = ((await made.json()) as { blog: { id: string; urlTitle: string } }).blog;
    const coupleApi = await as(people.couple);
    const commented = await coupleApi.post(`/api/v1/user/blog/${post.id}/comments`, { headers: { Origin: origin }, data: { content: "Our comment" } });
    expect(commented.status(), await commented.text()).toBe(201);
    const commentId = ((await commented.json()) as { comment: { id: string } }).comment.id;
    const tagId = ((await (await adminApi.get("/api/v1/admin/blog/tags")).json()) as { tags: { id: string; slug: string }[] }).tags.find(
      (t) => t.slug === `guard-${tag}`,
    )!.id;
    await (
      await as(null)
    ).post("/api/v1/contact", {
      headers: { Origin: origin },
      data: { name: "Guard Test", email: `guard-${tag}@example.com`, topic: "Something else", message: "A message only admins may handle." },
    });
    const contactId = ((await (await adminApi.get(`/api/v1/admin/contact-messages?q=guard-${tag}`)).json()) as { messages: { id: string }[] }).messages[0]!.id;
    const state = async () => ({
      // Without the view count: a refused form post still renders the post's page, which is a view.
      post: { ...((await (await adminApi.get(`/api/v1/admin/blog/${post.urlTitle}`)).json()) as { blog: Record<string, unknown> }).blog, viewCount: null },
      tags: ((await (await adminApi.get("/api/v1/admin/blog/tags")).json()) as { tags: unknown[] }).tags,
      contact: ((await (await adminApi.get(`/api/v1/admin/contact-messages/${contactId}`)).json()) as { message: Record<string, unknown> }).message,
    });
    const before = await state();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["other couple", people.otherCouple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      expectRefused(
        (await submit(api, `/update-blog-post/${post.urlTitle}`, { intent: "save", title: `Taken by ${who}`, content: "x", status: "DRAFT" })).status(),
        who,
      );
      expectRefused((await submit(api, `/update-blog-post/${post.urlTitle}`, { intent: "remove-cover" })).status(), who);
      expectRefused((await submit(api, "/new-blog-post", { intent: "save", title: `New by ${who} ${tag}`, content: "x", status: "PUBLISHED" })).status(), who);
      const dashboardPosts: Record<string, string>[] = [
        { intent: "delete-post", id: post.id },
        { intent: "rename-tag", id: tagId, name: `Renamed by ${who}` },
        { intent: "delete-tag", id: tagId },
        { intent: "create-tag", name: `Tag by ${who} ${tag}` },
      ];
      for (const body of dashboardPosts) expectRefused((await submit(api, "/blog_dashboard", body)).status(), `${who} ${body.intent}`);
      expectRefused((await submit(api, "/admin/contact-messages", { id: contactId, status: "CLOSED" })).status(), who);
      if (who !== "couple")
        expectRefused((await submit(api, `/blogs/${post.urlTitle}`, { intent: "delete-comment", commentId })).status(), `${who} delete-comment`);
      expect(await state(), who).toEqual(before);
    }
    // The comment's author, and admins, may.
    expect((await submit(coupleApi, `/blogs/${post.urlTitle}`, { intent: "delete-comment", commentId })).status()).toBe(200);
    expect((await submit(adminApi, "/admin/contact-messages", { id: contactId, status: "CLOSED" })).status()).toBe(200);
    expect((await submit(await as(people.superAdmin), "/blog_dashboard", { intent: "delete-post", id: post.id })).status()).toBe(200);
    expect((await adminApi.get(`/api/v1/admin/blog/${post.urlTitle}`)).status()).toBe(404);
  });
  test("services are archived, vendors verified and disputes decided only by admins (admin record pages, review disputes)", async ({ account, factory }) => {
    test.setTimeout(120_000);
    const { vendor, service } = await factory.vendorService();
    const people = await cast(account);
    const adminApi = await as(people.admin);
    const record = async () => ({
      service: ((await (await adminApi.get(`/api/v1/admin/services/${service.id}`)).json()) as { service: Record<string, unknown> }).service.status,
      vendor: ((await (await adminApi.get(`/api/v1/admin/vendors/${vendor.id}`)).json()) as { vendor: Record<string, unknown> }).vendor.verified,
    });
    const before = await record();
    const intruders: [Actor, Account | null][] = [
      ["anonymous", null],
      ["couple", people.couple],
      ["vendor", vendor],
      ["other vendor", people.otherVendor],
    ];
    for (const [who, acc] of intruders) {
      const api = await as(acc);
      expectRefused((await submit(api, `/admin/services/${service.id}`, { intent: "archive", reason: `Archived by ${who}` })).status(), who);
      expectRefused((await submit(api, `/admin/vendors/${vendor.id}`, { intent: "verify" })).status(), who);
      expectRefused(
        (
          await submit(api, "/admin/review-disputes", { intent: "hide", disputeId: "01940000-0000-7000-8000-000000000000", reason: "Hidden by anyone" })
        ).status(),
        who,
      );
      expect(await record(), who).toEqual(before);
    }
    expect((await submit(adminApi, `/admin/vendors/${vendor.id}`, { intent: "verify" })).status()).toBe(200);
    expect(
      (await submit(await as(people.superAdmin), `/admin/services/${service.id}`, { intent: "archive", reason: "Photos belong to another venue" })).status(),
    ).toBe(200);
    expect(await record()).toEqual({ service: "archived", vendor: true });
  });
});
