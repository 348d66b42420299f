import type { Env } from "../env.ts";
import { log } from "./log.ts";

/**
 * GET /healthz, for an uptime monitor or a load balancer: whether the Worker can reach its D1
 * database and its R2 bucket, each with the time it took. 200 when both answer, 503 when either
 * does not (the reason is logged, never shown: the answer is public). Never cached.
 */
export type HealthCheck = { ok: boolean; ms: number };
export type Health = { status: "ok" | "unavailable"; checks: { d1: HealthCheck; r2: HealthCheck } };

async function timed(name: string, probe: () => Promise<unknown>): Promise<HealthCheck> {
  const started = Date.now();
  try {
    await probe();
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    log.error("health check failed", { check: name }, error);
    return { ok: false, ms: Date.now() - started };
  }
}

export async function checkHealth(env: Pick<Env, "DB" | "MEDIA">): Promise<Health> {
  const [d1, r2] = await Promise.all([
    timed("d1", () => env.DB.prepare("SELECT 1 AS ok").first()),
    // A key that never exists: the bucket answers null when it is reachable.
    timed("r2", () => env.MEDIA.head("healthz/probe")),
  ]);
  return { status: d1.ok && r2.ok ? "ok" : "unavailable", checks: { d1, r2 } };
}

export async function healthResponse(env: Pick<Env, "DB" | "MEDIA">): Promise<Response> {
  const health = await checkHealth(env);
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
