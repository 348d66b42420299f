import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { createService, createUser, createVendor, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { page, postPage, toastOf } from "#tests/support/pages.ts";

/** A side x side JPEG of noise: noise hardly compresses, so the file is large (about 2 MB at 1400 px). */
function noisyJpeg(side: number): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(side * side * 4);
  crypto.getRandomValues(pixels.subarray(0, Math.min(pixels.length, 65_536)));
  for (let i = 65_536; i < pixels.length; i += 65_536) pixels.copyWithin(i, ((i * 7) % 65_536) & ~3, Math.min(pixels.length, i + 65_536));
  const image = new PhotonImage(pixels, side, side);
  try {
    return new Uint8Array(image.get_bytes_jpeg(100));
  } finally {
    image.free();
  }
}

const MB = 1024 * 1024;
const TOO_LARGE = "The request body is too large: send at most 1 MB.";

const post = (urlTitle: string) => ({
  intent: "save",
  title: "Choosing a mandap decorator",
  urlTitle,
  excerpt: "What to ask before you book.",
  content: "Ask about flowers, lights and the time they need to set up.",
  status: "DRAFT",
  publishAt: "",
  tags: "",
});

const postsTitled = (urlTitle: string) => env.DB.prepare("SELECT count(*) AS n FROM blog_posts WHERE url_title = ?").bind(urlTitle).first<number>("n");

describe("page forms that carry files read them under the file's own cap, not the 1 MB of a plain form", { timeout: 30_000 }, () => {
  it("/new-blog-post: an admin's 2 MB cover (the page allows 8 MB) is stored with the post instead of a 413", async () => {
    const admin = await signedIn("ADMIN");
    const cover = noisyJpeg(1400);
    expect(cover.byteLength).toBeGreaterThan(1.2 * MB);
    const urlTitle = `mandap-decor-${Date.now().toString(36)}`;
    const res = await postPage("/new-blog-post", { ...post(urlTitle), cover: new File([cover], "cover.jpg", { type: "image/jpeg" }) }, admin.cookie);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(toastOf(res)).toMatchObject({ type: "success", message: "Draft saved." });
    expect(await postsTitled(urlTitle)).toBe(1);
  });

  it("/new-blog-post: the text fields of a form with a cover still get 1 MB in all (413 past it) and nothing is saved", async () => {
    const admin = await signedIn("ADMIN");
    const urlTitle = `oversize-${Date.now().toString(36)}`;
    const cover = new File([noisyJpeg(200)], "cover.jpg", { type: "image/jpeg" });
    // One field just over the cap, and two fields that are each under it but together over it.
    const pads: Record<string, string>[] = [{ pad: "x".repeat(MB + 1) }, { pad: "x".repeat(MB / 2 + 1), pad2: "y".repeat(MB / 2 + 1) }];
    for (const pad of pads) {
      const res = await postPage("/new-blog-post", { ...post(urlTitle), ...pad, cover }, admin.cookie);
      const text = await res.text();
      expect(res.status, text.slice(0, 200)).toBe(413);
      expect(text).toContain(TOO_LARGE);
    }
    expect(await postsTitled(urlTitle)).toBe(0);
  });

  it("the service page: a couple's review with a 2 MB photo (the form allows 5 MB each) is published instead of a 413", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    const cookie = await sessionCookieFor(couple.id);
    const photo = noisyJpeg(1000);
    expect(photo.byteLength).toBeGreaterThan(1.2 * MB);
    expect(photo.byteLength).toBeLessThan(5 * MB);
    const path = `/all/g/s/st/c/${service.id}`;
    const review = {
      intent: "review",
      rating: "5",
      quality: "5",
      responsiveness: "4",
      professionalism: "5",
      value: "4",
      flexibility: "4",
      comment: "The food was wonderful, the team arrived early and every guest asked for the caterer's number afterwards.",
    };
    const res = await postPage(path, { ...review, photos: new File([photo], "photo.jpg", { type: "image/jpeg" }) }, cookie);
    const body = await res.text();
    expect(res.status, body.slice(0, 300)).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ ok: true, intent: "review" });
    const photos = await env.DB.prepare("SELECT photo_keys FROM reviews WHERE service_id = ?").bind(service.id).first<string>("photo_keys");
    expect(JSON.parse(photos ?? "[]")).toHaveLength(1);
    expect((await page(path, { method: "POST", body: new URLSearchParams({ ...review, pad: "x".repeat(MB + 1) }), headers: { Cookie: cookie } })).status).toBe(
      413,
    );
  });
});
