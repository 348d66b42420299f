import { z } from "zod";
import {
  BLOG_LIMITS,
  addBlogComment,
  blogCommentInput,
  blogCount,
  blogListInput,
  blogPostByUrlTitle,
  blogPostInput,
  blogPostPatch,
  blogTagByName,
  blogTagDeleteInput,
  blogTagInput,
  blogTags,
  blogViewCount,
  createBlogPost,
  createBlogTag,
  deleteBlogComment,
  deleteBlogPost,
  deleteBlogTags,
  listBlogPosts,
  removeBlogCover,
  renameBlogTag,
  setBlogCover,
  toggleBlogLike,
  updateBlogPost,
} from "#domain/content/index.ts";
import { ACCESS, type Access } from "#domain/core/index.ts";
import { readMultipart } from "#platform/request-body.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The blog API at its role-based bases (spec section 6): /admin/blog for ADMIN and SUPER_ADMIN,
 * /user/blog for signed-in accounts (the app sends couples there), /public/blog for everyone. Each
 * base answers the reads; comments and likes need an account (user and admin bases); posts and tags
 * are written on the admin base only. Who may do what is decided by functions/domain/content/'s blog files, the
 * same functions the pages call.
 */

const idParams = z.object({ id: z.string().min(1).max(64) });
const urlTitleParams = z.object({ urlTitle: z.string().min(1).max(120) });
const nameParams = z.object({ name: z.string().min(1).max(80) });
const tagParams = z.object({ tag: z.string().min(1).max(80) });
const blogIdParams = z.object({ blogId: z.string().min(1).max(64) });
const viewCountQuery = z.object({ urlTitle: z.string().min(1).max(120).optional() });
const searchQuery = blogListInput.omit({ s: true }).extend({
  q: z
    .string()
    .trim()
    .max(100, { error: () => m.api_v_keep_the_search_under_100_characters() })
    .optional(),
});
const pageQuery = blogListInput.pick({ page: true, limit: true });

function readEndpoints(resource: Resource, access: Access): Resource {
  return resource
    .endpoint(
      {
        method: "get",
        path: "/",
        summary: "Published posts, newest first (s: search, t: title, tag: a tag's slug; status for admins: DRAFT, PUBLISHED, SCHEDULED, ALL)",
        description:
          "12 a page (page=, limit ≤ 48). Each with title, urlTitle, excerpt, coverImage, publishedAt, createdAt, viewCount, likeCount, commentCount, readingMinutes, tags and author.",
        query: blogListInput,
        access,
      },
      async (c, { query }) => c.json({ success: true, ...(await listBlogPosts(c.get("domain"), query)) }),
    )
    .endpoint({ method: "get", path: "/tags", summary: "Every tag with its number of published posts", access }, async (c) =>
      c.json({ success: true, tags: await blogTags(c.get("domain")) }),
    )
    .endpoint({ method: "get", path: "/tags/:name", summary: "One tag by name or slug", params: nameParams, access }, async (c, { params }) =>
      c.json({ success: true, tag: await blogTagByName(c.get("domain"), params.name) }),
    )
    .endpoint(
      { method: "get", path: "/tag/:tag", summary: "The published posts carrying a tag (by slug or name)", params: tagParams, query: pageQuery, access },
      async (c, { params, query }) => c.json({ success: true, ...(await listBlogPosts(c.get("domain"), { ...query, tag: params.tag })) }),
    )
    .endpoint(
      { method: "get", path: "/viewCount", summary: "Views of all published posts, or of one (urlTitle=)", query: viewCountQuery, access },
      async (c, { query }) => c.json({ success: true, ...(await blogViewCount(c.get("domain"), query.urlTitle)) }),
    )
    .endpoint({ method: "get", path: "/blog-count", summary: "How many posts are published (admins also: drafts, scheduled, total)", access }, async (c) =>
      c.json({ success: true, ...(await blogCount(c.get("domain"))) }),
    )
    .endpoint(
      { method: "get", path: "/search", summary: "Search published posts (q over title, excerpt and content; also t, tag, page)", query: searchQuery, access },
      async (c, { query }) => {
        const { q, ...rest } = query;
        return c.json({ success: true, ...(await listBlogPosts(c.get("domain"), { ...rest, s: q })) });
      },
    )
    .endpoint(
      {
        method: "get",
        path: "/:urlTitle",
        summary: "One post: its sanitized HTML, Markdown, tags, comments, and whether the asker liked it",
        description: "Drafts and scheduled posts are 404 except to admins. Reading it here does not count a view (the page counts one per browser per day).",
        params: urlTitleParams,
        access,
        responses: { 404: "No such published post" },
      },
      async (c, { params }) => c.json({ success: true, blog: await blogPostByUrlTitle(c.get("domain"), params.urlTitle) }),
    );
}

