import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema/identity.ts";
import { CARD_LIMITS } from "#shared/card-format.ts";
import { IMPORT_REQUEST_BYTES_MAX } from "#shared/guest-schemas.ts";
import { createReview, createService, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import { apiOperations, fillPath, isPublic, type JsonSchema, type Operation } from "#tests/support/openapi.ts";

/**
 * Fuzz over every /api/v1 operation of the served OpenAPI document: wrong types, missing and
 * extra fields, huge and odd strings, bad JSON, wrong content types, broken multipart, odd path
 * ids and query values; as a visitor and as a signed-in account of the operation's role.
 * Properties: never a 5xx; every 4xx is JSON {success: false, message}. And a visitor (or a
 * logged-out browser) gets 401 from every operation that needs an account, whatever it sends.
 * Runs are bounded (RUNS per operation and kind) so the file stays well under a minute.
 */
const RUNS = 8;
const ops = await apiOperations();

// ---------------------------------------------------------------------------------------------
// Values

const HUGE = "x".repeat(100_000);
const oddStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\r\n\r\n",
  "😀".repeat(500),
  "न".repeat(5_000),
  "\u202Eevil",
  "\uFEFF",
  HUGE,
  "x".repeat(49),
  "x".repeat(101),
  "%",
  "%00",
  "../../etc/passwd",
  "' OR 1=1 --",
  "%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%",
  "<script>alert(1)</script>",
  "null",
  "undefined",
  "-1",
  "1e309",
  "NaN",
  "0x10",
  "2027-02-30",
  "a@b",
);
const anyString = fc.oneof(oddStrings, fc.string({ unit: "binary", maxLength: 60 }), fc.string({ unit: "grapheme", maxLength: 30 }));
const leaf = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308, -1e308, 2 ** 53 + 1),
);
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  fc.array(leaf, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }),
);

/** A value that could pass the field's schema, so other fields get their turn to be wrong. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant("value");
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "number" || type === "integer") return fc.integer({ min: 1, max: 5 });
  if (type === "boolean") return fc.boolean();
  if (type === "array") return fc.constant([]);
  if (type === "object") return fc.constant({});
  if (schema.format === "email") return fc.constantFrom("asha@example.com", "ASHA@EXAMPLE.COM", "a@b.example");
  if (schema.format === "date" || /date/i.test(String(schema.description ?? ""))) return fc.constantFrom("2027-02-14", "2020-01-01");
  return fc.constantFrom(
    "Hello there, we need you for the wedding in February.",
    "Shaadi2027",
    "Shaadi2027!",
    "9876543210",
    "Asha Rao",
    "Jaipur",
    "Rajasthan",
    "4",
  );
}

/** A body object from the schema: each field plausible, wrong or missing, plus extra fields. */
function bodyObject(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const props = Object.entries(schema?.properties ?? {});
  const fields = fc.tuple(...props.map(([, s]) => fc.option(fc.oneof(plausible(s), nasty), { nil: undefined, freq: 4 })));
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "role", "id", "user_id", "is_verified")),
    nasty,
    { maxKeys: 3 },
  );
  const object = fc.tuple(fields, extra).map(([values, more]) => {
    const out: Record<string, unknown> = JSON.parse(JSON.stringify(more));
    props.forEach(([name], i) => {
      if (values[i] !== undefined) out[name] = values[i];
    });
    return out;
  });
  return fc.oneof({ weight: 6, arbitrary: object }, nasty);
}

const safe = (s: string) => s.toWellFormed();

// ---------------------------------------------------------------------------------------------
// Requests

type Fuzzed = { method: string; path: string; headers: Record<string, string>; body?: BodyInit; label: string };

type Kind = "json" | "badJson" | "contentType" | "multipart" | "pathIds" | "query";

