import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkedSize, IMAGE_PIXELS_MAX, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { bucketKeys, call, createService, createUser, createVendor, ORIGIN, sessionCookieFor, signedIn, worker } from "#tests/support/factories.ts";
import { gifFrameBomb, jpegBomb, pngBomb, pngImpostor, webpBomb } from "#tests/support/image-bombs.ts";
import { insertCard, insertTemplate, pngOf } from "#tests/support/invitations.ts";

/**
 * Image bombs (issue 28, item 1): a 12 KB PNG declaring 10,000 x 10,000 pixels was decoded in full
 * (8-13 s, about 1 GB); bombs too large for the decoder, review photos and card previews were
 * stored as they came and served. Now every upload path reads the size from the header before
 * decoding and refuses more than 40 megapixels with a 400 naming the cap, and nothing is stored
 * that did not decode as the image it claims to be. Each test lists the MEDIA bucket before and after.
 */

const CAP = `${IMAGE_PIXELS_MAX / 1_000_000} megapixels`;

function send(path: string, cookie: string, field: string, bytes: Uint8Array<ArrayBuffer>, name: string, method = "POST", fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new File([bytes], name, { type: "image/png" }));
  return worker.fetch(`${ORIGIN}${path}`, { method, headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
}

/** A review's six ratings, all five stars. */
const FIVE_STARS = { rating: "5", quality: "5", responsiveness: "5", professionalism: "5", value: "5", flexibility: "5" };

type Answer = { success: boolean; message: string; errors?: Record<string, string> };
const text = (a: Answer) => `${a.message} ${Object.values(a.errors ?? {}).join(" ")}`;

describe("the header is read before a pixel is decoded", () => {
  it("a 12 KB PNG of 10,000 x 10,000 is refused at once, naming its size and the cap", async () => {
    const bomb = await pngBomb(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(16 * 1024);
    const started = Date.now();
    await expect(wasmPipeline.photo(bomb, imageTypeOf(bomb)!)).rejects.toThrow(`This image is 10,000 x 10,000 pixels; images can have at most ${CAP}.`);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("JPEG, WebP and GIF headers over the cap are refused; a GIF frame larger than its screen counts", () => {
    for (const bytes of [jpegBomb(9000, 9000), webpBomb(16_000, 16_000), gifFrameBomb(60_000, 60_000)])
      expect(() => checkedSize(bytes, imageTypeOf(bytes)!)).toThrow(CAP);
    expect(checkedSize(jpegBomb(6000, 4000), imageTypeOf(jpegBomb(1, 1))!)).toEqual({ width: 6000, height: 4000 });
  });

  it("a header at the cap passes, and an ordinary large photo still decodes", async () => {
    expect(checkedSize(jpegBomb(8000, 5000), imageTypeOf(jpegBomb(1, 1))!)).toEqual({ width: 8000, height: 5000 });
    const ok = await pngBomb(4000, 3000);
    const out = await wasmPipeline.photo(ok, imageTypeOf(ok)!);
    expect([out.full.width, out.full.height]).toEqual([1600, 1200]);
  }, 30_000);
});

describe("every upload path refuses a bomb with a 400 and stores nothing", () => {
  it("service photos, logo, profile photo, review photos, card preview, blog cover, template thumbnail", async () => {
    const bomb = await pngBomb(10_000, 10_000);
    const vendor = await createVendor();
    const vendorCookie = await sessionCookieFor(vendor.id);
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    const coupleCookie = await sessionCookieFor(couple.id);
    const admin = await signedIn("ADMIN");
    const card = await insertCard(couple.id);
    const template = await insertTemplate();
    const post = await call("/api/v1/admin/blog", {
      method: "POST",
      cookie: admin.cookie,
      body: { title: `Bombs away ${crypto.randomUUID()}`, content: "A post long enough to be published. ".repeat(4), status: "DRAFT", tags: ["venues"] },
    });
    expect(post.status).toBe(201);
    const postId = (await post.json<{ blog: { id: string } }>()).blog.id;

    const before = await bucketKeys();
    const answers = [
      await send(`/api/v1/upload/${service.id}`, vendorCookie, "files", bomb, "bomb.png"),
      await send("/api/v1/upload-single", vendorCookie, "file", bomb, "bomb.png", "POST", { kind: "logo" }),
      await send("/api/v1/upload-single", coupleCookie, "file", bomb, "bomb.png", "POST", { kind: "profile" }),
      await send(`/api/v1/services/feedback/${service.id}`, coupleCookie, "photos", bomb, "bomb.png", "POST", {
        ...FIVE_STARS,
        comment: "Lovely food and a team that arrived early; every guest asked for their number.",
      }),
      await send(`/api/v1/userDataTemplate/${card.id}/preview`, coupleCookie, "image", bomb, "bomb.png", "PUT"),
      await send(`/api/v1/admin/blog/${postId}/cover`, admin.cookie, "cover", bomb, "bomb.png", "PUT"),
      await send(`/api/v1/inviteTemplate/${template.id}/thumbnail`, admin.cookie, "image", bomb, "bomb.png", "PUT"),
    ];
    const bodies = await Promise.all(answers.map((r) => r.json<Answer>()));
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    for (const body of bodies) expect(text(body)).toContain(CAP);
    expect(await bucketKeys()).toEqual(before);
  });

  it("says why in the uploader's language: a Hindi vendor's refusal and confirmation in Hindi, an English vendor's in English", async () => {
    const bomb = await pngBomb(10_000, 10_000);
    const hindi = await createVendor();
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(hindi.id).run();
    const hindiCookie = await sessionCookieFor(hindi.id);
    const refused = await send("/api/v1/upload-single", hindiCookie, "file", bomb, "bomb.png", "POST", { kind: "logo" });
    expect(text(await refused.json<Answer>())).toContain("यह तस्वीर 10,000 x 10,000 पिक्सेल की है; तस्वीर ज़्यादा से ज़्यादा 40 मेगापिक्सेल की हो सकती है।");
    const logo = await pngBomb(200, 200);
    const saved = await send("/api/v1/upload-single", hindiCookie, "file", logo, "logo.png", "POST", { kind: "logo" });
    expect((await saved.json<Answer>()).message).toBe("लोगो बदल दिया गया।");

    const english = await createVendor();
    const englishCookie = await sessionCookieFor(english.id);
    const refusedInEnglish = await send("/api/v1/upload-single", englishCookie, "file", bomb, "bomb.png", "POST", { kind: "logo" });
    expect(text(await refusedInEnglish.json<Answer>())).toContain(`This image is 10,000 x 10,000 pixels; images can have at most ${CAP}.`);
    expect((await (await send("/api/v1/upload-single", englishCookie, "file", logo, "logo.png", "POST", { kind: "logo" })).json<Answer>()).message).toBe(
      "Logo updated.",
    );
  });

  it("a direct upload is refused when it arrives, and one put straight into storage is refused at the register step", async () => {
    const bomb = await pngBomb(10_000, 10_000);
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    const service = await createService({ vendorId: vendor.id });
    const before = await bucketKeys();

    const sig = await (
      await call("/api/v1/generateSignature", { method: "POST", cookie, body: { folder: `services/${service.id}` } })
    ).json<{ uploadUrl: string; key: string }>();
    const put = await worker.fetch(sig.uploadUrl.replace(/^https?:\/\/[^/]+/, ORIGIN), {
      method: "PUT",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body: bomb,
    });
    const putBody = await put.json<Answer>();
    expect(put.status, JSON.stringify(putBody)).toBe(400);
    expect(text(putBody)).toContain(CAP);
    expect(await bucketKeys()).toEqual(before);

    // With a presigned R2 URL the bytes reach storage without the Worker: the register step decides.
    await env.MEDIA.put(sig.key, bomb);
    const registered = await call(`/api/v1/upload/${service.id}/register`, { method: "POST", cookie, body: { files: [{ key: sig.key, name: "bomb.png" }] } });
    const registeredBody = await registered.json<Answer>();
    expect(registered.status, JSON.stringify(registeredBody)).toBe(400);
    expect(text(registeredBody)).toContain(CAP);
    expect(await bucketKeys()).toEqual(before);

    const couple = await signedIn("USER");
    const asset = await (
      await call("/api/v1/generateSignature", { method: "POST", cookie: couple.cookie, body: { folder: "user_assets" } })
    ).json<{ key: string }>();
    await env.MEDIA.put(asset.key, bomb);
    const assets = await call("/api/v1/editorAssets", { method: "POST", cookie: couple.cookie, body: { images: [{ key: asset.key, name: "bomb.png" }] } });
    const assetsBody = await assets.json<Answer>();
    expect(assets.status, JSON.stringify(assetsBody)).toBe(400);
    expect(text(assetsBody)).toContain(CAP);
    expect(await bucketKeys()).toEqual(before);
  });
});

describe("bytes that do not decode as the image they claim to be are never stored or served", () => {
  it("a review photo and a card preview that only look like PNGs are refused", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    const cookie = await sessionCookieFor(couple.id);
    const card = await insertCard(couple.id);
    const before = await bucketKeys();
    const review = await send(`/api/v1/services/feedback/${service.id}`, cookie, "photos", pngImpostor(), "fake.png", "POST", {
      rating: "4",
      quality: "4",
      responsiveness: "4",
      professionalism: "4",
      value: "4",
      flexibility: "4",
      comment: "Good decorators, on time and tidy; the flowers lasted the whole evening.",
    });
    const preview = await send(`/api/v1/userDataTemplate/${card.id}/preview`, cookie, "image", pngImpostor(), "fake.png", "PUT");
    expect([review.status, preview.status]).toEqual([400, 400]);
    expect(text(await review.json<Answer>())).toContain("cannot be read");
    expect(text(await preview.json<Answer>())).toContain("cannot be read");
    expect(await bucketKeys()).toEqual(before);
  });

  it("a review photo that decodes is stored as the pipeline's WebP, not as the uploaded bytes", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    const cookie = await sessionCookieFor(couple.id);
    const res = await send(`/api/v1/services/feedback/${service.id}`, cookie, "photos", await pngOf(800, 600), "hall.png", "POST", {
      ...FIVE_STARS,
      comment: "The hall looked beautiful and the staff were kind to our grandparents all day.",
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT photo_keys FROM reviews WHERE service_id = ?").bind(service.id).first<{ photo_keys: string }>();
    const [key] = JSON.parse(row!.photo_keys) as string[];
    expect(key).toMatch(/^u\/reviews\/[0-9a-f]+\.webp$/);
    const object = await env.MEDIA.get(key!);
    expect(object?.httpMetadata?.contentType).toBe("image/webp");
    expect(imageTypeOf(new Uint8Array(await object!.arrayBuffer()))?.ext).toBe("webp");
  });

  it("originals of direct uploads (u/incoming/) are not served by /media", async () => {
    const key = `u/incoming/someone/user_assets/${crypto.randomUUID()}`;
    await env.MEDIA.put(key, pngImpostor(), { httpMetadata: { contentType: "image/png" } });
    const res = await worker.fetch(`${ORIGIN}/media/${key}`);
    expect(res.status).toBe(404);
    await res.body?.cancel();
    await env.MEDIA.delete(key);
  });
});
