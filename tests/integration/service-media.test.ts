import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it, vi } from "vitest";
import { MEDIA_MESSAGES, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { MediaSaveFailed, removeServiceObjects, uploadServicePhotos } from "#domain/catalogue/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { dimensionsOf, exifOrientation, fitInto, imagePipelineFor, wasmPipeline } from "#platform/images.ts";
import { directUploadsFor, workerUploads } from "#platform/direct-uploads.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { testContext } from "#tests/support/context.ts";
import { bucketKeys, createLead, createService, createUser, createVendor, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { deleteVendorAccount } from "#domain/accounts/index.ts";

/**
 * Service photos (issue 10, media): the spec's upload messages exactly, partial and total failure,
 * the checks (type by bytes, size, count, ownership) before anything is stored, the resized WebP
 * variants with their sizes, delete / reorder / cover / alt, logos and profile photos, and the
 * direct-upload flow through the Worker. Each storing test lists the MEDIA bucket before and after.
 */

/** A JPEG of w x h with noisy pixels (so it is not tiny). */
function jpeg(w: number, h: number, quality = 85): Uint8Array<ArrayBuffer> {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < px.length; i += 4) {
    px[i] = (i * 13) % 251;
    px[i + 1] = (i / 4) % w;
    px[i + 2] = Math.floor(i / 4 / w) % 255;
    px[i + 3] = 255;
  }
  const image = new PhotonImage(px, w, h);
  try {
    return new Uint8Array(image.get_bytes_jpeg(quality));
  } finally {
    image.free();
  }
}

function png(w: number, h: number): Uint8Array<ArrayBuffer> {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(200), w, h);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}

/** An AVIF-looking file: ftyp avif and an ispe box with the size, but no decodable image. */
function fakeAvif(size?: { width: number; height: number }): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(400);
  bytes.set([0, 0, 0, 24], 0);
  bytes.set(new TextEncoder().encode("ftypavif"), 4);
  if (size) {
    const at = 100;
    bytes.set(new TextEncoder().encode("ispe"), at);
    const view = new DataView(bytes.buffer);
    view.setUint32(at + 8, size.width);
    view.setUint32(at + 12, size.height);
  }
  return bytes;
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "image/jpeg") => new File([bytes], name, { type });

async function send(path: string, init: { method?: string; cookie?: string; body?: BodyInit | object; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Origin: ORIGIN, ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || init.body instanceof Uint8Array || typeof init.body === "string") body = init.body as BodyInit;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const res = await worker.fetch(`${ORIGIN}${path}`, { method: init.method ?? "POST", headers, body });
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: res.status, json };
}

function formOf(files: File[], field = "files", extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  for (const f of files) form.append(field, f);
  return form;
}

async function world() {
  const vendor = await createVendor();
  const other = await createVendor();
  const service = await createService({ vendorId: vendor.id });
  const othersService = await createService({ vendorId: other.id });
  return { vendor, other, service, othersService, cookie: await sessionCookieFor(vendor.id), otherCookie: await sessionCookieFor(other.id) };
}

type Photo = {
  id: string;
  url: string;
  cardUrl: string;
  key: string;
  cardKey: string;
  width: number;
  height: number;
  cardWidth: number;
  cardHeight: number;
  isCover: boolean;
  alt: string | null;
};

async function photosOf(serviceId: string, cookie: string): Promise<Photo[]> {
  const res = await send(`/api/v1/upload/${serviceId}`, { method: "GET", cookie });
  expect(res.status).toBe(200);
  return res.json.photos as Photo[];
}

const coverOf = async (serviceId: string) =>
  (await env.DB.prepare("SELECT cover_key FROM services WHERE id = ?").bind(serviceId).first<{ cover_key: string | null }>())?.cover_key;

async function objectSize(key: string) {
  const object = await env.MEDIA.get(key);
  expect(object, key).not.toBeNull();
  const bytes = new Uint8Array(await object!.arrayBuffer());
  return { type: imageTypeOf(bytes)?.ext, ...dimensionsOf(bytes), bytes };
}

