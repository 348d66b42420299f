import type { Context } from "hono";
import type { DomainContext, Actor, ValidSession } from "#domain/core/index.ts";
import type { Env } from "#functions/env.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { domain: DomainContext; actor: Actor | null; session: ValidSession | null };
};

export type ApiContext = Context<ApiEnv>;
