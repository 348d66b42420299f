import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptedLocale } from "#platform/locale.ts";
import { call, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";

/**
 * The JSON API answers in the caller's language (issue 32): the signed-in person's saved choice
 * (users.locale), else the client's Accept-Language, else English; Content-Language says which.
 */
type Json = { success: boolean; message?: string; errors?: Record<string, string> };

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string; language?: string } = {}) {
  const res = await call(`/api/v1${path}`, {
    method: init.method ?? "GET",
    body: init.body,
    cookie: init.cookie,
    headers: init.language ? { "Accept-Language": init.language } : {},
  });
  return { status: res.status, language: res.headers.get("Content-Language"), json: (await res.json()) as Json };
}

async function vendorWhoChose(locale: "en" | "hi" | null) {
  const v = await createVendor();
  await env.DB.prepare("UPDATE users SET locale = ? WHERE id = ?").bind(locale, v.id).run();
  return { ...v, cookie: await sessionCookieFor(v.id) };
}

const vendorRow = (id: string) => snapshot("SELECT * FROM vendors WHERE user_id = ?", id);

describe("the API's language", () => {
  it("gives a Hindi vendor's 400 in Hindi, naming the field, and changes nothing", async () => {
    const v = await vendorWhoChose("hi");
    const before = await vendorRow(v.id);
    const res = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { name: "K", phone_number: "12345" } });
    expect(res).toEqual({
      status: 400,
      language: "hi-IN",
      json: {
        success: false,
        message: "कृपया लाल निशान वाले खाने ठीक करें।",
        errors: { name: "कृपया अपने बिज़नेस का नाम लिखें।", phone_number: "10 अंकों का मोबाइल नंबर लिखें।" },
      },
    });
    expect(await vendorRow(v.id)).toBe(before);
  });

  it("keeps an English vendor's answers exactly as before", async () => {
    const v = await vendorWhoChose("en");
    const res = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { name: "K" }, language: "hi-IN" });
    expect(res).toEqual({
      status: 400,
      language: "en-IN",
      json: { success: false, message: "Please correct the highlighted fields.", errors: { name: "Please enter your business name." } },
    });
  });

  it("follows Accept-Language when the caller has not chosen (or is not signed in)", async () => {
    const v = await vendorWhoChose(null);
    expect((await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { name: "K" }, language: "hi" })).json.errors).toEqual({
      name: "कृपया अपने बिज़नेस का नाम लिखें।",
    });
    expect(await api("/vendors/update", { method: "PATCH", body: { name: "Kesar" }, language: "hi-IN,hi;q=0.9,en;q=0.8" })).toEqual({
      status: 401,
      language: "hi-IN",
      json: { success: false, message: "आगे बढ़ने के लिए कृपया लॉग इन करें।" },
    });
    expect(await api("/no-such-thing", { language: "hi" })).toEqual({
      status: 404,
      language: "hi-IN",
      json: { success: false, message: "ऐसा कोई API एंडपॉइंट नहीं है।" },
    });
    expect(await api("/no-such-thing")).toEqual({ status: 404, language: "en-IN", json: { success: false, message: "No such API endpoint." } });
  });

  it("says a saved Hindi choice even when the client asks for English, and confirmations too", async () => {
    const v = await vendorWhoChose("hi");
    const refused = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { city: "J" }, language: "en" });
    expect(refused.json.errors).toEqual({ city: "कृपया अपना शहर लिखें।" });
    const saved = await api("/vendors/update", { method: "PATCH", cookie: v.cookie, body: { tagline: "Rajasthani thali for 500 guests" } });
    expect(saved).toMatchObject({ status: 200, language: "hi-IN", json: { success: true, message: "आपकी बिज़नेस प्रोफ़ाइल अपडेट हो गई है।" } });
  });

  it("reads Accept-Language by its weights, and English when it names neither language", () => {
    expect(acceptedLocale("hi")).toBe("hi");
    expect(acceptedLocale("hi-IN")).toBe("hi");
    expect(acceptedLocale("en;q=0.9, hi;q=0.8")).toBe("en");
    expect(acceptedLocale("fr-FR, hi;q=0.5")).toBe("hi");
    expect(acceptedLocale("fr-FR, de;q=0.5")).toBe("en");
    expect(acceptedLocale("hi;q=0, en;q=0.1")).toBe("en");
    expect(acceptedLocale("")).toBe("en");
    expect(acceptedLocale(null)).toBe("en");
    expect(acceptedLocale("x".repeat(5000))).toBe("en");
  });

  it("is documented in the OpenAPI document: Accept-Language asked, Content-Language on every answer", async () => {
    const res = await call("/api/v1/openapi.json", { headers: { "Accept-Language": "hi" } });
    const doc = (await res.json()) as {
      info: { description: string };
      paths: Record<
        string,
        Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>
      >;
    };
    expect(doc.info.description).toContain("Content-Language");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(100);
    for (const op of operations) {
      expect(op.parameters).toContainEqual(expect.objectContaining({ name: "Accept-Language", in: "header" }));
      for (const response of Object.values(op.responses)) expect(Object.keys(response.headers ?? {})).toEqual(["Content-Language"]);
    }
    // The document stays English for a Hindi caller (its descriptions quote messages).
    expect(doc.paths["/api/v1/users/register"]?.post?.responses["400"]?.description).toBe("Invalid input");
  });
});
