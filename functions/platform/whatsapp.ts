import type { Env } from "#functions/env.ts";
import type { MailTransport, TransportResult } from "./mail.ts";

/**
 * WhatsApp notifications (issue 32, docs/decisions/0048-whatsapp.md). A WhatsApp message is an
 * outbox row (channel "whatsapp") delivered by the mail queue's machinery (functions/platform/
 * mail.ts: same claim, retries, dead-letter and FAILED with the reason); only its transport differs,
 * chosen by WHATSAPP_TRANSPORT:
 * - "dev" (default outside production): nothing is sent; the row becomes STORED and is shown at
 *   /dev/whatsapp. Never SENT.
 * - "cloud": Meta's WhatsApp Business Cloud API, POST {WHATSAPP_API_URL}/{phone-number-id}/messages
 *   with a bearer token and an approved template message (name, language, body parameters).
 * Business-initiated WhatsApp messages outside a 24-hour conversation window must be approved
 * templates, so every notification is one (functions/domain/accounts/whatsapp.ts defines them).
 */
export type WhatsAppTemplateMessage = { name: string; language: string; parameters: string[] };

export const WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";
export const WHATSAPP_HTTP_TIMEOUT_MS = 15_000;

type WhatsAppEnv = Pick<Env, "WHATSAPP_TRANSPORT" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_ACCESS_TOKEN" | "WHATSAPP_API_URL"> & { APP_ENV?: string };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** The template a WhatsApp outbox row carries (its payload column), or null when it is not one. */
export function readTemplate(payload: string | null | undefined): WhatsAppTemplateMessage | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as Partial<WhatsAppTemplateMessage>;
    if (typeof v.name !== "string" || typeof v.language !== "string" || !Array.isArray(v.parameters)) return null;
    return { name: v.name, language: v.language, parameters: v.parameters.map(String) };
  } catch {
    return null;
  }
}

/** The Cloud API's request body for one template message to `to` (digits with the country code). */
export function cloudApiBody(to: string, t: WhatsAppTemplateMessage) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: to.replace(/\D/g, ""),
    type: "template",
    template: {
      name: t.name,
      language: { code: t.language },
      components: t.parameters.length ? [{ type: "body", parameters: t.parameters.map((text) => ({ type: "text", text })) }] : [],
    },
  };
}

/** The local default: keeps the message for /dev/whatsapp and tests; nothing leaves. */
export const devWhatsAppTransport: MailTransport = { name: "whatsapp-dev", deliver: async () => ({ ok: true, status: "STORED" }) };

/**
 * Meta's Cloud API. 2xx is accepted (the answer's messages[0].id is kept); 408, 429, 5xx, network
 * errors and a refused token (401, 403: fixing the configuration delivers) are retried; any other
 * 4xx (a template not approved, a parameter missing, a number not on WhatsApp) is a permanent
 * refusal, FAILED at once with Meta's message.
 */
export function cloudApiTransport(phoneNumberId: string, token: string, baseUrl = WHATSAPP_API_URL): MailTransport {
  return {
    name: "whatsapp-cloud",
    async deliver(m) {
      const template = readTemplate(m.payload);
      if (!template) return { ok: false, error: "The outbox row has no template message", permanent: true };
      let res: Response;
      try {
        res = await fetch(`${baseUrl.replace(/\/$/, "")}/${encodeURIComponent(phoneNumberId)}/messages`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(cloudApiBody(m.to, template)),
          signal: AbortSignal.timeout(WHATSAPP_HTTP_TIMEOUT_MS),
        });
      } catch (e) {
        return { ok: false, error: `network error: ${errorText(e)}`, permanent: false };
      }
      const text = (await res.text().catch(() => "")).slice(0, 1000);
      let body: { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        /* an error page need not be JSON */
      }
      if (res.ok) {
        const id = body.messages?.[0]?.id;
        return { ok: true, status: "SENT", providerMessageId: typeof id === "string" ? id : undefined };
      }
      const reason =
        typeof body.error?.message === "string" ? `${body.error.message}${body.error.code ? ` (code ${String(body.error.code)})` : ""}` : text.slice(0, 300);
      const retryable = res.status === 401 || res.status === 403 || res.status === 408 || res.status === 429 || res.status >= 500;
      return { ok: false, error: `WhatsApp Cloud API HTTP ${res.status}${reason ? `: ${reason}` : ""}`, permanent: !retryable };
    },
  };
}

function misconfigured(reason: string): MailTransport {
  return { name: "whatsapp-none", deliver: async (): Promise<TransportResult> => ({ ok: false, error: reason, permanent: false }) };
}

/** The transport WHATSAPP_TRANSPORT names; "cloud" without its number id or token fails (and is retried) with the reason. */
export function whatsAppTransportFor(env: WhatsAppEnv): MailTransport {
  const name = (env.WHATSAPP_TRANSPORT ?? "").trim().toLowerCase();
  if (name === "" && env.APP_ENV === "production")
    return misconfigured("No WhatsApp transport is configured in production: set WHATSAPP_TRANSPORT to cloud (docs/deploy.md)");
  if (name === "" || name === "dev") return devWhatsAppTransport;
  if (name === "cloud") {
    if (!env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_ACCESS_TOKEN)
      return misconfigured('WHATSAPP_TRANSPORT is "cloud" but WHATSAPP_PHONE_NUMBER_ID or WHATSAPP_ACCESS_TOKEN is not set');
    return cloudApiTransport(env.WHATSAPP_PHONE_NUMBER_ID, env.WHATSAPP_ACCESS_TOKEN, env.WHATSAPP_API_URL || WHATSAPP_API_URL);
  }
  return misconfigured(`Unknown WHATSAPP_TRANSPORT "${env.WHATSAPP_TRANSPORT}" (use dev or cloud)`);
}

/** "98765 43210", "+91 98765-43210", "09876543210" -> "+919876543210"; null when it is not an Indian mobile number. */
export function indianMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}
