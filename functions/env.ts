import type { AiBinding } from "./platform/ai.ts";
import type { MailQueueMessage } from "./platform/mail.ts";
import type { JobMessage } from "./cron/continuations.ts";
import type { WeddingStore } from "./stores/wedding-store/index.ts";
import type { WeddingLive } from "./platform/wedding-live.ts";

/** Bindings and variables of the Worker (wrangler.jsonc, `.dev.vars`, `wrangler secret`). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  /** Each wedding's store, a Durable Object with SQLite storage (decision 0055): a moved wedding's guest list (decision 0066). Without it no wedding can move. */
  WEDDING_STORE?: DurableObjectNamespace<WeddingStore>;
  /** "on": the daily job moves weddings still in D1 to their stores (docs/decisions/0066 "Moving every wedding"); anything else, none moves by itself. */
  WEDDING_MOVES?: string;
  /** The static assets (build/client): the Worker reads its PDF fonts through it (app/lib/pdf-fonts.server.ts). */
  ASSETS?: Fetcher;
  APP_ENV: "development" | "test" | "production" | string;
  /** "on" serves /dev/* (mailbox, error screen) on loopback hosts only; set by the local scripts, never in wrangler.jsonc. */
  DEV_PAGES?: string;
  CONTACT_PHONE: string;
  /** The team's mailbox: /contactus messages are mailed here (else to MAIL_FROM's address). */
  CONTACT_EMAIL?: string;
  /** The site's public origin ("https://mandap.example"), for links in mails sent without a request (the weekly summary). */
  SITE_ORIGIN?: string;
  /** Sender of every e-mail, "Name <address>" (the address must be allowed by the transport). */
  MAIL_FROM: string;
  /**
   * How e-mail leaves (functions/platform/mail.ts, docs/deploy.md): "mailbox" (default: nothing is
   * sent, messages are kept for /dev/mailbox), "cloudflare" (the EMAIL send_email binding) or
   * "http" (MAIL_API_URL with the MAIL_API_KEY secret).
   */
  MAIL_TRANSPORT?: "mailbox" | "cloudflare" | "http" | string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** The mail queue's producer (wrangler.jsonc `queues`): outbox ids to deliver (functions/platform/mail.ts). Without it the mailer delivers by itself. */
  MAIL_QUEUE?: Queue<MailQueueMessage>;
  /** One Durable Object per wedding holding its open planning pages' WebSockets (functions/platform/wedding-live.ts; docs/deploy.md "Live planning"). Without it pages do not update live. */
  WEDDING_LIVE?: DurableObjectNamespace<WeddingLive>;
  /** The jobs queue's producer: the rest of a scheduled job that did not fit one invocation's D1 queries (functions/cron/continuations.ts). */
  JOB_QUEUE?: Queue<JobMessage>;
  /** HMAC key of the signed links in mails (unsubscribe, e-mail preferences); required in production (functions/platform/mail-links.ts). */
  MAIL_LINK_SECRET?: string;
  /** The mail service's webhook signing secret ("whsec_..."): bounces and complaints (functions/platform/mail-webhook.ts). */
  MAIL_WEBHOOK_SECRET?: string;
  /**
   * How WhatsApp notifications leave (functions/platform/whatsapp.ts, docs/deploy.md "WhatsApp"):
   * "dev" (default outside production: nothing is sent, messages are kept for /dev/whatsapp) or
   * "cloud" (Meta's WhatsApp Business Cloud API with WHATSAPP_PHONE_NUMBER_ID and the
   * WHATSAPP_ACCESS_TOKEN secret; WHATSAPP_API_URL overrides https://graph.facebook.com/v21.0).
   */
  WHATSAPP_TRANSPORT?: "dev" | "cloud" | string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_ACCESS_TOKEN?: string;
  WHATSAPP_API_URL?: string;
  /** Secret: the Meta app's secret, which signs WhatsApp's webhook (X-Hub-Signature-256); without it the webhook is refused. */
  WHATSAPP_APP_SECRET?: string;
  /** The token Meta sends back when the webhook is subscribed (GET hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN?: string;
  /** Cloudflare Email Service `send_email` binding, used when MAIL_TRANSPORT is "cloudflare". */
  EMAIL?: SendEmail;
  /**
   * How text messages leave (functions/platform/sms.ts, docs/deploy.md): "smsbox" (default: nothing
   * is sent, messages are kept for /dev/sms) or "msg91" (MSG91's Flow API with the MSG91_AUTH_KEY
   * secret and the DLT template ids below). Unset in production: every SMS fails, saying why.
   */
  SMS_TRANSPORT?: "smsbox" | "msg91" | string;
  MSG91_AUTH_KEY?: string;
  /** MSG91's id of the DLT-approved template of the sign-in code ("##code## is your Mandap code..."). */
  MSG91_TEMPLATE_LOGIN_CODE?: string;
  /** MSG91's id of the DLT-approved template of an invitation to plan a wedding (variables inviter, couple, link, date). */
  MSG91_TEMPLATE_PLAN_INVITE?: string;
  /** The Hindi text's DLT template id (issue 32); unset: Hindi readers get the English template. */
  MSG91_TEMPLATE_LOGIN_CODE_HI?: string;
  /** Override of MSG91's Flow API address (tests point it at a stand-in). */
  MSG91_API_URL?: string;
  /** HMAC key of stored one-time codes (functions/domain/accounts/phone-codes.ts); required in production, a local default elsewhere. */
  OTP_PEPPER?: string;
  /** Google Identity Services client id; the Google button is hidden without it. */
  GOOGLE_CLIENT_ID?: string;
  /** The domain whose mail Cloudflare Email Routing sends to this Worker's email() handler: the Reply-To of enquiry mails (functions/domain/enquiries/email-replies.ts). */
  REPLY_DOMAIN?: string;
  /** Secret that signs reply addresses (required with REPLY_DOMAIN in production). */
  REPLY_SIGNING_SECRET?: string;
  /** Workers Analytics Engine dataset for key events (functions/platform/analytics.ts); without it they go to the local analytics_events table. */
  EVENTS?: AnalyticsEngineDataset;
  /** Workers AI, for description drafts (functions/platform/ai.ts); without it the local writer drafts. */
  AI?: AiBinding;
  /** "cloudflare-images" resizes uploads with the IMAGES binding; otherwise (default) WASM in the Worker (functions/platform/images.ts). */
  IMAGE_PIPELINE?: string;
  /** Cloudflare Images binding (wrangler.jsonc `"images": { "binding": "IMAGES" }`), used when IMAGE_PIPELINE is "cloudflare-images". */
  IMAGES?: ImagesBinding;
  /** HMAC key of the Worker's own direct-upload tokens (required in production unless the R2 API credentials are set). */
  UPLOAD_SIGNING_SECRET?: string;
  /** R2 API credentials: with all four, direct uploads go to presigned R2 URLs (functions/platform/direct-uploads.ts). */
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_ACCOUNT_ID?: string;
  R2_BUCKET?: string;
  /** Razorpay (functions/platform/payments.ts): with all three, payments go through Razorpay; without them, none (the local sandbox gateway only with SANDBOX_GATEWAY). */
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  /**
   * "on" lets the local sandbox gateway (which takes no money) run, on loopback hosts only
   * (functions/platform/payments.ts sandboxGatewayEnabled); set by the local scripts and the test
   * pool, never in wrangler.jsonc. Without it and without Razorpay keys, orders are refused.
   */
  SANDBOX_GATEWAY?: string;
  /** The sandbox gateway's signing secret (local default; any value works, it only has to be stable). */
  SANDBOX_GATEWAY_SECRET?: string;
  /**
   * Where a phone on the same network reaches the local server (a private address such as
   * http://192.168.1.20:8787; `npm start` with LAN=1 sets it): the sandbox checkout's UPI QR code
   * points there, and only its phone pages answer on it.
   */
  SANDBOX_PHONE_ORIGIN?: string;
  /** The supplier on GST invoices (functions/domain/billing/invoices.ts, docs/deploy.md "Payments"). */
  SUPPLIER_LEGAL_NAME?: string;
  SUPPLIER_GSTIN?: string;
  SUPPLIER_ADDRESS?: string;
  /** The supplier's state as it appears in shared/places.ts (decides CGST + SGST or IGST). */
  SUPPLIER_STATE?: string;
  /** "true": plan prices include GST; otherwise GST is added on top. */
  PRICES_INCLUDE_GST?: string;
  /** Active services a vendor without a running subscription may keep listed (default 1). */
  FREE_ACTIVE_SERVICES?: string;
}
