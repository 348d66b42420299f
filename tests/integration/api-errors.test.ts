import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ClientAborted, Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized, fieldErrors, parseInput } from "#domain/core/index.ts";
import { readCappedBytes, readMultipart } from "#platform/request-body.ts";
import { call, createUser, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { createApi } from "#api/app.ts";
import { endpointRegistry } from "#api/endpoint.ts";
import { Hono } from "hono";
import { apiErrorHandler } from "#api/app.ts";
import type { ApiEnv } from "#api/context.ts";
import { loggedEvents } from "#tests/support/logs.ts";

describe("validation", () => {
  const schema = z.object({ name: z.string().min(2, "Name is too short."), age: z.coerce.number().int().min(18, "Must be 18 or older.") });

  it("turns bad input into Invalid with one message per field", () => {
    let error: unknown;
    try {
      parseInput(schema, { name: "A", age: "12" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).fields).toEqual({ name: "Name is too short.", age: "Must be 18 or older." });
  });

  it("returns parsed data for good input", () => {
    expect(parseInput(schema, { name: "Asha", age: "30" })).toEqual({ name: "Asha", age: 30 });
  });

  it("names nested fields with dots", () => {
    const nested = z.object({ guest: z.object({ phone: z.string().regex(/^\d{10}$/, "Use 10 digits.") }) });
    const result = nested.safeParse({ guest: { phone: "12" } });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ "guest.phone": "Use 10 digits." });
  });
});

describe("API error mapping", () => {
  it("answers a malformed query with 400 and field messages", async () => {
    const res = await call("/api/v1/services?limit=0&sort_order=sideways&page=x");
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; message: string; errors: Record<string, string> }>();
    expect(body.success).toBe(false);
    expect(body.message).toBe("Some search options are not valid.");
    expect(Object.keys(body.errors).sort()).toEqual(["limit", "page", "sort_order"]);
  });

  it("answers an unknown service with 404 and a message", async () => {
    const res = await call("/api/v1/services/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "We could not find that service." });
  });

  it("maps every domain error to its status, with Retry-After for 429", async () => {
    // The API's own error handler, on a probe app whose routes throw each error.
    const probe = new Hono<ApiEnv>();
    const errors: Record<string, Error> = {
      invalid: new Invalid("Bad", { a: "b" }),
      unauthorized: new Unauthorized(),
      forbidden: new Forbidden(),
      missing: new NotFound(),
      conflict: new Conflict("Taken"),
      limited: new TooManyRequests("Slow down", 42),
      crash: new Error("secret detail"),
    };
    for (const [name, err] of Object.entries(errors))
      probe.get(`/${name}`, () => {
        throw err;
      });
    probe.onError(apiErrorHandler);
    const statuses: Record<string, number> = {};
    for (const name of Object.keys(errors)) statuses[name] = (await probe.request(`/${name}`)).status;
    expect(statuses).toEqual({ invalid: 400, unauthorized: 401, forbidden: 403, missing: 404, conflict: 409, limited: 429, crash: 500 });
    const limited = await probe.request("/limited");
    expect(limited.headers.get("retry-after")).toBe("42");
    const crash = await probe.request("/crash");
    expect(JSON.stringify(await crash.json())).not.toContain("secret detail");
    expect(await (await probe.request("/invalid")).json()).toEqual({ success: false, message: "Bad", errors: { a: "b" } });
  });
});

