import type { DomainContext } from "./domain/context.ts";
import { clientAddress } from "./domain/rate-limits.ts";
import type { ValidSession } from "./domain/sessions.ts";
import type { Env } from "./env.ts";
import { readDeviceTokens } from "./platform/device-cookie.ts";
import { descriptionWriterFor } from "./platform/ai.ts";
import { mailerFor } from "./platform/mail.ts";
import { imagePipelineFor } from "./platform/images.ts";
import { directUploadsFor } from "./platform/direct-uploads.ts";
import { readSessionToken } from "./platform/session-cookie.ts";

/**
 * The one place a request becomes a domain context: the adapters chosen by configuration
 * (database, media, mail), who is asking, the request's clock and what the domain may know of the
 * request. Pages (functions/app.ts) and the API (functions/api/app.ts) both build it here.
 */
export function createDomainContext(
  env: Env,
  exec: Pick<ExecutionContext, "waitUntil"> | null,
  request: Request,
  session: ValidSession | null,
  now = Date.now(),
): DomainContext {
  const defer = (work: Promise<unknown>) => {
    if (exec) exec.waitUntil(work);
    else void work.catch((e: unknown) => console.error("deferred work failed", e));
  };
  return {
    db: env.DB,
    media: env.MEDIA,
    images: imagePipelineFor(env),
    uploads: directUploadsFor(env),
    mail: mailerFor(env, exec ?? undefined),
    actor: session?.actor ?? null,
    session,
    now,
    request: {
      origin: new URL(request.url).origin,
      userAgent: request.headers.get("user-agent"),
      ip: clientAddress(request),
      previousSessionToken: readSessionToken(request),
      deviceTokens: readDeviceTokens(request),
    },
    defer,
    config: { googleClientId: env.GOOGLE_CLIENT_ID ?? null },
    ai: descriptionWriterFor(env),
  };
}