function readerEndpoints(resource: Resource, access: Access): Resource {
  return resource
    .endpoint(
      {
        method: "post",
        path: "/:blogId/comments",
        summary: "Comment on a published post ({content}, 1-2,000 characters)",
        idempotent: true,
        params: blogIdParams,
        body: blogCommentInput,
        access,
        responses: { 404: "No such published post" },
      },
      async (c, { params, body }) => c.json({ success: true, comment: await addBlogComment(c.get("domain"), params.blogId, body) }, 201),
    )
    .endpoint(
      {
        method: "delete",
        path: "/comments/:id",
        summary: "Delete a comment: its author, or an admin",
        params: idParams,
        access,
        responses: { 404: "No such comment, or someone else's" },
      },
      async (c, { params }) => {
        await deleteBlogComment(c.get("domain"), params.id);
        return c.json({ success: true, message: m.api_comment_deleted() });
      },
    )
    .endpoint(
      { method: "post", path: "/:id/like", summary: "Like a published post, or take the like back (one per account)", params: idParams, access },
      async (c, { params }) => c.json({ success: true, ...(await toggleBlogLike(c.get("domain"), params.id)) }),
    );
}

export const blogPublicApi = readEndpoints(new Resource("/public/blog", "Blog (public)"), ACCESS.public);

export const blogUserApi = readerEndpoints(readEndpoints(new Resource("/user/blog", "Blog (user)"), ACCESS.signedIn), ACCESS.signedIn);

const writerResponses = { 404: "No such post", 409: "The urlTitle is taken (errors.urlTitle)" };

// Admin writes first where a path could also read as /:urlTitle or /:id.
export const blogAdminApi = readerEndpoints(
  readEndpoints(
    new Resource("/admin/blog", "Blog (admin)")
      .endpoint(
        {
          method: "post",
          path: "/tags",
          summary: "Create a tag ({name})",
          body: blogTagInput,
          access: ACCESS.admin,
          responses: { 409: "A tag has that name (errors.name)" },
        },
        async (c, { body }) => c.json({ success: true, tag: await createBlogTag(c.get("domain"), body) }, 201),
      )
      .endpoint(
        {
          method: "put",
          path: "/tags/:id",
          summary: "Rename a tag ({name})",
          params: idParams,
          body: blogTagInput,
          access: ACCESS.admin,
          responses: { 404: "No such tag", 409: "A tag has that name (errors.name)" },
        },
        async (c, { params, body }) => c.json({ success: true, tag: await renameBlogTag(c.get("domain"), params.id, body) }),
      )
      .endpoint(
        {
          method: "delete",
          path: "/tags",
          summary: "Delete tags ({ids}); their posts lose them",
          body: blogTagDeleteInput,
          access: ACCESS.admin,
          responses: { 404: "An id is not a tag: nothing deleted" },
        },
        async (c, { body }) => c.json({ success: true, ...(await deleteBlogTags(c.get("domain"), body)) }),
      )
      .endpoint(
        {
          method: "post",
          path: "/",
          summary:
            "Write a post (title, content in Markdown; urlTitle from the title when left out; status DRAFT or PUBLISHED; publishedAt in the future schedules it; tags by name)",
          body: blogPostInput,
          access: ACCESS.admin,
          responses: { 409: writerResponses[409] },
        },
        async (c, { body }) => c.json({ success: true, blog: await createBlogPost(c.get("domain"), body) }, 201),
      )
      .endpoint(
        {
          method: "patch",
          path: "/:id",
          summary: "Change a post (any field; tags replace the list)",
          params: idParams,
          body: blogPostPatch,
          access: ACCESS.admin,
          responses: writerResponses,
        },
        async (c, { params, body }) => c.json({ success: true, blog: await updateBlogPost(c.get("domain"), params.id, body) }),
      )
      .endpoint(
        {
          method: "delete",
          path: "/:id",
          summary: "Delete a post with its comments, likes and cover",
          params: idParams,
          access: ACCESS.admin,
          responses: { 404: "No such post" },
        },
        async (c, { params }) => {
          await deleteBlogPost(c.get("domain"), params.id);
          return c.json({ success: true, message: m.api_post_deleted() });
        },
      )
      .endpoint(
        {
          method: "put",
          path: "/:id/cover",
          summary: "Set the cover image (multipart field cover: PNG, JPEG or WebP up to 8 MB; stored as WebP ≤ 1200 px wide)",
          params: idParams,
          access: ACCESS.admin,
          responses: { 400: "No image, or not a PNG, JPEG or WebP (errors.cover)", 404: "No such post" },
        },
        async (c, { params }) => {
          const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
          const form = multipart
            ? await readMultipart(c.req.raw, { files: { cover: 1 }, maxFileBytes: BLOG_LIMITS.coverMaxBytes })
            : { files: {} as Record<string, File[]> };
          return c.json({ success: true, blog: await setBlogCover(c.get("domain"), params.id, form.files.cover?.[0]) });
        },
      )
      .endpoint(
        {
          method: "delete",
          path: "/:id/cover",
          summary: "Remove the cover image (the placeholder shows)",
          params: idParams,
          access: ACCESS.admin,
          responses: { 404: "No such post" },
        },
        async (c, { params }) => c.json({ success: true, blog: await removeBlogCover(c.get("domain"), params.id) }),
      ),
    ACCESS.admin,
  ),
  ACCESS.admin,
);
