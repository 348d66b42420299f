import { createHmac } from "node:crypto";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createService, createUser, createVendor, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { deliverQueuedMail } from "#platform/mail.ts";
import { devWhatsAppTransport } from "#platform/whatsapp.ts";

/**
 * Issue 32: a person who answers a Mandap WhatsApp message with STOP has WhatsApp messages turned off
 * at once (Meta's Cloud API webhook, signed with X-Hub-Signature-256 by the app secret), including
 * a message already queued; unsigned or wrongly signed calls change nothing.
 */
const APP_SECRET = "test-whatsapp-app-secret"; // vitest.config.ts
const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const webhook = (body: string, signature?: string) =>
  worker.fetch(`${ORIGIN}/api/v1/whatsapp/webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) },
  });
/** Meta's notification of one incoming text message from `from` (digits with the country code). */
const incoming = (from: string, text: string) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: "PHONE_ID" },
              contacts: [{ profile: { name: "Someone" }, wa_id: from }],
              messages: [{ from, id: `wamid.${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });

let n = 0;
async function optedIn(typed: string) {
  const vendor = await createVendor({ businessName: `Stop Test ${Date.now()}-${n++}` });
  await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(typed, vendor.id).run();
  const cookie = await sessionCookieFor(vendor.id);
  const res = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie });
  expect(res.status).toBe(200);
  return { ...vendor, cookie };
}
const optIn = (userId: string) => env.DB.prepare("SELECT opted_in, source FROM whatsapp_optins WHERE user_id = ?").bind(userId).first();

describe("a STOP reply on WhatsApp", () => {
  it("turns WhatsApp off at once for that number's account, and the message already queued is not sent", async () => {
    const digits = `97${String(Date.now()).slice(-8)}`;
    const vendor = await optedIn(`${digits.slice(0, 5)} ${digits.slice(5)}`);
    const other = await optedIn(`96${String(Date.now()).slice(-8)}`);
    // A message waiting in the outbox for the vendor (a couple's enquiry).
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser();
    await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "Are you free in December for our wedding?" },
      cookie: await sessionCookieFor(couple.id),
    });
    const queued = await env.DB.prepare("SELECT id FROM outbox WHERE channel = 'whatsapp' AND user_id = ?").bind(vendor.id).first<{ id: string }>();
    await env.DB.prepare("UPDATE outbox SET status = 'QUEUED', attempts = 0 WHERE id = ?").bind(queued!.id).run();

    // Not signed, or signed with another key: 401, nothing changes.
    const body = incoming(`91${digits}`, " stop ");
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, sign(body, "another-secret"))).status).toBe(401);
    expect((await webhook(body, sign(`${body} `))).status).toBe(401);
    expect(await optIn(vendor.id)).toEqual({ opted_in: 1, source: "settings" });

    const res = await webhook(body, sign(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, stopped: 1 });
    expect(await optIn(vendor.id)).toEqual({ opted_in: 0, source: "stop-reply" });
    expect(await optIn(other.id)).toEqual({ opted_in: 1, source: "settings" });
    const prefs = await call("/api/v1/whatsapp/preferences", { cookie: vendor.cookie });
    expect(((await prefs.json()) as { preferences: { on: boolean } }).preferences.on).toBe(false);
    // The queued message is not sent.
    await deliverQueuedMail(env.DB, devWhatsAppTransport, "Mandap <hello@mandap.example>", [queued!.id]);
    const row = await env.DB.prepare("SELECT status, error FROM outbox WHERE id = ?").bind(queued!.id).first<{ status: string; error: string }>();
    expect(row!.status).toBe("FAILED");

    // Said again: nothing more to stop.
    expect(await (await webhook(body, sign(body))).json()).toEqual({ success: true, stopped: 0 });
  });

  it("in Hindi too; other replies and statuses are acknowledged and change nothing; signed nonsense is 400", async () => {
    const digits = `95${String(Date.now()).slice(-8)}`;
    const vendor = await optedIn(digits);
    const hello = incoming(`91${digits}`, "Namaste, is the date free?");
    expect(await (await webhook(hello, sign(hello))).json()).toEqual({ success: true, stopped: 0 });
    expect(await optIn(vendor.id)).toMatchObject({ opted_in: 1 });
    const garbage = "{not json";
    const bad = await webhook(garbage, sign(garbage));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false });
    const hindi = incoming(`91${digits}`, "बंद करें");
    expect(await (await webhook(hindi, sign(hindi))).json()).toEqual({ success: true, stopped: 1 });
    expect(await optIn(vendor.id)).toEqual({ opted_in: 0, source: "stop-reply" });
  });

  it("answers Meta's subscription check only with our verify token", async () => {
    const check = (token: string) => worker.fetch(`${ORIGIN}/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await check("test-whatsapp-verify-token");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect((await check("guess")).status).toBe(400);
  });
});
