import type { Env } from "../env.ts";
import { purgeExpiredAuth } from "../domain/accounts.ts";

/** A scheduled job: one cron expression in wrangler.jsonc, one or more jobs. */
export type CronJob = { name: string; run: (env: Env, now: number) => Promise<unknown> };

/** Daily housekeeping at 03:00 IST. Later areas add their jobs here. */
export const DAILY = "30 21 * * *";

export const jobsBySchedule: Record<string, CronJob[]> = {
  [DAILY]: [
    {
      name: "purge-expired-rate-limits",
      run: (env, now) => env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ? AND (locked_until IS NULL OR locked_until < ?)").bind(now - 86_400_000, now).run(),
    },
    { name: "purge-expired-sessions-and-tokens", run: (env, now) => purgeExpiredAuth(env.DB, now) },
  ],
};

/** Runs every job of a cron expression; one failing job does not stop the others. */
export async function runScheduled(cron: string, env: Env, now = Date.now()): Promise<{ name: string; ok: boolean }[]> {
  const jobs = jobsBySchedule[cron] ?? [];
  if (!jobs.length) console.warn(`no jobs for cron "${cron}"`);
  return Promise.all(
    jobs.map(async (job) => {
      try {
        await job.run(env, now);
        return { name: job.name, ok: true };
      } catch (err) {
        console.error(`cron job ${job.name} failed`, err);
        return { name: job.name, ok: false };
      }
    }),
  );
}
