import fc from "fast-check";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test, type Role } from "./fixtures.ts";

/**
 * Every page form action answers hostile input with a page or a redirect, never a 5xx (issue 9:
 * "Page form actions likewise"). Each route with an `action` (app/routes) is posted to as a
 * visitor and as the role that uses it: bodies of the wrong type, broken multipart, urlencoded
 * forms with missing, extra, huge and odd fields, unknown intents, long ids in the URL; random
 * field values from fast-check. Every post carries the server's Origin (the CSRF check) except the
 * one that checks a cross-origin post is refused.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const LONG_ID = "x".repeat(4000);
const HUGE = "ज".repeat(100_000 / 3); // about 100 KB once encoded
const ODD = [
  "\u0000",
  "a\u0000b",
  "\u202eevil.exe\u202c",
  "שלום مرحبا",
  "💍🙏🏽👰🏾‍♀️",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "%00%ff",
  "\r\n\r\n",
  "9".repeat(400),
];
const FIELDS = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "user_name",
  "name",
  "phone",
  "phone_number",
  "state",
  "city",
  "wedding_date",
  "reviewId",
  "serviceId",
  "leadId",
  "rating",
  "quality",
  "comment",
  "reply",
  "message",
  "confirm",
  "token",
  "redirectTo",
  "gstin",
  "billing_address",
  "lineId",
  "bookingId",
  "totalBudget",
  "estimated",
  "paid",
  "dueDate",
  // Wedding planner (/profile/weddingplan).
  "eventName",
  "eventDate",
  "eventStartTime",
  "eventEndTime",
  "eventBudget",
  "eventId",
  "taskId",
  "status",
  "keep",
  "tradition",
  "weddingDate",
  // Invitation cards (/profile/invitationCards).
  "cardId",
  // Invitation templates (/admin/templates).
  "templateId",
  "mood",
  "requirement",
  "tags",
  "designer",
  // The e-invite (issue 13): /card and the public page's request form (cardId above).
  "requestId",
  "eventIds",
  "rsvpOpen",
  "partySize",
  "dietary",
  "website",
  "answer:01940000-0000-7000-8000-000000000000",
  // The blog and contact pages (issue 14).
  "title",
  "urlTitle",
  "excerpt",
  "content",
  "publishAt",
  "commentId",
  "id",
  "topic",
  "note",
  // Moderation.
  "reason",
  "disputeId",
];
const INTENTS = [
  "enquire",
  "review",
  "reply",
  "quote",
  "book",
  "accept",
  "restore",
  "cancel",
  "milestone",
  "cart",
  "clear-cart",
  "update",
  "resend",
  "billing",
  "add-line",
  "edit-line",
  "delete-line",
  "link-booking",
  "suggest",
  "create",
  "template",
  "delete",
  "subevent",
  "task",
  "task-status",
  "status",
  "task-delete",
  "link",
  "unlink",
  // The guest list (issue 12).
  "addGuest",
  "editGuest",
  "deleteGuest",
  "addHousehold",
  "editHousehold",
  "deleteHousehold",
  "resetLink",
  "invite",
  "remind",
  "share",
  "import",
  // Invitation cards.
  "duplicate",
  // The e-invite desk (/card).
  "publish",
  "unpublish",
  "approve",
  "decline",
  // The blog (issue 14).
  "like",
  "comment",
  "delete-comment",
  "save",
  "preview",
  "remove-cover",
  "delete-post",
  "create-tag",
  "rename-tag",
  "delete-tag",
  // Moderation.
  "dispute",
  "keep",
  "hide",
  "archive",
  "verify",
  "unverify",
  "",
  "DELETE",
  "review\u0000",
  "💍",
  "x".repeat(5000),
  "__proto__",
  "constructor",
];

/** A page route with an action, the role that uses it, and a path to post to (filled in per test). */
type Target = { name: string; role: Role | null; path: (ids: Ids) => string; longIdPath?: (ids: Ids) => string; service?: true };
type Ids = { service: string; servicePath: string };

