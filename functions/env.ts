/** Bindings and variables of the Worker (wrangler.jsonc, `.dev.vars`, `wrangler secret`). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  APP_ENV: "development" | "test" | "production" | string;
  CONTACT_PHONE: string;
  MAIL_FROM: string;
  /** Google Identity Services client id; the Google button is hidden without it. */
  GOOGLE_CLIENT_ID?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}

/** Optional mail configuration (functions/platform/mail.ts); the outbox is the default. */
export interface Env {
  /** "outbox" (default) or "http". */
  MAIL_TRANSPORT?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
}
