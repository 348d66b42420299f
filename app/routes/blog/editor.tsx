import { data } from "react-router";

/** Placeholder until this page is built (issue 14, the blog-core helper replaces this file: /new-blog-post and /update-blog-post/:urlTitle): it answers 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotBuiltYet() {
  return null;
}
