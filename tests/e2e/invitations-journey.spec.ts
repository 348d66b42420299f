import { readFileSync } from "node:fs";
import { PhotonImage } from "@cf-wasm/photon";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { approveRequest, askToCome, publishWithFunctions } from "./invite-support.ts";
import { answerSandboxCheckout } from "./sandbox-support.ts";

/**
 * Issue 13's "done means", as one story in Chromium: a couple filters the gallery, opens a paid
 * template, pays in the sandbox, edits the names and the date, adds an uploaded photo, saves,
 * exports a PDF and publishes the e-invite; a guest with no account answers two functions through
 * it; once the couple approves, the answers are in the guest list's head-counts.
 */
function photo(w: number, h: number): Buffer {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(180), w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(85));
  } finally {
    image.free();
  }
}
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Editor tools" }).getByRole("button", { name, exact: true });
const layer = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Layers" })
    .getByTestId("layer")
    .filter({ has: page.getByRole("button", { name, exact: true }) });

test("a couple buys a template, designs the card, exports and publishes it; a guest answers two functions and the head-count counts them", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await login({ role: "couple" });
  const origin = { Origin: baseURL! };
  const tag = Date.now().toString(36).slice(-5);
  const mehendi = `Mehendi ${tag}`;
  const wedding = `Wedding ${tag}`;
  for (const [eventName, eventDate, venue] of [
    [mehendi, "2027-03-05", "Bagh Farm, Udaipur"],
    [wedding, "2027-03-06", "Jag Mandir, Udaipur"],
  ]) {
    const made = await page.request.post("/api/v1/event/newevent", { headers: origin, data: { eventName, eventDate, eventStartTime: "18:30", venue } });
    expect(made.status(), await made.text()).toBe(201);
  }

  // The gallery: paid wedding templates, chosen in the filters and kept in the URL.
  await page.goto("/templates");
  await page
    .locator("label")
    .filter({ hasText: /^Wedding$/ })
    .click();
  await expect(page).toHaveURL(/mood=WEDDING/);
  await page
    .locator("label")
    .filter({ hasText: /^Paid$/ })
    .click();
  await expect(page).toHaveURL(/amount=PAID/);
  await expect(page).toHaveURL(/mood=WEDDING/);
  for (const price of await page.getByTestId("template-price").allTextContents()) expect(price).not.toBe("Free");
  await page.getByRole("link", { name: "Royal Maroon", exact: true }).click();
  await expect(page).toHaveURL(/\/guests\/see-template\/tpl-royal-maroon$/);

  // Paying in the sandbox.
  await page.getByRole("link", { name: "Buy for ₹499" }).click();
  await expect(page).toHaveURL(/\/payment\?template=tpl-royal-maroon$/);
  await page.getByRole("button", { name: "Pay ₹499" }).click();
  await answerSandboxCheckout(page, "Pay");
  await page.waitForURL(/\/success\?order=/, { timeout: 15_000 });
  await expect(page.getByTestId("payment-outcome")).toContainText("Payment received");
  await page.getByRole("link", { name: "Open in the editor" }).click();

  // The editor: names and date, an uploaded photo, autosaved.
  await expect(page.locator('[data-editor="ready"]')).toBeVisible({ timeout: 20_000 });
  await tab(page, "Details").click();
  await page.getByLabel("Bride", { exact: true }).fill("Meera");
  await page.getByLabel("Groom", { exact: true }).fill("Kabir");
  await page.getByLabel("Date", { exact: true }).fill("Saturday, 6 March 2027");
  await tab(page, "Images").click();
  await page.getByLabel("Upload photos").setInputFiles({ name: "us.jpg", mimeType: "image/jpeg", buffer: photo(800, 600) });
  await page.getByRole("button", { name: "Add us.jpg" }).click();
  await tab(page, "Layers").click();
  for (const name of ["Meera", "Kabir", "Saturday, 6 March 2027", "Image"]) await expect(layer(page, name)).toHaveCount(1);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 20_000 });
  await expect(page).toHaveURL(/\/update_editor\?card=[\w-]+$/);
  const cardId = new URL(page.url()).searchParams.get("card")!;
  const saved = (await (await page.request.get(`/api/v1/userDataTemplate/${cardId}`)).json()) as {
    card: { templateId: string; canvas: { objects: { type: string; text?: string; src?: string }[] } };
  };
  expect(saved.card.templateId).toBe("tpl-royal-maroon");
  expect(saved.card.canvas.objects.map((o) => o.text)).toEqual(expect.arrayContaining(["Meera", "Kabir", "Saturday, 6 March 2027"]));
  expect(saved.card.canvas.objects.find((o) => o.type === "Image")?.src).toMatch(/^\/media\//);

  // Save (uploads the card's picture) and a PDF export from the server.
  const picture = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/v1/userDataTemplate/${cardId}/preview`));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect((await (await picture).response())?.status()).toBe(200);
  await tab(page, "Export").click();
  await page.getByLabel("Size").selectOption("A5");
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByRole("button", { name: "Download PDF" }).click();
  const pdf = readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Publishing the e-invite with the two functions.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(`/card?card=${cardId}`);
  const shareUrl = await publishWithFunctions(page, tag);
  expect(shareUrl).toMatch(new RegExp(`^${baseURL}/view/meera-weds-kabir-[a-z2-9]{13}$`));

  // A guest with no account answers both functions through the e-invite.
  const guest = await browser.newContext({ baseURL });
  try {
    const g = await guest.newPage();
    await g.goto(shareUrl);
    await expect(g.getByRole("heading", { level: 1, name: "Meera & Kabir" })).toBeVisible();
    await expect(g.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/media/`));
    const phone = `98${String(Date.now()).slice(-8)}`;
    await askToCome(g, {
      name: "Farah Khan",
      phone,
      people: 2,
      answers: [
        [mehendi, "Attending"],
        [wedding, "Attending"],
      ],
    });

    // The couple approves; the head-counts include the guest's two answers.
    await approveRequest(page, { name: "Farah Khan", phone }, /^Added to your guest list\. .* (their personal link|on WhatsApp)/);
    // She gave no e-mail: /card lists her to send her personal link on WhatsApp, to her own number.
    const toSend = page.getByTestId(`approved-${phone}`);
    await expect(toSend).toContainText(`Farah Khan · ${phone}`);
    const whatsapp = await toSend.getByRole("link", { name: "Send the link on WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(new RegExp(`^https://wa\\.me/91${phone}\\?text=`));
    const personalLink = decodeURIComponent(new URL(whatsapp!).searchParams.get("text") ?? "").match(/https?:\/\/\S+\/rsvp\/\S+/)?.[0];
    expect(personalLink, "the WhatsApp message carries her personal RSVP link").toBeTruthy();
    const personal = await guest.newPage();
    await personal.goto(personalLink!);
    await expect(personal.getByRole("radiogroup", { name: `Farah Khan at ${mehendi}` }).getByLabel("Attending", { exact: true })).toBeChecked();
    await page.goto("/profile/guests");
    await expect(page.getByTestId(`headcount-${mehendi}`).getByTestId("attending")).toHaveText("2");
    await expect(page.getByTestId(`headcount-${wedding}`).getByTestId("attending")).toHaveText("2");
  } finally {
    await guest.close();
  }
});
