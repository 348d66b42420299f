import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { recordBlogView, renderBlogMarkdown } from "#domain/content/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";

/**
 * The blog API (issue 14) at its three bases: /public/blog (everyone), /user/blog (signed in),
 * /admin/blog (admins write posts and tags). Each test makes posts with a tag of its own, so other
 * tests' posts never interfere.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const unique = () => `b${Date.now().toString(36)}${(n++).toString(36)}`;
const api = async (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) => json(await call(`/api/v1${path}`, init));
const postRow = (id: string) => env.DB.prepare("SELECT * FROM blog_posts WHERE id = ?").bind(id).first<Loose>();
const auditOf = (id: string) =>
  env.DB.prepare("SELECT action, summary FROM admin_audit_log WHERE subject_id = ? ORDER BY created_at, id").bind(id).all<Loose>();

const CONTENT = "## Why Udaipur\n\nLakes, palaces and **light**.\n\n- Jag Mandir\n- City Palace\n";

async function writePost(cookie: string, overrides: Loose = {}) {
  const tag = overrides.tag ?? unique();
  const res = await api("/admin/blog", {
    method: "POST",
    cookie,
    body: { title: `Udaipur palace weddings ${tag}`, content: CONTENT, status: "PUBLISHED", tags: [tag, "Venues"], ...overrides.body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { tag, post: res.body.blog as Loose };
}

function png(w: number, h: number): Uint8Array<ArrayBuffer> {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(200), w, h);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}

describe("writing posts (admins)", () => {
  it("creates a post with a urlTitle from its title, tags, an excerpt from the content, and an audit entry", async () => {
    const admin = await signedIn("ADMIN");
    const { tag, post } = await writePost(admin.cookie);
    expect(post.urlTitle).toBe(`udaipur-palace-weddings-${tag}`);
    expect(post.excerpt).toContain("Lakes, palaces and light");
    expect(post.tags.map((t: Loose) => t.slug).sort()).toEqual([tag, "venues"].sort());
    expect(post.html).toContain("<h2>Why Udaipur</h2>");
    expect(post.status).toBe("PUBLISHED");
    expect(post.readingMinutes).toBe(1);
    expect((await auditOf(post.id)).results.map((r) => r.action)).toEqual(["blog.publish"]);

    const read = await api(`/public/blog/${post.urlTitle}`);
    expect(read.status).toBe(200);
    expect(read.body.blog.title).toBe(post.title);
  });

  it("refuses a taken urlTitle or tag name with 409 naming the field, and stores nothing", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM blog_posts").first<{ n: number }>();
    const clash = await api("/admin/blog", {
      method: "POST",
      cookie: admin.cookie,
      body: { title: "Another title here", urlTitle: post.urlTitle, content: "Text" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual({ urlTitle: expect.stringContaining("urlTitle") });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM blog_posts").first<{ n: number }>())?.n).toBe(before?.n);

    const other = await writePost(admin.cookie);
    const patch = await api(`/admin/blog/${other.post.id}`, { method: "PATCH", cookie: admin.cookie, body: { urlTitle: post.urlTitle } });
    expect(patch.status).toBe(409);
    expect(patch.body.errors.urlTitle).toBeTruthy();
    expect((await postRow(other.post.id))?.url_title).toBe(other.post.urlTitle);

    const name = `Tag ${unique()}`;
    expect((await api("/admin/blog/tags", { method: "POST", cookie: admin.cookie, body: { name } })).status).toBe(201);
    const again = await api("/admin/blog/tags", { method: "POST", cookie: admin.cookie, body: { name: name.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ name: expect.any(String) });
  });

  it("a long title without a urlTitle is numbered too (no LIKE pattern limit)", async () => {
    const admin = await signedIn("ADMIN");
    const title = `A very long title about planning a palace wedding in Udaipur with two hundred guests ${unique()}`;
    const first = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title, content: "One" } });
    const second = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title, content: "Two" } });
    expect(second.status).toBe(201);
    expect(second.body.blog.urlTitle).toBe(`${first.body.blog.urlTitle}-2`);
    expect((await api(`/admin/blog?s=${encodeURIComponent("x".repeat(100))}&status=ALL`, { cookie: admin.cookie })).status).toBe(200);
  });

  it("a title without a urlTitle gets a numbered one when the plain one is taken", async () => {
    const admin = await signedIn("ADMIN");
    const title = `Mehendi night ideas ${unique()}`;
    const first = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title, content: "One" } });
    const second = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title, content: "Two" } });
    expect(second.body.blog.urlTitle).toBe(`${first.body.blog.urlTitle}-2`);
  });

  it("bad bodies are 400 naming the field; unknown fields are refused", async () => {
    const admin = await signedIn("ADMIN");
    const bad = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title: "abc", content: "", urlTitle: "Not Valid!" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["content", "title", "urlTitle"]);
    const extra = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title: "A fine title", content: "x", authorId: "someone" } });
    expect(extra.status).toBe(400);
    const odd = await api("/admin/blog", { method: "POST", cookie: admin.cookie, body: { title: ["x"], content: 5, tags: "a,b" } });
    expect(odd.status).toBe(400);
  });

  it("a couple or a vendor cannot write posts or tags, and nothing changes", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    for (const role of ["USER", "VENDOR"] as const) {
      const who = await signedIn(role);
      expect((await api("/admin/blog", { method: "POST", cookie: who.cookie, body: { title: "My own post", content: "x" } })).status).toBe(403);
      expect((await api(`/admin/blog/${post.id}`, { method: "PATCH", cookie: who.cookie, body: { title: "Taken over" } })).status).toBe(403);
      expect((await api(`/admin/blog/${post.id}`, { method: "DELETE", cookie: who.cookie })).status).toBe(403);
      expect((await api("/admin/blog/tags", { method: "POST", cookie: who.cookie, body: { name: "Mine" } })).status).toBe(403);
      // No writes on the other bases at all.
      expect((await api("/user/blog", { method: "POST", cookie: who.cookie, body: { title: "My own post", content: "x" } })).status).toBe(404);
    }
    expect((await api("/admin/blog", { method: "POST", body: { title: "Visitor post", content: "x" } })).status).toBe(401);
    expect((await postRow(post.id))?.title).toBe(post.title);
  });

  it("renames and deletes tags; the posts lose a deleted tag", async () => {
    const admin = await signedIn("ADMIN");
    const { tag, post } = await writePost(admin.cookie);
    const tags = (await api("/public/blog/tags")).body.tags as Loose[];
    const mine = tags.find((t) => t.slug === tag);
    expect(mine?.postCount).toBe(1);
    const renamed = await api(`/admin/blog/tags/${mine?.id}`, { method: "PUT", cookie: admin.cookie, body: { name: `${tag} renamed` } });
    expect(renamed.status).toBe(200);
    expect((await api(`/public/blog/tags/${tag}-renamed`)).body.tag.postCount).toBe(1);
    expect((await api(`/public/blog/tag/${tag}-renamed`)).body.posts.map((p: Loose) => p.id)).toEqual([post.id]);

    const missing = await api("/admin/blog/tags", { method: "DELETE", cookie: admin.cookie, body: { ids: [mine?.id, "no-such-tag"] } });
    expect(missing.status).toBe(404);
    expect((await api(`/public/blog/tags/${tag}-renamed`)).status).toBe(200);
    const gone = await api("/admin/blog/tags", { method: "DELETE", cookie: admin.cookie, body: { ids: [mine?.id] } });
    expect(gone.body.deleted).toBe(1);
    expect((await api(`/public/blog/${post.urlTitle}`)).body.blog.tags.map((t: Loose) => t.slug)).toEqual(["venues"]);
  });

  it("stores a cover as a WebP at most 1200 px wide and removes it; a non-image is refused", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    const put = async (file: File | null) => {
      const form = new FormData();
      if (file) form.append("cover", file);
      return json(
        await worker.fetch(`${ORIGIN}/api/v1/admin/blog/${post.id}/cover`, { method: "PUT", headers: { Origin: ORIGIN, Cookie: admin.cookie }, body: form }),
      );
    };
    const refused = await put(new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.cover).toBeTruthy();
    const ok = await put(new File([png(1600, 900)], "cover.png", { type: "image/png" }));
    expect(ok.status).toBe(200);
    const key = (await postRow(post.id))?.cover_image_key as string;
    expect(ok.body.blog.coverImage).toBe(`/media/${key}`);
    const object = await env.MEDIA.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/webp");
    const removed = await api(`/admin/blog/${post.id}/cover`, { method: "DELETE", cookie: admin.cookie });
    expect(removed.body.blog.coverImage).toBeNull();
    expect(await env.MEDIA.get(key)).toBeNull();
  });
});

describe("reading posts", () => {
  it("lists published posts only: drafts and scheduled posts are hidden from visitors and couples, shown to admins by status", async () => {
    const admin = await signedIn("ADMIN");
    const tag = unique();
    const live = await writePost(admin.cookie, { tag });
    const draft = await writePost(admin.cookie, { tag, body: { title: `A draft about sangeet ${tag}`, status: "DRAFT" } });
    const later = await writePost(admin.cookie, { tag, body: { title: `Scheduled haldi guide ${tag}`, publishedAt: Date.now() + 86_400_000 } });
    const couple = await signedIn("USER");

    for (const cookie of [undefined, couple.cookie]) {
      const base = cookie ? "/user/blog" : "/public/blog";
      const list = await api(`${base}?tag=${tag}&status=ALL`, { cookie });
      expect(list.body.posts.map((p: Loose) => p.id)).toEqual([live.post.id]);
      expect((await api(`${base}/${draft.post.urlTitle}`, { cookie })).status).toBe(404);
      expect((await api(`${base}/${later.post.urlTitle}`, { cookie })).status).toBe(404);
    }
    const all = await api(`/admin/blog?tag=${tag}&status=ALL`, { cookie: admin.cookie });
    expect(new Set(all.body.posts.map((p: Loose) => p.id))).toEqual(new Set([live.post.id, draft.post.id, later.post.id]));
    const scheduled = await api(`/admin/blog?tag=${tag}&status=SCHEDULED`, { cookie: admin.cookie });
    expect(scheduled.body.posts.map((p: Loose) => [p.id, p.scheduled])).toEqual([[later.post.id, true]]);
    expect((await api(`/admin/blog?tag=${tag}&status=DRAFT`, { cookie: admin.cookie })).body.posts.map((p: Loose) => p.id)).toEqual([draft.post.id]);

    const counts = await api("/admin/blog/blog-count", { cookie: admin.cookie });
    expect(counts.body.drafts).toBeGreaterThanOrEqual(1);
    expect(counts.body.scheduled).toBeGreaterThanOrEqual(1);
    expect(Object.keys((await api("/public/blog/blog-count")).body)).toEqual(["success", "published"]);
  });

  it("searches (s, t, /search q) and pages", async () => {
    const admin = await signedIn("ADMIN");
    const tag = unique();
    const a = await writePost(admin.cookie, { tag, body: { title: `Goa beach weddings ${tag}`, content: "Sand, sunsets and a monsoon plan." } });
    await writePost(admin.cookie, { tag, body: { title: `Jaipur forts ${tag}`, content: "Amber and Nahargarh." } });
    expect((await api(`/public/blog?tag=${tag}&s=monsoon`)).body.posts.map((p: Loose) => p.id)).toEqual([a.post.id]);
    expect((await api(`/public/blog?tag=${tag}&t=goa`)).body.posts.map((p: Loose) => p.id)).toEqual([a.post.id]);
    expect((await api(`/public/blog/search?q=sunsets&tag=${tag}`)).body.posts.map((p: Loose) => p.id)).toEqual([a.post.id]);
    const page = await api(`/public/blog?tag=${tag}&limit=1&page=2`);
    expect(page.body).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(page.body.posts).toHaveLength(1);
    expect((await api(`/public/blog?tag=${tag}&s=100%25_`)).body.posts).toEqual([]);
    expect((await api("/public/blog?page=0")).status).toBe(400);
    expect((await api(`/public/blog?s=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("counts a view once per browser per day and never for a bot", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    const person = testContext({ request: { origin: ORIGIN, userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile", ip: null } });
    expect(await recordBlogView(person, post.id, "browser-1")).toBe(true);
    expect(await recordBlogView(person, post.id, "browser-1")).toBe(false);
    expect(await recordBlogView(person, post.id, "browser-2")).toBe(true);
    const tomorrow = testContext({ now: Date.now() + 86_400_000, request: { origin: ORIGIN, userAgent: "Mozilla/5.0 Chrome/130", ip: null } });
    expect(await recordBlogView(tomorrow, post.id, "browser-1")).toBe(true);
    const bot = testContext({ request: { origin: ORIGIN, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)", ip: null } });
    expect(await recordBlogView(bot, post.id, "crawler")).toBe(false);
    expect((await postRow(post.id))?.view_count).toBe(3);
    expect((await api(`/public/blog/viewCount?urlTitle=${post.urlTitle}`)).body.viewCount).toBe(3);
  });
});

describe("likes and comments", () => {
  it("a couple likes once (toggle), comments, deletes their own comment; another couple cannot delete it", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    const couple = await signedIn("USER");
    const other = await signedIn("USER");

    expect((await api(`/user/blog/${post.id}/like`, { method: "POST", cookie: couple.cookie })).body).toMatchObject({ liked: true, likeCount: 1 });
    expect((await api(`/user/blog/${post.urlTitle}`, { cookie: couple.cookie })).body.blog.liked).toBe(true);
    expect((await api(`/user/blog/${post.id}/like`, { method: "POST", cookie: other.cookie })).body).toMatchObject({ liked: true, likeCount: 2 });
    expect((await api(`/user/blog/${post.id}/like`, { method: "POST", cookie: couple.cookie })).body).toMatchObject({ liked: false, likeCount: 1 });
    expect((await api(`/public/blog/${post.id}/like`, { method: "POST" })).status).toBe(404);
    expect((await api(`/user/blog/${post.id}/like`, { method: "POST" })).status).toBe(401);

    const made = await api(`/user/blog/${post.id}/comments`, {
      method: "POST",
      cookie: couple.cookie,
      body: { content: "We booked Jag Mandir after reading this!" },
    });
    expect(made.status).toBe(201);
    const commentId = made.body.comment.id as string;
    const seenByOther = await api(`/user/blog/${post.urlTitle}`, { cookie: other.cookie });
    expect(seenByOther.body.blog.comments).toEqual([expect.objectContaining({ id: commentId, canDelete: false })]);
    expect(seenByOther.body.blog.commentCount).toBe(1);

    expect((await api(`/user/blog/comments/${commentId}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect(await env.DB.prepare("SELECT id FROM blog_comments WHERE id = ?").bind(commentId).first()).not.toBeNull();
    expect((await api(`/user/blog/comments/${commentId}`, { method: "DELETE", cookie: couple.cookie })).status).toBe(200);
    expect((await postRow(post.id))?.comment_count).toBe(0);
  });

  it("an admin deletes a reader's comment, and the audit log says so", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie);
    const couple = await signedIn("USER");
    const made = await api(`/user/blog/${post.id}/comments`, {
      method: "POST",
      cookie: couple.cookie,
      body: { content: "Buy cheap followers at spam.example" },
    });
    expect((await api(`/admin/blog/comments/${made.body.comment.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await auditOf(made.body.comment.id)).results.map((r) => r.action)).toEqual(["blog.comment-delete"]);
  });

  it("comments need content within limits, on a published post", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER");
    const { post } = await writePost(admin.cookie);
    const draft = await writePost(admin.cookie, { body: { title: `Draft post ${unique()}`, status: "DRAFT" } });
    expect((await api(`/user/blog/${post.id}/comments`, { method: "POST", cookie: couple.cookie, body: { content: "  " } })).status).toBe(400);
    expect((await api(`/user/blog/${post.id}/comments`, { method: "POST", cookie: couple.cookie, body: { content: "x".repeat(2001) } })).status).toBe(400);
    expect((await api(`/user/blog/${draft.post.id}/comments`, { method: "POST", cookie: couple.cookie, body: { content: "Early!" } })).status).toBe(404);
    expect((await postRow(post.id))?.comment_count).toBe(0);
  });
});

describe("Markdown is rendered inert", () => {
  const hostile = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2Zz4=)",
    "<iframe src=https://evil.example></iframe>",
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "**bold <b onmouseover=alert(1)>x</b>**",
    '[x](https://ok.example "t" onclick=alert(1))',
  ];
  it.each(hostile)("%s", (source) => {
    const html = renderBlogMarkdown(source);
    // Written markup may show as text (&lt;script&gt;): inert. No real tag may be one of these, carry a handler, or point at a script.
    expect(html).not.toMatch(/<(script|iframe|svg|object|embed)/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
    expect(html).not.toMatch(/<[a-z][^>]*(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
  });

  it("keeps what posts need: headings, lists, links to web pages and to the site, images from our storage or https", () => {
    const html = renderBlogMarkdown(
      "# Big\n\n- one\n\n[site](/blogs) [web](https://example.com)\n\n![ours](/media/u/blog/a.webp) ![theirs](http://plain.example/a.png)",
    );
    expect(html).toContain("<h2>Big</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/blogs">site</a>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener ugc">web</a>');
    expect(html).toContain('src="/media/u/blog/a.webp"');
    expect(html).not.toContain("plain.example");
  });

  it("the API serves the sanitized HTML, never the script", async () => {
    const admin = await signedIn("ADMIN");
    const { post } = await writePost(admin.cookie, { body: { content: "Hello <script>document.cookie</script> [x](javascript:alert(1))" } });
    expect(post.html).not.toMatch(/<script|javascript:/i);
  });
});
