/**
 * Content: the blog (posts, comments, Markdown) and contact messages.
 *
 * This file is the area's only face: code outside functions/domain/content/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./blog.ts";
export * from "./blog-markdown.ts";
export * from "./contact-messages.ts";
