import { LISTING } from "#shared/listing-words.ts";
import { FAVORITE } from "#shared/strings.ts";
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

test("a planner's fee that is a percentage of the budget reads as one in the cart, beside the rupee total", async ({ page, request, login, baseURL }) => {
  // Demo wedding planners price either a fixed fee or a share of the budget; take one of each kind of price.
  const res = await request.get("/api/v1/services?service_type=Wedding%20Planner&limit=50");
  const planners = ((await res.json()) as { ServiceResult: { id: string; service_name: string; min_price: number; service_unit: string }[] }).ServiceResult;
  const share = planners.find((s) => s.service_unit === "Percentage of Budget");
  const fixed = planners.find((s) => s.service_unit === "Fixed Fee");
  expect(share && fixed).toBeTruthy();

  await login({ role: "couple" });
  for (const s of [share!, fixed!]) {
    const added = await page.request.post("/api/v1/cart", { data: { id: s.id }, headers: { Origin: baseURL! } });
    expect(added.ok()).toBe(true);
  }
  await page.goto("/profile/favoriteList");
  const cart = page.getByRole("region", { name: "Cart" });
  await expect(cart.getByRole("link", { name: share!.service_name })).toBeVisible();
  const rupees = `₹${fixed!.min_price.toLocaleString("en-IN")}`;
  // Issue 28: it said "not counting fees that are a percentage of your budget", and never which fee or how much.
  await expect(cart.getByText(/^Starting prices add up to/)).toHaveText(
    `Starting prices add up to ${rupees}, plus ${share!.min_price} % of budget for ${share!.service_name}. Units differ: ask each vendor for a quote.`,
  );
  await expect(cart).not.toContainText(/percentage/i);

  await page.request.post("/api/v1/cart", { data: { id: fixed!.id }, headers: { Origin: baseURL! } });
  await page.reload();
  await expect(cart.getByText(/^Starting at/)).toHaveText(
    `Starting at ${share!.min_price} % of budget for ${share!.service_name}. Units differ: ask each vendor for a quote.`,
  );
});
