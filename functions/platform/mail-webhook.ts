/**
 * Bounces and complaints from the HTTP mail API (issue 31). Resend posts its events through Svix:
 * the headers svix-id, svix-timestamp and svix-signature ("v1,<base64>" values separated by
 * spaces, several while a secret is rotated), the signature being HMAC-SHA256 of
 * `${id}.${timestamp}.${raw body}` with the key base64-decoded from the "whsec_..." secret
 * (MAIL_WEBHOOK_SECRET). Verified with Web Crypto; a timestamp more than five minutes away is
 * refused (a replayed request).
 *
 * A permanent bounce (email.bounced) or a complaint (email.complained: the person marked a mail
 * as spam) suppresses the address (mail_suppressions): queueMail writes later mail to it as FAILED
 * with the reason, and the person sees "we could not reach your e-mail address" on their dashboard
 * until they change or confirm it (functions/domain/accounts/mail-preferences.ts).
 */
import type { MAIL_SUPPRESSION_KINDS } from "#shared/stored-values.ts";

export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type SvixHeaders = { id: string | null; timestamp: string | null; signature: string | null };

const encoder = new TextEncoder();

function base64Bytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(value);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Whether the request is signed with `secret` ("whsec_<base64>") and recent; constant-time comparison by crypto.subtle.verify. */
export async function verifySvixSignature(secret: string, headers: SvixHeaders, body: string, now: number): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) return false;
  const keyBytes = base64Bytes(secret.trim().replace(/^whsec_/, ""));
  if (!keyBytes?.length) return false;
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const part of signature.split(" ")) {
    const [version, value] = part.split(",", 2);
    if (version !== "v1" || !value) continue;
    const bytes = base64Bytes(value);
    if (bytes?.length === 32 && (await crypto.subtle.verify("HMAC", key, bytes, signed))) return true;
  }
  return false;
}

export type SuppressionKind = (typeof MAIL_SUPPRESSION_KINDS)[number];

export type MailEvent = { kind: SuppressionKind; addresses: string[]; providerMessageId: string | null; detail: string | null } | { kind: null; type: string };

/** The event's meaning for us: a bounce or a complaint with its addresses, or another event (delivered, opened...) that changes nothing. */
export function readMailEvent(body: string): MailEvent | null {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return null;
  }
  if (!event || typeof event !== "object") return null;
  const { type, data } = event as { type?: unknown; data?: unknown };
  if (typeof type !== "string") return null;
  const kind: SuppressionKind | null = type === "email.bounced" ? "BOUNCE" : type === "email.complained" ? "COMPLAINT" : null;
  if (!kind) return { kind: null, type: type.slice(0, 60) };
  const d = (data && typeof data === "object" ? data : {}) as { to?: unknown; email_id?: unknown; bounce?: { message?: unknown; type?: unknown } };
  const to = Array.isArray(d.to) ? d.to : typeof d.to === "string" ? [d.to] : [];
  const addresses = to.filter((a): a is string => typeof a === "string" && a.includes("@") && a.length <= 254).map((a) => a.trim().toLowerCase());
  if (!addresses.length) return null;
  const message = typeof d.bounce?.message === "string" ? d.bounce.message : null;
  return {
    kind,
    addresses: [...new Set(addresses)].slice(0, 50),
    providerMessageId: typeof d.email_id === "string" ? d.email_id.slice(0, 100) : null,
    detail: (kind === "COMPLAINT" ? "marked as spam" : message)?.slice(0, 300) ?? null,
  };
}

/** Records the suppression of each address (a later event for the same address replaces the reason). */
export function suppressionStatements(db: D1Database, event: Extract<MailEvent, { addresses: string[] }>, now: number): D1PreparedStatement[] {
  return event.addresses.map((email) =>
    db
      .prepare(
        `INSERT INTO mail_suppressions (email, kind, detail, provider_message_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (email) DO UPDATE SET kind = ?2, detail = ?3, provider_message_id = ?4, created_at = ?5`,
      )
      .bind(email, event.kind, event.detail, event.providerMessageId, now),
  );
}