// Resizing in WASM takes CPU: on a shared 2-core machine a test may take well over the 5 s default.
vi.setConfig({ testTimeout: 60_000 });

describe("the image pipeline", () => {
  it("reads sizes from headers of every accepted type", () => {
    expect(dimensionsOf(jpeg(33, 21))).toEqual({ width: 33, height: 21 });
    expect(dimensionsOf(png(40, 30))).toEqual({ width: 40, height: 30 });
    expect(dimensionsOf(fakeAvif({ width: 1200, height: 800 }))).toEqual({ width: 1200, height: 800 });
    expect(dimensionsOf(fakeAvif())).toBeNull();
  });

  it("makes a 640-wide card and a full variant of at most 1600 px, never enlarging", async () => {
    const big = await wasmPipeline.photo(jpeg(2000, 1500), { ext: "jpg", mime: "image/jpeg" });
    expect([big.card.width, big.card.height, big.full.width, big.full.height]).toEqual([640, 480, 1600, 1200]);
    expect(imageTypeOf(big.card.bytes)?.ext).toBe("webp");
    expect(dimensionsOf(big.full.bytes)).toEqual({ width: 1600, height: 1200 });
    const tall = await wasmPipeline.photo(jpeg(900, 2400), { ext: "jpg", mime: "image/jpeg" });
    expect([tall.full.width, tall.full.height]).toEqual([600, 1600]);
    const small = await wasmPipeline.photo(jpeg(300, 200), { ext: "jpg", mime: "image/jpeg" });
    expect([small.card.width, small.card.height, small.full.width, small.full.height]).toEqual([300, 200, 300, 200]);
    expect(fitInto(4000, 3000, 640, Number.MAX_SAFE_INTEGER)).toEqual({ width: 640, height: 480 });
  });

  it("turns a phone photo upright by its EXIF orientation", async () => {
    const plain = jpeg(300, 200);
    // SOI, then an APP1 "Exif" segment (big-endian TIFF, one IFD0 entry: Orientation = 6, i.e. turn 90° clockwise).
    const app1 = new Uint8Array([
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00,
      0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    const rotated = new Uint8Array(plain.length + app1.length);
    rotated.set(plain.slice(0, 2));
    rotated.set(app1, 2);
    rotated.set(plain.slice(2), 2 + app1.length);
    expect(exifOrientation(rotated)).toBe(6);
    expect(exifOrientation(plain)).toBe(1);
    const out = await wasmPipeline.photo(rotated, { ext: "jpg", mime: "image/jpeg" });
    expect([out.full.width, out.full.height]).toEqual([200, 300]);
    const upright = await wasmPipeline.photo(plain, { ext: "jpg", mime: "image/jpeg" });
    expect([upright.full.width, upright.full.height]).toEqual([300, 200]);
  });

  it("refuses an AVIF, which the WASM decoder cannot read, rather than store bytes it never decoded", async () => {
    await expect(wasmPipeline.photo(fakeAvif({ width: 1200, height: 800 }), { ext: "avif", mime: "image/avif" })).rejects.toThrow(
      "AVIF images cannot be read here: please upload a JPEG, PNG, WebP or GIF.",
    );
    await expect(wasmPipeline.photo(fakeAvif(), { ext: "avif", mime: "image/avif" })).rejects.toThrow("cannot be read");
  });

  it("is chosen by configuration: WASM by default, Cloudflare Images when configured", async () => {
    expect(imagePipelineFor({}).name).toBe("wasm");
    const calls: string[] = [];
    const fakeImages = {
      info: async () => ({ format: "image/jpeg", fileSize: 1, width: 3000, height: 2000 }),
      input: () => {
        const t = {
          transform: (x: { width: number }) => (calls.push(`w${x.width}`), t),
          output: async () => ({
            image: () => new Blob([new Uint8Array([1, 2, 3])]).stream(),
            contentType: () => "image/webp",
            response: () => new Response(),
          }),
        };
        return t;
      },
    } as unknown as ImagesBinding;
    const pipeline = imagePipelineFor({ IMAGE_PIPELINE: "cloudflare-images", IMAGES: fakeImages });
    expect(pipeline.name).toBe("cloudflare-images");
    const out = await pipeline.photo(jpeg(30, 20), { ext: "jpg", mime: "image/jpeg" });
    expect([out.full.width, out.full.height, out.card.width, out.card.height]).toEqual([1600, 1067, 640, 427]);
    expect(calls).toEqual(["w1600", "w640"]);
    await expect(imagePipelineFor({ IMAGE_PIPELINE: "cloudflare-images" }).photo(jpeg(3, 2), { ext: "jpg", mime: "image/jpeg" })).rejects.toThrow(
      "IMAGES binding",
    );
  });
});

describe("POST /upload/{serviceId}", () => {
  it("stores each photo as a card and a full WebP with their sizes; the first becomes the cover", async () => {
    const w = await world();
    const before = await bucketKeys(`u/services/${w.service.id}/`);
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf([file(jpeg(2000, 1500), "hall.jpg"), file(png(500, 400), "stage.png", "image/png")]),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: "2 photos uploaded.", failed: [] });
    const photos = await photosOf(w.service.id, w.cookie);
    expect(photos.map((p) => [p.width, p.height, p.cardWidth, p.cardHeight])).toEqual([
      [1600, 1200, 640, 480],
      [500, 400, 500, 400],
    ]);
    const first = photos[0]!;
    expect(first.key).toMatch(new RegExp(`^u/services/${w.service.id}/[0-9a-f]+-full\\.webp$`));
    expect(first.cardKey).toMatch(/-card\.webp$/);
    expect(await objectSize(first.key)).toMatchObject({ type: "webp", width: 1600, height: 1200 });
    expect(await objectSize(first.cardKey)).toMatchObject({ type: "webp", width: 640, height: 480 });
    const served = await worker.fetch(`${ORIGIN}${first.cardUrl}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    await served.arrayBuffer();
    expect(await coverOf(w.service.id)).toBe(first.cardKey);
    expect(first.isCover).toBe(true);
    expect((await bucketKeys(`u/services/${w.service.id}/`)).length - before.length).toBe(4);
  });

  it("answers No files provided. for an empty form or a JSON body", async () => {
    const w = await world();
    const empty = new FormData();
    empty.append("files", new File([], ""));
    for (const body of [empty, {}]) {
      const res = await send(`/api/v1/upload/${w.service.id}`, { cookie: w.cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("No files provided.");
    }
  });

  it("succeeds with a partial failure and lists the failed files", async () => {
    const w = await world();
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf([file(jpeg(800, 600), "mandap.jpg"), file(new TextEncoder().encode("not a photo") as Uint8Array<ArrayBuffer>, "notes.txt", "image/jpeg")]),
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("1 photo uploaded. Upload failed for notes.txt.");
    expect(res.json.failed).toEqual([
      { file: "notes.txt", message: "Upload failed for notes.txt", reason: "notes.txt is not a JPEG, PNG, WebP, AVIF or GIF image." },
    ]);
    expect((res.json.media as Photo[]).length).toBe(1);
    expect(await photosOf(w.service.id, w.cookie)).toHaveLength(1);
  });

  it("answers All uploads failed. when every file fails, and stores nothing", async () => {
    const w = await world();
    const before = await bucketKeys();
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf([file(new Uint8Array([1, 2, 3]), "a.jpg"), file(fakeAvif(), "b.avif", "image/avif")]),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MEDIA_MESSAGES.allFailed);
    expect((res.json.errors as Record<string, string>).files).toContain("Upload failed for a.jpg");
    expect((res.json.errors as Record<string, string>).files).toContain("Upload failed for b.avif");
    expect(await bucketKeys()).toEqual(before);
    expect(await photosOf(w.service.id, w.cookie)).toHaveLength(0);
  });

  it("refuses an AVIF (the WASM pipeline cannot decode it) and stores nothing", async () => {
    const w = await world();
    const before = await bucketKeys();
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf([file(fakeAvif({ width: 1200, height: 800 }), "night.avif", "image/avif")]),
    });
    expect(res.status).toBe(400);
    expect((res.json.errors as Record<string, string>).files).toContain("AVIF images cannot be read here");
    expect(await bucketKeys()).toEqual(before);
    expect(await photosOf(w.service.id, w.cookie)).toHaveLength(0);
  });

  it("refuses a file over 5 MB (the field named) and stores nothing", async () => {
    const w = await world();
    const before = await bucketKeys();
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(jpeg(10, 10));
    const res = await send(`/api/v1/upload/${w.service.id}`, { cookie: w.cookie, body: formOf([file(jpeg(100, 100), "ok.jpg"), file(big, "huge.jpg")]) });
    expect(res.status).toBe(400);
    expect((res.json.errors as Record<string, string>).files).toBe("huge.jpg is larger than 5 MB.");
    expect(await bucketKeys()).toEqual(before);
  });

  it("refuses too many files in a request, and more than the service may hold", async () => {
    const w = await world();
    const before = await bucketKeys();
    const tiny = jpeg(20, 20);
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf(Array.from({ length: SERVICE_PHOTOS_MAX + 1 }, (_, i) => file(tiny, `p${i}.jpg`))),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty("files");
    expect(await bucketKeys()).toEqual(before);

    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: SERVICE_PHOTOS_MAX - 1 }, (_, i) =>
        env.DB.prepare("INSERT INTO service_media (id, service_id, key, kind, position, created_at) VALUES (?, ?, ?, 'image', ?, ?)").bind(
          `m-${w.service.id}-${i}`,
          w.service.id,
          `seed/demo-${i}.jpg`,
          i,
          now,
        ),
      ),
    );
    const two = await send(`/api/v1/upload/${w.service.id}`, { cookie: w.cookie, body: formOf([file(tiny, "a.jpg"), file(tiny, "b.jpg")]) });
    expect(two.status).toBe(400);
    expect((two.json.errors as Record<string, string>).files).toBe(`This service has ${SERVICE_PHOTOS_MAX - 1} photos; you can add 1 more.`);
    expect(await bucketKeys()).toEqual(before);
    expect((await send(`/api/v1/upload/${w.service.id}`, { cookie: w.cookie, body: formOf([file(tiny, "a.jpg")]) })).status).toBe(200);
  });

  it("another vendor's service is 404 and nothing is stored; a couple is refused", async () => {
    const w = await world();
    const couple = await createUser();
    const before = await bucketKeys();
    const res = await send(`/api/v1/upload/${w.othersService.id}`, { cookie: w.cookie, body: formOf([file(jpeg(300, 200), "x.jpg")]) });
    expect(res.status).toBe(404);
    expect(
      (await send(`/api/v1/upload/${w.service.id}`, { cookie: await sessionCookieFor(couple.id), body: formOf([file(jpeg(30, 20), "x.jpg")]) })).status,
    ).toBe(403);
    expect((await send(`/api/v1/upload/${w.service.id}`, { body: formOf([file(jpeg(30, 20), "x.jpg")]) })).status).toBe(401);
    expect(await bucketKeys()).toEqual(before);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM service_media WHERE service_id IN (?, ?)").bind(w.service.id, w.othersService.id).first<{ n: number }>())
        ?.n,
    ).toBe(0);
  });

  it("removes what it stored when the database write fails: Failed to save images to DB", async () => {
    const w = await world();
    const actor: Actor = { id: w.vendor.id, role: "VENDOR", email: w.vendor.email, userName: "V", profilePhoto: null, isVerified: true };
    const ctx = testContext({ actor });
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch") return async () => Promise.reject(new Error("D1 is down"));
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const before = await bucketKeys();
    const error = await uploadServicePhotos({ ...ctx, db: failing }, w.service.id, [file(jpeg(700, 500), "a.jpg")]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaSaveFailed);
    expect((error as Error).message).toBe("Failed to save images to DB");
    expect(await bucketKeys()).toEqual(before);
  });
});

describe("delete, reorder, cover and alt", () => {
  async function withPhotos(n: number) {
    const w = await world();
    const res = await send(`/api/v1/upload/${w.service.id}`, {
      cookie: w.cookie,
      body: formOf(Array.from({ length: n }, (_, i) => file(jpeg(200 + i, 100), `p${i}.jpg`))),
    });
    expect(res.status).toBe(200);
    return { ...w, photos: await photosOf(w.service.id, w.cookie) };
  }

  it("deletes one photo (by id or key) with its objects; the cover moves on; others' photos are 404", async () => {
    const w = await withPhotos(3);
    const [a, b, c] = w.photos as [Photo, Photo, Photo];
    expect(await coverOf(w.service.id)).toBe(a.cardKey);
    const res = await send(`/api/v1/delete/${w.service.id}`, { cookie: w.cookie, body: { publicId: a.id } });
    expect(res.status).toBe(200);
    expect(await env.MEDIA.head(a.key)).toBeNull();
    expect(await env.MEDIA.head(a.cardKey)).toBeNull();
    expect(await coverOf(w.service.id)).toBe(b.cardKey);
    expect((await send(`/api/v1/delete/${w.service.id}`, { cookie: w.cookie, body: { publicId: c.key } })).status).toBe(200);
    expect((await photosOf(w.service.id, w.cookie)).map((p) => p.id)).toEqual([b.id]);
    // The other vendor: its own service id with this photo, or this service: 404, nothing changes.
    const other = await send(`/api/v1/delete/${w.othersService.id}`, { cookie: w.otherCookie, body: { publicId: b.id } });
    expect(other.status).toBe(404);
    expect((await send(`/api/v1/delete/${w.service.id}`, { cookie: w.otherCookie, body: { publicId: b.id } })).status).toBe(404);
    expect(await env.MEDIA.head(b.key)).not.toBeNull();
  });

  it("reorders (all photos, each once), sets the cover, and edits alt text", async () => {
    const w = await withPhotos(3);
    const ids = w.photos.map((p) => p.id);
    const reversed = [...ids].reverse();
    expect((await send(`/api/v1/upload/${w.service.id}/order`, { method: "PUT", cookie: w.cookie, body: { ids: reversed } })).status).toBe(200);
    expect((await photosOf(w.service.id, w.cookie)).map((p) => p.id)).toEqual(reversed);
    const bad = await send(`/api/v1/upload/${w.service.id}/order`, { method: "PUT", cookie: w.cookie, body: { ids: [ids[0], ids[0], ids[1]] } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty("ids");
    expect((await photosOf(w.service.id, w.cookie)).map((p) => p.id)).toEqual(reversed);

    expect((await send(`/api/v1/upload/${w.service.id}/cover`, { method: "PUT", cookie: w.cookie, body: { mediaId: ids[2] } })).status).toBe(200);
    expect(await coverOf(w.service.id)).toBe(w.photos[2]!.cardKey);
    expect((await send(`/api/v1/upload/${w.othersService.id}/cover`, { method: "PUT", cookie: w.otherCookie, body: { mediaId: ids[1] } })).status).toBe(404);

    const alt = await send(`/api/v1/upload/${w.service.id}/${ids[1]}/alt`, { method: "PUT", cookie: w.cookie, body: { alt: "  Marigold mandap at dusk " } });
    expect(alt.status).toBe(200);
    expect((await photosOf(w.service.id, w.cookie)).find((p) => p.id === ids[1])?.alt).toBe("Marigold mandap at dusk");
    const long = await send(`/api/v1/upload/${w.service.id}/${ids[1]}/alt`, { method: "PUT", cookie: w.cookie, body: { alt: "x".repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.json.errors).toHaveProperty("alt");
    const detail = await send(`/api/v1/services/${w.service.id}`, { method: "GET" });
    const gallery = (detail.json.service as { media: { image_urls: { path: string; width: number; alt: string | null }[] }[] }).media[0]!.image_urls;
    expect(gallery.map((g) => g.path)).toEqual([ids[2], ids[1], ids[0]].map((id) => w.photos.find((p) => p.id === id)!.url));
    expect(gallery[1]!.alt).toBe("Marigold mandap at dusk");
  });
});

describe("erasing a service", () => {
  it("removeServiceObjects removes its photos' objects and nobody else's", async () => {
    const w = await world();
    for (const id of [w.service.id, w.othersService.id]) {
      const cookie = id === w.service.id ? w.cookie : w.otherCookie;
      expect((await send(`/api/v1/upload/${id}`, { cookie, body: formOf([file(jpeg(120, 80), "a.jpg")]) })).status).toBe(200);
    }
    expect(await removeServiceObjects(testContext(), w.service.id)).toBe(2);
    expect(await bucketKeys(`u/services/${w.service.id}/`)).toEqual([]);
    expect(await bucketKeys(`u/services/${w.othersService.id}/`)).toHaveLength(2);
  });

  const upload = async (serviceId: string, cookie: string) =>
    expect((await send(`/api/v1/upload/${serviceId}`, { cookie, body: formOf([file(jpeg(120, 80), "a.jpg")]) })).status).toBe(200);

  it("DELETE /services/{id} removes the erased service's photo objects; another vendor's stay", async () => {
    const w = await world();
    await upload(w.service.id, w.cookie);
    await upload(w.othersService.id, w.otherCookie);
    expect(await bucketKeys(`u/services/${w.service.id}/`)).toHaveLength(2);
    const res = await send(`/api/v1/services/${w.service.id}`, { method: "DELETE", cookie: w.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "deleted" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM service_media WHERE service_id = ?").bind(w.service.id).first("n")).toBe(0);
    expect(await bucketKeys(`u/services/${w.service.id}/`)).toEqual([]);
    expect(await bucketKeys(`u/services/${w.othersService.id}/`)).toHaveLength(2);
  });

  it("a service archived instead of erased (it has an enquiry) keeps its photos", async () => {
    const w = await world();
    await upload(w.service.id, w.cookie);
    const couple = await createUser({ role: "USER" });
    await createLead({ serviceId: w.service.id, vendorId: w.vendor.id, userId: couple.id });
    const res = await send(`/api/v1/services/${w.service.id}`, { method: "DELETE", cookie: w.cookie });
    expect(res.json).toMatchObject({ status: "archived" });
    expect(await bucketKeys(`u/services/${w.service.id}/`)).toHaveLength(2);
  });

  it("deleting the vendor account removes every service's photos, the logo and the profile photo; another vendor's objects stay", async () => {
    const w = await world();
    const second = await createService({ vendorId: w.vendor.id });
    await upload(w.service.id, w.cookie);
    await upload(second.id, w.cookie);
    await upload(w.othersService.id, w.otherCookie);
    for (const [cookie, kind] of [
      [w.cookie, "logo"],
      [w.cookie, "profile"],
      [w.otherCookie, "logo"],
    ] as const)
      expect((await send("/api/v1/upload-single", { cookie, body: formOf([file(jpeg(200, 200), "me.jpg")], "file", { kind }) })).status).toBe(200);
    const mine = [`u/services/${w.service.id}/`, `u/services/${second.id}/`, `u/logos/${w.vendor.id}/`, `u/profiles/${w.vendor.id}/`];
    for (const prefix of mine) expect(await bucketKeys(prefix), prefix).not.toEqual([]);
    const othersBefore = [...(await bucketKeys(`u/services/${w.othersService.id}/`)), ...(await bucketKeys(`u/logos/${w.other.id}/`))];
    expect(othersBefore).toHaveLength(3);

    const ctx = testContext({
      actor: { id: w.vendor.id, role: "VENDOR", email: w.vendor.email, userName: w.vendor.businessName, profilePhoto: null, isVerified: true },
    });
    await deleteVendorAccount(ctx);
    await ctx.settle();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM services WHERE vendor_id = ?").bind(w.vendor.id).first("n")).toBe(0);
    for (const prefix of mine) expect(await bucketKeys(prefix), prefix).toEqual([]);
    expect([...(await bucketKeys(`u/services/${w.othersService.id}/`)), ...(await bucketKeys(`u/logos/${w.other.id}/`))]).toEqual(othersBefore);
  });
});

describe("POST /upload-single", () => {
  it("sets a vendor's logo (a square WebP) and replaces the previous one; a couple's profile photo; a couple has no logo", async () => {
    const w = await world();
    const first = await send("/api/v1/upload-single", { cookie: w.cookie, body: formOf([file(jpeg(900, 600), "logo.jpg")], "file", { kind: "logo" }) });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const key1 = first.json.key as string;
    expect(await objectSize(key1)).toMatchObject({ type: "webp", width: 512, height: 512 });
    const second = await send("/api/v1/upload-single", {
      cookie: w.cookie,
      body: formOf([file(png(120, 200), "logo.png", "image/png")], "file", { kind: "logo" }),
    });
    expect(second.status).toBe(200);
    expect(await objectSize(second.json.key as string)).toMatchObject({ width: 120, height: 120 });
    expect(await env.MEDIA.head(key1)).toBeNull();
    expect((await env.DB.prepare("SELECT logo_key FROM vendors WHERE user_id = ?").bind(w.vendor.id).first<{ logo_key: string }>())?.logo_key).toBe(
      second.json.key,
    );

    const couple = await createUser();
    const coupleCookie = await sessionCookieFor(couple.id);
    const before = await bucketKeys();
    const refused = await send("/api/v1/upload-single", { cookie: coupleCookie, body: formOf([file(jpeg(100, 100), "l.jpg")], "file", { kind: "logo" }) });
    expect(refused.status).toBe(403);
    expect(await bucketKeys()).toEqual(before);
    const profile = await send("/api/v1/upload-single", { cookie: coupleCookie, body: formOf([file(jpeg(100, 100), "me.jpg")], "file", { kind: "profile" }) });
    expect(profile.status).toBe(200);
    expect((await env.DB.prepare("SELECT profile_photo FROM users WHERE id = ?").bind(couple.id).first<{ profile_photo: string }>())?.profile_photo).toBe(
      `/media/${profile.json.key as string}`,
    );
    const again = await send("/api/v1/upload-single", {
      cookie: coupleCookie,
      body: formOf([file(png(80, 80), "me2.png", "image/png")], "file", { kind: "profile" }),
    });
    expect(again.status).toBe(200);
    expect(await env.MEDIA.head(profile.json.key as string)).toBeNull();
    const me = await send("/api/v1/users/me", { method: "GET", cookie: coupleCookie });
    expect((me.json.user as { profile_photo: string }).profile_photo).toBe(`/media/${again.json.key as string}`);

    const none = await send("/api/v1/upload-single", { cookie: coupleCookie, body: formOf([], "file", { kind: "profile" }) });
    expect([none.status, none.json.message]).toEqual([400, "No files provided."]);
    const text = await send("/api/v1/upload-single", {
      cookie: coupleCookie,
      body: formOf([file(new Uint8Array([1, 2]), "x.txt")], "file", { kind: "profile" }),
    });
    expect([text.status, text.json.message]).toEqual([400, "Upload failed for x.txt"]);
  });
});

describe("direct uploads: generateSignature -> PUT uploadUrl -> register", () => {
  it("works end to end through the Worker locally", async () => {
    const w = await world();
    const sig = await send("/api/v1/generateSignature", { cookie: w.cookie, body: { folder: `services/${w.service.id}` } });
    expect(sig.status, JSON.stringify(sig.json)).toBe(200);
    expect(sig.json).toMatchObject({ success: true, mode: "worker", method: "PUT", folder: `services/${w.service.id}` });
    expect(typeof sig.json.signature).toBe("string");
    expect(typeof sig.json.timestamp).toBe("number");
    const url = new URL(sig.json.uploadUrl as string);
    expect(url.pathname).toMatch(/^\/api\/v1\/direct-upload\//);
    const put = await send(url.pathname, { method: "PUT", cookie: w.cookie, body: jpeg(1800, 1200), headers: { "Content-Type": "image/jpeg" } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(await env.MEDIA.head(sig.json.key as string)).not.toBeNull();
    const reg = await send(`/api/v1/upload/${w.service.id}/register`, { cookie: w.cookie, body: { files: [{ key: sig.json.key, name: "garden.jpg" }] } });
    expect(reg.status, JSON.stringify(reg.json)).toBe(200);
    expect(reg.json.message).toBe("1 photo uploaded.");
    const [photo] = await photosOf(w.service.id, w.cookie);
    expect(photo).toMatchObject({ width: 1600, height: 1067, cardWidth: 640, cardHeight: 427 });
    expect(await env.MEDIA.head(sig.json.key as string)).toBeNull(); // the original is removed
  });

  it("refuses a forged, altered or expired token, another account's token, and another service's folder", async () => {
    const w = await world();
    const sig = await send("/api/v1/generateSignature", { cookie: w.cookie, body: { folder: `services/${w.service.id}` } });
    const path = new URL(sig.json.uploadUrl as string).pathname;
    const before = await bucketKeys();
    const altered = path.slice(0, -3) + (path.endsWith("AAA") ? "BBB" : "AAA");
    expect((await send(altered, { method: "PUT", cookie: w.cookie, body: jpeg(10, 10) })).status).toBe(403);
    expect((await send("/api/v1/direct-upload/not-a-token", { method: "PUT", cookie: w.cookie, body: jpeg(10, 10) })).status).toBe(403);
    expect((await send(path, { method: "PUT", cookie: w.otherCookie, body: jpeg(10, 10) })).status).toBe(403);
    expect((await send(path, { method: "PUT", body: jpeg(10, 10) })).status).toBe(401);
    expect((await send(path, { method: "PUT", cookie: w.cookie, body: new Uint8Array([1, 2, 3]) })).status).toBe(400);
    expect(await bucketKeys()).toEqual(before);
    expect((await send("/api/v1/generateSignature", { cookie: w.cookie, body: { folder: `services/${w.othersService.id}` } })).status).toBe(404);
    expect((await send("/api/v1/generateSignature", { cookie: w.cookie, body: { folder: "../etc" } })).status).toBe(400);

    const uploads = workerUploads("test-secret");
    const now = Date.now();
    const old = await uploads.sign({ ownerId: "u1", folder: "user_assets", key: "u/incoming/u1/user_assets/x", expiresAt: now - 1 }, ORIGIN, now - 600_000);
    expect(await uploads.verify(old.uploadUrl.split("/").pop()!, now)).toBeNull();
    const fresh = await uploads.sign({ ownerId: "u1", folder: "user_assets", key: "u/incoming/u1/user_assets/x", expiresAt: now + 60_000 }, ORIGIN, now);
    expect(await uploads.verify(fresh.uploadUrl.split("/").pop()!, now)).toMatchObject({ ownerId: "u1", key: "u/incoming/u1/user_assets/x" });
    expect(await workerUploads("another-secret").verify(fresh.uploadUrl.split("/").pop()!, now)).toBeNull();
  });

  it("registers only the caller's own uploads for this service", async () => {
    const w = await world();
    await env.MEDIA.put(`u/incoming/${w.other.id}/services/${w.service.id}/abc`, jpeg(50, 50));
    const res = await send(`/api/v1/upload/${w.service.id}/register`, {
      cookie: w.cookie,
      body: { files: [{ key: `u/incoming/${w.other.id}/services/${w.service.id}/abc`, name: "theirs.jpg" }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("All uploads failed.");
    expect(await env.MEDIA.head(`u/incoming/${w.other.id}/services/${w.service.id}/abc`)).not.toBeNull();
  });

  it("signs presigned R2 PUT URLs when the R2 API credentials are configured", async () => {
    const uploads = directUploadsFor({ R2_ACCESS_KEY_ID: "AKIDEXAMPLE", R2_SECRET_ACCESS_KEY: "secret", R2_ACCOUNT_ID: "acc123", R2_BUCKET: "mandap-media" });
    expect(uploads.mode).toBe("r2-presigned");
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const ticket = await uploads.sign({ ownerId: "u1", folder: "user_assets", key: "u/incoming/u1/user_assets/k1", expiresAt: now + 600_000 }, ORIGIN, now);
    const url = new URL(ticket.uploadUrl);
    expect(url.origin).toBe("https://acc123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/mandap-media/u/incoming/u1/user_assets/k1");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
    expect(url.searchParams.get("X-Amz-Date")).toBe("20261123T120000Z");
    expect(ticket.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(directUploadsFor({}).mode).toBe("worker");
  });
});
