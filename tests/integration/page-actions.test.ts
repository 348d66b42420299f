import { describe, expect, it } from "vitest";
import { call, createLead, createService, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { loadPage, page, postPage, toastOf } from "#tests/support/pages.ts";

/**
 * Page form actions written with the one helper (app/lib/page-action.server.ts, decision 0041):
 * who is asking is checked before the body is read, the body is read once through the capped
 * reader, the posted intent picks the handler, and every refusal is the page's answer (a
 * `PageFailure` with the API's status, or for a visitor a redirect to log in and back).
 */
const LOGIN_AND_BACK = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

describe("/payment asks who is paying before it reads the form", () => {
  it("a visitor is sent to log in and back, whatever the form: one to pay, a broken multipart, or one past the size cap", async () => {
    const path = "/payment?template=any-design";
    const bodies: RequestInit[] = [
      { body: new URLSearchParams({ intent: "pay" }) },
      { body: "--b\r\nnot a part", headers: { "Content-Type": "multipart/form-data; boundary=b" } },
      { body: new URLSearchParams({ intent: "pay", filler: "x".repeat(2 * 1024 * 1024) }) },
    ];
    for (const init of bodies) {
      const res = await page(path, { method: "POST", ...init });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(LOGIN_AND_BACK(path));
      expect(toastOf(res)).toMatchObject({ type: "info" });
    }
  });

  it("a vendor is refused with the purchase rule's own words; a form without Pay is told to press it", async () => {
    const vendor = await signedIn("VENDOR");
    const refused = await postPage("/payment?template=any-design", { intent: "pay" }, vendor.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: "Only couples can buy an invitation template." });

    const couple = await signedIn("USER");
    const noPay = await postPage("/payment?template=any-design", { intent: "other" }, couple.cookie);
    expect(noPay.status).toBe(400);
    expect(await noPay.json()).toMatchObject({ ok: false, message: "Press Pay to buy this design.", errors: {} });
  });
});

describe("pages whose forms read the body twice answer as before, reading it once", () => {
  it("/profile: a bad phone is refused on the profile form with what was typed; an unticked delete on the delete form; a form of no known intent is the profile form", async () => {
    const c = await signedIn("USER");
    const bad = await postPage("/profile", { intent: "update", user_name: "Asha Rao", phone: "12" }, c.cookie);
    expect(bad.status).toBe(400);
    const failure = await bad.json<{ ok: boolean; intent: string; errors: Record<string, string>; values: Record<string, string> }>();
    expect(failure).toMatchObject({ ok: false, intent: "update", values: { user_name: "Asha Rao", phone: "12" } });
    expect(Object.keys(failure.errors)).toEqual(["phone"]);

    const unticked = await postPage("/profile", { intent: "delete" }, c.cookie);
    expect(unticked.status).toBe(400);
    expect(await unticked.json()).toMatchObject({ ok: false, intent: "delete", errors: { confirm: "Please confirm." } });

    const saved = await postPage("/profile", { intent: "something-else", user_name: "Asha Rao" }, c.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ok: true, intent: "update", message: "Your profile has been updated." });
  });

  it("/VendorDashboard/settings: billing details are refused on the billing form; a wrong confirmation word on the delete form", async () => {
    const v = await signedIn("VENDOR");
    const billing = await postPage("/VendorDashboard/settings", { intent: "billing", gstin: "not a gstin" }, v.cookie);
    expect(billing.status).toBe(400);
    expect(await billing.json()).toMatchObject({ ok: false, intent: "billing", values: { gstin: "not a gstin" } });

    const del = await postPage("/VendorDashboard/settings", { intent: "delete", confirmation: "no" }, v.cookie);
    expect(del.status).toBe(400);
    expect(await del.json()).toMatchObject({ ok: false, intent: "delete" });
  });

  it("/admin/plans: a retire of an unknown plan is refused on that plan's card; a plan without a name on the new plan's form", async () => {
    const a = await signedIn("ADMIN");
    const retire = await postPage("/admin/plans", { intent: "retire", planId: "no-such-plan" }, a.cookie);
    expect(retire.status).toBe(404);
    expect(await retire.json()).toMatchObject({ ok: false, intent: "retire:no-such-plan" });

    const create = await postPage("/admin/plans", { intent: "create", name: "" }, a.cookie);
    expect(create.status).toBe(400);
    const failure = await create.json<{ intent: string; errors: Record<string, string> }>();
    expect(failure.intent).toBe("create");
    expect(failure.errors).toHaveProperty("name");
  });
});

