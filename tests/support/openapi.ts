import { call } from "./factories.ts";

/** One operation of the served OpenAPI document, in the shape the suites walk. */
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The template as documented, e.g. /api/v1/services/feedback/{id}. */
  path: string;
  access: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** "PATCH /api/v1/admin/give-admin/{id}" */
  key: string;
};

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  [k: string]: unknown;
};

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        "x-access"?: unknown;
        parameters?: { name: string; in: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** The declared access as one string ("public", "USER", "VENDOR (owner)", "USER, ADMIN", ...). */
function accessText(declared: unknown): string {
  if (declared === undefined || declared === null) return "undeclared";
  if (Array.isArray(declared)) return declared.map(String).join(", ");
  if (typeof declared === "object") return JSON.stringify(declared);
  return String(declared);
}

/** Whether the declared access lets a visitor call the operation. */
export const isPublic = (op: Operation) => /^(public|anyone|everyone|visitor)/i.test(op.access.trim());

/** Every operation of GET /api/v1/openapi.json (built from the endpoint registry). */
export async function apiOperations(): Promise<Operation[]> {
  const res = await call("/api/v1/openapi.json");
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
  const doc = await res.json<Doc>();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method as Operation["method"],
        path,
        access: accessText(op["x-access"]),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: Object.fromEntries(params.filter((p) => p.in === "query").map((p) => [p.name, p.schema])),
        body: op.requestBody ? (Object.values(op.requestBody.content)[0]?.schema ?? {}) : null,
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return ops;
}

/** Fills a documented path template with the given values (each percent-encoded). */
export function fillPath(template: string, values: Record<string, string>, encode = true): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encode ? encodeURIComponent(v) : v;
  });
}
