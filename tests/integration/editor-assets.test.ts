import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ASSETS_MAX } from "#domain/invitations/index.ts";
import { MEDIA_MESSAGES } from "#shared/service-media.ts";
import { call, ORIGIN, signedIn, snapshot, worker } from "#tests/support/factories.ts";
import { jpegOf, mediaKeys, pngOf } from "#tests/support/invitations.ts";

/** The editor's asset library (issue 13): generateSignature -> PUT uploadUrl -> POST /editorAssets, list, delete, caps and ownership. */
type Asset = { public_id: string; url: string; width: number; height: number; folder: string; tags: string[]; fileName: string };

/** The spec's flow for one file: a signature for user_assets, then the bytes PUT to its uploadUrl; the key. */
async function upload(cookie: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const sig = await call("/api/v1/generateSignature", { method: "POST", cookie, body: { folder: "user_assets" } });
  expect(sig.status).toBe(200);
  const { uploadUrl, key } = await sig.json<{ uploadUrl: string; key: string }>();
  const put = await worker.fetch(uploadUrl.replace(/^https?:\/\/[^/]+/, ORIGIN), { method: "PUT", headers: { Cookie: cookie, Origin: ORIGIN }, body: bytes });
  expect(put.status).toBe(200);
  return key;
}

const assetRows = (userId: string) => snapshot("SELECT key, folder, tags, width, height FROM editor_assets WHERE user_id = ? ORDER BY key", userId);