describe("a client that drops its upload halfway (issue 28)", () => {
  /** A body that sends its start, then fails as workerd's does when the client goes away. */
  const droppedBody = () => {
    let sent = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("Network connection lost."));
        sent = true;
        controller.enqueue(
          new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="photos"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n'),
        );
      },
    });
  };
  const dropped = () =>
    new Request("http://localhost/upload", { method: "POST", body: droppedBody(), headers: { "Content-Type": "multipart/form-data; boundary=b" } });

  it("is a ClientAborted for every body reader, not an unknown error", async () => {
    await expect(readMultipart(dropped(), { files: { photos: 1 }, maxFileBytes: 1000 })).rejects.toBeInstanceOf(ClientAborted);
    await expect(readCappedBytes(dropped(), 10_000)).rejects.toBeInstanceOf(ClientAborted);
  });

  it("answers 400 and is logged as a client abort, not as a server error", async () => {
    const probe = new Hono<ApiEnv>();
    probe.post("/upload", async (c) => {
      await readMultipart(c.req.raw, { files: { photos: 1 }, maxFileBytes: 1000 });
      return c.json({ success: true });
    });
    probe.onError(apiErrorHandler);
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const res = await probe.request(dropped());
      expect(res.status).toBe(400);
      expect(errors).not.toHaveBeenCalled();
      expect(loggedEvents(warnings)).toEqual([expect.objectContaining({ level: "warn", event: "client aborted", method: "POST", path: "/upload" })]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes the services list with its query parameters", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json<{ openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> }>();
    expect(doc.openapi).toBe("3.1.0");
    const list = doc.paths["/api/v1/services"]?.get;
    expect(list).toBeDefined();
    const names = list!.parameters!.map((p) => p.name);
    for (const n of ["limit", "page", "service_type", "sort_by", "sort_order", "minPrice", "city", "state", "rating", "q"]) expect(names).toContain(n);
    expect(doc.paths["/api/v1/services/{id}"]?.get?.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path" }),
      expect.objectContaining({ name: "Accept-Language", in: "header" }),
    ]);
  });
});

describe("request bodies that are not what an endpoint reads", () => {
  createApi(); // fills the registry
  const withBody = endpointRegistry.filter((e) => e.body);
  const send = async (e: (typeof withBody)[number], headers: Record<string, string>, body: string) => {
    // As a caller the endpoint is for, so the body is what gets judged.
    const role = Array.isArray(e.access) ? e.access[0] : "USER";
    const cookie = e.access === "public" ? undefined : await sessionCookieFor((await createUser({ role })).id);
    const res = await worker.fetch(`${ORIGIN}${e.fullPath.replace(/:[A-Za-z_]+/g, "no-such-id")}`, {
      method: e.method.toUpperCase(),
      headers: { Origin: ORIGIN, ...headers, ...(cookie ? { Cookie: cookie } : {}) },
      body,
    });
    return { status: res.status, body: await res.json<{ success: boolean; message: string }>() };
  };

  it("covers every endpoint with a body", () => {
    expect(withBody.length).toBeGreaterThanOrEqual(17);
  });

  it("multipart without a boundary, or with one the body does not use: 400 with a message, on every endpoint with a body", async () => {
    const failures: string[] = [];
    for (const e of withBody) {
      for (const [type, text, message] of [
        ["multipart/form-data", '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--abc--\r\n', "boundary is missing"],
        ["multipart/form-data; boundary=abc", "--xyz\r\nnot a part\r\n--xyz--\r\n", "does not match its multipart boundary"],
      ] as const) {
        const { status, body } = await send(e, { "Content-Type": type }, text);
        // Endpoints with a query (a token) may refuse the query first: still a 400.
        if (status !== 400 || (!e.query && !body.message.includes(message))) failures.push(`${e.method} ${e.fullPath} ${type}: ${status} ${body.message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("broken JSON is 400, another content type 415, each with a message", async () => {
    const failures: string[] = [];
    for (const e of withBody) {
      const broken = await send(e, { "Content-Type": "application/json" }, '{"email": ');
      if (broken.status !== 400 || (!e.query && broken.body.message !== "The request body is not valid JSON."))
        failures.push(`${e.method} ${e.fullPath} JSON: ${broken.status} ${broken.body.message}`);
      const text = await send(e, { "Content-Type": "text/plain" }, "email=a@b.example");
      if (text.status !== 415 || !text.body.message.includes("application/json"))
        failures.push(`${e.method} ${e.fullPath} text: ${text.status} ${text.body.message}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
