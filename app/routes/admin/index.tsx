import type { Route } from "./+types/index";
import { can } from "#domain/permissions.ts";
import { appContext } from "#functions/page-context.ts";
import { pageTitle } from "#shared/strings.ts";

/** Admin home; the analytics and management screens join it later. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Admin") }];

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(appContext);
  return { name: actor?.userName ?? "", superAdmin: can.manageRoles(actor) };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Admin</h1>
      <p className="mt-2">
        Signed in as <strong>{loaderData.name}</strong> ({loaderData.superAdmin ? "super admin" : "admin"}).
      </p>
    </section>
  );
}
