import type { DescriptionWriter } from "#platform/ai.ts";
import type { MailService } from "#platform/mail.ts";
import type { SmsService } from "#platform/sms.ts";
import type { ImagePipeline } from "#platform/images.ts";
import type { DirectUploads } from "#platform/direct-uploads.ts";
import type { Role } from "#db/schema/identity.ts";
import type { PaymentGateway } from "#platform/payments.ts";
import type { EventRecorder } from "#platform/analytics.ts";

/**
 * Everything a domain function may use, built once per request by `createDomainContext`
 * (functions/domain-context.ts): for pages in functions/app.ts, for the API in functions/api/app.ts,
 * and by tests. Domain functions take `(ctx, input)`, so a page action and its API twin are
 * "parse, one domain call, respond".
 */
export type DomainContext = {
  /** The D1 database: one statement or one atomic batch per write (docs/decisions/0014). */
  db: D1Database;
  /** Uploaded and demo media (R2). */
  media: R2Bucket;
  /** Resizes uploaded photos (WASM in the Worker, or Cloudflare Images); the WASM pipeline when absent. */
  images?: ImagePipeline;
  /** Signs direct-to-storage uploads (presigned R2 URLs, or the Worker's own upload route). */
  uploads?: DirectUploads;
  /** Outgoing e-mail: queued in the outbox, delivered by the configured transport. */
  mail: MailService;
  /** Text messages (one-time codes): the configured SMS transport, or the local smsbox (functions/platform/sms.ts). */
  sms: SmsService;
  /** The signed-in account, or null for a visitor. */
  actor: Actor | null;
  session: ValidSession | null;
  /** The request's clock (UTC epoch ms): one request sees one "now", and tests can set it. */
  now: number;
  request: RequestInfo;
  /** Runs work after the answer (the Worker's waitUntil), so e.g. sending a mail never changes how long an answer takes. */
  defer: (work: Promise<unknown>) => void;
  config: DomainConfig;
  /** The payment gateway: Razorpay with keys, else the local sandbox gateway (functions/platform/payments.ts). */
  payments: PaymentGateway;
  /** Description drafts: Workers AI where configured, else the deterministic local writer (functions/platform/ai.ts). */
  ai: DescriptionWriter;
  /** Key events (searches, enquiries, sign-ups, payments): Workers Analytics Engine, or the local table (functions/platform/analytics.ts). */
  events: EventRecorder;
  /**
   * The version of public data this request's page-cache key was made with (a visitor's cacheable
   * page: functions/platform/page-cache.ts), at most PAGE_CACHE_VERSION_MS old; absent otherwise,
   * and then whoever needs it reads it (a signed-in person sees their own writes at once).
   */
  publicDataVersion?: number;
  /** Each wedding's live object (functions/platform/wedding-live.ts): told of every change so open pages update; absent without the binding. */
  live?: WeddingLivePort;
  /** Each wedding's store (functions/stores/wedding-store/, docs/decisions/0066): absent without the binding, and then no wedding can move. */
  stores?: WeddingStoresPort;
};

/** Each wedding's store, as the domain uses it (docs/decisions/0055, 0066): a moved wedding's database, and the move's copy. */
export type WeddingStoresPort = {
  /** A moved wedding's database: D1's surface; a statement on the store's tables runs in its store, any other in `d1`. */
  database(weddingId: string, d1: D1Database): D1Database;
  /** Rows copied into the wedding's store, one transaction a call; a row already there refuses the whole call. */
  importRows(weddingId: string, table: WeddingStoreTable, rows: Record<string, unknown>[], copy?: string): Promise<number>;
  /** Empties the wedding's store for a move's copy: from then on importRows naming another copy is refused. */
  beginCopy(weddingId: string, copy: string): Promise<void>;
  /** How many rows each of the store's tables holds. */
  rows(weddingId: string): Promise<Record<WeddingStoreTable, number>>;
  /** Whether the wedding's store holds a move's copy (begun, not emptied since): D1's frozen copy may be deleted only then. */
  holdsCopy(weddingId: string): Promise<boolean>;
  /** Empties the wedding's store (a move that did not finish, a closed account). */
  drop(weddingId: string): Promise<void>;
  /** Runs the store's halves of writes recorded in D1 (wedding_store_writes), in `seq` order, each once; how many ran. */
  applyWrites(weddingId: string, writes: { seq: number; statements: { sql: string; params: unknown[] }[] }[]): Promise<number>;
  /**
   * A moved couple's functions from `day` to `until` with households waiting to answer, the planning reminder's rows (the rule of
   * D1's page read, functions/domain/planning/reminder-reads.ts), read in the wedding's store.
   */
  waitingToAnswer(weddingId: string, coupleId: string, day: string, until: string): Promise<Record<string, unknown>[]>;
  /**
   * A moved couple's RSVP figures, the WhatsApp summary's (the rule of D1's read, functions/domain/guests/rsvp-whatsapp.ts), and
   * whether a guest answered after `since`, read in the wedding's store.
   */
  rsvpFigures(weddingId: string, coupleId: string, since: number): Promise<RsvpFigures>;
};

