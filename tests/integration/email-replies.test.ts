import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeLead, readReplyAddress, replyAddressFor, replyText, REPLY_RAW_MAX_BYTES, withdrawLead } from "#domain/enquiries/index.ts";
import type { ReplyConfig } from "#domain/core/index.ts";
import { domainConfig } from "#functions/domain-context.ts";
import type { Env } from "#functions/env.ts";
import worker from "#functions/test-entry.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { createService, createUser, createVendor } from "#tests/support/factories.ts";

/**
 * Replies by e-mail (issue 31): a reply to an enquiry mail's Reply-To reaches the Worker's email()
 * handler as a raw MIME message and becomes a message in that conversation from that side, with the
 * quoted history stripped; mail from anyone else, to a forged address, too large, empty or to a
 * closed conversation is rejected with the reason and writes nothing.
 */

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const config = domainConfig(env as unknown as Env).replies as ReplyConfig;

/** A conversation as the product makes one: a couple's enquiry to a vendor's service. */
async function conversation() {
  const vendor = await createVendor({ businessName: `Shubh Caterers ${crypto.randomUUID().slice(0, 6)}` });
  const service = await createService({ vendorId: vendor.id, serviceName: "Wedding feast" });
  const couple = await createUser({ userName: "Meera Sharma" });
  const ctx = testContext({ actor: actorOf(couple.id, "USER") });
  const lead = await makeLead(ctx, service.id, { message: "Do you cater for 300 guests on 14 February?" });
  await ctx.settle();
  return { vendor, couple, leadId: lead.id };
}

