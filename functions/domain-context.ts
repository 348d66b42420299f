import { type DomainConfig, type DomainContext, clientAddress, type ReplyConfig, type ValidSession } from "#domain/core/index.ts";
import type { Env } from "./env.ts";
import { readDeviceTokens } from "./platform/device-cookie.ts";
import { descriptionWriterFor } from "./platform/ai.ts";
import { mailerFor } from "./platform/mail.ts";
import { smsServiceFor } from "./platform/sms.ts";
import { mailLinkSecret } from "./platform/mail-links.ts";
import { imagePipelineFor } from "./platform/images.ts";
import { directUploadsFor } from "./platform/direct-uploads.ts";
import { readSessionToken } from "./platform/session-cookie.ts";
import { paymentGatewayFor } from "./platform/payments.ts";
import { eventRecorderFor } from "./platform/analytics.ts";
import { weddingLiveFor } from "./platform/wedding-live.ts";
import { weddingStoresFor } from "./stores/wedding-store/index.ts";
import { planPurpose, servePaymentPurposes } from "#domain/billing/index.ts";
import { templatePurpose } from "#domain/invitations/index.ts";
import { log } from "./platform/log.ts";

// What can be bought (docs/decisions/0042-billing-purposes.md): each purpose is declared by the area
// that owns its tables and handed to billing here, where every domain context is built, so billing
// serves them all without importing the areas above it.
servePaymentPurposes([planPurpose, templatePurpose]);

/**
 * The one place a request becomes a domain context: the adapters chosen by configuration
 * (database, or the request's D1 session from functions/platform/d1-sessions.ts; media, mail), who is asking, the request's clock and what the domain may know of the
 * request. Pages (functions/app.ts) and the API (functions/api/app.ts) both build it here.
 */
export function createDomainContext(
  env: Env,
  exec: Pick<ExecutionContext, "waitUntil"> | null,
  request: Request,
  session: ValidSession | null,
  now = Date.now(),
  db: D1Database = env.DB,
): DomainContext {
  const defer = (work: Promise<unknown>) => {
    if (exec) exec.waitUntil(work);
    else void work.catch((e: unknown) => log.error("deferred work failed", {}, e));
  };
  return {
    db,
    media: env.MEDIA,
    images: imagePipelineFor(env),
    uploads: directUploadsFor(env),
    mail: mailerFor(env, exec ?? undefined),
    sms: smsServiceFor(env),
    actor: session?.actor ?? null,
    session,
    now,
    request: {
      origin: new URL(request.url).origin,
      userAgent: request.headers.get("user-agent"),
      ip: clientAddress(request),
      previousSessionToken: readSessionToken(request),
      deviceTokens: readDeviceTokens(request),
    },
    defer,
    config: domainConfig(env),
    ai: descriptionWriterFor(env),
    payments: paymentGatewayFor(env, new URL(request.url).origin, defer),
    events: eventRecorderFor(env, defer),
    live: weddingLiveFor(env),
    stores: weddingStoresFor(env),
  };
}

/** The domain's configuration from the Worker's vars, with the local defaults (docs/deploy.md lists them). */
export function domainConfig(env: Env): DomainConfig {
  const free = Number.parseInt(env.FREE_ACTIVE_SERVICES ?? "", 10);
  // The local supplier is for development and tests only: in production an unset SUPPLIER_* stays
  // empty, and issuing an invoice fails loudly naming it (functions/domain/billing/invoices.ts supplierOf).
  const local = env.APP_ENV !== "production";
  const supplier = (value: string | undefined, fallback: string) => value?.trim() || (local ? fallback : "");
  return {
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    billing: {
      supplierLegalName: supplier(env.SUPPLIER_LEGAL_NAME, "Mandap Marketplace Private Limited"),
      supplierGstin: supplier(env.SUPPLIER_GSTIN, "29AAJCM1234K1ZA"),
      supplierAddress: supplier(env.SUPPLIER_ADDRESS, "2nd Floor, 12 Residency Road, Bengaluru 560025"),
      supplierState: supplier(env.SUPPLIER_STATE, "Karnataka"),
      pricesIncludeGst: (env.PRICES_INCLUDE_GST ?? "true").trim().toLowerCase() === "true",
    },
    freeActiveServices: Number.isFinite(free) && free >= 0 ? free : 1,
    contactEmail: env.CONTACT_EMAIL?.trim() || (/<([^>]+)>/.exec(env.MAIL_FROM ?? "")?.[1] ?? env.MAIL_FROM ?? "").trim(),
    replies: replyConfig(env, local),
    mailLinkSecret: env.MAIL_LINK_SECRET?.trim() || (local ? mailLinkSecret(env) : null),
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET?.trim() || null,
    whatsAppWebhook: { appSecret: env.WHATSAPP_APP_SECRET?.trim() || null, verifyToken: env.WHATSAPP_VERIFY_TOKEN?.trim() || null },
    otpPepper: env.OTP_PEPPER?.trim() || (local ? "mandap-local-otp-pepper" : null),
  };
}

/**
 * Replies by e-mail: REPLY_DOMAIN (routed to this Worker by Cloudflare Email Routing) and the
 * REPLY_SIGNING_SECRET secret. Locally both have defaults, so the mails at /dev/mailbox carry a
 * Reply-To and a test can answer one; in production, without both, mails carry no Reply-To.
 */
function replyConfig(env: Env, local: boolean): ReplyConfig | null {
  const domain = env.REPLY_DOMAIN?.trim() || (local ? "reply.localhost" : "");
  const secret = env.REPLY_SIGNING_SECRET?.trim() || (local ? "mandap-local-reply-signing-secret" : "");
  return domain && secret ? { domain: domain.toLowerCase(), secret } : null;
}
