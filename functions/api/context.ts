import type { Context } from "hono";
import type { Db } from "../../db/client.ts";
import type { Env } from "../env.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db };
};

export type ApiContext = Context<ApiEnv>;
