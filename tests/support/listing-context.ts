import { env } from "cloudflare:workers";
import type { DomainContext } from "#domain/context.ts";
import type { Actor } from "#domain/sessions.ts";
import type { Env } from "#functions/env.ts";
import { createDomainContext } from "#functions/domain-context.ts";

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
