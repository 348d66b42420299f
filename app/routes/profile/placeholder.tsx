import { Link, useLocation } from "react-router";
import type { MetaFunction } from "react-router";
import { COMING_SOON, pageTitle } from "#shared/strings.ts";

/**
 * Couple dashboard sections that are not built yet. The page says so plainly, says
 * what the section is for, and points to what works today; it never pretends to hold data.
 */
const SECTIONS: Record<string, { title: string; about: string }> = {
  checklist: { title: "Checklist", about: "a list of every wedding task, from roka to vidaai, that you can tick off and schedule" },
  weddingplan: { title: "Wedding Planner", about: "your functions with their dates, tasks and the vendors you book for them" },
  weddingbudget: { title: "Wedding Budget", about: "a budget for each function, with what is spent and what is left" },
  guests: { title: "Guests", about: "your guest list in households, invitations per function and their answers" },
  invitationcards: { title: "Invitation Cards", about: "invitation cards you design and share with your guests" },
};
const sectionOf = (pathname: string) => SECTIONS[pathname.split("/").pop()?.toLowerCase() ?? ""] ?? { title: "Dashboard", about: "" };

export const meta: MetaFunction = ({ location }) => [{ title: pageTitle(sectionOf(location.pathname).title) }];

export default function DashboardSection() {
  const { pathname } = useLocation();
  const { title, about } = sectionOf(pathname);
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-maroon-700">{title}</h1>
        <span className="rounded-full bg-marigold-300/40 px-2 py-0.5 text-xs font-semibold text-maroon-900">{COMING_SOON}</span>
      </div>
      <p className="mt-2 text-ink/75" data-testid="not-built">
        This part of Mandap is not built yet{about ? `: it will hold ${about}` : ""}. Nothing is saved here for now.
      </p>
      <p className="mt-4 text-sm">
        What works today:{" "}
        <Link to="/profile/favoriteList" className="font-semibold text-maroon-700 underline">
          your wishlist
        </Link>
        ,{" "}
        <Link to="/profile" className="font-semibold text-maroon-700 underline">
          your profile
        </Link>{" "}
        and{" "}
        <Link to="/browse" className="font-semibold text-maroon-700 underline">
          browsing vendors
        </Link>
        .
      </p>
    </section>
  );
}
