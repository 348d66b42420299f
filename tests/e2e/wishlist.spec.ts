import { FAVORITE, LISTING } from "#shared/strings.ts";
import { expect, test } from "./fixtures.ts";

test("a couple shortlists from the browse page and finds it, with the cart, in the wishlist @mobile", async ({ page, request, login }) => {
  // A Jaipur DJ of the demo data (other suites use caterers), found as an API client would; the
  // couple is a fresh account, so its wishlist and cart start empty.
  const res = await request.get("/api/v1/services?service_type=Wedding%20DJ&city=Jaipur&limit=3");
  const dj = ((await res.json()) as { ServiceResult: { id: string; service_name: string }[] }).ServiceResult[0];
  expect(dj).toBeDefined();

  await login({ role: "couple" });
  // No wait for the scripts or the couple's list: a tap held until the scripts ran is sent as the
  // list loads, and the list's answer must not undo it (app/lib/wishlist-store.ts).
  await page.goto("/all/wedding-vendor/wedding-dj/rajasthan/jaipur");

  const heart = page.getByRole("button", { name: new RegExp(`: ${dj!.service_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).first();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(page.getByText(FAVORITE.added).first()).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/service/${dj!.id}`);
  await page.getByRole("button", { name: LISTING.addToCart }).click();
  await expect(page.getByRole("button", { name: LISTING.removeFromCart })).toBeVisible();

  await page.goto("/profile/favoriteList");
  await expect(page).toHaveTitle("Mandap | Wishlist");
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(page.getByRole("link", { name: dj!.service_name }).first()).toBeVisible();
  const cart = page.getByRole("region", { name: "Cart" });
  await expect(cart.getByRole("link", { name: dj!.service_name })).toBeVisible();

  await cart.getByRole("button", { name: "Clear cart" }).click();
  await expect(cart.getByText("Your cart is empty.")).toBeVisible();
});

test("a visitor is sent to log in from the wishlist", async ({ page }) => {
  await page.goto("/profile/favoriteList");
  await expect(page).toHaveURL(/\/$/);
});