const TARGETS: Target[] = [
  { name: "/login", role: null, path: () => "/login" },
  { name: "/vendorLogin", role: null, path: () => "/vendorLogin" },
  { name: "/signup", role: null, path: () => "/signup" },
  { name: "/vendorSignup", role: null, path: () => "/vendorSignup" },
  { name: "/user-forgot-password", role: null, path: () => "/user-forgot-password" },
  { name: "/vendor-forgot-password", role: null, path: () => "/vendor-forgot-password" },
  {
    name: "/user-change-password",
    role: "couple",
    path: () => "/user-change-password",
    longIdPath: () => `/user-change-password?token=${LONG_ID}`,
  },
  {
    name: "/vendor-change-password",
    role: "vendor",
    path: () => "/vendor-change-password?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    longIdPath: () => `/vendor-change-password?token=${LONG_ID}`,
  },
  { name: "/dev/cron", role: null, path: () => "/dev/cron" },
  { name: "/verify-email", role: null, path: () => "/verify-email?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", longIdPath: () => `/verify-email?token=${LONG_ID}` },
  { name: "/profile", role: "couple", path: () => "/profile?index" },
  { name: "/profile/favoriteList", role: "couple", path: () => "/profile/favoriteList" },
  { name: "/profile/weddingbudget", role: "couple", path: () => "/profile/weddingbudget" },
  { name: "/profile/checklist", role: "couple", path: () => "/profile/checklist" },
  { name: "/profile/photo", role: "couple", path: () => "/profile/photo" },
  { name: "/checklist", role: null, path: () => "/checklist" },
  { name: "/profile/guests", role: "couple", path: () => "/profile/guests" },
  { name: "/profile/invitationCards", role: "couple", path: () => "/profile/invitationCards" },
  // A household's RSVP page: a made-up link; every body is refused (404), never a 5xx.
  { name: "/rsvp/:token", role: null, path: () => "/rsvp/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", longIdPath: () => `/rsvp/${LONG_ID}` },
  // The e-invite: the couple's desk, and a public page that does not exist (every body refused, 404).
  { name: "/card", role: "couple", path: () => "/card" },
  { name: "/view/:slug", role: null, path: () => "/view/nobody-weds-nobody-zzzz", longIdPath: () => `/view/${LONG_ID}` },
  { name: "/favorites/:serviceId", role: "couple", path: (ids) => `/favorites/${ids.service}`, longIdPath: () => `/favorites/${LONG_ID}`, service: true },
  {
    name: "the service page (couple)",
    role: "couple",
    path: (ids) => ids.servicePath,
    longIdPath: (ids) => ids.servicePath.replace(/[^/]+$/, LONG_ID),
    service: true,
  },
  {
    name: "the service page (vendor)",
    role: "vendor",
    path: (ids) => ids.servicePath,
    longIdPath: (ids) => ids.servicePath.replace(/[^/]+$/, LONG_ID),
    service: true,
  },
  { name: "/VendorDashboard", role: "vendor", path: () => "/VendorDashboard?index" },
  { name: "/VendorDashboard/vendor-profile", role: "vendor", path: () => "/VendorDashboard/vendor-profile" },
  { name: "/VendorDashboard/vendor-setting", role: "vendor", path: () => "/VendorDashboard/vendor-setting" },
  { name: "/VendorDashboard/calendar", role: "vendor", path: () => "/VendorDashboard/calendar" },
  { name: "/VendorDashboard/settings", role: "vendor", path: () => "/VendorDashboard/settings" },
  { name: "/VendorDashboard/Plan", role: "vendor", path: () => "/VendorDashboard/Plan" },
  // Paying for an invitation template (issue 13): the seeded paid design.
  { name: "/payment", role: "couple", path: () => "/payment?template=tpl-royal-maroon" },
  // Someone else's (or no) enquiry and booking: every body is read and refused, never a 5xx.
  ...(
    [
      ["/VendorDashboard/enquiries/:leadId", "vendor"],
      ["/VendorDashboard/bookings/:bookingId", "vendor"],
      ["/profile/enquiries/:leadId", "couple"],
      ["/profile/bookings/:bookingId", "couple"],
    ] as const
  ).map(([name, role]) => ({
    name,
    role,
    path: () => name.replace(/:\w+$/, "01940000-0000-7000-8000-000000000000"),
    longIdPath: () => name.replace(/:\w+$/, LONG_ID),
  })),
  // The wedding planner: the plan, and a function that is not the couple's (or does not exist).
  { name: "/profile/weddingplan", role: "couple", path: () => "/profile/weddingplan" },
  {
    name: "/profile/weddingplan/:eventId",
    role: "couple",
    path: () => "/profile/weddingplan/01940000-0000-7000-8000-000000000000",
    longIdPath: () => `/profile/weddingplan/${LONG_ID}`,
  },
  { name: "/admin/giveAdmin", role: "superAdmin", path: () => "/admin/giveAdmin" },
  { name: "/admin/revokeAdmin", role: "superAdmin", path: () => "/admin/revokeAdmin" },
  { name: "/admin/giveSuperAdmin", role: "superAdmin", path: () => "/admin/giveSuperAdmin" },
  { name: "/admin/reported-enquiries", role: "admin", path: () => "/admin/reported-enquiries" },
  { name: "/admin/templates", role: "admin", path: () => "/admin/templates" },
  // The blog and contact pages (issue 14). A seeded post for readers' forms; the writer at a post that does not exist
  // (every body refused, 404), so hostile bodies never rewrite a demo post.
  { name: "/blogs/:urlTitle", role: "couple", path: () => "/blogs/udaipur-palace-weddings-guide", longIdPath: () => `/blogs/${LONG_ID}` },
  { name: "/blog_dashboard", role: "admin", path: () => "/blog_dashboard" },
  { name: "/new-blog-post", role: "admin", path: () => "/new-blog-post" },
  { name: "/update-blog-post/:urlTitle", role: "admin", path: () => "/update-blog-post/no-such-post-zzzz", longIdPath: () => `/update-blog-post/${LONG_ID}` },
  { name: "/contactus", role: null, path: () => "/contactus" },
  { name: "/admin/contact-messages", role: "admin", path: () => "/admin/contact-messages" },
  { name: "/admin/review-disputes", role: "admin", path: () => "/admin/review-disputes" },
  // Records that do not exist: every body refused (404), never a 5xx.
  {
    name: "/admin/services/:serviceId",
    role: "admin",
    path: () => "/admin/services/01940000-0000-7000-8000-000000000000",
    longIdPath: () => `/admin/services/${LONG_ID}`,
  },
  {
    name: "/admin/vendors/:vendorId",
    role: "admin",
    path: () => "/admin/vendors/01940000-0000-7000-8000-000000000000",
    longIdPath: () => `/admin/vendors/${LONG_ID}`,
  },
  // Last: a log-out that works ends the session the posts are made with.
  { name: "/logout", role: "couple", path: () => "/logout" },
];

