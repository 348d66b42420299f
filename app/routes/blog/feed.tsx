import { data } from "react-router";

/** Placeholder until this page is built (issue 14, the blog-pages helper replaces this file: the blog's Atom feed): it answers 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotBuiltYet() {
  return null;
}
