import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseIndianMobile } from "#shared/phone-schemas.ts";
import { msg91Transport, smsServiceFor, smsTransportFor, storedSmsText } from "#platform/sms.ts";
import { call, createUser, sessionCookieFor, worker } from "#tests/support/factories.ts";

/** Sign-in with an Indian mobile number and a one-time code by SMS (issue 32, docs/decisions/0047). */
let serial = 0;
/** A fresh mobile number per test, "+9198xxxxxxxx". */
const freshPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++serial % 100).padStart(2, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SMS go after the answer (waitUntil): the newest code texted to the number. */
async function codeSentTo(phone: string, timeoutMs = 3000): Promise<string | null> {
  for (const start = Date.now(); ;) {
    const row = await env.DB.prepare("SELECT text FROM sms_outbox WHERE to_phone = ? ORDER BY created_at DESC, id DESC LIMIT 1")
      .bind(phone)
      .first<{ text: string }>();
    const code = row ? (/^(\d{6}) is your Mandap code/.exec(row.text)?.[1] ?? null) : null;
    if (code || Date.now() - start > timeoutMs) return code;
    await sleep(25);
  }
}
type Answer = Record<string, unknown> & {
  message: string;
  errors: Record<string, string>;
  user: Record<string, unknown> & { id: string; verified_phone: string };
};
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Answer });
const askCode = (phone: string) => call("/api/v1/phone/code", { method: "POST", body: { phone } });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const EDGE = "https://mandap.example";
let edgeIp = 0;
const freshEdgeIp = () => `2001:db8:32:${(++edgeIp).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
/** A request as Cloudflare's edge delivers it: the only case where per-address limits apply. */
const fromEdge = (path: string, ip: string, body: unknown) =>
  worker.fetch(`${EDGE}${path}`, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json", Origin: EDGE },
    body: JSON.stringify(body),
    cf: {},
  } as RequestInit);

describe("Indian mobile numbers", () => {
  it("are accepted as people write them and stored in E.164", () => {
    for (const written of [
      "9812345678",
      "98123 45678",
      "+91 98123 45678",
      "+91-98123-45678",
      "09812345678",
      "091 98123 45678",
      "919812345678",
      "0091 9812345678",
      "(+91) 98123.45678",
    ])
      expect(parseIndianMobile(written), written).toEqual({ ok: true, e164: "+919812345678" });
  });

  it("refuse anything else with a message that says what is wrong", () => {
    expect(parseIndianMobile("")).toEqual({ ok: false, message: "Please enter your mobile number." });
    for (const foreign of ["+1 415 555 0100", "+44 7700 900123", "0044 7700 900123"])
      expect(parseIndianMobile(foreign), foreign).toEqual({ ok: false, message: "Only Indian mobile numbers (+91) can be used." });
    for (const bad of ["5812345678", "981234567", "98123456789", "+91 5812345678", "022 2345 6789", "98123abcde", "1".repeat(40)])
      expect(parseIndianMobile(bad), bad).toEqual({ ok: false, message: "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9." });
  });

  it("get a 400 naming the field from the API, and nothing is sent", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox").first<{ n: number }>();
    const { status, body } = await json(await askCode("+1 415 555 0100"));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errors: { phone: "Only Indian mobile numbers (+91) can be used." } });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});

describe("one-time codes", () => {
  it("are 6 digits, stored only as an HMAC, valid 5 minutes", async () => {
    const phone = freshPhone();
    const { status, body } = await json(await askCode(phone));
    expect(status).toBe(202);
    expect(body).toMatchObject({ success: true, phone, resendAfterSeconds: 30, expiresInSeconds: 300 });
    const code = (await codeSentTo(phone))!;
    expect(code).toMatch(/^\d{6}$/);
    const row = await env.DB.prepare("SELECT * FROM phone_codes WHERE phone = ?").bind(phone).first<Record<string, unknown>>();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect((row!.expires_at as number) - (row!.sent_at as number)).toBe(5 * 60_000);
    // Expired: the right code no longer works.
    await env.DB.prepare("UPDATE phone_codes SET expires_at = ? WHERE phone = ?")
      .bind(Date.now() - 1, phone)
      .run();
    const late = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code } }));
    expect(late.status).toBe(400);
    expect(late.body.errors.code).toBe("This code has expired or was never sent. Please ask for a new code.");
  });

  it("answer the same whether or not the number has an account, and text the same words", async () => {
    const known = freshPhone();
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET verified_phone = ? WHERE id = ?").bind(known, user.id).run();
    const unknown = freshPhone();
    const a = await json(await askCode(known));
    const b = await json(await askCode(unknown));
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    expect(a.body.message.replace(/\+91 \d{5} \d{5}/, "N")).toBe(b.body.message.replace(/\+91 \d{5} \d{5}/, "N"));
    const texts = await Promise.all(
      [known, unknown].map(async (p) => {
        await codeSentTo(p);
        return (await env.DB.prepare("SELECT text FROM sms_outbox WHERE to_phone = ?").bind(p).first<{ text: string }>())!.text.replace(/^\d{6}/, "C");
      }),
    );
    expect(texts[0]).toBe(texts[1]);
  });

  it("can be asked again only after 30 seconds (429 with Retry-After)", async () => {
    const phone = freshPhone();
    expect((await askCode(phone)).status).toBe(202);
    const again = await askCode(phone);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await again.json()) as { message: string }).message).toMatch(/You can ask for a new one in \d+ seconds/);
    await env.DB.prepare("UPDATE phone_codes SET sent_at = sent_at - 31000 WHERE phone = ?").bind(phone).run();
    expect((await askCode(phone)).status).toBe(202);
  });

  it("of two requests at once for one number, only one sends a code", async () => {
    const phone = freshPhone();
    const answers = await Promise.all([askCode(phone), askCode(phone), askCode(phone)]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 429, 429]);
  });

  it("allow at most 5 tries in all, also when guessed in parallel", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = (await codeSentTo(phone))!;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((g) => call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: g } }).then(json)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    // Tries 1-4 say how many are left, the fifth and every later one that the code is used up.
    expect(answers.filter((a) => /^That code is not right\. \d tr(y|ies) left\.$/.test(a.body.errors.code ?? "")).length).toBe(4);
    expect(answers.filter((a) => a.body.errors.code === "Too many wrong codes. Please ask for a new code.").length).toBe(8);
    const row = await env.DB.prepare("SELECT attempts FROM phone_codes WHERE phone = ?").bind(phone).first<{ attempts: number }>();
    expect(row!.attempts).toBe(5);
    // The right code after the five tries is refused too.
    const right = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code } }));
    expect(right.status).toBe(400);
    expect(right.body.errors.code).toBe("Too many wrong codes. Please ask for a new code.");
  });

  it("say how many tries are left", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = (await codeSentTo(phone))!;
    const first = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: wrongCodeFor(code) } }));
    expect(first.body.errors.code).toBe("That code is not right. 4 tries left.");
  });

  it("are limited per number (5 an hour) and per client address", async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      expect((await askCode(phone)).status, `code ${i + 1}`).toBe(202);
      await env.DB.prepare("UPDATE phone_codes SET sent_at = sent_at - 31000 WHERE phone = ?").bind(phone).run();
    }
    const sixth = await json(await askCode(phone));
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many codes were sent to this number/);

    const ip = freshEdgeIp();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await fromEdge("/api/v1/phone/code", ip, { phone: freshPhone() })).status);
    expect(answers.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(answers[30]).toBe(429);
    // Another network is not affected.
    expect((await fromEdge("/api/v1/phone/code", freshEdgeIp(), { phone: freshPhone() })).status).toBe(202);
  }, 60_000);
});

describe("signing up and in with only a mobile number", () => {
  it("a couple: the code asks for a name, then makes a verified account without e-mail or password, and signs in later", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = (await codeSentTo(phone))!;
    const asked = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone: phone.replace("+91", "0"), code } }));
    expect(asked).toMatchObject({ status: 200, body: { success: true, needsSignup: true, fields: ["user_name"], user: null } });
    const created = await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code, user_name: "Asha Rao" } });
    expect(created.status).toBe(201);
    const cookie = created.headers.get("Set-Cookie")!.split(";")[0]!;
    const body = (await created.json()) as { user: Record<string, unknown>; home: string };
    expect(body.user).toMatchObject({ email: null, verified_phone: phone, phone, role: "USER", has_password: false, user_name: "Asha Rao" });
    const me = (await (await call("/api/v1/users/me", { cookie })).json()) as { isLoggedIn: boolean };
    expect(me.isLoggedIn).toBe(true);
    // The code was spent.
    expect((await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code } })).status).toBe(400);
    // Later: a new code signs in to the same account.
    await env.DB.prepare("UPDATE phone_codes SET sent_at = sent_at - 31000 WHERE phone = ?").bind(phone).run();
    await env.DB.prepare("DELETE FROM sms_outbox WHERE to_phone = ?").bind(phone).run();
    await askCode(phone);
    const again = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: (await codeSentTo(phone))! } }));
    expect(again.status).toBe(200);
    expect(again.body.user.verified_phone).toBe(phone);
    // Mail to the account is skipped: nothing is written to the outbox with an empty address.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ''").first<{ n: number }>())!.n).toBe(0);
  });

  it("a vendor: the business details make a vendor account with its profile and free trial; the couples' door refuses it", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = (await codeSentTo(phone))!;
    const asked = await json(await call("/api/v1/phone/vendor-sign-in", { method: "POST", body: { phone, code, user_name: "Ravi" } }));
    expect(asked.body).toMatchObject({ needsSignup: true, fields: ["name", "business_category", "state", "city"] });
    const created = await json(
      await call("/api/v1/phone/vendor-sign-in", {
        method: "POST",
        body: { phone, code, user_name: "Ravi Kumar", name: "Ravi Tent House", business_category: "Tent House", state: "Rajasthan", city: "Jaipur" },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ role: "VENDOR", email: null, verified_phone: phone, vendor: { name: "Ravi Tent House", email: null } });
    const vendorId = created.body.user.id as string;
    const trial = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE vendor_id = ? AND is_trial = 1").bind(vendorId).first<{ n: number }>();
    const trialPlans = await env.DB.prepare("SELECT count(*) AS n FROM plans WHERE is_trial = 1 AND is_active = 1").first<{ n: number }>();
    expect(trial!.n).toBe(trialPlans!.n > 0 ? 1 : 0);
    await env.DB.prepare("UPDATE phone_codes SET sent_at = sent_at - 31000 WHERE phone = ?").bind(phone).run();
    await env.DB.prepare("DELETE FROM sms_outbox WHERE to_phone = ?").bind(phone).run();
    await askCode(phone);
    const wrongDoor = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: (await codeSentTo(phone))! } }));
    expect(wrongDoor).toMatchObject({ status: 403, body: { message: "This is a vendor account. Please log in through Vendor Login." } });
  });

  it("bad sign-up fields get 400 naming them and change nothing", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = (await codeSentTo(phone))!;
    const bad = await json(
      await call("/api/v1/phone/vendor-sign-in", {
        method: "POST",
        body: { phone, code, user_name: "Ravi", name: "Ravi Tents", business_category: "Not a category", state: "Rajasthan", city: "Jaipur" },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.business_category).toBe("Choose your business category from the list.");
    expect(await env.DB.prepare("SELECT id FROM users WHERE verified_phone = ?").bind(phone).first()).toBeNull();
  });
});

describe("an existing account adds its mobile number", () => {
  it("verifies it with a code and can then sign in either way", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const phone = freshPhone();
    expect((await call("/api/v1/phone/add-code", { method: "POST", body: { phone }, cookie })).status).toBe(202);
    const code = (await codeSentTo(phone))!;
    // The add-code is not a sign-in code.
    expect((await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code } })).status).toBe(400);
    const added = await json(await call("/api/v1/phone/add", { method: "POST", body: { phone, code }, cookie }));
    expect(added.status).toBe(200);
    expect(added.body.user).toMatchObject({ email: user.email, verified_phone: phone });
    await askCode(phone);
    const viaPhone = await json(await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: (await codeSentTo(phone))! } }));
    expect(viaPhone.status).toBe(200);
    expect(viaPhone.body.user.id).toBe(user.id);
  });

  it("cannot add a number verified on another account (409, said only after the right code)", async () => {
    const owner = await createUser();
    const phone = freshPhone();
    await env.DB.prepare("UPDATE users SET verified_phone = ? WHERE id = ?").bind(phone, owner.id).run();
    const other = await createUser();
    const cookie = await sessionCookieFor(other.id);
    expect((await call("/api/v1/phone/add-code", { method: "POST", body: { phone }, cookie })).status).toBe(202);
    const code = (await codeSentTo(phone))!;
    const wrong = await json(await call("/api/v1/phone/add", { method: "POST", body: { phone, code: wrongCodeFor(code) }, cookie }));
    expect(wrong.status).toBe(400);
    const taken = await json(await call("/api/v1/phone/add", { method: "POST", body: { phone, code }, cookie }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors.phone).toMatch(/already verified on another Mandap account/);
    const row = await env.DB.prepare("SELECT verified_phone FROM users WHERE id = ?").bind(other.id).first<{ verified_phone: string | null }>();
    expect(row!.verified_phone).toBeNull();
  });

  it("needs a signed-in account (401 before the body is read)", async () => {
    expect((await call("/api/v1/phone/add-code", { method: "POST", body: "{not json" })).status).toBe(401);
    expect((await call("/api/v1/phone/add", { method: "POST", body: { phone: freshPhone(), code: "123456" } })).status).toBe(401);
  });
});

describe("the SMS adapter", () => {
  it("keeps the whole text only in the local smsbox; a real provider's copy has the code masked", () => {
    expect(storedSmsText("123456 is your Mandap code.", true)).toBe("123456 is your Mandap code.");
    expect(storedSmsText("123456 is your Mandap code.", false)).toBe("•••••• is your Mandap code.");
  });

  it("is the smsbox by default, fails saying why when production has none, and MSG91 with its key", () => {
    expect(smsTransportFor({}).name).toBe("smsbox");
    expect(smsTransportFor({ APP_ENV: "production" }).name).toBe("none");
    expect(smsTransportFor({ SMS_TRANSPORT: "msg91", MSG91_AUTH_KEY: "k" }).name).toBe("msg91");
    expect(smsTransportFor({ SMS_TRANSPORT: "msg91" }).name).toBe("none");
  });

  it("sends MSG91 the DLT template id and the code, and records a refusal as FAILED with the reason", async () => {
    const seen: { url: string; headers: Headers; body: unknown }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return seen.length === 1
        ? Response.json({ type: "success", message: "req-1" })
        : Response.json({ type: "error", message: "Invalid template" }, { status: 400 });
    }) as typeof fetch;
    try {
      const sms = smsServiceFor(env as never, { transport: msg91Transport("auth-key", { LOGIN_CODE: "1207160000000000001" }, "https://msg91.test/flow") });
      const phone = freshPhone();
      const ok = await sms.send({ to: phone, template: "LOGIN_CODE", vars: { code: "123456" }, text: "123456 is your Mandap code." });
      expect(ok.status).toBe("SENT");
      expect(seen[0]).toMatchObject({
        url: "https://msg91.test/flow",
        body: { template_id: "1207160000000000001", recipients: [{ mobiles: phone.slice(1), code: "123456" }] },
      });
      expect(seen[0]!.headers.get("authkey")).toBe("auth-key");
      const failed = await sms.send({ to: phone, template: "LOGIN_CODE", vars: { code: "654321" }, text: "654321 is your Mandap code." });
      expect(failed.status).toBe("FAILED");
      const rows = await env.DB.prepare("SELECT status, text, error FROM sms_outbox WHERE to_phone = ? ORDER BY created_at, id")
        .bind(phone)
        .all<Record<string, string>>();
      expect(rows.results.map((r) => r.text)).toEqual(["•••••• is your Mandap code.", "•••••• is your Mandap code."]);
      expect(rows.results[1]!.error).toMatch(/HTTP 400/);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe("the code's SMS in the person's language (issue 32)", () => {
  const textTo = async (phone: string) => {
    for (const start = Date.now(); ;) {
      const row = await env.DB.prepare("SELECT text FROM sms_outbox WHERE to_phone = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(phone)
        .first<{ text: string }>();
      if (row || Date.now() - start > 3000) return row?.text ?? null;
      await sleep(25);
    }
  };
  const askIn = (phone: string, language: string) => call("/api/v1/phone/code", { method: "POST", body: { phone }, headers: { "Accept-Language": language } });

  it("a number without an account gets the asking page's language; a number with an account, the account's", async () => {
    const hindiAsker = freshPhone();
    expect((await askIn(hindiAsker, "hi-IN,hi;q=0.9")).status).toBe(202);
    expect(await textTo(hindiAsker)).toMatch(/^\d{6} आपका Mandap कोड है। यह 5 मिनट तक मान्य है। इसे किसी को न बताएँ। - Mandap$/);
    const englishAsker = freshPhone();
    expect((await askIn(englishAsker, "en-IN")).status).toBe(202);
    expect(await textTo(englishAsker)).toMatch(/^\d{6} is your Mandap code\. It is valid for 5 minutes\./);

    const owner = await createUser({ userName: "Savitri" });
    const phone = freshPhone();
    await env.DB.prepare("UPDATE users SET verified_phone = ?, locale = 'hi' WHERE id = ?").bind(phone, owner.id).run();
    expect((await askIn(phone, "en-IN")).status).toBe(202);
    expect(await textTo(phone)).toMatch(/^\d{6} आपका Mandap कोड है।/);
  });

  it("MSG91 gets the Hindi DLT template for a Hindi reader, and the English one (stored as English) while no Hindi template is configured", async () => {
    const seen: { template_id: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(JSON.parse(String(init?.body)) as { template_id: string });
      return Response.json({ type: "success", message: `req-${seen.length}` });
    }) as typeof fetch;
    try {
      const text = (locale: "en" | "hi") => (locale === "hi" ? "123456 आपका Mandap कोड है।" : "123456 is your Mandap code.");
      const both = smsServiceFor(env as never, { transport: msg91Transport("k", { LOGIN_CODE: { en: "1207-en", hi: "1207-hi" } }, "https://msg91.test/flow") });
      const englishOnly = smsServiceFor(env as never, { transport: msg91Transport("k", { LOGIN_CODE: "1207-en" }, "https://msg91.test/flow") });
      const a = freshPhone();
      const b = freshPhone();
      expect((await both.send({ to: a, template: "LOGIN_CODE", vars: { code: "123456" }, locale: "hi", text })).status).toBe("SENT");
      expect((await englishOnly.send({ to: b, template: "LOGIN_CODE", vars: { code: "123456" }, locale: "hi", text })).status).toBe("SENT");
      expect(seen.map((s) => s.template_id)).toEqual(["1207-hi", "1207-en"]);
      expect(await textTo(a)).toBe("•••••• आपका Mandap कोड है।");
      expect(await textTo(b)).toBe("•••••• is your Mandap code.");
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
