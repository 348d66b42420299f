import { Hono } from "hono";
import type { z } from "zod";
import { UnsupportedMediaType } from "#domain/errors.ts";
import { type Access, requireAccess } from "#domain/permissions.ts";
import { parseInput } from "#domain/validation.ts";
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
   * Who may call it (functions/domain/permissions.ts). Enforced before the params, query or body
   * are read (401/403 whatever the body), and printed in the OpenAPI document as x-access.
   */
  access: Access;
  /** What a signed-in account of another role is told (403); the rule's generic text otherwise. */
  refusal?: string;
  responses?: Record<number, string>;
  /** What the body may be: JSON or multipart (default), or "form" (urlencoded or multipart, as a browser form posts it: a payment gateway's callback). */
  bodyTypes?: "json" | "form";
  /** The most bytes of body read (413 past it, before it is read further); JSON_BODY_MAX unless the endpoint documents more (a card's canvas). */
  maxBodyBytes?: number;
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
  constructor(
    readonly base: string,
    readonly tag: string,
  ) {}

  endpoint<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
    spec: EndpointSpec<Q, B, P>,
    handler: (c: ApiContext, input: { query: Infer<Q>; body: Infer<B>; params: Infer<P> }) => Response | Promise<Response>,
  ): this {
    endpointRegistry.push({ ...spec, fullPath: `/api/v1${this.base}${spec.path}`.replace(/\/$/, "") || "/", tag: this.tag });
    this.app.on(spec.method.toUpperCase(), spec.path, async (c) => {
      requireAccess(spec.access, c.get("actor"), spec.refusal);
      checkBodyType(c, spec.bodyTypes);
      const query = spec.query ? parseInput(spec.query, c.req.query(), "Some search options are not valid.") : undefined;
      const params = spec.params ? parseInput(spec.params, c.req.param()) : undefined;
      const body = spec.body ? parseInput(spec.body, await readBody(c, spec.maxBodyBytes ?? JSON_BODY_MAX)) : undefined;
      return handler(c, { query, body, params } as { query: Infer<Q>; body: Infer<B>; params: Infer<P> });
    });
    return this;
  }
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
