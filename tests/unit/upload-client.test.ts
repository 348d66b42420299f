import { describe, expect, it } from "vitest";
import { PHOTO_LONGEST_SIDE, SHRINK_QUALITY, mayShrink, shrinkAttempts, shrinkTarget, shrunkName } from "#app/lib/upload-client.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";

/** The browser's upload client decides which photos it redraws smaller before upload, and at what size (issue 29). */
const MB = 1024 * 1024;

describe("which photos are made smaller before upload", () => {
  it("redraws a 12 MB 4000x3000 phone JPEG at 2560 px on its long side, its shape kept", () => {
    expect(shrinkTarget({ type: "image/jpeg", size: 12 * MB, width: 4000, height: 3000 }, PHOTO_MAX_BYTES)).toEqual({ width: 2560, height: 1920 });
  });

  it("keeps a portrait's shape (the long side is its height)", () => {
    expect(shrinkTarget({ type: "image/jpeg", size: 9 * MB, width: 3024, height: 4032 }, PHOTO_MAX_BYTES)).toEqual({ width: 1920, height: 2560 });
  });

  it("redraws a photo over the cap that is already small in pixels at its own size, never larger", () => {
    expect(shrinkTarget({ type: "image/png", size: 6 * MB, width: 1800, height: 1200 }, PHOTO_MAX_BYTES)).toEqual({ width: 1800, height: 1200 });
  });

  it("redraws a photo under the cap that is longer than the longest side", () => {
    expect(shrinkTarget({ type: "image/webp", size: 2 * MB, width: 8000, height: 2000 }, PHOTO_MAX_BYTES)).toEqual({ width: 2560, height: 640 });
  });

  it("sends a photo under the cap and within the longest side as it is", () => {
    expect(shrinkTarget({ type: "image/jpeg", size: 3 * MB, width: PHOTO_LONGEST_SIDE, height: 1440 }, PHOTO_MAX_BYTES)).toBeNull();
  });

  it("never redraws a GIF (it may move), an SVG or a file that is not a photo, however big", () => {
    for (const type of ["image/gif", "image/svg+xml", "text/csv", "application/pdf", ""]) {
      expect(mayShrink({ type })).toBe(false);
      expect(shrinkTarget({ type, size: 20 * MB, width: 6000, height: 4000 }, PHOTO_MAX_BYTES)).toBeNull();
    }
    for (const type of ["image/jpeg", "image/png", "image/webp", "IMAGE/JPEG"]) expect(mayShrink({ type })).toBe(true);
  });

  it("uses the cap it is given (a blog cover may be 8 MB)", () => {
    const photo = { type: "image/jpeg", size: 6 * MB, width: 2000, height: 1500 };
    expect(shrinkTarget(photo, 8 * MB)).toBeNull();
    expect(shrinkTarget(photo, 5 * MB)).toEqual({ width: 2000, height: 1500 });
  });
});

describe("how a redrawn photo is encoded", () => {
  it("tries the target at quality 0.8 first, then lower quality, then smaller sizes, never larger", () => {
    const tries = shrinkAttempts({ width: 2560, height: 1707 });
    expect(tries[0]).toEqual({ width: 2560, height: 1707, quality: SHRINK_QUALITY });
    expect(SHRINK_QUALITY).toBe(0.8);
    for (let i = 1; i < tries.length; i++) {
      expect(tries[i]!.width * tries[i]!.height * tries[i]!.quality).toBeLessThan(tries[i - 1]!.width * tries[i - 1]!.height * tries[i - 1]!.quality);
      expect(tries[i]!.width / tries[i]!.height).toBeCloseTo(2560 / 1707, 2);
    }
  });

  it("names the copy after the original with the new type's extension", () => {
    expect(shrunkName("IMG_2041.JPG", "image/webp")).toBe("IMG_2041.webp");
    expect(shrunkName("mehndi night.png", "image/jpeg")).toBe("mehndi night.jpg");
    expect(shrunkName("photo", "image/webp")).toBe("photo.webp");
    expect(shrunkName(".jpg", "image/webp")).toBe("photo.webp");
  });
});
