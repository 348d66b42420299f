import { Link } from "react-router";
import type { Route } from "./+types/index";
import { accountView } from "../../../functions/domain/accounts.ts";
import { Unauthorized } from "../../../functions/domain/errors.ts";
import { appContext } from "../../context.ts";
import { pageTitle } from "../../lib/strings.ts";

/** Vendor dashboard home; the services, analytics and bookings screens join it later. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Vendor Dashboard") }];

export async function loader({ context }: Route.LoaderArgs) {
  const { env, actor } = context.get(appContext);
  const account = actor ? await accountView(env.DB, actor.id) : null;
  if (!account) throw new Unauthorized();
  return { account };
}

export default function VendorDashboardHome({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{account.vendor?.name ?? account.user_name}</h1>
      <p className="mt-2">
        Signed in as <strong>{account.user_name}</strong> ({account.email}){account.is_verified ? " · e-mail verified" : " · e-mail not verified yet"}
      </p>
      <p className="mt-4 text-sm">
        <Link to="/vendor-change-password" className="font-semibold text-maroon-700 underline">
          Change password
        </Link>
      </p>
    </section>
  );
}
