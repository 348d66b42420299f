import type { AiBinding } from "./platform/ai.ts";

/** Bindings and variables of the Worker (wrangler.jsonc, `.dev.vars`, `wrangler secret`). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  APP_ENV: "development" | "test" | "production" | string;
  /** "on" serves /dev/* (mailbox, error screen) on loopback hosts only; set by the local scripts, never in wrangler.jsonc. */
  DEV_PAGES?: string;
  CONTACT_PHONE: string;
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
  /** Cloudflare Email Service `send_email` binding, used when MAIL_TRANSPORT is "cloudflare". */
  EMAIL?: SendEmail;
  /** Google Identity Services client id; the Google button is hidden without it. */
  GOOGLE_CLIENT_ID?: string;
  /** Workers AI, for description drafts (functions/platform/ai.ts); without it the local writer drafts. */
  AI?: AiBinding;
}
