import { readFileSync } from "node:fs";
import { PhotonImage } from "@cf-wasm/photon";
import { expect, test, type Page } from "./fixtures.ts";

/**
 * The invitation card editor (issue 13) in Chromium: a couple makes a card from a free template,
 * fills their details, adds a text and a shape, undoes and redoes, sees it autosaved, finds it
 * again after a reload and exports a PDF; a paid template not bought is a buy page; visitors log in
 * first; another couple's card is not found; at 390 px the canvas and the tools fit the phone.
 */
function jpeg(w: number, h: number): Buffer {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(200), w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(85));
  } finally {
    image.free();
  }
}
const ready = (page: Page) => expect(page.locator('[data-editor="ready"]')).toBeVisible({ timeout: 20_000 });
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Editor tools" }).getByRole("button", { name, exact: true });
const layers = (page: Page) => page.getByRole("list", { name: "Layers" }).getByTestId("layer");
const layer = (page: Page, name: string) => layers(page).filter({ has: page.getByRole("button", { name, exact: true }) });

test("a couple designs a card from a template: details fill the canvas, text and shape, undo and redo, autosave, reload, PDF export", async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await login({ role: "couple" });
  await page.goto("/editor?template=tpl-marigold-classic");
  await ready(page);
  await expect(page.getByTestId("save-status")).toHaveText("Not saved yet");

  // Details: the bride's name replaces the template's sample name on the canvas.
  await tab(page, "Details").click();
  await page.getByLabel("Bride", { exact: true }).fill("Meera");
  await page.getByLabel("Venue", { exact: true }).fill("Umaid Bhawan, Jodhpur");
  await tab(page, "Layers").click();
  await expect(layer(page, "Meera")).toHaveCount(1);
  await expect(layer(page, "Ananya")).toHaveCount(0);
  await expect(layer(page, "Umaid Bhawan, Jodhpur")).toHaveCount(1);

  // A new text and a rectangle.
  await tab(page, "Text").click();
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Sangeet at eight");
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await tab(page, "Shapes").click();
  await page.getByRole("button", { name: "Rectangle" }).click();
  await tab(page, "Layers").click();
  await expect(layer(page, "Sangeet at eight")).toHaveCount(1);
  await expect(layer(page, "Rectangle")).toHaveCount(1);

  // Undo takes the rectangle away, redo (button, then the keyboard) brings it back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(layer(page, "Rectangle")).toHaveCount(0);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(layer(page, "Rectangle")).toHaveCount(1);
  await page.keyboard.press("Control+z");
  await expect(layer(page, "Rectangle")).toHaveCount(0);
  await page.keyboard.press("Control+Shift+z");
  await expect(layer(page, "Rectangle")).toHaveCount(1);

  // Autosave: the card is created, the address becomes the card's.
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
  await expect(page).toHaveURL(/\/update_editor\?card=[\w-]+$/);
  const cardUrl = page.url();
  await page.screenshot({ path: "test-results/card-editor-1280.png" });

  await page.reload();
  await ready(page);
  expect(page.url()).toBe(cardUrl);
  await expect(page.getByLabel("Bride", { exact: true })).toHaveValue("Meera");
  await tab(page, "Layers").click();
  await expect(layer(page, "Meera")).toHaveCount(1);
  await expect(layer(page, "Sangeet at eight")).toHaveCount(1);
  await expect(layer(page, "Rectangle")).toHaveCount(1);

  // A photo from the couple's library: uploaded, picked, saved with its own-storage path.
  await tab(page, "Images").click();
  await page.getByLabel("Upload photos").setInputFiles({ name: "couple.jpg", mimeType: "image/jpeg", buffer: jpeg(640, 480) });
  await page.getByRole("button", { name: "Add couple.jpg" }).click();
  await tab(page, "Layers").click();
  await expect(layer(page, "Image")).toHaveCount(1);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
  const withPhoto = (await (await page.request.get(`/api/v1/userDataTemplate/${new URL(cardUrl).searchParams.get("card")}`)).json()) as {
    card: { canvas: { objects: Record<string, unknown>[] } };
  };
  const photo = withPhoto.card.canvas.objects.find((o) => o.type === "Image")!;
  expect(String(photo.src)).toMatch(/^\/media\/[^/]/);

  // Zoom in and back to fit.
  const fit = page.getByRole("button", { name: "Fit to screen" });
  const fitted = await fit.textContent();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(fit).not.toHaveText(fitted!);
  await fit.click();
  await expect(fit).toHaveText(fitted!);

  // Export: the server's file is a PDF.
  await tab(page, "Export").click();
  await page.getByLabel("Size").selectOption("A6");
  const exportRequest = page.waitForRequest((r) => r.method() === "POST" && /\/api\/v1\/userDataTemplate\/[^/]+\/export$/.test(r.url()));
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await page.getByRole("button", { name: "Download PDF" }).click();
  const sent = await exportRequest;
  expect((await sent.response())?.status()).toBe(200);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Save uploads the card's picture; Publish saves and goes to the card's e-invite page.
  const preview = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/v1\/userDataTemplate\/[^/]+\/preview$/.test(r.url()));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect((await (await preview).response())?.status()).toBe(200);
  const cardId = new URL(cardUrl).searchParams.get("card")!;
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(`/card?card=${cardId}`);

  // Another couple cannot open it.
  await login({ role: "couple" });
  const other = await page.goto(cardUrl);
  expect(other?.status()).toBe(404);
  void baseURL;
});