describe("list pages read their URL with the one list loader", () => {
  it("/admin/audit-log: filters that fit are kept; one that does not shows the whole log with why, never an error page", async () => {
    const s = await signedIn("SUPER_ADMIN");
    const kept = await loadPage<{ query: Record<string, string>; problem: string | null }>("/admin/audit-log?subjectType=service&action=&page=1", s.cookie);
    expect(kept).toMatchObject({ query: { subjectType: "service", page: "1" }, problem: null });

    const fallen = await loadPage<{ query: Record<string, string>; problem: string | null; page: number }>("/admin/audit-log?page=-3", s.cookie);
    expect(fallen).toMatchObject({ query: {}, problem: "Some filters are not valid.", page: 1 });
  });

  it("/admin/reported-enquiries: a page that is not a whole number from 1 to 1000 is page 1", async () => {
    const a = await signedIn("ADMIN");
    for (const asked of ["abc", "0", "1001", "2.5"])
      expect(await loadPage<{ page: number }>(`/admin/reported-enquiries?page=${asked}`, a.cookie)).toMatchObject({ page: 1 });
    expect(await loadPage<{ page: number }>("/admin/reported-enquiries?page=3", a.cookie)).toMatchObject({ page: 3 });
  });
});

describe("/profile/guests through the helper", () => {
  it("asks who is posting before it reads the form: a visitor's broken form is sent to log in and back", async () => {
    const res = await page("/profile/guests", { method: "POST", body: "--b\r\nnot a part", headers: { "Content-Type": "multipart/form-data; boundary=b" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(LOGIN_AND_BACK("/profile/guests"));
  });

  it("a refused guest is answered on its form with the field's message; an unknown intent is 400 'Unknown action.'", async () => {
    const c = await signedIn("USER");
    const refused = await postPage("/profile/guests", { intent: "addGuest", name: "" }, c.cookie);
    expect(refused.status).toBe(400);
    const failure = await refused.json<{ ok: boolean; intent: string; errors: Record<string, string> }>();
    expect(failure).toMatchObject({ ok: false, intent: "addGuest" });
    expect(failure.errors).toHaveProperty("name");

    const unknown = await postPage("/profile/guests", { intent: "dance" }, c.cookie);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ ok: false, intent: "dance", message: "Unknown action.", errors: {} });
  });
});

describe("an enquiry's conversation through the helper", () => {
  it("a reply without words is refused on the reply form; a reply is sent; the couple's other forms answer with their own words", async () => {
    const vendor = await signedIn("VENDOR");
    const couple = await signedIn("USER");
    const service = await createService({ vendorId: vendor.id });
    const lead = await createLead({ serviceId: service.id, vendorId: vendor.id, userId: couple.id });
    const path = `/VendorDashboard/enquiries/${lead.id}`;

    const empty = await postPage(path, { intent: "reply", body: "" }, vendor.cookie);
    expect(empty.status).toBe(400);
    const refused = await empty.json<{ intent: string; errors: Record<string, string> }>();
    expect(refused.intent).toBe("reply");
    expect(refused.errors).toHaveProperty("body");

    const sent = await postPage(path, { intent: "reply", body: "Happy to help: which date?" }, vendor.cookie);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true, intent: "reply", message: "Message sent." });

    const withdrawn = await postPage(`/profile/enquiries/${lead.id}`, { intent: "withdraw" }, await sessionCookieFor(couple.id));
    expect(await withdrawn.json()).toEqual({ ok: true, intent: "withdraw", message: "Enquiry withdrawn." });
  });
});