const badJsonTexts = fc.oneof(
  fc.constantFrom(
    "{",
    "[",
    '{"a":',
    "nul",
    "\u0000",
    '{"a":1}}',
    '"unterminated',
    "{'single':1}",
    "{a:1}",
    "\uFEFF{}",
    "1".repeat(5_000),
    "[".repeat(10_000),
    `{"x":"${HUGE}"`,
  ),
  fc.string({ unit: "binary", maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

const wrongTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "text/html",
  "*/*",
  "application/octet-stream",
  "application/jsonx",
  "json",
  "multipart/mixed; boundary=x",
  "application/json; charset=utf-16",
);

function multipartBody(fields: Record<string, unknown>, boundary: string, file?: Uint8Array): Uint8Array<ArrayBuffer> {
  const parts: (string | Uint8Array)[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${typeof value === "string" ? value : JSON.stringify(value)}\r\n`,
    );
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`, file, "\r\n");
  parts.push(`--${boundary}--\r\n`);
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(safe(p)) : p));
  const out = new Uint8Array(new ArrayBuffer(chunks.reduce((n, c) => n + c.length, 0)));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const multipartCase = (op: Operation) =>
  fc
    .tuple(
      fc.constantFrom("no-boundary", "empty-boundary", "wrong-boundary", "truncated", "well-formed", "not-multipart-body", "quoted-boundary"),
      bodyObject(op.body).map((b) => (b && typeof b === "object" && !Array.isArray(b) ? (b as Record<string, unknown>) : { value: b })),
      fc.option(fc.uint8Array({ maxLength: 64 }), { nil: undefined }),
    )
    .map(([variant, fields, file]): { type: string; body: BodyInit } => {
      const good = multipartBody(fields, "fuzzBoundary123", file);
      switch (variant) {
        case "no-boundary":
          return { type: "multipart/form-data", body: good };
        case "empty-boundary":
          return { type: "multipart/form-data; boundary=", body: good };
        case "wrong-boundary":
          return { type: "multipart/form-data; boundary=otherBoundary", body: good };
        case "truncated":
          return { type: "multipart/form-data; boundary=fuzzBoundary123", body: good.slice(0, Math.max(1, good.length - 25)) };
        case "not-multipart-body":
          return { type: "multipart/form-data; boundary=fuzzBoundary123", body: JSON.stringify(fields) };
        case "quoted-boundary":
          return { type: 'multipart/form-data; boundary="fuzz Boundary"', body: good };
        default:
          return { type: "multipart/form-data; boundary=fuzzBoundary123", body: good };
      }
    });

const idLike = fc.oneof(
  fc.constantFrom(
    "x".repeat(65),
    "x".repeat(1_000),
    "x".repeat(20_000),
    "😀",
    "न".repeat(40),
    "..",
    ".",
    "a/b",
    "\u0000",
    "%00",
    "%",
    " ",
    "-1",
    "0",
    "null",
    "' OR '1'='1",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
);

/** Real ids of the world, so some fuzzed bodies reach the handler behind a valid path. */
const real: Record<string, string[]> = {};

function pathValues(op: Operation, fuzz: boolean): fc.Arbitrary<Record<string, string>> {
  if (!op.pathParams.length) return fc.constant({});
  return fc
    .tuple(
      ...op.pathParams.map((name) =>
        fuzz ? fc.oneof(idLike, fc.constantFrom(...(real[name] ?? ["unknown-id"]))) : fc.constantFrom(...(real[name] ?? ["unknown-id"])),
      ),
    )
    .map((values) => Object.fromEntries(op.pathParams.map((name, i) => [name, safe(values[i]!)])));
}

const queryString = (op: Operation) =>
  fc
    .tuple(
      fc.tuple(...Object.entries(op.query).map(([, s]) => fc.option(fc.oneof(plausible(s), anyString), { nil: undefined }))),
      fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), anyString, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([values, extra, repeat]) => {
      const q = new URLSearchParams();
      Object.keys(op.query).forEach((name, i) => {
        if (values[i] !== undefined) {
          q.append(name, safe(String(values[i])));
          if (repeat) q.append(name, "again");
        }
      });
      for (const [k, v] of Object.entries(extra)) q.append(safe(k), safe(v));
      const s = q.toString();
      return s ? `?${s}` : "";
    });

function requests(op: Operation, kind: Kind): fc.Arbitrary<Fuzzed> {
  const method = op.method.toUpperCase();
  const base = (path: string, headers: Record<string, string>, body: BodyInit | undefined, label: string): Fuzzed => ({
    method,
    path,
    headers,
    body,
    label: `${kind}: ${label}`,
  });
  const hasBody = op.method !== "get";
  switch (kind) {
    case "json":
      return fc
        .tuple(pathValues(op, false), bodyObject(op.body))
        .map(([p, b]) => base(fillPath(op.path, p), { "Content-Type": "application/json" }, safe(JSON.stringify(b) ?? "null"), JSON.stringify(b)));
    case "badJson":
      return fc
        .tuple(pathValues(op, false), badJsonTexts, fc.constantFrom("application/json", "application/json; charset=utf-8"))
        .map(([p, text, type]) => base(fillPath(op.path, p), { "Content-Type": type }, safe(text), text));
    case "contentType":
      return fc
        .tuple(
          pathValues(op, false),
          wrongTypes,
          fc.oneof(
            bodyObject(op.body).map((b) => JSON.stringify(b) ?? ""),
            anyString,
          ),
        )
        .map(([p, type, text]) => base(fillPath(op.path, p), { "Content-Type": type }, safe(text), `${type} ${text}`));
    case "multipart":
      return fc.tuple(pathValues(op, false), multipartCase(op)).map(([p, m]) => base(fillPath(op.path, p), { "Content-Type": m.type }, m.body, m.type));
    case "pathIds":
      return fc
        .tuple(pathValues(op, true), hasBody ? bodyObject(op.body) : fc.constant(undefined))
        .map(([p, b]) =>
          base(
            fillPath(op.path, p),
            hasBody ? { "Content-Type": "application/json" } : {},
            hasBody ? safe(JSON.stringify(b) ?? "null") : undefined,
            JSON.stringify(p),
          ),
        );
    case "query":
      return fc
        .tuple(pathValues(op, false), queryString(op))
        .map(([p, q]) => base(`${fillPath(op.path, p)}${q}`, hasBody ? { "Content-Type": "application/json" } : {}, hasBody ? "{}" : undefined, q));
  }
}

/**
 * Known-valid bodies of the operations that write, so the deterministic examples below reach the
 * domain: each string field in turn becomes long-but-allowed text (a 49+ byte value once broke
 * D1's LIKE patterns and vendor slugs).
 */
let unique = 0;
const email = () => `fuzz.${Date.now().toString(36)}.${unique++}@example.com`;
/** A fresh Indian mobile number (a code per number only every 30 seconds). */
const fuzzPhone = () => `+9195${String(Date.now() % 1_000_000).padStart(6, "0")}${String(unique++ % 100).padStart(2, "0")}`;
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  "POST /api/v1/phone/code": () => ({ phone: fuzzPhone() }),
  "POST /api/v1/users/register": () => ({ user_name: "Asha Rao", email: email(), password: "Shaadi2027", confirmPassword: "Shaadi2027" }),
  "POST /api/v1/vendors/register": () => ({
    name: "Shree Ganesh Caterers",
    business_category: "Caterers",
    user_name: "Asha Rao",
    email: email(),
    phone_number: "9876543210",
    state: "Rajasthan",
    city: "Jaipur",
    password: "Shaadi2027",
    confirmPassword: "Shaadi2027",
  }),
  "PUT /api/v1/services/makeLead/{id}": () => ({ message: "We need catering for 250 guests on two evenings in February, please share menus." }),
  "POST /api/v1/services/feedback/{id}": () => ({
    rating: 5,
    quality: 5,
    responsiveness: 4,
    professionalism: 5,
    value: 4,
    flexibility: 5,
    comment: "Wonderful food and very kind staff, every guest loved it and asked for more.",
  }),
  "PATCH /api/v1/users": () => ({ user_name: "Asha Rao", wedding_city: "Jaipur" }),
  "PATCH /api/v1/vendors/update": () => ({ name: "Shree Ganesh Caterers", tagline: "Feasts for every function", city: "Jaipur", state: "Rajasthan" }),
};
const LONG_TEXT = "Lakshmi Narayan Wedding Caterers and Decorators of Jaipur Rajasthan"; // 68 bytes, under every limit of 80+
const LONG_VALUES = ["x".repeat(49), "x".repeat(60), "x".repeat(100), LONG_TEXT, "न".repeat(20), "%_".repeat(30), HUGE];

