import { data } from "react-router";
import type { Route } from "./+types/mailbox";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { listOutbox } from "#platform/mail.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field } from "#app/components/ui/index.ts";
import { DevOutboxNav } from "./dev-nav.tsx";
import { Linkified, outboxStatusMeaning, when } from "./outbox-parts.tsx";

/**
 * Development only: the outbox (every e-mail the app wrote, newest first) with working links and
 * each message's delivery status: its HTML part in a sandboxed frame (no scripts, no access to
 * this page), its text part, and its extra headers (List-Unsubscribe). With the default "mailbox" transport nothing is sent and every
 * message is STORED here. Not found unless the development pages are enabled
 * (functions/platform/dev-pages.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mailbox (development)") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || undefined;
  return { to: to ?? "", messages: await listOutbox(env.DB, { to, limit: 50 }) };
}

const STATUS_MEANING = outboxStatusMeaning("accepted by the mail service");

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, to } = loaderData;
  return (
    <section className="container-page py-8">
      <DevOutboxNav />
      <h1 className="text-3xl font-bold text-maroon-700">Mailbox</h1>
      <p className="mt-1 text-sm text-ink/70">Development only: every e-mail the app wrote to its outbox, newest first, with its delivery status.</p>
      <form method="get" className="mt-4 flex flex-wrap gap-2">
        <Field id="mailbox-to" name="to" type="email" hideLabel label="Recipient" defaultValue={to} placeholder="Filter by recipient" className="min-w-64" />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </form>
      {messages.length === 0 ? (
        <p className="mt-8">No e-mails yet.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-maroon-100 bg-white p-4" data-testid="mail">
              <p className="text-sm text-ink/70">
                To <strong className="text-ink">{m.to}</strong> · {when(m.createdAt)} ·{" "}
                <strong className="text-ink" data-testid="mail-status">
                  {m.status}
                </strong>{" "}
                <span>({STATUS_MEANING[m.status] ?? "unknown status"})</span>
              </p>
              {m.attempts > 0 && m.status !== "STORED" ? (
                <p className="text-sm text-ink/70">
                  {m.attempts} delivery {m.attempts === 1 ? "attempt" : "attempts"}
                  {m.transport ? ` via ${m.transport}` : ""}
                  {m.sentAt ? ` · accepted ${when(m.sentAt)}` : ""}
                  {m.nextAttemptAt && m.status === "RETRYING" ? ` · next attempt ${when(m.nextAttemptAt)}` : ""}
                </p>
              ) : null}
              {m.error ? (
                <p className="mt-1 text-sm text-red-800" data-testid="mail-error">
                  {m.status === "FAILED" ? "Failed: " : "Last error: "}
                  {m.error}
                </p>
              ) : null}
              <h2 className="mt-1 font-sans text-lg font-semibold">{m.subject}</h2>
              {m.headers ? (
                <dl className="mt-1 text-xs text-ink/70" data-testid="mail-headers">
                  {Object.entries(m.headers).map(([name, value]) => (
                    <div key={name} className="break-all">
                      <dt className="inline font-semibold">{name}:</dt> <dd className="inline">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <div className={m.html ? "mt-3 grid gap-4 lg:grid-cols-2" : "mt-2"}>
                {m.html ? (
                  <figure>
                    <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-ink/60">HTML part</figcaption>
                    {/* Sandboxed: no scripts, no same-origin access; links open outside the frame. */}
                    <iframe
                      title={`HTML part of “${m.subject}”`}
                      srcDoc={m.html.replace("<head>", '<head><base target="_blank">')}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      className="h-[32rem] w-full rounded-lg border border-maroon-100 bg-white"
                      data-testid="mail-html"
                    />
                  </figure>
                ) : null}
                <figure>
                  {m.html ? <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-ink/60">Text part</figcaption> : null}
                  <p className="whitespace-pre-wrap break-words text-sm" data-testid="mail-text">
                    <Linkified linkClass="text-maroon-700" text={m.text} />
                  </p>
                </figure>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
