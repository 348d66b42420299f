import http from "node:http";
import { expect, test } from "./fixtures.ts";

/**
 * The Worker's edges on the local server (`vite preview` -> Miniflare -> workerd, as `npm start`
 * runs it): unread request bodies, page form posts of the wrong type, and Cache-Control on pages.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;

type Answer = { status: number; text: string };

/** One request on the agent's connection (node's http, so keep-alive is under our control). */
function send(agent: http.Agent, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "localhost",
        port,
        method,
        path,
        agent,
        headers: { Origin: origin, ...headers, ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

test.describe("the local server", () => {
  test("answers the next request on a keep-alive connection after answering before reading a body", async () => {
    test.setTimeout(60_000);
    // One socket: every request after the first reuses the connection the unread upload was on.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const upload = JSON.stringify({ pad: "x".repeat(200_000) });
    const json = { "Content-Type": "application/json" };
    // Each answers without reading the body: logout, a 401 before validation, a cross-site 403.
    const early: [string, string, Record<string, string>, number][] = [
      ["POST", "/api/v1/users/logout", json, 200],
      ["PUT", "/api/v1/services/makeLead/some-service", json, 401],
      ["PATCH", "/api/v1/users", json, 401],
      ["POST", "/api/v1/users/logout", { ...json, Origin: "https://evil.example" }, 403],
    ];
    const failures: string[] = [];
    try {
      for (let round = 0; round < 4; round++) {
        for (const [method, path, headers, expected] of early) {
          const first = await send(agent, method, path, upload, headers);
          if (first.status !== expected) failures.push(`${method} ${path}: ${first.status} ${first.text.slice(0, 120)}`);
          const next = await send(agent, "GET", "/api/v1/services/get-location");
          if (next.status !== 200) failures.push(`GET after ${method} ${path}: ${next.status} ${next.text.slice(0, 120)}`);
        }
      }
    } finally {
      agent.destroy();
    }
    expect(failures).toEqual([]);
  });

  test("page form posts that are not forms are refused with 415 or 400 and a message, never 500", async ({ request }) => {
    const post = (path: string, headers: Record<string, string>, data?: string) =>
      request.post(path, { headers: { Origin: origin, ...headers }, data, maxRedirects: 0 });
    for (const path of ["/login", "/signup", "/profile", "/logout", "/favorites/some-service"]) {
      const asJson = await post(path, { "Content-Type": "application/json" }, JSON.stringify({ email: "a@b.example" }));
      expect(asJson.status(), `${path} JSON`).toBe(415);
      expect(await asJson.text()).toContain("application/x-www-form-urlencoded");
      expect((await post(path, { "Content-Type": "text/plain" }, "email=a@b.example")).status(), `${path} text`).toBe(415);
      const noBoundary = await post(path, { "Content-Type": "multipart/form-data" }, "--x\r\n");
      expect(noBoundary.status(), `${path} multipart without a boundary`).toBe(400);
      expect(await noBoundary.text()).toContain("multipart boundary");
    }
    // A boundary that the body does not use: the login form says so (400), nothing crashes.
    const wrongBoundary = await post("/login", { "Content-Type": "multipart/form-data; boundary=abc" }, "--xyz\r\nnot a part\r\n--xyz--\r\n");
    expect(wrongBoundary.status()).toBe(400);
    expect(await wrongBoundary.text()).toContain("does not match its multipart boundary");
  });
});

test.describe("caching of personal pages", () => {
  test("a signed-in couple's pages are private, no-store; public pages for a visitor are not", async ({ browser, page, login }) => {
    const visitor = await browser.newContext();
    // A second visit: the first sets the first-visit cookie (a page that sets a cookie is personal too).
    await visitor.request.get("/");
    const publicPage = await visitor.request.get("/all/wedding-vendor");
    expect(publicPage.status()).toBe(200);
    expect(publicPage.headers()["cache-control"] ?? "").not.toContain("no-store");
    // Sign-up answers 202 "check your inbox" (docs/decisions/0013), and that answer is not cached either.
    const signup = await visitor.request.post("/api/v1/users/register", {
      headers: { Origin: origin },
      data: { user_name: "Cache Test", email: `cache.${Date.now().toString(36)}@example.com`, password: "Shaadi2027", confirmPassword: "Shaadi2027" },
    });
    expect(signup.status(), await signup.text()).toBe(202);
    expect(signup.headers()["cache-control"]).toBe("private, no-store");
    await visitor.close();

    // A couple signed in (a fresh account, finished through the mailed link).
    await login({ role: "couple" });
    for (const path of ["/", "/profile", "/all/wedding-vendor"]) {
      const answer = await page.request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }
    expect((await page.request.get("/api/v1/users/me")).headers()["cache-control"]).toBe("private, no-store");
  });
});
