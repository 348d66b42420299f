import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact-messages";
import { CONTACT_STATUSES } from "#shared/stored-values.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { listOrFallback, urlQuery } from "#app/lib/list-loader.server.ts";
import { listContactMessages, setContactStatus, type ContactStatus } from "#domain/content/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert, Pager } from "#app/components/ui/index.ts";

/**
 * /admin/contact-messages: what visitors sent through /contactus, newest first, by status (New,
 * Answered, Closed) and a search; each message with a reply link and its status buttons. Each
 * change is written to the audit log (functions/domain/content/contact-messages.ts).
 */
const LABELS: Record<ContactStatus, string> = { NEW: "New", ANSWERED: "Answered", CLOSED: "Closed" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const query = urlQuery(new URL(request.url), ["status", "q", "page"]);
  const { result, query: shown, problem } = await listOrFallback(query, (q) => listContactMessages(domain, q));
  return { ...result, query: shown as Record<string, string>, problem };
}

export const action = pageAction({
  access: ACCESS.admin,
  defaultIntent: "status",
  intents: {
    status: async ({ domain, fields, done }) => {
      const id = typeof fields.id === "string" ? fields.id : "";
      const saved = await setContactStatus(domain, id, {
        status: fields.status,
        ...(typeof fields.note === "string" && fields.note ? { note: fields.note } : {}),
      });
      return done(`Marked ${LABELS[saved.status].toLowerCase()}: the message from ${saved.name}.`);
    },
  },
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Contact messages") }];

export default function ContactMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, counts, total, page, pages, query, problem } = loaderData;
  const busy = useNavigation().state === "submitting";
  const link = (change: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, ...change })) if (v) params.set(k, v);
    return `/admin/contact-messages${params.size ? `?${params}` : ""}`;
  };
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Contact messages</h1>
      <p className="mt-1 text-sm text-ink/75">What visitors sent through the contact page. Reply by e-mail, then mark the message answered or closed.</p>
      <nav aria-label="Status" className="mt-4 flex flex-wrap gap-2">
        {[undefined, ...CONTACT_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            to={link({ status: s, page: undefined })}
            aria-current={(query.status ?? undefined) === s ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${(query.status ?? undefined) === s ? "border-maroon-700 bg-maroon-700 text-white" : "border-maroon-100 hover:border-maroon-300"}`}
          >
            {s ? `${LABELS[s]} (${formatCount(counts[s])})` : "All"}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
        {query.status && <input type="hidden" name="status" value={query.status} />}
        <Field name="q" type="search" label="Search" defaultValue={query.q ?? ""} maxLength={100} />
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {actionData && <FormAlert tone={actionData.ok ? "success" : "error"} message={actionData.message} className="mt-3" />}
      {messages.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-maroon-100 p-6 text-center">No messages here.</p>
      ) : (
        <ul className="mt-5 grid gap-4">
          {messages.map((m) => (
            <li key={m.id} className="rounded-2xl border border-maroon-100 p-4" data-testid="contact-message">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {m.name} <span className="font-normal text-ink/70">&lt;{m.email}&gt;</span>
                  {m.phone && <span className="font-normal text-ink/70"> · +91 {m.phone}</span>}
                </p>
                <p className="text-sm text-ink/70">
                  {formatDate(m.createdAt)} · <span data-testid="contact-status">{LABELS[m.status]}</span>
                  {m.handledBy && m.status !== "NEW" ? ` by ${m.handledBy}` : ""}
                </p>
              </div>
              <p className="mt-1 text-sm font-semibold text-maroon-800">{m.topic}</p>
              <p className="mt-2 whitespace-pre-line break-words">{m.message}</p>
              {m.note && <p className="mt-2 text-sm text-ink/75">Note: {m.note}</p>}
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.topic}`)}`} className="btn-secondary">
                  Reply by e-mail
                </a>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={m.id} />
                  <Field name="note" label="Note (optional)" data-raw maxLength={1000} />
                  {CONTACT_STATUSES.filter((s) => s !== m.status).map((s) => (
                    <button key={s} type="submit" name="status" value={s} className={s === "ANSWERED" ? "btn-primary" : "btn-secondary"} disabled={busy}>
                      {s === "NEW" ? "Mark new" : `Mark ${LABELS[s].toLowerCase()}`}
                    </button>
                  ))}
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        href={(p) => link({ page: String(p) })}
        summary={
          <span className="text-sm">
            Page {page} of {pages} ({formatCount(total)} messages)
          </span>
        }
      />
    </section>
  );
}
