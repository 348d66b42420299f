import { describe, expect, it } from "vitest";
import { call, signedIn } from "#tests/support/factories.ts";

/**
 * Issue 28: the spec writes some paths with a trailing slash (GET and POST /userDataTemplate/,
 * /guests/ ...) and those answered 404. A trailing slash is now the same path across the API, with
 * the same access rules (a visitor still gets 401).
 */
describe("a trailing slash is the same API path", () => {
  it("GET and POST /userDataTemplate/ and GET /guests/ answer as without the slash", async () => {
    const me = await signedIn("USER");
    const paths = ["/api/v1/userDataTemplate", "/api/v1/guests"];
    for (const path of paths) {
      const plain = await call(path, { cookie: me.cookie });
      const slashed = await call(`${path}/`, { cookie: me.cookie });
      expect([path, slashed.status]).toEqual([path, plain.status]);
      expect(plain.status).toBe(200);
      expect(await slashed.json()).toEqual(await plain.json());
    }
    // A POST reaches the same handler: the same answer to the same body as without the slash.
    const post = (path: string) => call(path, { method: "POST", cookie: me.cookie, body: { templateId: "no-such-template" } });
    const plain = await post("/api/v1/userDataTemplate");
    const slashed = await post("/api/v1/userDataTemplate/");
    expect(slashed.status).toBe(plain.status);
    expect(await slashed.json()).toEqual(await plain.json());
  });

  it("a visitor still gets 401 with the slash", async () => {
    expect((await call("/api/v1/userDataTemplate/")).status).toBe(401);
    expect((await call("/api/v1/guests/", { method: "POST", body: { name: "Asha" } })).status).toBe(401);
  });
});
