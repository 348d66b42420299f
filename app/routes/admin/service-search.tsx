import { data } from "react-router";

/** Placeholder until this page is built (issue 14, the console helper replaces this file): it answers 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotBuiltYet() {
  return null;
}
