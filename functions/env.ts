/** Bindings and variables of the Worker (wrangler.jsonc, `.dev.vars`, `wrangler secret`). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  APP_ENV: "development" | "test" | "production" | string;
  /** "on" serves /dev/* (mailbox, error screen) on loopback hosts only; set by the local scripts, never in wrangler.jsonc. */
  DEV_PAGES?: string;
  CONTACT_PHONE: string;
  MAIL_FROM: string;
  /** Mail adapter (functions/platform/mail.ts): "outbox" (default) or "http" with MAIL_API_URL and the MAIL_API_KEY secret. */
  MAIL_TRANSPORT?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** Google Identity Services client id; the Google button is hidden without it. */
  GOOGLE_CLIENT_ID?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}
