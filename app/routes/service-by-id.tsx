import { data, redirect } from "react-router";
import type { Route } from "./+types/service-by-id";
import { appContext } from "#functions/page-context.ts";
import { servicePath } from "#shared/catalogue.ts";
import { serviceDetail } from "#domain/catalogue/index.ts";

/** /service/{id}: the short link; 301 to the canonical /all/.../{id}, 404 for an unknown id. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const service = await serviceDetail(domain, params.id);
  if (!service) throw data(null, { status: 404 });
  const to = servicePath({
    id: service.id,
    serviceCategory: service.service_category,
    serviceType: service.service_type,
    state: service.state,
    city: service.city,
  });
  throw redirect(to + new URL(request.url).search, 301);
}

export default function ServiceById() {
  return null;
}