/** Fixed requests every run makes, besides the random ones. */
function examplesFor(op: Operation, kind: Kind): Fuzzed[] {
  const method = op.method.toUpperCase();
  const path = fillPath(op.path, Object.fromEntries(op.pathParams.map((name) => [name, real[name]?.[0] ?? "unknown-id"])));
  const out: Fuzzed[] = [];
  if (kind === "query") {
    for (const name of Object.keys(op.query))
      for (const value of LONG_VALUES)
        out.push({
          method,
          path: `${path}?${new URLSearchParams({ [name]: value })}`,
          headers: {},
          label: `query example: ${name}=${value.slice(0, 20)}… (${value.length})`,
        });
  }
  const valid = VALID_BODIES[op.key];
  if (kind === "json" && valid) {
    const json = (b: Record<string, unknown>, label: string): Fuzzed => ({
      method,
      path,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(b),
      label: `json example: ${label}`,
    });
    out.push(json(valid(), "valid"));
    for (const [field, value] of Object.entries(valid())) {
      if (typeof value !== "string" || /email|password/i.test(field)) continue;
      for (const long of [LONG_TEXT, "x".repeat(60)]) out.push(json({ ...valid(), [field]: long }, `${field} of ${long.length} bytes`));
    }
  }
  return out;
}

