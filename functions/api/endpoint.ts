import { Hono } from "hono";
import type { z } from "zod";
import { Invalid } from "../domain/errors.ts";
import { parseInput } from "../domain/validation.ts";
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
  /** Who may call it, for the document ("public", "USER", ...). */
  access?: string;
  responses?: Record<number, string>;
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
      const query = spec.query ? parseInput(spec.query, c.req.query(), "Some search options are not valid.") : undefined;
      const params = spec.params ? parseInput(spec.params, c.req.param()) : undefined;
      const body = spec.body ? parseInput(spec.body, await readBody(c)) : undefined;
      return handler(c, { query, body, params } as { query: Infer<Q>; body: Infer<B>; params: Infer<P> });
    });
    return this;
  }
}

async function readBody(c: ApiContext): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) return Object.fromEntries((await c.req.formData()).entries());
  const text = await c.req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid("The request body is not valid JSON.");
  }
}
