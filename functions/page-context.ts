import { createContext } from "react-router";
import type { DomainContext, Actor, ValidSession } from "#domain/core/index.ts";
import type { Env } from "./env.ts";

/** What every loader and action gets from the Worker through the RouterContextProvider. */
export type AppContext = {
  env: Env;
  ctx: ExecutionContext;
  /** The domain context of this request (functions/domain-context.ts): pass it to domain functions. */
  domain: DomainContext;
  /** The CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** The signed-in account, or null for a visitor. */
  actor: Actor | null;
  session: ValidSession | null;
};

export const appContext = createContext<AppContext>();
