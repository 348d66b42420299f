import { z } from "zod";
import { IDEMPOTENCY_MESSAGES, describeAccess } from "#domain/core/index.ts";
import { JSON_BODY_MAX } from "#platform/request-body.ts";
import { endpointRegistry } from "./endpoint.ts";

const errorSchema = {
  type: "object",
  properties: {
    success: { const: false },
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["success", "message"],
};

function toJsonSchema(schema: z.ZodType, io: "input" | "output" = "input") {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const IDEMPOTENCY_HEADER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any unique string (a UUID) of 1 to 255 visible characters. The same key from the same account within 24 hours writes once: a repeat, also one sent while the first is running, gets the first answer again (its status and body, with the response header Idempotent-Replayed: true) or 409 while the first is still being handled; the same key with a different request is 422. A refused or failed request does not use the key up.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/**
 * The language of every answer's messages (functions/api/app.ts): the signed-in person's saved
 * choice, else Accept-Language, else English; the answer names it in Content-Language.
 */
const ACCEPT_LANGUAGE_HEADER = {
  name: "Accept-Language",
  in: "header",
  required: false,
  description:
    "The language of the answer's messages (message, errors) for a caller who has not chosen one: hi (or hi-IN) for Hindi, otherwise English. A signed-in person's saved language (PUT /api/v1/users/language) comes first.",
  schema: { type: "string", examples: ["hi-IN", "hi", "en-IN"] },
};
const CONTENT_LANGUAGE = {
  "Content-Language": {
    description: "The language of the answer's messages: en-IN or hi-IN.",
    schema: { type: "string", enum: ["en-IN", "hi-IN"] },
  },
};

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpointRegistry) {
    const path = e.fullPath.replace(/:([A-Za-z_]+)/g, "{$1}");
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ["path", e.params],
      ["query", e.query],
    ] as const) {
      if (!schema) continue;
      const json = toJsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === "path" || (json.required ?? []).includes(name), schema: prop });
      }
    }
    const responses: Record<string, unknown> = {};
    // The access rule the wrapper enforces, with the refusals it gives (declared responses win).
    const access = describeAccess(e.access);
    for (const [status, description] of Object.entries({ ...access.refusals, ...(e.responses ?? { 200: "Success" }) })) {
      responses[status] = Number(status) >= 400 ? { description, content: { "application/json": { schema: errorSchema } } } : { description };
    }
    if (e.query || e.body || e.params) responses["400"] ??= { description: "Invalid input", content: { "application/json": { schema: errorSchema } } };
    if (e.body)
      responses["413"] ??= {
        description: `A body over ${Math.round((e.maxBodyBytes ?? JSON_BODY_MAX) / 1024)} KB (refused before it is read further)`,
        content: { "application/json": { schema: errorSchema } },
      };
    // Idempotency-Key (functions/domain/core/idempotency.ts): the header, and what a repeat is answered.
    if (e.idempotent) {
      parameters.push(IDEMPOTENCY_HEADER);
      responses["409"] ??= { description: IDEMPOTENCY_MESSAGES.inFlight, content: { "application/json": { schema: errorSchema } } };
      responses["422"] ??= { description: IDEMPOTENCY_MESSAGES.mismatch, content: { "application/json": { schema: errorSchema } } };
    }
    if (e.weddingStore)
      responses["503"] ??= {
        description: "The wedding has moved to its own store, which cannot be reached for a moment: nothing was changed; try again after Retry-After seconds",
        content: { "application/json": { schema: errorSchema } },
      };
    parameters.push(ACCEPT_LANGUAGE_HEADER);
    for (const response of Object.values(responses)) (response as { headers?: unknown }).headers = CONTENT_LANGUAGE;
    (paths[path] ??= {})[e.method] = {
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      "x-access": access.value,
      parameters,
      ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: toJsonSchema(e.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Mandap API",
      version: "1.0.0",
      description:
        "The wedding marketplace's JSON API. Requests are sent with credentials (cookies). Messages (message, errors) are in the caller's language: the signed-in person's saved choice, else Accept-Language (hi or hi-IN for Hindi), else English; every answer names it in Content-Language (en-IN or hi-IN).",
    },
    servers: [{ url: serverUrl }],
    paths,
  };
}
