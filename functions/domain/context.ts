import type { MailService } from "#platform/mail.ts";
import type { Actor, ValidSession } from "./sessions.ts";

/**
 * Everything a domain function may use, built once per request: for pages in functions/app.ts,
 * for the API in functions/api/app.ts (both through `createDomainContext`), and by tests. Domain
 * functions take `(ctx, input)`; a page action and its API twin are "parse, one domain call,
 * respond". Payments and AI join when those areas are built (their adapters do not exist yet).
 */
export type DomainContext = {
  /** The D1 database: one statement or one atomic batch per write. */
  db: D1Database;
  /** Uploaded and demo media (R2). */
  media: R2Bucket;
  /** Outgoing e-mail: queued in the outbox, delivered by the configured transport. */
  mail: MailService;
  /** The signed-in account, or null for a visitor. */
  actor: Actor | null;
  session: ValidSession | null;
  /** The request's clock (UTC epoch ms), so one request sees one "now" and tests can set it. */
  now: number;
  request: RequestFacts;
  config: { googleClientId: string | null };
};

/** What the domain may know about the HTTP request (no headers, no cookies beyond these). */
export type RequestFacts = {
  /** This site's origin, for links in e-mails. */
  origin: string;
  /** The client's address as the platform reports it ("local" off Cloudflare). */
  ip: string;
  userAgent: string | null;
  /** The session token the browser carried (log-in ends it: no session fixation). */
  sessionToken: string | null;
};
