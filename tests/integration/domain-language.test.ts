import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import { call, ORIGIN, signedIn, snapshot } from "#tests/support/factories.ts";
import { postPage, toastOf } from "#tests/support/pages.ts";

/**
 * The domain's own words (issue 32, decision 0046 "The domain's messages"): a refusal or a
 * confirmation is said in the language of the request: the API's (the account's choice, else
 * Accept-Language) and a page's (/hi). The English stays exactly as it was.
 */
async function coupleWhoChose(locale: "en" | "hi") {
  const c = await signedIn("USER");
  await env.DB.prepare("UPDATE users SET locale = ? WHERE id = ?").bind(locale, c.id).run();
  return c;
}

const lines = (userId: string) => snapshot("SELECT * FROM budget_lines WHERE user_id = ? ORDER BY id", userId);

describe("the domain's messages in the request's language", () => {
  it("gives a Hindi couple the API's refusals and confirmations in Hindi, and changes nothing when refused", async () => {
    const c = await coupleWhoChose("hi");
    const before = await lines(c.id);
    const missing = await call("/api/v1/budget/lines/no-such-line", { method: "DELETE", cookie: c.cookie });
    expect({ status: missing.status, language: missing.headers.get("Content-Language"), json: await missing.json() }).toEqual({
      status: 404,
      language: "hi-IN",
      json: { success: false, message: "बजट की वह पंक्ति हमें नहीं मिली।" },
    });
    expect(await lines(c.id)).toBe(before);

    const saved = await call("/api/v1/budget/total", { method: "PUT", cookie: c.cookie, body: { totalBudget: 1500000 } });
    expect(await saved.json()).toMatchObject({ success: true, message: "कुल बजट सेव हो गया।" });
  });

  it("confirms a new verification link in the account's language", async () => {
    const c = await coupleWhoChose("hi");
    await env.DB.prepare("UPDATE users SET is_verified = 0 WHERE id = ?").bind(c.id).run();
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(c.id).first<{ email: string }>())!.email;
    const sent = await call("/api/v1/users/resend-verification", { method: "POST", cookie: c.cookie });
    expect(await sent.json()).toEqual({ success: true, message: `हमने ${email} पर सत्यापन का नया लिंक भेजा है।` });
  });

  it("keeps an English couple's words exactly as before", async () => {
    const c = await coupleWhoChose("en");
    const missing = await call("/api/v1/budget/lines/no-such-line", { method: "DELETE", cookie: c.cookie, headers: { "Accept-Language": "hi" } });
    expect(await missing.json()).toEqual({ success: false, message: "We could not find that budget line." });
  });

  it("shows a Hindi page's form refusal and its toast in Hindi, and the English page's in English", async () => {
    const c = await coupleWhoChose("hi");
    const refused = await postPage("/hi/profile/weddingbudget", { intent: "delete-line", lineId: "no-such-line" }, c.cookie);
    expect(await refused.json()).toMatchObject({ ok: false, intent: "delete-line", message: "बजट की वह पंक्ति हमें नहीं मिली।" });
    expect(toastOf(await postPage("/hi/profile/weddingbudget", { intent: "total", totalBudget: "1500000" }, c.cookie))?.message).toBe("कुल बजट सेव हो गया।");

    const english = await postPage("/profile/weddingbudget", { intent: "delete-line", lineId: "no-such-line" }, c.cookie);
    expect(await english.json()).toMatchObject({ ok: false, message: "We could not find that budget line." });
  });

  it("says a page's own toasts in Hindi on a Hindi page: plurals, a task's new status, a guest import with a row left out, an unknown form", async () => {
    const c = await coupleWhoChose("hi");
    const added = await postPage(
      "/hi/profile/weddingplan",
      { intent: "create", eventName: "Sangeet", eventDate: "2027-02-13", eventBudget: "150000" },
      c.cookie,
    );
    expect(toastOf(added)?.message).toBe("Sangeet आपकी योजना में जोड़ दिया गया।");
    const eventId = (await env.DB.prepare("SELECT id FROM events WHERE user_id = ? AND name = 'Sangeet'").bind(c.id).first<string>("id"))!;

    const task = await postPage(`/hi/profile/weddingplan/${eventId}`, { intent: "task", name: "Book the dhol", priority: "HIGH" }, c.cookie);
    expect(toastOf(task)?.message).toBe("काम “Book the dhol” जोड़ दिया गया।");
    const taskId = (await env.DB.prepare("SELECT id FROM tasks WHERE event_id = ?").bind(eventId).first<string>("id"))!;
    const done = await postPage(`/hi/profile/weddingplan/${eventId}`, { intent: "task-status", taskId, status: "DONE" }, c.cookie);
    expect(toastOf(done)?.message).toBe("“Book the dhol” हो गया।");

    const csv = new File(["Name,City\nKiran Rao,Pune\nAsha Rao,Pune\n,Nowhere\n"], "guests.csv", { type: "text/csv" });
    const imported = await postPage("/hi/profile/guests", { intent: "import", file: csv }, c.cookie);
    expect(await imported.json()).toMatchObject({ ok: true, intent: "import", message: "2 मेहमान इम्पोर्ट हुए; 1 पंक्ति इम्पोर्ट नहीं हुई।" });

    const unknown = await postPage("/hi/profile/weddingplan", { intent: "dance" }, c.cookie);
    expect(await unknown.json()).toMatchObject({ ok: false, message: "यह काम पहचाना नहीं गया।" });

    const english = await postPage("/profile/weddingplan", { intent: "create", eventName: "Mehendi", eventDate: "2027-02-12", eventBudget: "50000" }, c.cookie);
    expect(toastOf(english)?.message).toBe("Mehendi added to your plan.");
  });

  it("says how long to wait before a new code in the same language", async () => {
    const ask = (language: string) => call("/api/v1/phone/code", { method: "POST", body: { phone: "9876501234" }, headers: { "Accept-Language": language } });
    await ask("en");
    const again = await ask("hi");
    expect(again.status).toBe(429);
    expect(((await again.json()) as { message: string }).message).toMatch(/^इस नंबर पर अभी-अभी कोड भेजा गया है। आप \d+ सेकंड बाद नया कोड माँग सकते हैं।$/);
  });
});