describe("uploading to the library", () => {
  it("end to end: signed upload, registered, resized to WebP, original removed, listed, deleted", async () => {
    const me = await signedIn("USER");
    const key = await upload(me.cookie, await jpegOf(2400, 1200));
    const res = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: [{ key, name: "haldi.jpg" }], tags: ["haldi"] } });
    expect(res.status).toBe(200);
    const body = await res.json<{ assets: Asset[]; failed: unknown[]; message: string }>();
    expect(body.failed).toEqual([]);
    expect(body.message).toBe("1 image uploaded.");
    const [asset] = body.assets;
    expect(asset).toMatchObject({ folder: "user_assets", tags: ["haldi"], fileName: "haldi.jpg", width: 1600, height: 800 });
    expect(asset!.public_id).toMatch(new RegExp(`^u/assets/${me.id}/[0-9a-f]+\\.webp$`));
    expect(asset!.url).toBe(`/media/${asset!.public_id.split("/").map(encodeURIComponent).join("/")}`);
    const stored = await env.MEDIA.get(asset!.public_id);
    expect(stored?.httpMetadata?.contentType).toBe("image/webp");
    expect(await env.MEDIA.head(key)).toBeNull();

    const list = await (await call("/api/v1/editorAssets?asset_folder=user_assets", { cookie: me.cookie })).json<{ assets: Asset[] }>();
    expect(list.assets.map((a) => a.public_id)).toEqual([asset!.public_id]);
    expect((await (await call("/api/v1/editorAssets?asset_folder=other", { cookie: me.cookie })).json<{ assets: Asset[] }>()).assets).toEqual([]);

    const del = await call("/api/v1/editorAssets", { method: "DELETE", cookie: me.cookie, body: { public_id: asset!.public_id } });
    expect(del.status).toBe(200);
    expect(await env.MEDIA.head(asset!.public_id)).toBeNull();
    expect(await assetRows(me.id)).toBe("[]");
  });

  it("the spec's messages: no files, all failed (wrong type), and partial failure lists the failed file", async () => {
    const me = await signedIn("USER");
    const none = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: [] } });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ success: false, message: MEDIA_MESSAGES.noFiles });

    // The Worker's upload refuses a non-image; an object put there some other way is refused at registration.
    const sig = await (await call("/api/v1/generateSignature", { method: "POST", cookie: me.cookie, body: { folder: "user_assets" } })).json<{ key: string }>();
    await env.MEDIA.put(sig.key, new TextEncoder().encode("<html><script>alert(1)</script></html>"));
    const bad = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: [{ key: sig.key, name: "page.html" }] } });
    expect(bad.status).toBe(400);
    const badBody = await bad.json<{ message: string; errors: { images: string } }>();
    expect(badBody.message).toBe(MEDIA_MESSAGES.allFailed);
    expect(badBody.errors.images).toContain("Upload failed for page.html");
    expect(await env.MEDIA.head(sig.key)).toBeNull();

    const good = await upload(me.cookie, await pngOf(300, 200));
    const partial = await call("/api/v1/editorAssets", {
      method: "POST",
      cookie: me.cookie,
      body: {
        images: [
          { key: good, name: "rangoli.png" },
          { key: `u/incoming/${me.id}/user_assets/missing`, name: "gone.png" },
        ],
      },
    });
    expect(partial.status).toBe(200);
    const p = await partial.json<{ assets: Asset[]; failed: { name: string; message: string }[] }>();
    expect(p.assets).toHaveLength(1);
    expect(p.failed).toEqual([expect.objectContaining({ name: "gone.png", message: "Upload failed for gone.png" })]);
  });

  it("another account's upload or asset: refused (its key is not in the caller's prefix) and 404 on delete; nothing changes", async () => {
    const owner = await signedIn("USER");
    const other = await signedIn("USER");
    const key = await upload(owner.cookie, await pngOf(100, 100));
    const stolen = await call("/api/v1/editorAssets", { method: "POST", cookie: other.cookie, body: { images: [{ key, name: "x.png" }] } });
    expect(stolen.status).toBe(400);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect(await assetRows(other.id)).toBe("[]");
    const mine = await (
      await call("/api/v1/editorAssets", { method: "POST", cookie: owner.cookie, body: { images: [{ key, name: "x.png" }] } })
    ).json<{ assets: Asset[] }>();
    const id = mine.assets[0]!.public_id;
    const before = await assetRows(owner.id);
    const del = await call("/api/v1/editorAssets", { method: "DELETE", cookie: other.cookie, body: { public_id: id } });
    expect(del.status).toBe(404);
    expect(await assetRows(owner.id)).toBe(before);
    expect(await env.MEDIA.head(id)).not.toBeNull();
    expect((await (await call("/api/v1/editorAssets", { cookie: other.cookie })).json<{ assets: Asset[] }>()).assets).toEqual([]);
    // Vendors have no library.
    const vendor = await signedIn("VENDOR");
    expect((await call("/api/v1/editorAssets", { cookie: vendor.cookie })).status).toBe(403);
  });

  it(`caps: at most 10 per request and ${ASSETS_MAX} per account, and says so`, async () => {
    const me = await signedIn("USER");
    const eleven = Array.from({ length: 11 }, (_, i) => ({ key: `u/incoming/${me.id}/user_assets/k${i}`, name: `${i}.png` }));
    const many = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: eleven } });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ message: "Add at most 10 images at a time." });

    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: ASSETS_MAX - 1 }, (_, i) =>
        env.DB.prepare("INSERT INTO editor_assets (id, user_id, key, content_type, size, created_at) VALUES (?, ?, ?, 'image/webp', 1, ?)").bind(
          `cap-${i}-${me.id}`,
          me.id,
          `u/assets/${me.id}/cap-${i}.webp`,
          now,
        ),
      ),
    );
    const two = [await upload(me.cookie, await pngOf(20, 20)), await upload(me.cookie, await pngOf(20, 20))];
    const full = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: two.map((key) => ({ key, name: "a.png" })) } });
    expect(full.status).toBe(400);
    expect(((await full.json()) as { message: string }).message).toBe(
      `Your image library holds ${ASSETS_MAX - 1} of at most ${ASSETS_MAX} images; you can add 1 more. Delete some to make room.`,
    );
    expect(await snapshot("SELECT COUNT(*) AS n FROM editor_assets WHERE user_id = ?", me.id)).toBe(`[{"n":${ASSETS_MAX - 1}}]`);
    const one = await call("/api/v1/editorAssets", { method: "POST", cookie: me.cookie, body: { images: [{ key: two[0], name: "a.png" }] } });
    expect(one.status).toBe(200);
    expect(await mediaKeys(`u/incoming/${me.id}/`)).toEqual([two[1]]);
  });
});
