import { m } from "#shared/paraglide/messages.js";

/**
 * Google sign-in: verifies a Google Identity Services ID token (RS256 JWT) with WebCrypto against
 * Google's published keys. Checks signature, issuer, audience (our client id), expiry and that the
 * e-mail is verified. The key source is injectable so tests verify tokens signed by a local key.
 */
export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const CLOCK_SKEW_S = 60;

export type GoogleIdentity = { sub: string; email: string; name: string; picture: string | null };
export type KeySource = (kid: string) => Promise<JsonWebKey | null>;

export class GoogleTokenError extends Error {}

let cache: { keys: Map<string, JsonWebKey>; expiresAt: number } | null = null;

/** Google's JWKS, cached for as long as its Cache-Control says (at most a day). */
export const googleKeySource: KeySource = async (kid) => {
  const now = Date.now();
  if (!cache || cache.expiresAt < now || !cache.keys.has(kid)) {
    const res = await fetch(GOOGLE_CERTS_URL);
    if (!res.ok) throw new GoogleTokenError(m.api_google_unreachable());
    const body = (await res.json()) as { keys: (JsonWebKey & { kid: string })[] };
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1] ?? 3600);
    cache = { keys: new Map(body.keys.map((k) => [k.kid, k])), expiresAt: now + Math.min(maxAge, 86_400) * 1000 };
  }
  return cache.keys.get(kid) ?? null;
};

function b64urlBytes(part: string): Uint8Array<ArrayBuffer> {
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((part.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function b64urlJson(part: string): Record<string, unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(b64urlBytes(part))) as Record<string, unknown>;
  } catch {
    throw new GoogleTokenError(m.api_google_malformed());
  }
}

export async function verifyGoogleIdToken(token: string, clientId: string, keySource: KeySource = googleKeySource, now = Date.now()): Promise<GoogleIdentity> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new GoogleTokenError(m.api_google_malformed());
  const [h, p, s] = parts as [string, string, string];
  const header = b64urlJson(h);
  if (header.alg !== "RS256" || typeof header.kid !== "string") throw new GoogleTokenError(m.api_google_algorithm());
  const jwk = await keySource(header.kid);
  if (!jwk) throw new GoogleTokenError(m.api_google_unknown_key());
  const key = await crypto.subtle.importKey("jwk", { ...jwk, alg: "RS256", ext: true }, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
  const signatureOk = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, b64urlBytes(s), new TextEncoder().encode(`${h}.${p}`)).catch(() => false);
  if (!signatureOk) throw new GoogleTokenError(m.api_google_signature());
  const claims = b64urlJson(p);
  if (!ISSUERS.includes(String(claims.iss))) throw new GoogleTokenError(m.api_google_issuer());
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(clientId)) throw new GoogleTokenError(m.api_google_audience());
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_S < nowS) throw new GoogleTokenError(m.api_google_expired());
  if (typeof claims.iat === "number" && claims.iat - CLOCK_SKEW_S > nowS) throw new GoogleTokenError(m.api_google_not_yet_valid());
  if (typeof claims.sub !== "string" || typeof claims.email !== "string") throw new GoogleTokenError(m.api_google_no_account());
  if (claims.email_verified !== true && claims.email_verified !== "true") throw new GoogleTokenError(m.api_google_unverified_email());
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    name: typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 80) : claims.email.split("@")[0]!,
    picture: typeof claims.picture === "string" && claims.picture.startsWith("https://") ? claims.picture : null,
  };
}
