import { data } from "react-router";

/** Placeholder until the RSVP page is built (issue 12): every link answers 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function Rsvp() {
  return null;
}
