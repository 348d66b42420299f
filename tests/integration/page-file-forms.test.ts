import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { signedIn } from "#tests/support/factories.ts";
import { postPage, toastOf } from "#tests/support/pages.ts";

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

describe("page forms that carry files read them under the file's own cap, not the 1 MB of a plain form", () => {
  it("/new-blog-post: an admin's 2 MB cover (the page allows 8 MB) is stored with the post instead of a 413", async () => {
    const admin = await signedIn("ADMIN");
    const cover = noisyJpeg(1400);
    expect(cover.byteLength).toBeGreaterThan(1.2 * 1024 * 1024);
    const res = await postPage(
      "/new-blog-post",
      {
        intent: "save",
        title: "Choosing a mandap decorator",
        urlTitle: `mandap-decor-${Date.now().toString(36)}`,
        excerpt: "What to ask before you book.",
        content: "Ask about flowers, lights and the time they need to set up.",
        status: "DRAFT",
        publishAt: "",
        tags: "",
        cover: new File([cover], "cover.jpg", { type: "image/jpeg" }),
      },
      admin.cookie,
    );
    expect(res.status, await res.clone().text()).toBe(302);
    expect(toastOf(res)).toMatchObject({ type: "success", message: "Draft saved." });
  });
});