describe("the Worker's own error texts", () => {
  const failing = createWorker(async (request) => {
    if (new URL(request.url).pathname.endsWith("/html"))
      return new Response("<html><body><p data-request-ref hidden></p></body></html>", { status: 500, headers: { "Content-Type": "text/html" } });
    throw new Error("the page's render failed");
  });
  const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
    const res = await failing.fetch(
      new Request(`${ORIGIN}${path}`, { headers }),
      env as never,
      { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
    );
    return { status: res.status, id: res.headers.get("X-Request-Id"), text: await res.text() };
  };

  it("writes the plain 500 in the page's language, or the switch's choice, with its reference", async () => {
    const hindi = await fetchPage("/hi/profile");
    expect(hindi).toMatchObject({ status: 500, text: `हमारी तरफ़ कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें। (संदर्भ: ${hindi.id})` });
    const chosen = await fetchPage("/profile", { Cookie: "mandap_lang=hi" });
    expect(chosen.text).toBe(`हमारी तरफ़ कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें। (संदर्भ: ${chosen.id})`);
    const english = await fetchPage("/profile");
    expect(english.text).toBe(`Something went wrong on our side. Please try again. (Reference: ${english.id})`);
  });

  it("fills the error screen's reference line in the page's language", async () => {
    const hindi = await fetchPage("/hi/html");
    expect(hindi.text).toContain(`<p data-request-ref>संदर्भ: ${hindi.id}</p>`);
    const english = await fetchPage("/html");
    expect(english.text).toContain(`<p data-request-ref>Reference: ${english.id}</p>`);
  });
});