function kindsOf(op: Operation): Kind[] {
  const kinds: Kind[] = ["query"];
  if (op.pathParams.length) kinds.push("pathIds");
  if (op.method !== "get") kinds.push("json", "badJson", "contentType", "multipart");
  return kinds;
}

/** The role an operation is meant for, from its declared access. */
function roleOf(op: Operation): Role {
  const access = op.access.toUpperCase().replace(/[\s-]+/g, "_");
  if (access.includes("SUPER_ADMIN")) return "SUPER_ADMIN";
  if (access.includes("ADMIN")) return "ADMIN";
  if (access.includes("VENDOR")) return "VENDOR";
  return "USER";
}
const needsAccount = (op: Operation) => !isPublic(op);

async function send(r: Fuzzed, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { ...r.headers, Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return worker.fetch(`${ORIGIN}${r.path}`, { method: r.method, headers, body: r.body });
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);

/** Never a 5xx; a 4xx is JSON {success: false, message: "..."}. */
async function assertHonest(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what} answered ${res.status}: ${short(text)}`).toBeLessThan(500);
  if (res.status < 400) return;
  let body: { success?: unknown; message?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what} answered ${res.status} without a JSON body: ${short(text)}`);
  }
  expect(body.success, `${what}: ${short(text)}`).toBe(false);
  expect(typeof body.message === "string" && body.message.length > 0, `${what}: no message in ${short(text)}`).toBe(true);
}

beforeAll(async () => {
  const vendor = await signedIn("VENDOR");
  const couple = await signedIn("USER");
  const service = await createService({ vendorId: vendor.id });
  const review = await createReview({ serviceId: service.id, userId: couple.id });
  Object.assign(real, { id: [service.id, couple.id], serviceId: [service.id], feedbackId: [review.id], vendorId: [vendor.id] });
});

describe("API fuzz: never a 5xx, every 4xx is JSON {success: false, message}", () => {
  it("the document lists the API's operations", () => {
    expect(ops.length).toBeGreaterThan(20);
  });

  for (const op of ops) {
    describe(op.key, () => {
      for (const kind of kindsOf(op)) {
        it(`${kind}, as a visitor and as ${roleOf(op)}`, async () => {
          const examples = examplesFor(op, kind).map((r): [Fuzzed, boolean] => [r, false]);
          await fc.assert(
            fc.asyncProperty(requests(op, kind), fc.boolean(), async (r, anonymous) => {
              // A fresh account per run: some calls log out, delete the account or change its password.
              const cookie = anonymous ? undefined : (await signedIn(roleOf(op))).cookie;
              await assertHonest(await send(r, cookie), `${op.key} ${anonymous ? "visitor" : roleOf(op)} ${short(r.label)}`);
            }),
            { numRuns: RUNS + examples.length, examples, endOnFailure: true },
          );
        }, 30_000);
      }
    });
  }
});

describe("API fuzz: a visitor or a logged-out browser gets 401 from every operation that needs an account, whatever it sends", () => {
  for (const op of ops.filter(needsAccount)) {
    it(
      op.key,
      async () => {
        const kinds = kindsOf(op).filter((k) => k !== "pathIds");
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...kinds).chain((k) => requests(op, k)),
            fc.boolean(),
            async (r, loggedOut) => {
              // A logged-out browser still sends its (now dead) session cookie.
              const res = await send(r, loggedOut ? "mandap_session=deadbeefdeadbeefdeadbeefdeadbeef" : undefined);
              const what = `${op.key} ${loggedOut ? "logged out" : "visitor"} ${short(r.label)}`;
              const type = r.headers["Content-Type"] ?? "";
              // A body that is neither JSON nor multipart may be refused for its media type first.
              const allowed = r.body !== undefined && !type.startsWith("application/json") && !type.startsWith("multipart/form-data") ? [401, 415] : [401];
              expect(allowed, `${what} answered ${res.status}: ${short(await res.clone().text())}`).toContain(res.status);
              await assertHonest(res, what);
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        );
      },
      30_000,
    );
  }
});

/**
 * The numeric fields of a documented body ("payments.0.amount"), walking objects, lists and
 * alternatives; `nullable` when the document offers null for the field (a documented "clear it").
 */
