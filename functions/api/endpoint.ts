import { Hono } from "hono";
import type { z } from "zod";
import {
  Invalid,
  UnsupportedMediaType,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  runOnce,
  type Access,
  requireAccess,
  parseInput,
} from "#domain/core/index.ts";
import {
  BODY_MESSAGES,
  checkFormType,
  hasBody,
  JSON_BODY_MAX,
  mediaTypeOf,
  readCappedForm,
  readCappedText,
  readFormData,
  readJson,
} from "#platform/request-body.ts";
import type { ApiContext, ApiEnv } from "./context.ts";
import { m } from "#shared/paraglide/messages.js";

type Method = "get" | "post" | "put" | "patch" | "delete";

export type EndpointSpec<Q, B, P> = {
  method: Method;
  /** Hono path relative to the resource, e.g. "/:id". */
  path: string;
  summary: string;
  description?: string;
  query?: Q;
  body?: B;
  params?: P;
  /**
   * Who may call it (functions/domain/core/permissions.ts). Enforced before the params, query or body
   * are read (401/403 whatever the body), and printed in the OpenAPI document as x-access.
   */
  access: Access;
  /** What a signed-in account of another role is told (403), said in the caller's language; the rule's generic text otherwise. */
  refusal?: () => string;
  responses?: Record<number, string>;
  /** What the body may be: JSON or multipart (default), or "form" (urlencoded or multipart, as a browser form posts it: a payment gateway's callback). */
  bodyTypes?: "json" | "form";
  /** The most bytes of body read (413 past it, before it is read further); JSON_BODY_MAX unless the endpoint documents more (a card's canvas). */
  maxBodyBytes?: number;
  /**
   * Accepts an `Idempotency-Key` header (functions/domain/core/idempotency.ts): the same key from the
   * same account writes once, and a repeat gets the first answer again (status and body, with
   * `Idempotent-Replayed: true`). Documented in the OpenAPI document.
   */
  idempotent?: boolean;
  /**
   * Reads or writes a wedding's guest list, which may be in the wedding's own store (decision 0066):
   * documented with the 503 a moved wedding answers when its store cannot be reached for a moment.
   */
  weddingStore?: boolean;
};

export type RegisteredEndpoint = EndpointSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined> & {
  fullPath: string;
  tag: string;
};

/** Every endpoint of the API, collected as the modules load; the OpenAPI document is built from it. */
export const endpointRegistry: RegisteredEndpoint[] = [];

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/**
 * One API resource (a Hono sub-app). Endpoints declare their zod schemas once: the same schemas
 * validate requests (400 with field messages) and describe the endpoint in /api/v1/openapi.json.
 */
export class Resource {
  readonly app = new Hono<ApiEnv>();
  readonly base: string;
  readonly tag: string;
  /** Every endpoint of the resource reaches a wedding's store (EndpointSpec.weddingStore). */
  readonly weddingStore: boolean;
  constructor(base: string, tag: string, options: { weddingStore?: boolean } = {}) {
    this.base = base;
    this.tag = tag;
    this.weddingStore = options.weddingStore ?? false;
  }

  endpoint<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
    spec: EndpointSpec<Q, B, P>,
    handler: (c: ApiContext, input: { query: Infer<Q>; body: Infer<B>; params: Infer<P> }) => Response | Promise<Response>,
  ): this {
    endpointRegistry.push({ weddingStore: this.weddingStore, ...spec, fullPath: `/api/v1${this.base}${spec.path}`.replace(/\/$/, "") || "/", tag: this.tag });
    this.app.on(spec.method.toUpperCase(), spec.path, async (c) => {
      requireAccess(spec.access, c.get("actor"), spec.refusal?.());
      checkBodyType(c, spec.bodyTypes);
      const query = spec.query ? parseInput(spec.query, c.req.query(), m.api_query_invalid()) : undefined;
      const params = spec.params ? parseInput(spec.params, c.req.param()) : undefined;
      const key = spec.idempotent ? idempotencyKey(c) : undefined;
      const body = spec.body ? parseInput(spec.body, await readBody(c, spec.maxBodyBytes ?? JSON_BODY_MAX)) : undefined;
      const input = { query, body, params } as { query: Infer<Q>; body: Infer<B>; params: Infer<P> };
      if (key === undefined) return handler(c, input);
      let first: Response | undefined;
      const { answer, replayed } = await runOnce(
        c.get("domain"),
        key,
        JSON.stringify([spec.method, c.req.path, query ?? null, params ?? null, body ?? null]),
        async () => {
          first = await handler(c, input);
          return { status: first.status, body: await first.clone().text(), contentType: first.headers.get("content-type") ?? "application/json" };
        },
      );
      if (!replayed && first) return first;
      return new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType, "Idempotent-Replayed": "true" } });
    });
    return this;
  }
}

/** The request's Idempotency-Key, checked; undefined when none was sent. */
function idempotencyKey(c: ApiContext): string | undefined {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Invalid(IDEMPOTENCY_MESSAGES.badKey, { "Idempotency-Key": IDEMPOTENCY_MESSAGES.badKey });
  return key;
}

/** Writes carry JSON or multipart (415 otherwise), checked before anything is parsed. */
function checkBodyType(c: ApiContext, bodyTypes: "json" | "form" = "json"): void {
  if (["GET", "HEAD", "OPTIONS"].includes(c.req.method) || !hasBody(c.req.raw)) return;
  if (bodyTypes === "form") return checkFormType(c.req.raw);
  const type = mediaTypeOf(c.req.raw);
  if (type !== "application/json" && type !== "multipart/form-data") throw new UnsupportedMediaType(BODY_MESSAGES.jsonType);
}

/** The body as fields: JSON, or the fields (and files) of a multipart form; {} when empty. At most `max` bytes (413). */
async function readBody(c: ApiContext, max: number): Promise<unknown> {
  if (mediaTypeOf(c.req.raw) === "multipart/form-data")
    return Object.fromEntries((await readFormData(c.req.raw, () => readCappedForm(c.req.raw, max))).entries());
  return readJson(c.req.raw, () => readCappedText(c.req.raw, max));
}
