import type { APIRequestContext } from "@playwright/test";
import { browserAs, origin } from "./browsers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 33, the live part of the story, in two browser contexts (docs/decisions/0052): the couple
 * has the guest page open; the bride's mother, a co-planner with guest-list rights, adds a
 * household with a guest in her own browser, and it appears on the couple's page without a reload;
 * then the couple removes her, her open socket is closed, and her next edit from the page she still
 * has open is refused. (The non-live parts of the story are tests/e2e/plan-together.spec.ts.)
 */

/** The invitation link's token from the local mailbox (the mail goes after the answer: it may take a moment). */
async function invitationToken(api: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 0; attempt < 75; attempt++) {
    const text = await (await api.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    const token = text.match(/plan-together\/([a-z2-7]{32})/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation reached ${email}`);
}

test("the mother's new household appears on the couple's open guest page without a reload; once removed, her next edit is refused", async ({
  browser,
  account,
}) => {
  test.setTimeout(120_000);
  const couple = await account({ role: "couple" });
  const mother = await account({ role: "couple" });
  const asCouple = await browserAs(browser, couple);
  const asMother = await browserAs(browser, mother);
  try {
    // The couple invites the bride's mother to keep the guest list; she accepts from her own browser.
    const invited = await asCouple.context.request.post("/api/v1/weddings/invitations", {
      headers: { Origin: origin },
      data: { contact: mother.email, name: "Meena", role: "EDITOR", areas: ["guests"] },
    });
    expect(invited.status()).toBe(201);
    const token = await invitationToken(asCouple.context.request, mother.email);
    const accepted = await asMother.context.request.post(`/api/v1/weddings/invitations/${token}/accept`, { headers: { Origin: origin } });
    expect(accepted.ok()).toBe(true);

    // The couple's guest page is open and listening; a mark on the window tells a reload apart.
    const couplePage = asCouple.page;
    const listening = couplePage.waitForEvent("websocket", (ws) => ws.url().includes("/api/v1/weddings/live"));
    await couplePage.goto("/profile/guests");
    await listening;
    await couplePage.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

    // The mother adds a household and a guest in it, on her own guest page.
    const motherPage = asMother.page;
    await motherPage.goto("/profile/guests");
    await motherPage.getByLabel("New household").fill("Nani's family");
    await motherPage.getByRole("button", { name: "Add household" }).click();
    await expect(motherPage.getByText("Household added.")).toBeVisible();
    const add = motherPage.getByRole("region", { name: "Add a guest" }).locator("form").first();
    await add.getByLabel("Name").fill("Kamla Devi");
    await add.getByLabel("Household").selectOption({ label: "Nani's family" });
    await add.getByRole("button", { name: "Add guest" }).click();
    await expect(motherPage.getByText("Guest added.")).toBeVisible();

    // It appears on the couple's page, which was not reloaded, with who changed it.
    const household = couplePage.getByTestId("household").filter({ hasText: "Nani's family" });
    await expect(household.getByTestId("guest").filter({ hasText: "Kamla Devi" })).toBeVisible({ timeout: 5_000 });
    await expect(couplePage.getByText(`${mother.name} changed the guest list`).first()).toBeVisible();
    expect(await couplePage.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);

    // She opens the household's edit form; then the couple removes her: her open page's socket is
    // closed, and saving the form she still has open is refused.
    const motherSocket = motherPage.waitForEvent("websocket", (ws) => ws.url().includes("/api/v1/weddings/live"));
    await motherPage.reload();
    const socket = await motherSocket;
    const card = motherPage.getByTestId("household").filter({ hasText: "Nani's family" });
    await card.getByRole("link", { name: /Edit household/ }).click();
    const edit = motherPage.locator("form").filter({ has: motherPage.getByRole("button", { name: "Save household" }) });
    await expect(edit.getByLabel("Name")).toHaveValue("Nani's family");
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const removed = await asCouple.context.request.delete(`/api/v1/weddings/members/${mother.id}`, { headers: { Origin: origin } });
    expect(removed.ok()).toBe(true);
    await closed;

    await edit.getByLabel("Name").fill("Nani's side");
    await edit.getByRole("button", { name: "Save household" }).click();
    await expect(motherPage.getByText("We could not find that household in your guest list.")).toBeVisible();
    const { households } = (await (await asCouple.context.request.get("/api/v1/guests/households")).json()) as { households: { name: string }[] };
    expect(households.map((h) => h.name)).toEqual(["Nani's family"]);
  } finally {
    await asCouple.context.close();
    await asMother.context.close();
  }
});