/**
 * A page or a redirect on the site, never a 5xx: a 2xx is a page, a 3xx names a place on the
 * site, a 4xx is a page or (a body the action cannot read at all: 415, 400) a plain message.
 */
async function expectPageOrRedirect(res: APIResponse, what: string) {
  const status = res.status();
  const type = res.headers()["content-type"] ?? "";
  const text = status >= 300 && status < 400 ? "" : await res.text();
  expect(status, `${what}: ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 300 && status < 400) {
    const location = res.headers()["location"] ?? "";
    expect(location, `${what}: redirect without a location`).not.toBe("");
    expect(location.startsWith("/") ? `${origin}${location}` : location, `${what}: redirect off the site`).toMatch(new RegExp(`^${origin}/`));
  } else if (status >= 400 && type.startsWith("text/plain")) {
    expect(text.trim(), `${what}: ${status} without a message`).not.toBe("");
  } else {
    expect(type, `${what}: ${status} is not a page`).toContain("text/html");
    expect(text, `${what}: ${status} is not a page`).toContain("<html");
  }
}

const post = (api: APIRequestContext, path: string, options: Parameters<APIRequestContext["post"]>[1] = {}) =>
  api.post(path, { maxRedirects: 0, failOnStatusCode: false, timeout: 20_000, ...options, headers: { Origin: origin, ...(options.headers ?? {}) } });

/** One urlencoded body from field pairs (repeated names allowed). */
const urlencoded = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
);
const hostileForm = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), hostileValue), { maxLength: 12 });

test.describe("page form actions answer hostile input with a page or a redirect, never 5xx", () => {
  test.describe.configure({ mode: "parallel" });
  for (const target of TARGETS) {
    for (const role of [null, target.role].filter((r, i, all) => all.indexOf(r) === i)) {
      test(`${target.name} as ${role ?? "a visitor"}`, async ({ request, page, login, factory }) => {
        test.setTimeout(180_000);
        // Routes about a service get one of their own (posts may add a review or a cart item to it).
        const ids: Ids = { service: "", servicePath: "" };
        if (target.service) {
          const { service } = await factory.vendorService();
          const canonical = await request.get(`/service/${service.id}`, { maxRedirects: 0 });
          Object.assign(ids, { service: service.id, servicePath: new URL(canonical.headers()["location"] ?? "", origin).pathname });
          expect(ids.servicePath).toMatch(new RegExp(`/${service.id}$`));
        }
        let api = request;
        if (role) {
          await login({ role });
          api = page.request;
        }
        const path = target.path(ids);

        // A cross-origin post is refused before the action runs.
        const foreign = await post(api, path, { headers: { Origin: "https://evil.example" }, form: { intent: "update", email: "a@b.co" } });
        expect(foreign.status(), "cross-origin post").toBe(403);

        // Bodies that are not forms.
        await expectPageOrRedirect(await post(api, path, { data: { intent: "review", email: "x@y.z", reviewId: LONG_ID } }), "JSON");
        await expectPageOrRedirect(await post(api, path, { headers: { "Content-Type": "text/plain" }, data: "intent=cart&email=a@b.co" }), "text/plain");
        await expectPageOrRedirect(
          await post(api, path, { headers: { "Content-Type": "application/octet-stream" }, data: Buffer.from([0, 255, 1, 2]) }),
          "bytes",
        );
        await expectPageOrRedirect(await post(api, path), "no body, no content type");
        await expectPageOrRedirect(
          await post(api, path, { headers: { "Content-Type": "multipart/form-data" }, data: "--x\r\n\r\n" }),
          "multipart without a boundary",
        );
        await expectPageOrRedirect(
          await post(api, path, {
            headers: { "Content-Type": "multipart/form-data; boundary=abc" },
            data: '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncart\r\n--zzz--',
          }),
          "multipart with the wrong boundary",
        );
        await expectPageOrRedirect(
          await post(api, path, { headers: { "Content-Type": 'multipart/form-data; boundary="' + "b".repeat(200) + '"' }, data: "--b\r\n" }),
          "multipart with an over-long boundary",
        );
        // Forms: empty, unknown intents, a huge field, a stray file.
        const form = { "Content-Type": "application/x-www-form-urlencoded" };
        await expectPageOrRedirect(await post(api, path, { headers: form, data: "" }), "an empty form");
        for (const intent of INTENTS)
          await expectPageOrRedirect(
            await post(api, path, { headers: form, data: urlencoded([["intent", intent]]) }),
            `intent ${JSON.stringify(intent.slice(0, 20))}`,
          );
        await expectPageOrRedirect(
          await post(api, path, {
            headers: form,
            data: urlencoded([
              ["intent", "review"],
              ["comment", HUGE],
              ["email", HUGE],
              ["password", HUGE],
              ["reviewId", HUGE],
            ]),
          }),
          "100 KB fields",
        );
        await expectPageOrRedirect(await post(api, path, { headers: form, data: "intent=%ZZ&&=&email=%E0%A4&%00=%00" }), "broken percent-encoding");
        await expectPageOrRedirect(
          await post(api, path, {
            multipart: {
              intent: "review",
              rating: "5",
              comment: "\u0000".repeat(50),
              photos: { name: "../../evil.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg onload=alert(1)>") },
            },
          }),
          "multipart with a stray file",
        );
        if (target.longIdPath)
          await expectPageOrRedirect(await post(api, target.longIdPath(ids), { headers: form, data: "intent=cart" }), "a 4,000-character id");

        // Random forms.
        await fc.assert(
          fc.asyncProperty(hostileForm, fc.constantFrom(...INTENTS), async (pairs, intent) => {
            const res = await post(api, path, { headers: form, data: urlencoded([["intent", intent], ...pairs]) });
            await expectPageOrRedirect(res, `random form ${JSON.stringify(pairs).slice(0, 200)}`);
          }),
          { numRuns: 15, seed: 20261123 + TARGETS.indexOf(target) },
        );
        // The posts were made as the role: its session is still there (log-out aside).
        if (role && target.name !== "/logout") {
          const me = (await (await api.get("/api/v1/users/me")).json()) as { user: { role: string } | null };
          expect(me.user?.role).toBe({ couple: "USER", vendor: "VENDOR", admin: "ADMIN", superAdmin: "SUPER_ADMIN" }[role]);
        }
      });
    }
  }
});

/**
 * Bodies over the cap (issue 28): every page action, posted a form just over FORM_BODY_MAX (1 MB,
 * functions/platform/request-body.ts) by the role that uses it, urlencoded and multipart, refuses
 * it before parsing it, saying so: 413 with the cap in the answer, or (pages whose no-script
 * failures are a redirect with a toast) a redirect whose error toast names the cap. Never a 5xx,
 * and nothing is stored: the couple's guests, functions and budget lines stay empty.
 */
test.describe("page form actions refuse a body over the cap, never 5xx", () => {
  test.describe.configure({ mode: "parallel" });
  const TOO_LARGE = "The request body is too large: send at most 1 MB.";
  const OVER = 1024 * 1024 + 1;
  /** Routes that never read a form body (it is drained unread, never parsed), or refuse the link first. */
  const READ_NO_BODY = new Set(["/checklist", "/favorites/:serviceId", "/verify-email"]);
  /**
   * Upload forms: multipart is read part by part by the upload reader, whose own caps (a text field
   * at most 64 KB) refuse first; the photo form reads nothing else (an urlencoded post is a form
   * without a photo: "Choose a photo").
   */
  const UPLOADS = new Set(["/profile/photo", "/admin/templates"]);

  /** The error toast a redirect carries (functions/platform/cookies.ts flash cookie). */
  const toastOf = (res: APIResponse) => {
    const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("mandap_flash="));
    return cookie ? (JSON.parse(decodeURIComponent(cookie.value.slice("mandap_flash=".length).split(";")[0]!)) as { type: string; message: string }) : null;
  };

  for (const target of TARGETS.filter((t) => t.name !== "/logout")) {
    test(`${target.name} as ${target.role ?? "a visitor"}`, async ({ request, page, login, factory }) => {
      test.setTimeout(120_000);
      const ids: Ids = { service: "", servicePath: "" };
      if (target.service) {
        const { service } = await factory.vendorService();
        const canonical = await request.get(`/service/${service.id}`, { maxRedirects: 0 });
        Object.assign(ids, { service: service.id, servicePath: new URL(canonical.headers()["location"] ?? "", origin).pathname });
      }
      let api = request;
      if (target.role) {
        await login({ role: target.role });
        api = page.request;
      }
      const path = target.path(ids);
      const marker = `Oversize${Date.now()}`;
      const fields = { intent: "create", name: marker, eventName: marker, eventDate: "2027-02-14", label: marker, category: "music", content: marker };
      const bodies: [string, Parameters<typeof post>[2]][] = [
        [
          "urlencoded",
          { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: `${urlencoded(Object.entries(fields))}&pad=${"x".repeat(OVER)}` },
        ],
        ["multipart", { multipart: { ...fields, pad: "x".repeat(OVER) } }],
      ];
      for (const [kind, body] of bodies) {
        const res = await post(api, path, body);
        const status = res.status();
        const text = status >= 300 && status < 400 ? "" : await res.text();
        const what = `${kind}: ${status} ${res.headers()["location"] ?? ""} ${JSON.stringify(toastOf(res))} ${text.slice(0, 200)}`;
        expect(status, what).toBeLessThan(500);
        if (READ_NO_BODY.has(target.name) || UPLOADS.has(target.name)) continue;
        if (status >= 300 && status < 400) expect(toastOf(res), what).toEqual({ type: "error", message: TOO_LARGE });
        else {
          expect(status, what).toBe(413);
          expect(text, what).toContain(TOO_LARGE);
        }
      }
      if (target.role === "couple") {
        for (const list of ["/api/v1/guests", "/api/v1/event/getevents", "/api/v1/budget"]) {
          const res = await api.get(list);
          expect(res.status(), list).toBe(200);
          expect(await res.text(), list).not.toContain(marker);
        }
      }
    });
  }
});
