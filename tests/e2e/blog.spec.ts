import AxeBuilder from "@axe-core/playwright";
import { PhotonImage } from "@cf-wasm/photon";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test, type Account } from "./fixtures.ts";

/**
 * The blog (issue 14), in Chromium: an admin writes and publishes a post with a cover and tags at
 * /new-blog-post (the preview renders the Markdown inert); readers find it at /blogs by search and
 * tag; a couple likes and comments; the author deletes their comment and another couple cannot;
 * the post carries JSON-LD and an Open Graph image; the home page, the feed and the sitemap list it.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;

function pngFile(w: number, h: number): Buffer {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(150), w, h);
  try {
    return Buffer.from(image.get_bytes());
  } finally {
    image.free();
  }
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Signs `page`'s browser in as the account (through the couples' door). */
async function signInAs(page: Page, who: Account) {
  const res = await page.request.post("/api/v1/users/login", { headers: { Origin: origin }, data: { email: who.email, password: who.password } });
  expect(res.ok()).toBe(true);
}

test.describe("the blog", () => {
  test("an admin writes and publishes a post with a cover and tags; the preview is inert; a taken urlTitle is named on its field", async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ role: "admin" });
    const tag = `Kerala ${Date.now().toString(36)}`;
    const title = `Backwater weddings in Kerala ${Date.now().toString(36)}`;
    await page.goto("/new-blog-post");
    await expect(page.getByRole("heading", { name: "New blog post" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    // The urlTitle follows the title until it is edited.
    await expect(page.getByLabel(/urlTitle/)).toHaveValue(/^backwater-weddings-in-kerala-/);
    await page.getByLabel("Tags").fill(`${tag}, Destination weddings`);
    await page
      .getByLabel("Content (Markdown)")
      .fill("## Houseboats and temples\n\n- Alleppey\n- Kumarakom\n\n<script>window.pwned = 1</script>\n\n[tap](javascript:alert(1))");
    await expect(page.getByTestId("blog-preview").getByRole("heading", { name: "Houseboats and temples" })).toBeVisible();
    await expect(page.getByTestId("blog-preview").locator("script")).toHaveCount(0);
    await expect(page.getByTestId("blog-preview")).toContainText("<script>window.pwned = 1</script>");
    await page.getByLabel("Cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: pngFile(1400, 800) });
    await page.getByLabel("Status").selectOption("PUBLISHED");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Post published.")).toBeVisible();
    await expect(page).toHaveURL(/\/update-blog-post\/backwater-weddings-in-kerala-/);

    await page.getByTestId("view-post").click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Houseboats and temples" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    const cover = page.getByTestId("blog-cover").first();
    await expect(cover).toHaveAttribute("src", /^\/media\/u\/blog\//);
    await expect(page.getByRole("link", { name: tag })).toBeVisible();

    // Another post cannot take this post's urlTitle: the field says so and nothing is saved.
    const urlTitle = new URL(page.url()).pathname.split("/").pop()!;
    await page.goto("/new-blog-post");
    await page.getByLabel("Title", { exact: true }).fill("A second post about Kerala");
    await page.getByLabel(/urlTitle/).fill(urlTitle);
    await page.getByLabel("Content (Markdown)").fill("Another post.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#f-urlTitle-error")).toHaveText("Another post already uses this urlTitle.");
    await expect(page).toHaveURL(/\/new-blog-post$/);

    // Scheduled for later: the dashboard says so, readers get a 404 until then.
    await page.getByLabel(/urlTitle/).fill("");
    await page.getByLabel("Title", { exact: true }).fill(`Coming soon ${tag}`);
    await page.getByLabel("Status").selectOption("PUBLISHED");
    await page.getByLabel("Publish at (India time)").fill("2030-01-15T10:00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Post scheduled.")).toBeVisible();
    const scheduled = new URL(page.url()).pathname.split("/").pop()!;
    await page.goto(`/blog_dashboard?s=${encodeURIComponent(`Coming soon ${tag}`)}`);
    await expect(page.getByTestId("dashboard-post")).toContainText("Scheduled for 15 Jan 2030");
    const visitor = await playwrightRequest.newContext({ baseURL: origin });
    expect((await visitor.get(`/blogs/${scheduled}`)).status()).toBe(404);
    expect((await visitor.get(`/blogs/${urlTitle}`)).status()).toBe(200);
    await visitor.dispose();
  });

  test("readers search and filter, a couple likes and comments; only the author or an admin deletes a comment", async ({ page, browser, account, baseURL }) => {
    test.setTimeout(90_000);
    const [admin, couple, other] = await Promise.all([account({ role: "admin" }), account({ role: "couple" }), account({ role: "couple" })]);
    const api = await playwrightRequest.newContext({ baseURL: origin });
    await api.post("/api/v1/users/login", { headers: { Origin: origin }, data: { email: admin.email, password: admin.password } });
    const word = `Chettinad${Date.now().toString(36)}`;
    const made = await api.post("/api/v1/admin/blog", {
      headers: { Origin: origin },
      data: {
        title: `${word} mansions for a Tamil wedding`,
        content: `## ${word}\n\nKaraikudi's mansions host weddings of 300 guests.`,
        status: "PUBLISHED",
        tags: [word, "Venues"],
      },
    });
    expect(made.status()).toBe(201);
    const post = ((await made.json()) as { blog: { urlTitle: string; id: string } }).blog;
    await api.dispose();

    // A visitor searches and filters by tag, then opens the post.
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1, name: "The Mandap blog" })).toBeVisible();
    await expect(page.getByTestId("blog-card").first()).toBeVisible();
    await page.getByLabel("Search posts").fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`s=${word}`));
    await expect(page.getByTestId("blog-card")).toHaveCount(1);
    await page.goto(`/blogs?tag=${word.toLowerCase()}`);
    await expect(page.getByTestId("blog-card")).toHaveCount(1);
    await expectAccessible(page);
    await page
      .getByTestId("blog-card")
      .getByRole("link", { name: `${word} mansions for a Tamil wedding` })
      .click();
    await expect(page).toHaveURL(`/blogs/${post.urlTitle}`);
    await expect(page.getByTestId("view-count")).toHaveText("1 views");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "BlogPosting",
      headline: `${word} mansions for a Tamil wedding`,
      mainEntityOfPage: `${origin}/blogs/${post.urlTitle}`,
    });
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(new RegExp(`^${origin}/`));
    await expect(page.getByTestId("like-login")).toBeVisible();
    await expectAccessible(page);
    // The same browser the same day: not counted again.
    await page.reload();
    await expect(page.getByTestId("view-count")).toHaveText("1 views");

    // A couple likes (and takes it back), and comments.
    await signInAs(page, couple);
    await page.reload();
    await page.getByTestId("like-button").click();
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
    await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("like-button").click();
    await expect(page.getByTestId("like-count")).toHaveText("0 likes");
    await page.getByTestId("like-button").click();
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
    await page.getByLabel("Add a comment").fill("we visited two of these mansions and loved them.");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(page.getByTestId("comment")).toHaveCount(1);
    // Free text is kept as typed (not capitalised).
    await expect(page.getByTestId("comment")).toContainText("we visited two of these mansions");
    await expect(page.getByTestId("comment").getByRole("button", { name: "Delete comment" })).toBeVisible();

    // Another couple sees the comment without a Delete button, and a forged delete changes nothing.
    const otherContext = await browser.newContext({ baseURL: origin });
    const otherPage = await otherContext.newPage();
    await signInAs(otherPage, other);
    await otherPage.goto(`/blogs/${post.urlTitle}`);
    await expect(otherPage.getByTestId("comment")).toHaveCount(1);
    await expect(otherPage.getByTestId("comment").getByRole("button", { name: "Delete comment" })).toHaveCount(0);
    const commentId = await page.getByTestId("comment").locator('input[name="commentId"]').inputValue();
    const forged = await otherPage.request.post(`/blogs/${post.urlTitle}`, {
      headers: { Origin: origin },
      form: { intent: "delete-comment", commentId },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    expect(forged.status()).toBe(404);
    await otherContext.close();

    // The author deletes it.
    await page.getByTestId("comment").getByRole("button", { name: "Delete comment" }).click();
    await expect(page.getByTestId("comment")).toHaveCount(0);
    await expect(page.getByText("No comments yet.")).toBeVisible();

    // The feed lists it.
    const feed = await page.request.get("/blogs/feed.xml");
    expect(feed.headers()["content-type"]).toContain("application/atom+xml");
    expect(await feed.text()).toContain(`<link href="${origin}/blogs/${post.urlTitle}"`);
  });

  test("a broken cover gives way to the placeholder; the home page shows six posts", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    await page.route(/\/media\/blog\/demo\/udaipur-palace-weddings-guide\.svg$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/blogs/udaipur-palace-weddings-guide");
    await expect(page.getByTestId("blog-cover").first()).toHaveAttribute("src", "/images/placeholder-blog.svg");
    await page.goto("/");
    const blog = page.locator('section[aria-labelledby="blog-title"]');
    await blog.scrollIntoViewIfNeeded();
    await expect(blog.getByRole("listitem")).toHaveCount(6);
  });

  test("the writing pages are the admins': a couple is refused and a visitor is sent home", async ({ page, login }) => {
    await page.goto("/blog_dashboard");
    await expect(page).toHaveURL(/\/$/);
    await login({ role: "couple" });
    await page.goto("/new-blog-post");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You do not have permission to access this page.")).toBeVisible();
  });
});
