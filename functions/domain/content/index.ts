/**
 * Content: the blog (posts, comments, Markdown) and contact messages.
 *
 * The blog, one job a file: blog-posts.ts (reading posts), blog-writing.ts (admins write them),
 * blog-covers.ts, blog-tags.ts, blog-views.ts, blog-likes.ts, blog-comments.ts, blog-inputs.ts (what
 * a request may send), blog-markdown.ts (rendering, sanitised); blog-records.ts holds what they share
 * (the shapes a reader gets, messages, the post query and who may see a post).
 *
 * This file is the area's only face: code outside functions/domain/content/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { addBlogComment, deleteBlogComment } from "./blog-comments.ts";
export { removeBlogCover, setBlogCover } from "./blog-covers.ts";
export {
  BLOG_LIMITS,
  blogCommentInput,
  blogListInput,
  type BlogListQuery,
  blogPostInput,
  blogPostPatch,
  blogTagDeleteInput,
  blogTagInput,
} from "./blog-inputs.ts";
export { toggleBlogLike } from "./blog-likes.ts";
export { renderBlogMarkdown } from "./blog-markdown.ts";
export { blogCount, blogPostByUrlTitle, listBlogPosts, publishedBlogIndex, relatedBlogPosts } from "./blog-posts.ts";
export { type BlogList, type BlogPost, type BlogPostSummary } from "./blog-records.ts";
export { blogTagByName, blogTags, createBlogTag, deleteBlogTags, renameBlogTag } from "./blog-tags.ts";
export { blogViewCount, recordBlogView } from "./blog-views.ts";
export { createBlogPost, deleteBlogPost, updateBlogPost } from "./blog-writing.ts";
export {
  contactInput,
  contactListInput,
  contactMessageById,
  type ContactStatus,
  contactStatusInput,
  listContactMessages,
  newContactMessages,
  sendContactMessage,
  setContactStatus,
} from "./contact-messages.ts";