/** A MIME message as a mail program sends it. */
function mime(o: { from: string; to: string; text?: string; html?: string; subject?: string }) {
  const head = [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject ?? "Re: New enquiry for Wedding feast"}`,
    "Date: Sun, 29 Nov 2026 10:00:00 +0530",
    "MIME-Version: 1.0",
    `Message-ID: <${crypto.randomUUID()}@mail.example>`,
  ];
  if (o.html && !o.text) return [...head, 'Content-Type: text/html; charset="UTF-8"', "", o.html].join("\r\n");
  return [...head, 'Content-Type: text/plain; charset="UTF-8"', "Content-Transfer-Encoding: 8bit", "", o.text ?? ""].join("\r\n");
}

/** Hands a raw message to the Worker's email() handler, as Email Routing does; returns the rejection, if any. */
async function deliver(envelope: { from: string; to: string }, raw: string, rawSize = new TextEncoder().encode(raw).length): Promise<string | null> {
  let rejected: string | null = null;
  const message = {
    from: envelope.from,
    to: envelope.to,
    raw: new Response(raw).body!,
    rawSize,
    headers: new Headers(),
    canBeForwarded: false,
    setReject: (reason: string) => void (rejected = reason),
    forward: () => Promise.reject(new Error("not forwarded")),
    reply: () => Promise.reject(new Error("no reply")),
  } as unknown as ForwardableEmailMessage;
  const ctx = createExecutionContext();
  await worker.email!(message, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return rejected;
}

const messagesOf = (leadId: string) =>
  env.DB.prepare("SELECT sender_id, body FROM lead_messages WHERE lead_id = ? ORDER BY created_at, id")
    .bind(leadId)
    .all<{ sender_id: string; body: string }>()
    .then((r) => r.results);
const statusOf = async (leadId: string) => (await env.DB.prepare("SELECT status FROM leads WHERE id = ?").bind(leadId).first<{ status: string }>())?.status;

describe("reply addresses", () => {
  it("are one per conversation and side, read back only with the key that signed them", async () => {
    const leadId = "01938a4c-1d2e-7f00-8abc-0123456789ab";
    const vendorSide = replyAddressFor(config, leadId, "vendor");
    const coupleSide = replyAddressFor(config, leadId, "couple");
    expect(vendorSide).not.toBe(coupleSide);
    expect(vendorSide.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(readReplyAddress(config, vendorSide)).toEqual({ leadId, side: "vendor" });
    // Mail servers may change the case of an address.
    expect(readReplyAddress(config, coupleSide.toUpperCase())).toEqual({ leadId, side: "couple" });
    // Another key, another domain, a changed id or side, a cut signature: not ours.
    expect(readReplyAddress({ ...config, secret: "another key" }, vendorSide)).toBeNull();
    expect(readReplyAddress(config, vendorSide.replace(config.domain, "reply.example.com"))).toBeNull();
    expect(readReplyAddress(config, vendorSide.replace("8abc", "8abd"))).toBeNull();
    expect(readReplyAddress(config, vendorSide.replace(/v\./, "c."))).toBeNull();
    expect(readReplyAddress(config, vendorSide.replace(/\.[0-9a-f]{20}@/, ".0123456789@"))).toBeNull();
    expect(readReplyAddress(config, "not an address")).toBeNull();
  });
});

describe("the answer above the quoted history", () => {
  it("keeps what the person wrote and drops Gmail's, Outlook's and plain quoted history and the signature", () => {
    expect(replyText("Yes, we are free that day.\n\nOn Sun, 29 Nov 2026 at 10:02, Mandap <r.x@reply.example> wrote:\n> Do you cater?\n")).toBe(
      "Yes, we are free that day.",
    );
    expect(replyText("Yes.\r\n\r\nOn Sun, 29 Nov 2026 at 10:02, Mandap Team <r.0123@reply.mandap.example>\r\nwrote:\r\n> old")).toBe("Yes.");
    expect(replyText("Thank you!\n\n________________________________\nFrom: Mandap <hello@mandap.example>\nSent: Sunday\n")).toBe("Thank you!");
    expect(replyText("Sure.\n-----Original Message-----\nFrom: Mandap")).toBe("Sure.");
    expect(replyText("Call me at noon.\n-- \nAsha, Shubh Caterers\n+91 98765 43210")).toBe("Call me at noon.");
    expect(replyText("> quoted only\n> more")).toBe("");
    expect(replyText("First line\n> an inline quote\nSecond line")).toBe("First line\nSecond line");
  });
});

describe("a reply by e-mail", () => {
  it("from the vendor becomes the vendor's message in the conversation, which moves on and tells the couple", async () => {
    const { vendor, couple, leadId } = await conversation();
    // The new-enquiry mail the vendor got says where a reply goes.
    const enquiryMail = await env.DB.prepare("SELECT headers FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
      .bind(vendor.email)
      .first<{ headers: string | null }>();
    const to = (JSON.parse(enquiryMail?.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
    expect(to).toBe(replyAddressFor(config, leadId, "vendor"));
    const raw = mime({
      from: `Shubh Caterers <${vendor.email}>`,
      to,
      text: "Namaste! Yes, 14 February is free and we cater for 300.\n\nOn Sun, 29 Nov 2026 at 10:02, Mandap <hello@mandap.example> wrote:\n> Meera Sharma sent an enquiry\n",
    });
    expect(await deliver({ from: vendor.email, to }, raw)).toBeNull();
    const messages = await messagesOf(leadId);
    expect(messages).toEqual([{ sender_id: vendor.id, body: "Namaste! Yes, 14 February is free and we cater for 300." }]);
    expect(await statusOf(leadId)).toBe("CONTACTED");
    const notice = await env.DB.prepare("SELECT subject, text, headers FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
      .bind(couple.email)
      .first<{ subject: string; text: string; headers: string | null }>();
    expect(notice?.subject).toMatch(/^New message from Shubh Caterers/);
    expect(notice?.text).toContain("14 February is free");
    // And the couple's copy carries the couple's own reply address.
    expect((JSON.parse(notice?.headers ?? "{}") as Record<string, string>)["Reply-To"]).toBe(replyAddressFor(config, leadId, "couple"));
  });

  it("from the couple, even written in HTML only, becomes the couple's message", async () => {
    const { couple, leadId } = await conversation();
    const to = replyAddressFor(config, leadId, "couple");
    const raw = mime({
      from: couple.email,
      to,
      html: '<div dir="ltr">Can you also do the Mehndi lunch?<br>Thanks, Meera</div><div class="gmail_quote">On Sun wrote:<blockquote>old</blockquote></div>',
    });
    expect(await deliver({ from: couple.email, to }, raw)).toBeNull();
    expect(await messagesOf(leadId)).toEqual([{ sender_id: couple.id, body: "Can you also do the Mehndi lunch?\nThanks, Meera" }]);
  });

  it("from anyone else, to a forged address or to the other side's address is rejected and writes nothing", async () => {
    const { vendor, couple, leadId } = await conversation();
    const vendorAddress = replyAddressFor(config, leadId, "vendor");
    const text = "We can do it for less!";
    expect(await deliver({ from: "stranger@mail.example", to: vendorAddress }, mime({ from: "stranger@mail.example", to: vendorAddress, text }))).toMatch(
      /Only the person/,
    );
    // The couple writing to the vendor's reply address does not speak as the vendor.
    expect(await deliver({ from: couple.email, to: vendorAddress }, mime({ from: couple.email, to: vendorAddress, text }))).toMatch(/Only the person/);
    const forged = vendorAddress.replace(/\.[0-9a-f]{20}@/, ".00000000000000000000@");
    expect(await deliver({ from: vendor.email, to: forged }, mime({ from: vendor.email, to: forged, text }))).toMatch(/does not belong to a conversation/);
    expect(await messagesOf(leadId)).toEqual([]);
    expect(await statusOf(leadId)).toBe("NEW");
  });

  it("too large, malformed, empty once the quote is gone, or to a closed or deleted conversation is rejected with the reason", async () => {
    const { vendor, couple, leadId } = await conversation();
    const to = replyAddressFor(config, leadId, "vendor");
    const big = mime({ from: vendor.email, to, text: "Yes" });
    expect(await deliver({ from: vendor.email, to }, big, REPLY_RAW_MAX_BYTES + 1)).toMatch(/too large/);
    expect(await deliver({ from: vendor.email, to }, mime({ from: vendor.email, to, text: "\n\nOn Sun, 29 Nov 2026, Mandap wrote:\n> old" }))).toMatch(/empty/);
    // Not a MIME message at all: headers without a body, binary noise.
    expect(await deliver({ from: vendor.email, to }, "\u0000\u0001\u0002 not mail")).not.toBeNull();
    expect(await deliver({ from: vendor.email, to }, `From: ${vendor.email}\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n`)).not.toBeNull();
    expect(await messagesOf(leadId)).toEqual([]);

    // The couple withdraws: the conversation is closed.
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await withdrawLead(ctx, leadId);
    await ctx.settle();
    expect(await deliver({ from: vendor.email, to }, mime({ from: vendor.email, to, text: "Still interested?" }))).toMatch(/closed/);
    expect(await messagesOf(leadId)).toEqual([]);

    // The couple deletes their account: the conversation is gone.
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(couple.id).run();
    expect(await deliver({ from: vendor.email, to }, mime({ from: vendor.email, to, text: "Hello?" }))).toMatch(/no longer on Mandap/);
  });

  it("is answered in the language the vendor chose, and an English vendor's in English", async () => {
    const { vendor, couple, leadId } = await conversation();
    const to = replyAddressFor(config, leadId, "vendor");
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(vendor.id).run();
    const big = mime({ from: vendor.email, to, text: "Yes" });
    expect(await deliver({ from: vendor.email, to }, big, REPLY_RAW_MAX_BYTES + 1)).toBe("जवाब बहुत बड़ा है (512 KB से ज़्यादा)। कृपया अटैचमेंट के बिना जवाब दें।");
    const quotedOnly = mime({ from: vendor.email, to, text: "\n\nOn Sun, 29 Nov 2026, Mandap wrote:\n> old" });
    expect(await deliver({ from: vendor.email, to }, quotedOnly)).toBe("पुरानी बातचीत का उद्धरण हटाने पर जवाब में कुछ नहीं बचा। कृपया अपना जवाब उसके ऊपर लिखें।");
    // The couple, who chose nothing, is answered in English.
    const coupleTo = replyAddressFor(config, leadId, "couple");
    expect(await deliver({ from: couple.email, to: coupleTo }, mime({ from: couple.email, to: coupleTo, text: "Hi" }), REPLY_RAW_MAX_BYTES + 1)).toBe(
      "The reply is too large (over 512 KB). Please answer without attachments.",
    );
    expect(await messagesOf(leadId)).toEqual([]);
  });
});
