import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ONCE_FIELD } from "#app/lib/once-token.tsx";
import { ONCE_MESSAGES } from "#app/lib/once-token.server.ts";
import { call, signedIn } from "#tests/support/factories.ts";
import { loadPage, postPage, toastOf } from "#tests/support/pages.ts";

/**
 * One-time tokens on the page forms that add (issue 28, item 10: a double tap, a retry or a form
 * sent twice before the scripts ran stored two guests, households, imports, budget lines,
 * functions, contact messages or blog comments). Each page's loader hands its forms a token
 * (app/lib/once-token.tsx); the same form posted twice with it stores once and both posts get the
 * same answer (the same redirect and toast, or the same data); a new token stores again; a form
 * without one works as before. Parallel double posts are in tests/integration/concurrency.test.ts.
 */
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n")) ?? 0;

/** A page's current one-time token, from its loader (what the hidden field carries). */
const tokenOf = async (path: string, cookie?: string) => (await loadPage<{ onceToken: string }>(path, cookie)).onceToken;

/** The parts of a page's answer a browser acts on: status, where it goes, the toast it shows, and its data. */
async function answerOf(res: Response) {
  return { status: res.status, location: res.headers.get("Location"), toast: toastOf(res), body: await res.text() };
}

/** The same form posted twice with one token: both answers, which must be the same. */
async function twice(path: string, fields: Record<string, string | File>, cookie?: string) {
  const once = { ...fields, [ONCE_FIELD]: await tokenOf(path, cookie) };
  const first = await answerOf(await postPage(path, once, cookie));
  const second = await answerOf(await postPage(path, once, cookie));
  expect(second).toEqual(first);
  return first;
}

describe("the guest list's add forms carry a one-time token", () => {
  it("every load hands the page a new 128-bit token", async () => {
    const c = await signedIn("USER");
    const [a, b] = [await tokenOf("/profile/guests", c.cookie), await tokenOf("/profile/guests", c.cookie)];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it("a guest, a household and a CSV import posted twice with one token are stored once, and the repeat gets the same redirect and toast", async () => {
    const c = await signedIn("USER");
    const guest = await twice("/profile/guests", { intent: "addGuest", name: "Neha Kapoor", side: "BOTH" }, c.cookie);
    expect(guest).toMatchObject({ status: 303, location: "/profile/guests", toast: { type: "success", message: "Guest added." } });
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Neha Kapoor'", c.id)).toBe(1);

    const household = await twice("/profile/guests", { intent: "addHousehold", name: "Iyer family" }, c.cookie);
    expect(household.toast).toEqual({ type: "success", message: "Household added." });
    expect(await count("SELECT count(*) AS n FROM households WHERE user_id = ? AND name = 'Iyer family'", c.id)).toBe(1);

    const csv = new File(["Household,Name\nRao family,Kiran Rao\nRao family,Asha Rao\n"], "guests.csv", { type: "text/csv" });
    const imported = await twice("/profile/guests", { intent: "import", file: csv }, c.cookie);
    expect(imported.toast).toEqual({ type: "success", message: "Imported 2 guests." });
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name IN ('Kiran Rao', 'Asha Rao')", c.id)).toBe(2);
  });

  it("an import with rows refused answers its report twice, the same, and stores its good rows once", async () => {
    const c = await signedIn("USER");
    const csv = new File(["Household,Name\nSen family,Mitali Sen\nSen family,\n"], "guests.csv", { type: "text/csv" });
    const imported = await twice("/profile/guests", { intent: "import", file: csv }, c.cookie);
    expect(imported.status).toBe(200);
    expect(JSON.parse(imported.body)).toMatchObject({ ok: true, intent: "import", message: "Imported 1 guest; 1 row was not imported." });
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ?", c.id)).toBe(1);
  });

  it("a new token (the page after a save) stores again; a form without a token works as before", async () => {
    const c = await signedIn("USER");
    await twice("/profile/guests", { intent: "addGuest", name: "Two Visits" }, c.cookie);
    await twice("/profile/guests", { intent: "addGuest", name: "Two Visits" }, c.cookie);
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Two Visits'", c.id)).toBe(2);

    for (let i = 0; i < 2; i++) {
      const res = await postPage("/profile/guests", { intent: "addGuest", name: "Old Page" }, c.cookie);
      expect(res.status).toBe(303);
      expect(toastOf(res)?.message).toBe("Guest added.");
    }
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Old Page'", c.id)).toBe(2);
  });

  it("a refused form keeps its token free for the corrected form; the token sent again with other details is refused, nothing stored", async () => {
    const c = await signedIn("USER");
    const token = await tokenOf("/profile/guests", c.cookie);
    const refused = await postPage("/profile/guests", { intent: "addGuest", name: "", [ONCE_FIELD]: token }, c.cookie);
    expect(refused.status).toBe(400);
    const fixed = await postPage("/profile/guests", { intent: "addGuest", name: "Corrected Name", [ONCE_FIELD]: token }, c.cookie);
    expect(toastOf(fixed)?.message).toBe("Guest added.");
    const other = await postPage("/profile/guests", { intent: "addGuest", name: "Somebody Else", [ONCE_FIELD]: token }, c.cookie);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ ok: false, intent: "addGuest", message: ONCE_MESSAGES.reused });
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ?", c.id)).toBe(1);

    const bad = await postPage("/profile/guests", { intent: "addGuest", name: "Bad Token", [ONCE_FIELD]: "not a token" }, c.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, message: ONCE_MESSAGES.badToken });
    expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ?", c.id)).toBe(1);
  });

  it("tokens belong to the account: another couple's post with the same token is its own", async () => {
    const [a, b] = [await signedIn("USER"), await signedIn("USER")];
    const token = await tokenOf("/profile/guests", a.cookie);
    for (const who of [a, b]) {
      const res = await postPage("/profile/guests", { intent: "addGuest", name: "Same Token", [ONCE_FIELD]: token }, who.cookie);
      expect(toastOf(res)?.message).toBe("Guest added.");
      expect(await count("SELECT count(*) AS n FROM guests WHERE user_id = ? AND name = 'Same Token'", who.id)).toBe(1);
    }
  });
});

