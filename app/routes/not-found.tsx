import { data } from "react-router";

/** Anything no other route claims: the root error boundary renders the not-found page with a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
