import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "#app/lib/api-fetch.ts";

/** The client's API wrapper: any 401 clears the client's state by reloading the page (spec section 4). */
function stub(status: number, body: unknown) {
  const reload = vi.fn();
  vi.stubGlobal("window", { location: { reload } });
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return { reload, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("reloads the page on a 401 and never settles", async () => {
    const { reload } = stub(401, { success: false, message: "Please log in to continue." });
    let settled = false;
    void apiFetch("/users/me").then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it("does not reload for a wrong password at log-in", async () => {
    const { reload } = stub(401, { success: false, message: "The e-mail address or password is not correct." });
    const { status, body } = await apiFetch("/users/login", { body: { email: "a@b.example", password: "x" } });
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it("sends JSON with the session cookie and returns the body", async () => {
    const { fetchMock, reload } = stub(200, { success: true, message: "Logged out successfully." });
    const { body } = await apiFetch("/users/logout", { method: "POST" });
    expect(body).toEqual({ success: true, message: "Logged out successfully." });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/users/logout");
    expect(init.credentials).toBe("same-origin");
    expect(reload).not.toHaveBeenCalled();
  });
});
