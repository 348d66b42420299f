import { redirect } from "react-router";
import type { Route } from "./+types/services-redirect";

/**
 * The spec's allow-list paths for the vendor's services: /VendorDashboard/services is the
 * dashboard index and /VendorDashboard/services/service-details/{id} is the service's page.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = (params as { serviceId?: string }).serviceId;
  return redirect(id ? `/VendorDashboard/service-details/${encodeURIComponent(id)}` : "/VendorDashboard", 301);
}
