/** Tags: every tag with its count of published posts, and admins creating, renaming and deleting them. */
import { slugify } from "#shared/slug.ts";
import { auditEntry, type DomainContext, Conflict, NotFound, newId, ACCESS, requireRole, parseInput } from "../core/index.ts";
import { BLOG_MESSAGES, VISIBLE, type BlogTag } from "./blog-records.ts";
import { blogTagDeleteInput, blogTagInput } from "./blog-inputs.ts";

/** Every tag with the number of published posts carrying it, by name. */
export async function blogTags(ctx: DomainContext): Promise<BlogTag[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT t.id, t.name, t.slug,
         (SELECT count(*) FROM blog_post_tags pt JOIN blog_posts p ON p.id = pt.post_id WHERE pt.tag_id = t.id AND ${VISIBLE}) AS post_count
       FROM blog_tags t ORDER BY t.name COLLATE NOCASE`,
    )
    .bind(ctx.now)
    .all<{ id: string; name: string; slug: string; post_count: number }>();
  return results.map((t) => ({ id: t.id, name: t.name, slug: t.slug, postCount: t.post_count }));
}

/** GET /tags/{name}: one tag by name or slug. */
export async function blogTagByName(ctx: DomainContext, name: string): Promise<BlogTag> {
  const tag = (await blogTags(ctx)).find((t) => t.slug === slugify(name));
  if (!tag) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  return tag;
}

/** The statements that give a post exactly these tags (creating unknown ones). */
export function tagStatements(ctx: DomainContext, postId: string, names: readonly string[]): D1PreparedStatement[] {
  const unique = [...new Map(names.map((n) => [slugify(n), n.trim()])).entries()];
  return [
    ctx.db.prepare("DELETE FROM blog_post_tags WHERE post_id = ?").bind(postId),
    ...unique.flatMap(([slug, name]) => [
      ctx.db.prepare("INSERT OR IGNORE INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(newId(ctx.now), name, slug),
      ctx.db.prepare("INSERT OR IGNORE INTO blog_post_tags (post_id, tag_id) SELECT ?, id FROM blog_tags WHERE slug = ?").bind(postId, slug),
    ]),
  ];
}

const tagClash = (e: unknown) => e instanceof Error && /UNIQUE constraint failed: blog_tags\.slug/.test(e.message);

/** POST /tags {name}: admins; a name already used (in any case) is a 409 naming the field. */
export async function createBlogTag(ctx: DomainContext, raw: unknown): Promise<BlogTag> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { name } = parseInput(blogTagInput, raw);
  const id = newId(ctx.now);
  try {
    await ctx.db.batch([
      ctx.db.prepare("INSERT INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(id, name, slugify(name)),
      auditEntry(ctx, { action: "blog.tag-create", subject: { type: "blog_tag", id }, summary: `Created the tag “${name}”`, after: { name } }),
    ]);
  } catch (e) {
    if (tagClash(e)) throw new Conflict(BLOG_MESSAGES.tagTaken, { name: BLOG_MESSAGES.tagTaken });
    throw e;
  }
  return { id, name, slug: slugify(name), postCount: 0 };
}

/** PUT /tags/{id} {name}: admins rename a tag (its posts keep it). */
export async function renameBlogTag(ctx: DomainContext, id: string, raw: unknown): Promise<BlogTag> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { name } = parseInput(blogTagInput, raw);
  const before = await ctx.db.prepare("SELECT name FROM blog_tags WHERE id = ?").bind(id).first<{ name: string }>();
  if (!before) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  try {
    await ctx.db.batch([
      ctx.db.prepare("UPDATE blog_tags SET name = ?, slug = ? WHERE id = ?").bind(name, slugify(name), id),
      auditEntry(ctx, {
        action: "blog.tag-rename",
        subject: { type: "blog_tag", id },
        summary: `Renamed the tag “${before.name}” to “${name}”`,
        before,
        after: { name },
      }),
    ]);
  } catch (e) {
    if (tagClash(e)) throw new Conflict(BLOG_MESSAGES.tagTaken, { name: BLOG_MESSAGES.tagTaken });
    throw e;
  }
  return blogTagByName(ctx, name);
}

/** DELETE /tags {ids}: admins; the posts lose the tags. Unknown ids are a 404 and nothing is deleted. */
export async function deleteBlogTags(ctx: DomainContext, raw: unknown): Promise<{ deleted: number }> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { ids } = parseInput(blogTagDeleteInput, raw);
  const unique = [...new Set(ids)];
  const { results } = await ctx.db
    .prepare(`SELECT id, name FROM blog_tags WHERE id IN (${unique.map(() => "?").join(", ")})`)
    .bind(...unique)
    .all<{ id: string; name: string }>();
  if (results.length !== unique.length) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  await ctx.db.batch(
    results.flatMap((t) => [
      ctx.db.prepare("DELETE FROM blog_tags WHERE id = ?").bind(t.id),
      auditEntry(ctx, { action: "blog.tag-delete", subject: { type: "blog_tag", id: t.id }, summary: `Deleted the tag “${t.name}”`, before: { name: t.name } }),
    ]),
  );
  return { deleted: results.length };
}
