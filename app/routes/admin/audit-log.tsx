import { Form, Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { FieldChanges } from "#app/components/admin/AuditHistory.tsx";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { listOrFallback, urlQuery } from "#app/lib/list-loader.server.ts";
import { listAuditLog } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, Pager, Select } from "#app/components/ui/index.ts";

/**
 * /admin/audit-log: every admin action, newest first, for super admins (an admin is sent home with
 * the refusal). Filters by action, record type and the admin's e-mail, in the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const query = urlQuery(new URL(request.url), ["action", "subjectType", "subjectId", "actor", "page"]);
  return loadOrRespond(request, async () => {
    const { result, query: shown, problem } = await listOrFallback(query, (q) => listAuditLog(domain, q));
    return { ...result, query: shown as Record<string, string>, problem };
  });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Audit log") }, { name: "robots", content: "noindex" }];

const TYPES = ["service", "vendor", "review", "user", "lead", "plan", "template", "blog_post", "blog_tag", "blog_comment", "contact_message"];

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, page, more, actions, query, problem } = loaderData;
  const link = (p: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(p));
    return `/admin/audit-log?${params}`;
  };
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Audit log</h1>
      <p className="mt-1 text-sm text-ink/75">Every admin action: who, what, when, why, and the fields before and after.</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <Select name="action" label="Action" defaultValue={query.action ?? ""} placeholder="Any" options={actions.map((a) => [a, a] as const)} />
        <Select
          name="subjectType"
          label="Record"
          defaultValue={query.subjectType ?? ""}
          placeholder="Any"
          options={TYPES.map((t) => [t, t.replace("_", " ")] as const)}
        />
        <Field name="actor" type="email" label="Admin's e-mail" defaultValue={query.actor ?? ""} />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-maroon-100 p-6 text-center">No entries.</p>
      ) : (
        <div className="mt-5 overflow-x-auto">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">Admin actions, newest first</caption>
            <thead className="bg-maroon-50 text-xs uppercase tracking-wide text-ink/70">
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2">
                  Who
                </th>
                <th scope="col" className="px-3 py-2">
                  What
                </th>
                <th scope="col" className="px-3 py-2">
                  Why and what changed
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-maroon-100 align-top" data-testid="audit-entry">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDate(e.createdAt)}
                    <span className="block text-xs text-ink/70">
                      {new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(e.createdAt))}
                    </span>
                  </td>
                  <td className="px-3 py-2 break-all">{e.actor.email}</td>
                  <td className="px-3 py-2">
                    {e.subject.link ? (
                      <Link to={e.subject.link} className="font-semibold text-maroon-700 underline">
                        {e.summary}
                      </Link>
                    ) : (
                      <span className="font-semibold">{e.summary}</span>
                    )}
                    <code className="block text-xs text-ink/70">{e.action}</code>
                  </td>
                  <td className="px-3 py-2">
                    {e.reason && <p>{e.reason}</p>}
                    <FieldChanges before={e.before} after={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasMore={more} href={link} previousLabel="Newer" nextLabel="Older" />
    </section>
  );
}
