import { toHex } from "#shared/tokens.ts";
/**
 * HMAC-SHA256 in hex, as payment gateways sign (Web Crypto, so it runs in the Worker). Verifying
 * goes through `crypto.subtle.verify`, which compares in constant time.
 */
const encoder = new TextEncoder();

/** An HMAC-SHA256 key for signing and verifying (payment signatures here, upload tokens in direct-uploads.ts). */
export async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** Lower-case hex HMAC-SHA256 of `message` with `secret`. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
  return toHex(signature);
}

/** Whether `signature` (64 hex characters) is the HMAC-SHA256 of `message` with `secret`; constant time; false for anything malformed. */
export async function verifyHmacSha256Hex(secret: string, message: string, signature: string): Promise<boolean> {
  if (typeof signature !== "string" || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(signature.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, encoder.encode(message));
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `prefix_` + 14 random base62 characters: Razorpay's id format (order_, pay_, evt_). */
export function gatewayId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${[...bytes].map((b) => BASE62[b % 62]).join("")}`;
}
