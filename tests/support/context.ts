import { env } from "cloudflare:workers";
import type { DomainContext, RequestInfo } from "#domain/context.ts";
import type { Actor, ValidSession } from "#domain/sessions.ts";
import { mailboxTransport, mailerFor, type MailService } from "#platform/mail.ts";

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
    request?: Partial<RequestInfo>;
    config?: Partial<DomainContext["config"]>;
  } = {},
): TestContext {
  const deferred: Promise<unknown>[] = [];
  const defer = (work: Promise<unknown>) => void deferred.push(work);
  return {
    db: env.DB,
    media: env.MEDIA,
    mail: options.mail ?? mailerFor(env, undefined, { transport: mailboxTransport }),
    actor: options.actor ?? options.session?.actor ?? null,
    session: options.session ?? null,
    now: options.now ?? Date.now(),
    request: { origin: "http://localhost", userAgent: "vitest", ip: null, deviceTokens: [], defer, ...options.request },
    defer,
    config: { googleClientId: null, ...options.config },
    deferred,
    settle: async () => {
      await Promise.all(deferred);
    },
  };
}
