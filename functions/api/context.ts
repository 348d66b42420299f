import type { Context } from "hono";
import type { DomainContext } from "#domain/context.ts";
import type { Actor, ValidSession } from "#domain/sessions.ts";
import type { Env } from "#functions/env.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { domain: DomainContext; actor: Actor | null; session: ValidSession | null };
};

export type ApiContext = Context<ApiEnv>;
