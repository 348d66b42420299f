import { data, redirect } from "react-router";
import type { Route } from "./+types/vendor-alias";
import { appContext } from "#functions/page-context.ts";
import { vendorPath } from "#shared/links.ts";
import { vendorBySlug } from "#domain/catalogue/index.ts";

/** The spec's vendorBussinessProfile page: a permanent alias of /{city}/{vendor}. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const vendor = params.slug ? await vendorBySlug(domain, params.slug) : null;
  if (!vendor) throw data(null, { status: 404 });
  throw redirect(vendorPath({ slug: vendor.slug, city: vendor.city }), 301);
}

export default function VendorAlias() {
  return null;
}
