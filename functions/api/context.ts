import type { Context } from "hono";
import type { Db } from "#db/client.ts";
import type { Actor, ValidSession } from "#domain/sessions.ts";
import type { Env } from "#functions/env.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db; actor: Actor | null; session: ValidSession | null };
};

export type ApiContext = Context<ApiEnv>;