describe("the wedding budget's forms through the helper", () => {
  it("a total that is not a number is refused on the total form with what was typed; a saved total goes back to the page with its toast", async () => {
    const c = await signedIn("USER");
    const refused = await postPage("/profile/weddingbudget", { intent: "total", totalBudget: "lots" }, c.cookie);
    expect(refused.status).toBe(400);
    const failure = await refused.json<{ intent: string; errors: Record<string, string>; values: Record<string, string> }>();
    expect(failure).toMatchObject({ intent: "total", values: { totalBudget: "lots" } });
    expect(failure.errors).toHaveProperty("totalBudget");

    const saved = await postPage("/profile/weddingbudget", { intent: "total", totalBudget: "2500000" }, c.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile/weddingbudget");
    expect(toastOf(saved)).toEqual({ type: "success", message: "Total budget saved." });
  });
});

describe("a blog post's forms through the helper", () => {
  it("a refused comment comes back with what was typed, to post it again corrected; a visitor's like is sent to log in first", async () => {
    const admin = await signedIn("ADMIN");
    const made = await call("/api/v1/admin/blog", {
      method: "POST",
      cookie: admin.cookie,
      body: { title: `Helper ${crypto.randomUUID().slice(0, 8)}`, content: "A post about Jaipur weddings in the old havelis.", status: "PUBLISHED" },
    });
    const { urlTitle } = ((await made.json()) as { blog: { urlTitle: string } }).blog;
    const couple = await signedIn("USER");
    const typed = "Lovely! ".repeat(300);
    const refused = await postPage(`/blogs/${urlTitle}`, { intent: "comment", content: typed }, couple.cookie);
    expect(refused.status).toBe(400);
    const failure = await refused.json<{ intent: string; errors: Record<string, string>; values?: Record<string, string> }>();
    expect(failure.intent).toBe("comment");
    expect(failure.errors).toHaveProperty("content");
    expect(failure.values?.content).toBe(typed);

    const like = await postPage(`/blogs/${urlTitle}`, { intent: "like" });
    expect(like.status).toBe(302);
    expect(like.headers.get("Location")).toBe(LOGIN_AND_BACK(`/blogs/${urlTitle}`));
  });
});

describe("the template gallery reads its URL with the list loader", () => {
  it("repeated chips are one filter, a blank search is no search, and a value the gallery does not know is left out and named", async () => {
    const d = await loadPage<{ filters: Record<string, unknown>; ignored: string[] }>(
      "/templates?mood=WEDDING&mood=LOVE&amount=PAID&q=%20%20&requirement=NOPE",
    );
    expect(d.ignored).toEqual(["requirement"]);
    expect(d.filters).toMatchObject({ mood: ["WEDDING", "LOVE"], amount: "PAID" });
    expect(d.filters).not.toHaveProperty("q");
    expect(d.filters).not.toHaveProperty("requirement");
  });
});

describe("/admin/templates through the helper, with its own multipart reader", () => {
  it("each refusal is labelled for its template's card: an unknown template, a thumbnail without a file, a form of no known intent", async () => {
    const a = await signedIn("ADMIN");
    const status = await postPage("/admin/templates", { intent: "status", templateId: "no-such-template", status: "PUBLISHED" }, a.cookie);
    expect(status.status).toBe(404);
    expect(await status.json()).toMatchObject({ ok: false, intent: "status:no-such-template" });

    const thumb = await postPage(
      "/admin/templates",
      { intent: "thumbnail", templateId: "no-such-template", image: new File([], "empty.png", { type: "image/png" }) },
      a.cookie,
    );
    expect(thumb.status).toBeGreaterThanOrEqual(400);
    expect(thumb.status).toBeLessThan(500);
    expect(await thumb.json()).toMatchObject({ ok: false, intent: "thumbnail:no-such-template" });

    const other = await postPage("/admin/templates", { intent: "dance", templateId: "t1" }, a.cookie);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ ok: false, intent: "dance:t1", message: "Choose what to do with the template." });
  });
});

describe("the vendor's service pages through the helper", () => {
  it("a new service without a name is refused on the form with what was typed; a form of no known intent is the save form", async () => {
    const v = await signedIn("VENDOR");
    for (const intent of ["save", "dance"]) {
      const refused = await postPage("/VendorDashboard/services/new", { intent, service_name: "", description: "Mehendi for the whole family" }, v.cookie);
      expect(refused.status).toBe(400);
      const failure = await refused.json<{ ok: boolean; intent: string; errors: Record<string, string>; values: Record<string, string> }>();
      expect(failure).toMatchObject({ ok: false, intent: "save", values: { service_name: "", description: "Mehendi for the whole family" } });
      expect(failure.errors).toHaveProperty("service_name");
    }
  });

  it("a question is added and goes back to the page's questions with its toast; an empty one is refused on the question form", async () => {
    const v = await signedIn("VENDOR");
    const service = await createService({ vendorId: v.id });
    const path = `/VendorDashboard/service-details/${service.id}`;
    const added = await postPage(path, { intent: "faq-add", question: "Do you travel?", answer: "Across Rajasthan." }, v.cookie);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`${path}#faqs`);
    expect(toastOf(added)).toEqual({ type: "success", message: "The question was added." });

    const empty = await postPage(path, { intent: "faq-add", question: "", answer: "" }, v.cookie);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ ok: false, intent: "faq-add" });

    const archived = await postPage(path, { intent: "archive" }, v.cookie);
    expect(archived.status).toBe(302);
    expect(archived.headers.get("Location")).toBe(path);
    expect(toastOf(archived)?.type).toBe("success");
  });
});

describe("the booking, blog dashboard and notification pages through the helper", () => {
  it("a booking form of no known intent is refused with 400 'Unknown action.' (it was a 200)", async () => {
    const v = await signedIn("VENDOR");
    const res = await postPage("/VendorDashboard/bookings/no-such-booking", { intent: "dance" }, v.cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, intent: "dance", message: "Unknown action.", errors: {} });
  });

  it("the blog dashboard names what it can do for a form of no known intent; a tag is created with its words", async () => {
    const a = await signedIn("ADMIN");
    const other = await postPage("/blog_dashboard", { intent: "dance" }, a.cookie);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({
      ok: false,
      intent: "dance",
      message: "Choose what to do.",
      errors: { intent: "Delete a post, or create, rename or delete a tag." },
    });
    const name = `Mehendi ${crypto.randomUUID().slice(0, 6)}`;
    const made = await postPage("/blog_dashboard", { intent: "create-tag", name }, a.cookie);
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ ok: true, intent: "create-tag", message: `Tag “${name}” created.` });
  });

  it("the vendor's notification form (it sends no intent) saves the ticked boxes", async () => {
    const v = await signedIn("VENDOR");
    const saved = await postPage("/VendorDashboard/vendor-setting", { weekly_summary: "on" }, v.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ok: true });
  });
});
