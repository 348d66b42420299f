import { Link } from "react-router";
import type { Route } from "./+types/home";
import { appContext } from "../context.ts";
import { heroAnalytics, searchServices } from "../../functions/domain/discovery.ts";
import { formatCount } from "../lib/format.ts";
import { pageTitle } from "../lib/strings.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Wedding Venues, Vendors & Planning in India") },
  { name: "description", content: "Find and book wedding venues, caterers, photographers, makeup artists and more across India." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const [counters, mostRated] = await Promise.all([heroAnalytics(env.DB), searchServices(env.DB, null, { limit: 20 })]);
  return { counters, mostRated: mostRated.services };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { counters, mostRated } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="text-4xl font-bold text-maroon-700">Plan every function of your wedding</h1>
      <p className="mt-2">
        {formatCount(counters.verifiedUsers)} verified users · {formatCount(counters.verifiedVendors)} verified vendors · {formatCount(counters.activeServices)} active services
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {mostRated.map((s) => (
          <li key={s.id}>
            <Link to={`/service/${s.id}`}>{s.service_name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