test("curved text of a template keeps its curve through editing and saving; a change made elsewhere is not overwritten", async ({ page, login, baseURL }) => {
  test.setTimeout(90_000);
  await login({ role: "couple" });
  const canvas = {
    version: "7.4.0",
    width: 600,
    height: 840,
    background: "#fff8ec",
    objects: [
      {
        type: "IText",
        version: "7.4.0",
        left: 300,
        top: 200,
        originX: "center",
        originY: "center",
        text: "Shubh Vivah",
        fontFamily: "Playfair Display",
        fontSize: 40,
        fill: "#b4531b",
        layerName: "Curved blessing",
        path: {
          type: "Path",
          version: "7.4.0",
          path: [
            ["M", 0, 0],
            ["Q", 200, -120, 400, 0],
          ],
          fill: "",
          stroke: "",
        },
      },
    ],
  };
  const made = await page.request.post("/api/v1/userDataTemplate", { data: { templateId: "tpl-marigold-classic", canvas }, headers: { Origin: baseURL! } });
  expect(made.status()).toBe(201);
  const { card } = (await made.json()) as { card: { id: string } };
  await page.goto(`/update_editor?card=${card.id}`);
  await ready(page);
  await tab(page, "Layers").click();
  await page.getByRole("button", { name: "Curved blessing", exact: true }).click();
  await tab(page, "Text").click();
  await expect(page.getByText("This text follows a curve.")).toBeVisible();
  // Offline, the change waits with a message and is saved when the connection is back.
  await page.context().setOffline(true);
  await page.getByLabel("Text", { exact: true }).fill("Shubh Vivah 2026");
  await expect(page.getByTestId("save-status")).toContainText("offline", { timeout: 15_000 });
  await page.context().setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
  await page.getByLabel("Text", { exact: true }).fill("Shubh Vivah 2027");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
  const saved = (await (await page.request.get(`/api/v1/userDataTemplate/${card.id}`)).json()) as { card: { revision: number; canvas: typeof canvas } };
  const curved = saved.card.canvas.objects.find((o) => o.layerName === "Curved blessing")!;
  expect(curved.text).toBe("Shubh Vivah 2027");
  expect((curved.path as { path: unknown[] }).path).toHaveLength(2);

  // Another tab saves first: this editor's next save is refused with the server's message, nothing overwritten.
  const elsewhere = await page.request.patch(`/api/v1/userDataTemplate/${card.id}`, {
    data: { revision: saved.card.revision, canvas: saved.card.canvas },
    headers: { Origin: baseURL! },
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByLabel("Text", { exact: true }).fill("Overwrite attempt");
  await expect(page.getByTestId("save-status")).toContainText("was changed by someone else (or in another tab)", { timeout: 15_000 });
  const after = (await (await page.request.get(`/api/v1/userDataTemplate/${card.id}`)).json()) as { card: { canvas: typeof canvas } };
  expect(after.card.canvas.objects.find((o) => o.layerName === "Curved blessing")!.text).toBe("Shubh Vivah 2027");
});

test("a paid template not bought opens a page to buy it, not the editor", async ({ page, login }) => {
  await login({ role: "couple" });
  const res = await page.goto("/editor?template=tpl-royal-maroon");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Buy this template to use it" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Buy this template" })).toHaveAttribute("href", "/payment?template=tpl-royal-maroon");
  await expect(page.getByTestId("card-canvas")).toHaveCount(0);
  const unknown = await page.goto("/editor?template=tpl-no-such-design");
  expect(unknown?.status()).toBe(404);
});

