import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFailure, pagePath, readForm } from "#app/lib/page-errors.server.ts";
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized } from "#domain/core/index.ts";

/** The one error translator's rules for form actions (app/lib/page-errors.server.ts). */
type Answer = { init: ResponseInit | null; data: unknown };
const post = (url: string, body?: Record<string, string>) =>
  new Request(url, { method: "POST", ...(body ? { body: new URLSearchParams(body), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}) });
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("nothing was thrown");
};

describe("form failures", () => {
  it("sends a visitor on a protected action to log in and back to the page (its query kept, React Router's own dropped)", () => {
    const res = thrown(() => formFailure(new Unauthorized(), post("http://localhost/profile.data?index&_routes=x&tab=2"))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile?tab=2")}`);
    // The log-in page says why the visitor is there.
    expect(decodeURIComponent(res.headers.get("set-cookie") ?? "")).toContain("Please log in to continue.");
  });

  it("sends a visitor on a vendor's own page to the vendors' door", () => {
    const res = thrown(() => formFailure(new Unauthorized(), post("http://localhost/vendor-change-password"))) as Response;
    expect(res.headers.get("location")).toBe(`/vendorLogin?redirectTo=${encodeURIComponent("/vendor-change-password")}`);
  });

  it("shows a sign-in form's own 401 (wrong e-mail or password) on the form, with what was typed but no password", async () => {
    const request = post("http://localhost/login", { email: "asha@example.in", password: "secret-pass" });
    await readForm(request, z.object({ email: z.string(), password: z.string() }));
    const res = formFailure(new Unauthorized("The e-mail address or password is not correct."), request, { signInForm: true }) as unknown as Answer;
    expect(res.init?.status).toBe(401);
    expect(res.data).toEqual({ ok: false, message: "The e-mail address or password is not correct.", errors: {}, values: { email: "asha@example.in" } });
  });

  it("answers every other domain error in one shape with the API's status, the form's intent and its field messages", () => {
    const request = post("http://localhost/profile");
    const cases: [Error, number, Record<string, string>][] = [
      [new Invalid("Fix these", { phone: "Enter a valid mobile number." }), 400, { phone: "Enter a valid mobile number." }],
      [new Forbidden("Only couples can do that."), 403, {}],
      [new NotFound("We could not find that service."), 404, {}],
      [new Conflict("Already there."), 409, {}],
    ];
    for (const [error, status, errors] of cases) {
      const res = formFailure(error, request, { intent: "update" }) as unknown as Answer;
      expect(res.init?.status, error.message).toBe(status);
      expect(res.data).toEqual({ ok: false, intent: "update", message: error.message, errors });
    }
  });

  it("tells a rate-limited visitor when to try again (429 with Retry-After)", () => {
    const res = formFailure(new TooManyRequests("Please wait a minute.", 60), post("http://localhost/user-forgot-password")) as unknown as Answer;
    expect(res.init?.status).toBe(429);
    expect(new Headers(res.init?.headers).get("retry-after")).toBe("60");
  });

  it("lets anything that is not a domain error through to the error boundary", () => {
    const boom = new Error("boom");
    expect(thrown(() => formFailure(boom, post("http://localhost/login"), { signInForm: true }))).toBe(boom);
  });
});

describe("the page a request is for", () => {
  it("is the page's path, for page requests and React Router's data requests alike", () => {
    expect(pagePath(new Request("http://localhost/admin/revokeAdmin.data?_routes=routes/admin"))).toBe("/admin/revokeAdmin");
    expect(pagePath(new Request("http://localhost/_.data"))).toBe("/");
    expect(pagePath(new Request("http://localhost/hi.data"))).toBe("/");
    expect(pagePath(new Request("http://localhost/hi/profile/guests.data?_routes=routes/profile"))).toBe("/profile/guests");
    expect(pagePath(new Request("http://localhost/vendorLogin?redirectTo=%2FVendorDashboard"))).toBe("/vendorLogin");
    expect(pagePath(new Request("http://localhost/vendorLogin?redirectTo=%2FVendorDashboard"), { search: true })).toBe(
      "/vendorLogin?redirectTo=%2FVendorDashboard",
    );
  });
});
