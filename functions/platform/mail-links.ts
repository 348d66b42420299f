/**
 * Signed links in e-mails (issue 31): "stop this kind of mail" (one-click unsubscribe, RFC 8058)
 * and "choose which e-mails you get". A link names one person and one purpose and carries its
 * expiry; an HMAC-SHA256 over those (MAIL_LINK_SECRET) makes it unforgeable, so no table of links
 * is kept and a link cannot be turned into another person's or another kind's.
 *
 * Format: `<purpose>.<user id>.<expiry, seconds in base 36>.<signature, base64url>`.
 */
import { hmacKey } from "./hmac.ts";

/** How long a link in a mail keeps working. */
export const MAIL_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

const LOCAL_SECRET = "mandap-local-mail-link-secret";

/** The signing key: MAIL_LINK_SECRET, or a fixed local default outside production (where it is required). */
export function mailLinkSecret(env: { MAIL_LINK_SECRET?: string; APP_ENV?: string }): string {
  const secret = env.MAIL_LINK_SECRET?.trim();
  if (secret) return secret;
  if (env.APP_ENV === "production") throw new Error("MAIL_LINK_SECRET is not set (docs/deploy.md, E-mail)");
  return LOCAL_SECRET;
}

const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return null;
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export type MailLink = { purpose: string; userId: string; expiresAt: number };

/** A signed token for `purpose` (lower-case letters and dashes) and `userId`, valid until `expiresAt`. */
export async function signMailLink(secret: string, link: MailLink): Promise<string> {
  const body = `${link.purpose}.${link.userId}.${Math.floor(link.expiresAt / 1000).toString(36)}`;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(body)));
  return `${body}.${toBase64Url(signature)}`;
}

export type ReadMailLink = { ok: true; link: MailLink } | { ok: false; reason: "forged" | "expired" };

/** Checks a token's signature (constant time) and expiry. Anything malformed is "forged". */
export async function readMailLink(secret: string, token: string, now: number): Promise<ReadMailLink> {
  const match = /^([a-z-]{1,40})\.([A-Za-z0-9-]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(typeof token === "string" ? token : "");
  if (!match) return { ok: false, reason: "forged" };
  const [, purpose, userId, expiry, signature] = match as unknown as [string, string, string, string, string];
  const bytes = fromBase64Url(signature);
  if (!bytes) return { ok: false, reason: "forged" };
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, encoder.encode(`${purpose}.${userId}.${expiry}`));
  if (!valid) return { ok: false, reason: "forged" };
  const expiresAt = Number.parseInt(expiry, 36) * 1000;
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, link: { purpose, userId, expiresAt } };
}