test("an admin designs a new template in the editor; a couple cannot open the template modes", async ({ page, login }) => {
  await login({ role: "couple" });
  expect((await page.goto("/editor?mode=template"))?.status()).toBe(404);
  expect((await page.goto("/update_editor?template=tpl-marigold-classic"))?.status()).toBe(404);
  await login({ role: "admin" });
  await page.goto("/editor?mode=template");
  await ready(page);
  await expect(page.getByLabel("Template name")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await page.goto("/update_editor?template=tpl-royal-maroon");
  await ready(page);
  await expect(page.getByLabel("Template name")).toHaveValue("Royal Maroon");
  await tab(page, "Layers").click();
  await expect(layer(page, "Blessing")).toHaveCount(1);
});

test("the editor's page, served without running scripts, says in a <noscript> that it needs JavaScript", async ({ page, login }) => {
  await login({ role: "couple" });
  const res = await page.request.get("/editor?template=tpl-marigold-classic");
  expect(res.status()).toBe(200);
  expect(await res.text()).toMatch(/<noscript><p[^>]*>The invitation editor needs JavaScript\./);
});

test("a visitor is sent to log in and comes back to the editor", async ({ page }) => {
  await page.goto("/editor?template=tpl-marigold-classic");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Feditor%3Ftemplate%3Dtpl-marigold-classic$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("at 390 px the card fits the width, tools are a bottom bar opening sheets, a tap selects a text and a finger drags it", async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ role: "couple" });
    await page.goto("/editor?template=tpl-marigold-classic");
    await ready(page);
    const viewport = page.viewportSize()!;
    const canvasBox = (await page.getByTestId("card-canvas").boundingBox())!;
    expect(canvasBox.x).toBeGreaterThanOrEqual(0);
    expect(canvasBox.x + canvasBox.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const bar = page.getByRole("navigation", { name: "Editor tools" });
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(viewport.height + 1);
    for (const name of ["Details", "Text", "Shapes", "Images", "Layers", "Export"]) {
      const box = (await tab(page, name).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
      expect(box.height).toBeGreaterThanOrEqual(40);
    }
    // A sheet opens from the bar and closes again.
    await expect(page.getByLabel("Bride", { exact: true })).toBeHidden();
    await tab(page, "Details").click();
    await page.getByLabel("Bride", { exact: true }).fill("Kavya");
    await page.screenshot({ path: "test-results/card-editor-390-sheet.png" });
    await page.getByRole("button", { name: "Close panel" }).click();
    await expect(page.getByLabel("Bride", { exact: true })).toBeHidden();

    // A tap on the middle of the bride's name (where the template puts it) selects it.
    const template = (await (await page.request.get("/api/v1/inviteTemplate/tpl-marigold-classic")).json()) as {
      template: { canvas: { width: number; objects: { placeholder?: string; left: number; top: number; fontSize: number }[] } };
    };
    const placed = template.template.canvas.objects.find((o) => o.placeholder === "brideName")!;
    const scale = canvasBox.width / template.template.canvas.width;
    const middle = placed.top + placed.fontSize * 0.6;
    await page.touchscreen.tap(canvasBox.x + placed.left * scale, canvasBox.y + middle * scale);
    await tab(page, "Text").click();
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue("Kavya");
    await page.getByRole("button", { name: "Close panel" }).click();
    await page.screenshot({ path: "test-results/card-editor-390.png" });

    // A finger drags it 100 design px down; the saved card has it there.
    const cdp = await page.context().newCDPSession(page);
    const at = (dy: number) => [{ x: canvasBox.x + placed.left * scale, y: canvasBox.y + (middle + dy) * scale }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
    for (const dy of [20, 40, 60, 80, 100]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(dy) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
    const cardId = new URL(page.url()).searchParams.get("card");
    const saved = (await (await page.request.get(`/api/v1/userDataTemplate/${cardId}`)).json()) as { card: { canvas: { objects: Record<string, unknown>[] } } };
    const bride = saved.card.canvas.objects.find((o) => o.placeholder === "brideName")!;
    expect(bride.text).toBe("Kavya");
    expect(Number(bride.top)).toBeGreaterThan(placed.top + 80);
  });
});
