import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it, vi } from "vitest";
import { requireAccountView, updateUser } from "#domain/accounts/index.ts";
import { uploadSingleImage } from "#domain/catalogue/index.ts";
import { updateUserInput } from "#shared/account-schemas.ts";
import { dimensionsOf } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, signedIn, snapshot } from "#tests/support/factories.ts";

/** The couple's profile (issue 12): partner's name, estimated guests, total budget, the reminder opt-in, and the photo. */
vi.setConfig({ testTimeout: 60_000 });
type Body = { success?: boolean; message?: string; errors?: Record<string, string>; user?: Record<string, unknown> };
const patch = async (cookie: string, body: unknown) => {
  const res = await call("/api/v1/users", { method: "PATCH", cookie, body });
  return { status: res.status, json: (await res.json()) as Body };
};
const rowOf = (id: string) =>
  snapshot("SELECT user_name, partner_name, guest_estimate, total_budget, planning_reminders, wedding_city, updated_at FROM users WHERE id = ?", id);

describe("PATCH /users: the planning profile fields", () => {
  it("saves partner's name, guests, budget and the reminder opt-in, and clears them with empty values", async () => {
    const couple = await signedIn("USER");
    const ok = await patch(couple.cookie, { partner_name: " Arjun Rao ", guest_estimate: 350, total_budget: 2500000, planning_reminders: true });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ partner_name: "Arjun Rao", guest_estimate: 350, total_budget: 2500000, planning_reminders: true });
    const me = (await (await call("/api/v1/users/me", { cookie: couple.cookie })).json()) as Body;
    expect(me.user).toMatchObject({ partner_name: "Arjun Rao", guest_estimate: 350, total_budget: 2500000, planning_reminders: true });

    const cleared = await patch(couple.cookie, { partner_name: "", guest_estimate: "", total_budget: null, planning_reminders: false });
    expect(cleared.json.user).toMatchObject({ partner_name: null, guest_estimate: null, total_budget: null, planning_reminders: false });
    // A field left out is left as it is.
    await patch(couple.cookie, { guest_estimate: 120 });
    expect((await patch(couple.cookie, { partner_name: "Arjun" })).json.user).toMatchObject({ guest_estimate: 120, partner_name: "Arjun" });
  });

  it("refuses bad values with the field named and changes nothing", async () => {
    const couple = await signedIn("USER");
    await patch(couple.cookie, { total_budget: 100000 });
    const before = await rowOf(couple.id);
    const bad = await patch(couple.cookie, { guest_estimate: -5, total_budget: 12.5, partner_name: "x".repeat(81), planning_reminders: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      guest_estimate: "Estimated guests cannot be negative.",
      total_budget: "Total budget must be in whole rupees.",
      partner_name: "Partner's name: use at most 80 characters.",
      planning_reminders: "Planning reminders must be true or false.",
    });
    expect((await patch(couple.cookie, { total_budget: "lots" })).json.errors).toMatchObject({ total_budget: "Total budget must be an amount in rupees." });
    expect((await patch(couple.cookie, { guest_estimate: 100001 })).json.errors?.guest_estimate).toMatch(/^Estimated guests: at most/);
    expect((await patch(couple.cookie, { total_budget: 1_000_000_000 })).json.errors).toMatchObject({ total_budget: "Total budget is too large." });
    expect(await rowOf(couple.id)).toBe(before);
  });

  it("reads a page form's values the same way (the checkbox sends false, then true when ticked)", async () => {
    const couple = await signedIn("USER");
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    const form = updateUserInput.parse({
      user_name: "Meera Iyer",
      guest_estimate: "250",
      total_budget: "1800000",
      planning_reminders: "true",
      partner_name: "",
    });
    await updateUser(ctx, form);
    expect(await requireAccountView(ctx)).toMatchObject({ guest_estimate: 250, total_budget: 1800000, planning_reminders: true, partner_name: null });
    await updateUser(ctx, updateUserInput.parse({ planning_reminders: "false" }));
    expect((await requireAccountView(ctx)).planning_reminders).toBe(false);
    expect(await env.DB.prepare("SELECT planning_reminders FROM users WHERE id = ?").bind(couple.id).first("planning_reminders")).toBe(0);
  });
});

function jpeg(w: number, h: number): Uint8Array<ArrayBuffer> {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < px.length; i += 4) [px[i], px[i + 1], px[i + 2], px[i + 3]] = [(i * 7) % 251, (i / 4) % w, 90, 255];
  const image = new PhotonImage(px, w, h);
  try {
    return new Uint8Array(image.get_bytes_jpeg(85));
  } finally {
    image.free();
  }
}
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/media\//, ""));

describe("the profile photo (the profile page's form and the API share uploadSingleImage)", () => {
  it("checks the bytes, stores a resized square in R2, shows it as the account's photo and removes the old one", async () => {
    const couple = await signedIn("USER");
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    const first = await uploadSingleImage(ctx, "profile", new File([jpeg(1400, 900)], "me.jpg", { type: "image/jpeg" }));
    const stored = await env.MEDIA.get(first.key);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(imageTypeOf(bytes)?.ext).toBe("webp");
    const size = dimensionsOf(bytes);
    expect(size?.width).toBe(size?.height);
    expect(size!.width).toBeLessThan(900);
    expect(first.key.startsWith(`u/profiles/${couple.id}/`)).toBe(true);
    const me = (await (await call("/api/v1/users/me", { cookie: couple.cookie })).json()) as Body;
    expect(me.user?.profile_photo).toBe(first.url);
    expect(keyOf(first.url)).toBe(first.key);

    const second = await uploadSingleImage(ctx, "profile", new File([jpeg(300, 300)], "me2.jpg", { type: "image/jpeg" }));
    expect(await env.MEDIA.head(first.key)).toBeNull();
    expect(await env.MEDIA.head(second.key)).not.toBeNull();

    // Not an image: refused whatever its name or type says; the photo stays.
    await expect(
      uploadSingleImage(ctx, "profile", new File([new Uint8Array([60, 115, 118, 103, 62])], "me.jpg", { type: "image/jpeg" })),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(uploadSingleImage(ctx, "profile", undefined)).rejects.toMatchObject({ message: "No files provided." });
    expect(await env.DB.prepare("SELECT profile_photo FROM users WHERE id = ?").bind(couple.id).first("profile_photo")).toBe(second.url);
  });
});

describe("PATCH /users: the wedding city (issue 28)", () => {
  it("stores a city of the places list under its own name when typed by an old or common name, and keeps other places as typed", async () => {
    const couple = await signedIn("USER");
    expect((await patch(couple.cookie, { wedding_city: "Bangalore" })).json.user).toMatchObject({ wedding_city: "Bengaluru" });
    expect((await patch(couple.cookie, { wedding_city: "gurgaon" })).json.user).toMatchObject({ wedding_city: "Gurugram" });
    expect((await patch(couple.cookie, { wedding_city: "Karnataka/Bengaluru" })).json.user).toMatchObject({ wedding_city: "Bengaluru" });
    expect((await patch(couple.cookie, { wedding_city: "Shimla" })).json.user).toMatchObject({ wedding_city: "Shimla" });
    expect((await patch(couple.cookie, { wedding_city: "" })).json.user).toMatchObject({ wedding_city: null });
  });
});
