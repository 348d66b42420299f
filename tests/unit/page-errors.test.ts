import { describe, expect, it } from "vitest";
import { loadOrRespond, pageResponseFor, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized, Unavailable } from "#domain/core/index.ts";

const request = new Request("http://localhost/profile/checklist?tab=2");
type Init = { init: ResponseInit | null; data: unknown };

describe("domain errors on pages", () => {
  it("shows the not-found page for a missing record", () => {
    const res = pageResponseFor(new NotFound(), request) as unknown as Init;
    expect(res.init?.status).toBe(404);
  });

  it("sends a visitor to log in and back", () => {
    const res = pageResponseFor(new Unauthorized(), request) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fprofile%2Fchecklist%3Ftab%3D2");
  });

  it("sends a refused actor home with the message as an error toast", () => {
    const res = pageResponseFor(new Forbidden("You do not have permission to access this page."), request) as Response;
    expect(res.headers.get("location")).toBe("/");
    const cookie = decodeURIComponent(res.headers.get("set-cookie") ?? "");
    expect(cookie).toContain('"type":"error"');
    expect(cookie).toContain("You do not have permission to access this page.");
  });

  it("answers something unreachable for a moment with 503, its message for the page to show and when to try again", async () => {
    const res = pageResponseFor(new Unavailable("Unavailable for a moment."), request) as unknown as Init;
    expect(res.init?.status).toBe(503);
    expect(res.data).toBe("Unavailable for a moment.");
    expect(new Headers(res.init?.headers).get("retry-after")).toBe("30");
    const form = (await submitOrRespond(request, async () => {
      throw new Unavailable("Unavailable for a moment.", 5);
    })) as unknown as Init;
    expect(form.init?.status).toBe(503);
    expect(form.data).toMatchObject({ ok: false, message: "Unavailable for a moment." });
    expect(new Headers(form.init?.headers).get("retry-after")).toBe("5");
  });

  it("leaves other errors alone", () => {
    expect(pageResponseFor(new Error("boom"), request)).toBeNull();
  });

  it("lets a loader's own errors through loadOrRespond as responses", async () => {
    await expect(loadOrRespond(request, async () => 7)).resolves.toBe(7);
    await expect(
      loadOrRespond(request, async () => {
        throw new NotFound();
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("returns form failures as data with field messages and the API's status", async () => {
    const invalid = (await submitOrRespond(request, async () => {
      throw new Invalid("Fix these", { email: "Enter a valid e-mail." });
    })) as unknown as Init;
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data).toEqual({ ok: false, message: "Fix these", errors: { email: "Enter a valid e-mail." } });
    const conflict = (await submitOrRespond(request, async () => {
      throw new Conflict("That e-mail is already registered.");
    })) as unknown as Init;
    expect(conflict.init?.status).toBe(409);
    const limited = (await submitOrRespond(request, async () => {
      throw new TooManyRequests("Too many attempts", 60);
    })) as unknown as Init;
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("retry-after")).toBe("60");
  });
});
