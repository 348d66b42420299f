import { redirect } from "react-router";

/** /guests/see-template/template (a route of the spec): the gallery lives at /templates. */
export function loader() {
  throw redirect("/templates", 301);
}

export default function SeeTemplateIndex() {
  return null;
}
