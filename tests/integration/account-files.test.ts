import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deleteAccount, deleteVendorAccount } from "#domain/accounts/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { bucketKeys, createReview, createService, createUser, createVendor } from "#tests/support/factories.ts";

/**
 * Deleting an account deletes the files it stored, not only its rows (the privacy policy says so):
 * a couple's profile photo, invitation card pictures, photos uploaded in the card editor, review
 * photos and unfinished uploads; a vendor's also the photos of the couples' reviews of its services.
 * Nobody else's files are touched.
 */

const put = (key: string) => env.MEDIA.put(key, new Uint8Array([1, 2, 3]));

/** The account's own folders and one review with two photos; returns every key it stored. */
async function filesOf(userId: string, serviceId: string): Promise<string[]> {
  const review = await createReview({ serviceId, userId });
  const reviewPhotos = [`u/reviews/${crypto.randomUUID()}.webp`, `u/reviews/${crypto.randomUUID()}.webp`];
  await env.DB.prepare("UPDATE reviews SET photo_keys = ? WHERE id = ?").bind(JSON.stringify(reviewPhotos), review.id).run();
  const own = ["profiles", "cards", "assets", "incoming"].map((folder) => `u/${folder}/${userId}/${crypto.randomUUID()}.webp`);
  const keys = [...own, ...reviewPhotos];
  for (const key of keys) await put(key);
  return keys;
}

const stillStored = async (keys: string[]) => {
  const present = new Set(await bucketKeys("u/"));
  return keys.filter((k) => present.has(k));
};

describe("deleting an account", () => {
  it("a couple's: their profile photo, card pictures, editor photos, unfinished uploads and review photos go; another couple's stay", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ userName: "Meera Sharma" });
    const other = await createUser({ userName: "Kavya Rao" });
    const mine = await filesOf(couple.id, service.id);
    const theirs = await filesOf(other.id, service.id);
    expect(await stillStored(mine)).toEqual(mine);

    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await deleteAccount(ctx);
    await ctx.settle();
    expect(await stillStored(mine)).toEqual([]);
    expect(await stillStored(theirs)).toEqual(theirs);
  });

  it("a vendor's: the photos of couples' reviews of its services go with the reviews; the couples' other files stay", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const otherVendor = await createVendor();
    const otherService = await createService({ vendorId: otherVendor.id });
    const couple = await createUser();
    const onThisVendor = await filesOf(couple.id, service.id);
    const reviewOfThisVendor = onThisVendor.filter((k) => k.startsWith("u/reviews/"));
    const elsewhere = (await filesOf(couple.id, otherService.id)).filter((k) => k.startsWith("u/reviews/"));

    const ctx = testContext({ actor: actorOf(vendor.id, "VENDOR") });
    await deleteVendorAccount(ctx);
    await ctx.settle();
    expect(await stillStored(reviewOfThisVendor)).toEqual([]);
    expect(await stillStored(elsewhere)).toEqual(elsewhere);
    // The couple's own folders are theirs, not the vendor's.
    const ownFolders = onThisVendor.filter((k) => !k.startsWith("u/reviews/"));
    expect(await stillStored(ownFolders)).toEqual(ownFolders);
  });
});
