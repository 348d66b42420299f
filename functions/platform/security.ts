import { FIRST_VISIT_SCRIPT_SHA256 } from "#shared/first-visit.ts";
import { EARLY_TAPS_SCRIPT_SHA256 } from "#shared/early-taps.ts";
/**
 * Security rules applied to every response and every state-changing request (architecture,
 * "Security rules"). Pages get a per-request script nonce; API and media get a locked-down policy.
 */

/**
 * Writes other sites may send: the payment gateway's Checkout callback is a browser form POSTed from
 * the gateway's page (no session cookie arrives with it); its signature is its authority
 * (functions/domain/billing/checkout-callback.ts confirmCheckout).
 */
export const CROSS_SITE_WRITE_PATHS: ReadonlySet<string> = new Set(["/api/v1/payments/callback"]);

/** A non-GET request must come from our own origin (Origin header, else Sec-Fetch-Site), except on CROSS_SITE_WRITE_PATHS. */
export function isCrossOriginWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  if (CROSS_SITE_WRITE_PATHS.has(new URL(request.url).pathname)) return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  // Neither header: not a browser (curl, server-to-server). Cookies are SameSite=Lax, so a
  // cross-site browser form cannot reach here without one of the two headers.
  return false;
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The pages' policy; `formTargets` are the payment gateway's checkout origins (a plan is bought by a form POSTed to the gateway). */
export function pageCsp(nonce: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'sha256-${FIRST_VISIT_SCRIPT_SHA256}' 'sha256-${EARLY_TAPS_SCRIPT_SHA256}' https://accounts.google.com/gsi/client`,
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self'",
    // Presigned direct uploads of photos go straight to R2 (functions/platform/direct-uploads.ts).
    "connect-src 'self' https://accounts.google.com/gsi/ https://*.r2.cloudflarestorage.com",
    "frame-src https://accounts.google.com/gsi/ https://www.google.com/maps",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

const LOCKED_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; sandbox";

/** Returns the response with the security headers set (copying it when its headers are immutable). */
export function withSecurityHeaders(response: Response, request: Request, csp: string = LOCKED_CSP): Response {
  const out = new Response(response.body, response);
  const h = out.headers;
  if (!h.has("content-security-policy")) h.set("Content-Security-Policy", csp);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (new URL(request.url).protocol === "https:") h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return out;
}

/** For answers that depend on who is asking: no shared cache keeps them, no browser stores them. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Marks a response as personal (Cache-Control: private, no-store), replacing any public caching. */
export function markPersonal(response: Response): Response {
  response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
}
