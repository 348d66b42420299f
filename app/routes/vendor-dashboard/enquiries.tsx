import { Form, Link } from "react-router";
import type { Route } from "./+types/enquiries";
import { pageNumber } from "#app/lib/list-loader.server.ts";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { coupleLeads, vendorInbox, type InboxLead } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { LEAD_STATUS_LABELS, StatusPill } from "./enquiries-ui.tsx";
import { INBOX_STATUSES } from "#shared/lead-rules.ts";
import { Pager, Select } from "#app/components/ui/index.ts";

/**
 * The enquiry inbox: the vendor's at /VendorDashboard/enquiries (status tabs, service filter, unread
 * in bold) and the couple's "My enquiries" at /profile/enquiries (the same module, registered twice).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_enquiries_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const vendorSide = pagePath(request).toLowerCase().startsWith("/vendordashboard");
  return loadOrRespond(request, async () => {
    if (!vendorSide)
      return { side: "couple" as const, leads: await coupleLeads(domain), unread: 0, services: [], status: null, serviceId: null, page: 1, hasMore: false };
    const status = url.searchParams.get("status") || null;
    const serviceId = url.searchParams.get("service") || null;
    const page = pageNumber(url, { max: 1000 });
    const inbox = await vendorInbox(domain, {
      status: status && (INBOX_STATUSES as readonly string[]).includes(status.toUpperCase()) ? status : null,
      serviceId,
      page,
    });
    return { side: "vendor" as const, ...inbox, status: status?.toUpperCase() ?? null, serviceId };
  });
}

function tabHref(status: string | null, serviceId: string | null) {
  const q = new URLSearchParams();
  if (status) q.set("status", status);
  if (serviceId) q.set("service", serviceId);
  const s = q.toString();
  return `/VendorDashboard/enquiries${s ? `?${s}` : ""}`;
}

function LeadRow({ lead, base }: { lead: InboxLead; base: string }) {
  return (
    <li className={lead.unread ? "bg-amber-50/60" : undefined}>
      <Link to={`${base}/enquiries/${lead.id}`} className="block px-3 py-3 hover:bg-maroon-50 md:px-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className={lead.unread ? "font-bold" : "font-medium"} data-unread={lead.unread ? "true" : undefined}>
            <span translate="no">{lead.name}</span>
            {lead.unread && <span className="sr-only">{m.vendor_enquiries_unread_sr()}</span>}
          </span>
          <span className="flex items-center gap-2 text-xs text-ink/70">
            <StatusPill status={lead.status} /> {formatDate(lead.created_at)}
          </span>
        </div>
        <p className="text-sm text-ink/80" translate="no">
          {lead.service_name}
        </p>
        <p className={`mt-1 line-clamp-2 text-sm ${lead.unread ? "font-semibold" : "text-ink/75"}`} translate="no">
          {lead.message}
        </p>
        <p className="mt-1 text-xs text-ink/65">
          {[
            lead.event_date ? m.vendor_enquiries_event({ date: formatDate(lead.event_date) }) : null,
            lead.guest_count ? m.vendor_enquiries_guests({ count: lead.guest_count }) : null,
            lead.budget !== null ? m.vendor_enquiries_budget({ amount: formatRupees(lead.budget) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </Link>
    </li>
  );
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const base = d.side === "vendor" ? "/VendorDashboard" : "/profile";
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
      <h1 className="text-3xl font-bold text-maroon-700">{d.side === "vendor" ? m.vendor_enquiries_title() : m.vendor_enquiries_mine_title()}</h1>
      {d.side === "vendor" ? (
        <>
          <p className="mt-1 text-ink/75" aria-live="polite">
            {d.unread ? m.vendor_enquiries_unread_count({ count: d.unread }) : m.vendor_enquiries_no_unread()}
          </p>
          <nav aria-label={m.vendor_enquiries_filter_status()} className="mt-4 flex flex-wrap gap-1 pb-1">
            {[null, ...INBOX_STATUSES].map((s) => (
              <Link
                key={s ?? "all"}
                to={tabHref(s, d.serviceId)}
                aria-current={d.status === s ? "page" : undefined}
                className={`whitespace-nowrap rounded-full border px-3 py-1 text-sm ${d.status === s ? "border-maroon-700 bg-maroon-700 text-white" : "border-maroon-100"}`}
              >
                {s ? LEAD_STATUS_LABELS[s]?.() : m.vendor_filter_all()}
              </Link>
            ))}
          </nav>
          {d.services.length > 1 && (
            <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
              {d.status && <input type="hidden" name="status" value={d.status} />}
              <Select
                name="service"
                label={m.vendor_enquiries_service()}
                defaultValue={d.serviceId ?? ""}
                placeholder={m.vendor_enquiries_all_services()}
                options={d.services.map((s) => [s.id, s.name] as const)}
                inputClassName="w-auto"
              />
              <button type="submit" className="btn-secondary px-4 py-2">
                {m.vendor_enquiries_filter()}
              </button>
            </Form>
          )}
        </>
      ) : (
        <p className="mt-1 text-ink/75">{m.vendor_enquiries_couple_intro()}</p>
      )}
      {d.leads.length === 0 ? (
        <p className="mt-6 text-ink/75">
          {d.side === "vendor" ? (
            m.vendor_enquiries_none_vendor()
          ) : (
            <>
              {m.vendor_enquiries_none_couple()}{" "}
              <Link to="/all" className="font-semibold text-maroon-700 underline">
                {m.vendor_enquiries_find_vendors()}
              </Link>
            </>
          )}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-maroon-100 rounded-xl border border-maroon-100" aria-label={m.vendor_enquiries_title()}>
          {d.leads.map((l) => (
            <LeadRow key={l.id} lead={l} base={base} />
          ))}
        </ul>
      )}
      {d.side === "vendor" && (
        <Pager
          page={d.page}
          hasMore={d.hasMore}
          href={(p) => `${tabHref(d.status, d.serviceId)}${d.status || d.serviceId ? "&" : "?"}page=${p}`}
          previousLabel={m.vendor_pager_newer()}
          nextLabel={m.vendor_pager_older()}
          label={m.vendor_pager_label()}
        />
      )}
    </section>
  );
}
