import { Hono, type ErrorHandler } from "hono";
import { createDb } from "../../db/client.ts";
import { resolveSession } from "../platform/session-cookie.ts";
import { Invalid, isDomainError, TooManyRequests } from "../domain/errors.ts";
import type { ApiEnv } from "./context.ts";
import { openApiDocument } from "./openapi.ts";
import { analyticsApi, servicesApi } from "./services.ts";
import { cartApi, favoritesApi, serviceEngagementApi, vendorViewsApi } from "./listing.ts";
import { usersApi } from "./users.ts";
import { vendorAccountsApi } from "./vendors.ts";
import { adminApi } from "./admin.ts";

/** Maps domain errors to their statuses; anything else is logged and answered with a plain 500. */
export const apiErrorHandler: ErrorHandler<ApiEnv> = (err, c) => {
  if (isDomainError(err)) {
    if (err instanceof TooManyRequests) c.header("Retry-After", String(err.retryAfterSeconds));
    const body: Record<string, unknown> = { success: false, message: err.message };
    if (err instanceof Invalid && Object.keys(err.fields).length) body.errors = err.fields;
    return c.json(body, err.status);
  }
  console.error("api error", c.req.method, c.req.path, err);
  return c.json({ success: false, message: "Something went wrong on our side. Please try again." }, 500);
};

/**
 * The JSON API under /api/v1: one sub-app per resource, domain errors mapped to statuses, and a
 * body-type rule (JSON or multipart) on writes. Importable without the React Router build.
 */
export function createApi() {
  const api = new Hono<ApiEnv>().basePath("/api/v1");

  api.use(async (c, next) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
      const type = c.req.header("content-type") ?? "";
      const hasBody = c.req.header("content-length") !== "0" && (c.req.header("content-length") || c.req.header("transfer-encoding"));
      if (hasBody && !type.startsWith("application/json") && !type.startsWith("multipart/form-data")) {
        return c.json({ success: false, message: "Send the request body as application/json." }, 415);
      }
    }
    c.set("db", createDb(c.env.DB));
    const { session, setCookie } = await resolveSession(c.env.DB, c.req.raw);
    c.set("session", session);
    c.set("actor", session?.actor ?? null);
    await next();
    if (setCookie) c.res.headers.append("Set-Cookie", setCookie);
  });

  api.get("/openapi.json", (c) => c.json(openApiDocument(new URL(c.req.url).origin)));
  api.route("/services", servicesApi.app);
  api.route("/analytics", analyticsApi.app);
  api.route("/services", serviceEngagementApi.app);
  api.route("/favorites", favoritesApi.app);
  api.route("/cart", cartApi.app);
  api.route("/vendors", vendorViewsApi.app);
  api.route("/users", usersApi.app);
  api.route("/vendors", vendorAccountsApi.app);
  api.route("/admin", adminApi.app);

  api.notFound((c) => c.json({ success: false, message: "No such API endpoint." }, 404));
  api.onError(apiErrorHandler);
  return api;
}
