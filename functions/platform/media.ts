import { log } from "./log.ts";

/**
 * Serves R2 objects under /media/{key}. Keys under immutable prefixes (content-addressed uploads
 * and demo images) are cached for a year; everything gets an ETag and honours If-None-Match.
 */
const IMMUTABLE_PREFIXES = ["seed/", "u/"];
const MAX_KEY_BYTES = 1024;
const UNSERVED_PREFIX = "u/incoming/";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  pdf: "application/pdf",
};

export function contentTypeFor(key: string): string {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return TYPES[ext] ?? "application/octet-stream";
}

export async function serveMedia(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  let key: string;
  try {
    key = decodeURIComponent(new URL(request.url).pathname.slice("/media/".length));
  } catch {
    return new Response("Not found", { status: 404 });
  }
  // R2 keys are at most 1,024 bytes: a longer one names nothing (R2 would throw, with its own text).
  if (!key || key.includes("..") || new TextEncoder().encode(key).byteLength > MAX_KEY_BYTES) return new Response("Not found", { status: 404 });
  // Direct uploads land under u/incoming/ as they came; only what the register step decoded and stored elsewhere is served.
  if (key.startsWith(UNSERVED_PREFIX)) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

  let object: R2Object | R2ObjectBody | null;
  try {
    object = await bucket.get(key, { onlyIf: request.headers });
  } catch (e) {
    // Logged; the storage's own error text is never shown.
    log.error("media read failed", { key: key.slice(0, 100) }, e);
    return new Response("This file cannot be read right now. Please try again.", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "5" } });
  }
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("content-type")) headers.set("Content-Type", contentTypeFor(key));
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE_PREFIXES.some((p) => key.startsWith(p)) ? "public, max-age=31536000, immutable" : "public, max-age=300");
  // onlyIf matched an If-None-Match: R2 returns the object without a body.
  if (!("body" in object) || (request.headers.get("if-none-match") && request.headers.get("if-none-match") === object.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : (object as R2ObjectBody).body, { headers });
}
