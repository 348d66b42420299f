import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "./fixtures.ts";

/**
 * The wedding's records as a zip of CSVs (issue 33, docs/decisions/0065-wedding-export.md): the
 * couple adds a guest, opens Family & planner, clicks the download link, and the zip the browser
 * saves holds guests.csv with their guest, as the guest list's own export writes it.
 */
test("the couple downloads the wedding's records from Family & planner and the zip's guests.csv holds their guest", async ({ page, login }) => {
  await login({ role: "couple" });
  await page.goto("/profile/guests");
  await page.getByLabel("Name", { exact: true }).first().fill("Savitri Menon");
  await page.getByRole("button", { name: "Add guest" }).click();
  await expect(page.getByText("Guest added.")).toBeVisible();

  await page.goto("/profile/family");
  await expect(page.getByRole("heading", { name: "The wedding's records" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the records (zip)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^wedding-records-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(files)).toContain("guests.csv");
  const guests = strFromU8(files["guests.csv"]!).split("\r\n");
  expect(guests[0]).toBe("Household,Name,Side,Relation,Phone,Email,City,Dietary,Stay,Pickup");
  expect(guests.filter((line) => line.includes("Savitri Menon"))).toEqual(["Savitri Menon,Savitri Menon,BOTH,,,,,,No,No"]);
});