function numericFields(schema: JsonSchema | null | undefined, at = ""): { path: string; nullable: boolean }[] {
  if (!schema || typeof schema !== "object") return [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const options = [...(schema.anyOf ?? []), ...((schema.oneOf as JsonSchema[] | undefined) ?? [])];
  const out: { path: string; nullable: boolean }[] = [];
  const numeric = (s: JsonSchema) => [s.type].flat().some((t) => t === "number" || t === "integer");
  if (numeric(schema) || (options.some(numeric) && at)) out.push({ path: at, nullable: types.includes("null") || options.some((s) => s.type === "null") });
  for (const [name, s] of Object.entries(schema.properties ?? {})) out.push(...numericFields(s, at ? `${at}.${name}` : name));
  if (schema.items) out.push(...numericFields(schema.items as JsonSchema, `${at}.0`));
  for (const s of options) if (!numeric(s)) out.push(...numericFields(s, at));
  return out.filter((f, i) => out.findIndex((g) => g.path === f.path) === i);
}

/** A body holding only `value` at `path` ("answers.0.partySize" -> {answers: [{partySize: value}]}). */
function bodyAt(path: string, value: unknown): unknown {
  const [head, ...rest] = path.split(".");
  const inner = rest.length ? bodyAt(rest.join("."), value) : value;
  return /^\d+$/.test(head!) ? [inner] : { [head!]: inner };
}

describe("API fuzz: true, false, null, a list or an object in a numeric field is a 400 naming the field (never read as 1 or 0)", () => {
  const cases = ops.flatMap((op) => numericFields(op.body).map((field) => ({ op, ...field })));
  it("the document has numeric body fields to try", () => {
    expect(cases.length).toBeGreaterThan(40);
  });
  for (const { op, path, nullable } of cases) {
    it(`${op.key} ${path}`, async () => {
      const { cookie } = await signedIn(roleOf(op));
      const url = fillPath(op.path, Object.fromEntries(op.pathParams.map((name) => [name, real[name]?.[0] ?? "unknown-id"])));
      // null is refused too, unless the document offers it for the field (a documented "clear it").
      for (const value of [true, false, ...(nullable ? [] : [null]), [1], { n: 1 }]) {
        const body = JSON.stringify(bodyAt(path, value));
        const res = await send({ method: op.method.toUpperCase(), path: url, headers: { "Content-Type": "application/json" }, body, label: body }, cookie);
        const text = await res.text();
        expect(res.status, `${body} answered ${res.status}: ${short(text)}`).toBe(400);
        const errors = (JSON.parse(text) as { errors?: Record<string, string> }).errors ?? {};
        expect(Object.keys(errors), `${body}: no error for ${path} in ${short(text)}`).toContain(path);
      }
    });
  }
});

describe("API fuzz: oversize bodies and image bombs (issue 28)", () => {
  // Over every cap a JSON body has (256 KB; a card's canvas 464 KB; a guest import's CSV 1 MB), and a 12 KB PNG declaring 10,000 x 10,000 pixels.
  const OVERSIZE = `{"x":"${"x".repeat(Math.max(CARD_LIMITS.maxRequestBytes, IMPORT_REQUEST_BYTES_MAX) + 1024)}"}`;
  const withBody = ops.filter((op) => op.body !== null);
  const pathOf = (op: Operation) => fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p, real[p]?.[0] ?? "x"])));

  it("every operation that takes a body answers 413 to an oversize one, as its role, before reading on", async () => {
    expect(withBody.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const op of withBody) {
      const { cookie } = await signedIn(roleOf(op));
      // A link's token is checked before the body (a missing one is a 400 whatever the body): give one.
      const query = "token" in op.query ? `?token=${"a".repeat(32)}` : "";
      const res = await worker.fetch(`${ORIGIN}${pathOf(op)}${query}`, {
        method: op.method.toUpperCase(),
        headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
        body: OVERSIZE,
      });
      if (res.status !== 413) wrong.push(`${op.key} ${res.status}`);
      await assertHonest(res, op.key);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("a PNG bomb in any file field of any write is never a 5xx and never stored", async () => {
    const { pngBomb } = await import("#tests/support/image-bombs.ts");
    const { env } = await import("cloudflare:workers");
    const bomb = await pngBomb(10_000, 10_000);
    const keys = async () => (await env.MEDIA.list({ prefix: "u/", limit: 1000 })).objects.map((o) => o.key).sort();
    const before = await keys();
    for (const op of ops.filter((o) => o.method !== "get")) {
      const { cookie } = await signedIn(roleOf(op));
      const form = new FormData();
      for (const field of ["files", "file", "image", "cover", "photos"]) form.append(field, new File([bomb], "bomb.png", { type: "image/png" }));
      const res = await worker.fetch(`${ORIGIN}${pathOf(op)}`, { method: op.method.toUpperCase(), headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
      await assertHonest(res, `${op.key} with a PNG bomb`);
    }
    expect(await keys()).toEqual(before);
  }, 300_000);
});
