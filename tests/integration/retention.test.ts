import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeOldRecords, RETENTION_DAYS } from "#domain/core/index.ts";
import { DAILY, jobsBySchedule } from "#functions/cron/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";

/**
 * What the privacy policy promises about short-lived records: copies of delivered or given-up mail
 * and the gateway's messages go after 90 days, blog read marks after 30; a message still to be sent
 * is kept whatever its age. The daily cron runs it.
 */
const DAY = 86_400_000;
const tag = () => crypto.randomUUID().slice(0, 8);

async function mail(status: string, ageDays: number, now: number) {
  const id = `mail-${tag()}`;
  await env.DB.prepare("INSERT INTO outbox (id, to_address, subject, text, status, attempts, created_at) VALUES (?, 'a@test.example', 's', 't', ?, 1, ?)")
    .bind(id, status, now - ageDays * DAY)
    .run();
  return id;
}
async function gatewayMessage(ageDays: number, processed: boolean, now: number) {
  const id = `evt_${tag()}`;
  await env.DB.prepare("INSERT INTO webhook_events (id, type, payload, received_at, processed_at) VALUES (?, 'payment.captured', '{}', ?, ?)")
    .bind(id, now - ageDays * DAY, processed ? now - ageDays * DAY : null)
    .run();
  return id;
}
const exists = async (table: string, id: string) => (await env.DB.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).bind(id).first()) !== null;

describe("the daily purge of old records", () => {
  it("removes mail copies and gateway messages past 90 days and read marks past 30, and keeps the rest", async () => {
    const now = Date.now();
    const oldSent = await mail("SENT", RETENTION_DAYS.mailCopies + 1, now);
    const oldFailed = await mail("FAILED", RETENTION_DAYS.mailCopies + 5, now);
    const oldStored = await mail("STORED", 200, now);
    const recentSent = await mail("SENT", RETENTION_DAYS.mailCopies - 1, now);
    const oldStillRetrying = await mail("RETRYING", 120, now);
    const oldEvent = await gatewayMessage(RETENTION_DAYS.gatewayMessages + 1, true, now);
    const recentEvent = await gatewayMessage(10, true, now);
    const oldUnprocessed = await gatewayMessage(120, false, now);
    const post = `post-${tag()}`;
    await env.DB.prepare(
      "INSERT INTO blog_posts (id, title, url_title, excerpt, content, status, created_at, updated_at) VALUES (?, 'T', ?, 'e', 'c', 'DRAFT', ?, ?)",
    )
      .bind(post, post, now, now)
      .run();
    const oldDay = todayInIndia(now - (RETENTION_DAYS.blogReadMarks + 2) * DAY);
    const recentDay = todayInIndia(now - 2 * DAY);
    for (const day of [oldDay, recentDay])
      await env.DB.prepare("INSERT INTO blog_post_views (post_id, visitor, day) VALUES (?, 'hash', ?)").bind(post, day).run();

    const run = await purgeOldRecords(env.DB, now);
    expect(run.mailCopies).toBeGreaterThanOrEqual(3);
    for (const id of [oldSent, oldFailed, oldStored]) expect(await exists("outbox", id), id).toBe(false);
    for (const id of [recentSent, oldStillRetrying]) expect(await exists("outbox", id), id).toBe(true);
    expect(await exists("webhook_events", oldEvent)).toBe(false);
    expect(await exists("webhook_events", recentEvent)).toBe(true);
    expect(await exists("webhook_events", oldUnprocessed)).toBe(true);
    const days = await env.DB.prepare("SELECT day FROM blog_post_views WHERE post_id = ?").bind(post).all<{ day: string }>();
    expect(days.results.map((r) => r.day)).toEqual([recentDay]);

    // A second run the same day has nothing more of these to remove.
    await purgeOldRecords(env.DB, now);
    expect(await exists("outbox", recentSent)).toBe(true);
  });

  it("runs every night with the housekeeping", () => {
    expect(jobsBySchedule[DAILY]!.map((j) => j.name)).toContain("purge-old-records");
  });
});
