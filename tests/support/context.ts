import { env } from "cloudflare:workers";
import type { DomainContext, RequestInfo, Actor, ValidSession } from "#domain/core/index.ts";
import { mailboxTransport, mailerFor, type MailService } from "#platform/mail.ts";
import { smsboxTransport, smsServiceFor, type SmsService } from "#platform/sms.ts";
import { localWriter } from "#platform/ai.ts";
import type { Env } from "#functions/env.ts";
import { createDomainContext, domainConfig } from "#functions/domain-context.ts";
import { paymentGatewayFor } from "#platform/payments.ts";
import { d1EventRecorder } from "#platform/analytics.ts";
import { weddingStoresFor } from "#functions/stores/wedding-store/index.ts";

/**
 * A domain context for tests that call domain functions directly: the test D1 and R2, mail stored
 * in the local mailbox (the outbox table), and the actor, clock and request facts a test chooses.
 * Work the domain defers until after the answer (mails) is collected; `settle()` waits for it.
 */
export type TestContext = DomainContext & { deferred: Promise<unknown>[]; settle: () => Promise<void> };

export function testContext(
  options: {
    actor?: Actor | null;
    session?: ValidSession | null;
    now?: number;
    mail?: MailService;
    sms?: SmsService;
    request?: Partial<RequestInfo>;
    config?: Partial<DomainContext["config"]>;
  } = {},
): TestContext {
  const deferred: Promise<unknown>[] = [];
  const defer = (work: Promise<unknown>) => void deferred.push(work);
  const request: RequestInfo = { origin: "http://localhost", userAgent: "vitest", ip: null, deviceTokens: [], ...options.request };
  return {
    db: env.DB,
    media: env.MEDIA,
    mail: options.mail ?? mailerFor(env, undefined, { transport: mailboxTransport }),
    sms: options.sms ?? smsServiceFor(env as unknown as Env, { transport: smsboxTransport }),
    actor: options.actor ?? options.session?.actor ?? null,
    session: options.session ?? null,
    now: options.now ?? Date.now(),
    request,
    defer,
    config: { ...domainConfig(env as unknown as Env), googleClientId: null, ...options.config },
    ai: localWriter,
    payments: paymentGatewayFor(env, request.origin),
    events: d1EventRecorder(env.DB, defer),
    stores: weddingStoresFor(env as unknown as Env),
    deferred,
    settle: async () => {
      await Promise.all(deferred);
    },
  };
}

/**
 * A domain context for tests that call listing-area domain functions directly: the test
 * Worker's database and media, built by the same createDomainContext as pages and the API, with
 * the actor, clock, database or request headers a test needs.
 */
export function listingContext(
  options: { actor?: Actor | null; now?: number; db?: D1Database; url?: string; headers?: Record<string, string> } = {},
): DomainContext {
  const request = new Request(options.url ?? "https://mandap.example/", { headers: options.headers ?? {} });
  const ctx = createDomainContext(env as unknown as Env, null, request, null, options.now ?? Date.now());
  return { ...ctx, actor: options.actor ?? null, ...(options.db ? { db: options.db } : {}) };
}

/** A signed-in account as the domain sees it, for tests that call domain functions with only an id (a vendor unless said). */
export const actorOf = (id: string, role: Actor["role"] = "VENDOR"): Actor => ({
  id,
  role,
  email: `${id}@test.example`,
  userName: "T",
  profilePhoto: null,
  isVerified: true,
});
