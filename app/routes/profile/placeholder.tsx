import { useLocation } from "react-router";
import type { Route } from "./+types/placeholder";
import { pageTitle } from "../../lib/strings.ts";

/** Dashboard sections (couple and vendor) that other parts of the product fill in; until then a short note. */
const TITLES: Record<string, string> = {
  checklist: "Checklist",
  weddingplan: "Wedding Planner",
  weddingbudget: "Wedding Budget",
  favoritelist: "Wishlist",
  invitationcards: "Invitation Cards",
  settings: "Settings",
  "vendor-profile": "Business profile",
};
const titleOf = (pathname: string) => TITLES[pathname.split("/").pop()?.toLowerCase() ?? ""] ?? "Dashboard";

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(titleOf(location.pathname)) }];

export default function DashboardSection() {
  const title = titleOf(useLocation().pathname);
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{title}</h1>
      <p className="mt-2 text-ink/75">This part of your dashboard is being prepared.</p>
    </section>
  );
}