describe("the budget, the planner, the contact form and a blog comment carry a one-time token", () => {
  it("a budget line posted twice with one token is added once, with the same redirect and toast", async () => {
    const c = await signedIn("USER");
    const line = await twice("/profile/weddingbudget", { intent: "add-line", category: "music", label: "Dhol players", estimated: "20000" }, c.cookie);
    expect(line).toMatchObject({ status: 302, location: "/profile/weddingbudget#lines", toast: { type: "success", message: "Budget line added." } });
    expect(await count("SELECT count(*) AS n FROM budget_lines WHERE user_id = ?", c.id)).toBe(1);
  });

  it("a function, and a tradition's functions, posted twice with one token are added once", async () => {
    const c = await signedIn("USER");
    const fn = await twice("/profile/weddingplan", { intent: "create", eventName: "Sangeet", eventDate: "2027-02-13", eventBudget: "150000" }, c.cookie);
    expect(fn.toast).toEqual({ type: "success", message: "Sangeet added to your plan." });
    expect(await count("SELECT count(*) AS n FROM events WHERE user_id = ? AND name = 'Sangeet'", c.id)).toBe(1);

    const plan = await loadPage<{ proposal: { functions: { key: string; name: string; eventDate: string }[] } }>(
      "/profile/weddingplan?tradition=hindu&weddingDate=2027-02-14",
      c.cookie,
    );
    const haldi = plan.proposal.functions[0]!;
    const fromTemplate = await twice(
      "/profile/weddingplan",
      {
        intent: "template",
        tradition: "hindu",
        weddingDate: "2027-02-14",
        keep: haldi.key,
        [`name:${haldi.key}`]: haldi.name,
        [`date:${haldi.key}`]: haldi.eventDate,
      },
      c.cookie,
    );
    expect(fromTemplate.toast).toEqual({ type: "success", message: "1 function added to your plan." });
    expect(await count("SELECT count(*) AS n FROM events WHERE user_id = ? AND parent_id IS NULL AND name = ?", c.id, haldi.name)).toBe(1);
  });

  it("a visitor's contact message posted twice with one token is stored and mailed once, and both posts are thanked the same", async () => {
    const email = `once.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fields = { name: "Meera Iyer", email, topic: "Planning my wedding", message: "We are looking for a venue in Udaipur for February. Can you help?" };
    const sent = await twice("/contactus", fields);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ ok: true, message: `Thank you. We have your message and will reply to ${email}.` });
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE email = ?", email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = ?", email)).toBe(1);
  });

  it("a blog comment posted twice with one token is posted once", async () => {
    const admin = await signedIn("ADMIN");
    const made = await call("/api/v1/admin/blog", {
      method: "POST",
      cookie: admin.cookie,
      body: { title: `Once ${crypto.randomUUID().slice(0, 8)}`, content: "A post about Udaipur weddings and palaces by the lake.", status: "PUBLISHED" },
    });
    const { id, urlTitle } = ((await made.json()) as { blog: { id: string; urlTitle: string } }).blog;
    const couple = await signedIn("USER");
    const comment = await twice(`/blogs/${urlTitle}`, { intent: "comment", content: "We booked Jag Mandir after reading this!" }, couple.cookie);
    expect(JSON.parse(comment.body)).toEqual({ ok: true, intent: "comment", message: "Your comment is posted." });
    expect(await count("SELECT count(*) AS n FROM blog_comments WHERE post_id = ?", id)).toBe(1);
  });
});