/** A wedding's guests coming, not coming and invited (every guest of an invited household), and whether one answered since a moment (1 or 0). */
export type RsvpFigures = { answered: number; coming: number; declined: number; invited: number };

/** The guest list's tables a wedding's store holds, parents first (functions/stores/wedding-store/schema.ts STORE_TABLES). */
export type WeddingStoreTable = "events" | "households" | "guests" | "household_invitations" | "guest_rsvps";

/** What the domain tells a wedding's live object (issue 33, docs/decisions/0052-plan-together-live.md). */
export type WeddingLivePort = {
  /** An area of the wedding changed (after its D1 batch committed), by whom (their name and account). */
  changed(weddingId: string, notice: { area: string; by: string; byId: string }): Promise<void>;
  /** A member left or was removed: their open pages stop listening. */
  removed(weddingId: string, userId: string): Promise<void>;
};

/**
 * What the domain may know of the HTTP request. `ip` is the client's address only where the
 * platform reports it (rate-limits.ts clientAddress), else null; `deviceTokens` are the
 * remembered-device tokens the browser carried; `previousSessionToken` is the session the browser
 * carried (log-in ends it: no session fixation).
 */
export type RequestInfo = {
  origin: string;
  userAgent: string | null;
  ip: string | null;
  previousSessionToken?: string | null;
  deviceTokens?: string[];
};

/** Who is asking: the signed-in account as a session carries it. */
export type Actor = {
  id: string;
  role: Role;
  email: string;
  userName: string;
  profilePhoto: string | null;
  isVerified: boolean;
  /** The language the person chose ("en" | "hi"), or null when they never chose (shared/locale.ts). */
  locale?: string | null;
};

/** A session found by its token; `renewed` when its expiry slid (the cookie is set again). */
export type ValidSession = { actor: Actor; sessionId: string; expiresAt: number; renewed: boolean };

/** Configuration the domain reads (from the Worker's vars and secrets, with local defaults). */
export type DomainConfig = {
  googleClientId: string | null;
  /** The supplier on GST invoices and how plan prices treat GST. */
  billing: BillingConfig;
  /** Active services a vendor without a running subscription keeps listed. */
  freeActiveServices: number;
  /** The team's mailbox, where /contactus messages go. */
  contactEmail: string;
  /** Replies by e-mail to enquiry mails (enquiries/email-replies.ts): the reply domain and the key that signs its addresses; null when not set up. */
  replies: ReplyConfig | null;
  /** The key of signed links in mails (unsubscribe, e-mail preferences; functions/platform/mail-links.ts); null where it is required and not set (production): such links then fail loudly. */
  mailLinkSecret: string | null;
  /** The mail service's webhook signing secret ("whsec_...", MAIL_WEBHOOK_SECRET); null: bounce webhooks are refused. */
  mailWebhookSecret: string | null;
  /** WhatsApp's webhook (replies such as STOP): the Meta app secret that signs it (X-Hub-Signature-256, WHATSAPP_APP_SECRET) and the token of its subscription check (WHATSAPP_VERIFY_TOKEN); null: refused. */
  whatsAppWebhook: { appSecret: string | null; verifyToken: string | null };
  /** The HMAC key of stored one-time SMS codes (OTP_PEPPER); null where it is required and not set (production): asking for a code then fails loudly. */
  otpPepper: string | null;
};

export type ReplyConfig = { domain: string; secret: string };

export type BillingConfig = {
  supplierLegalName: string;
  supplierGstin: string;
  supplierAddress: string;
  supplierState: string;
  pricesIncludeGst: boolean;
};
