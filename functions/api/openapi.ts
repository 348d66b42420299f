import { z } from "zod";
import { describeAccess } from "#domain/permissions.ts";
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
    (paths[path] ??= {})[e.method] = {
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      "x-access": access.value,
      ...(parameters.length ? { parameters } : {}),
      ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: toJsonSchema(e.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Mandap API", version: "1.0.0", description: "The wedding marketplace's JSON API. Requests are sent with credentials (cookies)." },
    servers: [{ url: serverUrl }],
    paths,
  };
}
