import type { Route } from "./+types/payments";
import { vendorPayments } from "#domain/plans.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/** /VendorDashboard/payments: what the vendor has paid Mandap (plan payments), newest first. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Payments") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ payments: await vendorPayments(domain) }));
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Payments</h1>
      {payments.length === 0 ? (
        <p className="mt-2 text-ink/75">You have not made any payments to Mandap.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-maroon-100">
                <th className="py-2 pr-3">Date</th>
                <th className="py-2 pr-3">For</th>
                <th className="py-2 pr-3">Amount</th>
                <th className="py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-b border-maroon-50">
                  <td className="py-2 pr-3">{formatDate(p.createdAt)}</td>
                  <td className="py-2 pr-3">{p.planName ?? (p.purpose === "SUBSCRIPTION" ? "Plan" : "Template")}</td>
                  <td className="py-2 pr-3">{formatRupees(p.amount)}</td>
                  <td className="py-2">{p.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
