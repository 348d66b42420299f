import { data } from "react-router";
import type { Route } from "./+types/whatsapp";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { listOutbox } from "#platform/mail.ts";
import { indianMobile } from "#platform/whatsapp.ts";
import { stopWhatsAppFrom } from "#domain/accounts/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field } from "#app/components/ui/index.ts";
import { Linkified, outboxStatusMeaning, when } from "./outbox-parts.tsx";

/**
 * Development only, like /dev/mailbox: every WhatsApp message the app wrote to its outbox (issue 32),
 * newest first: the number, the approved template's name, the message as the person reads it (with
 * working links) and its delivery status. With the default "dev" transport nothing is sent and every
 * message is STORED here. Not found unless the development pages are enabled
 * (functions/platform/dev-pages.ts).
 *
 * It can also simulate a person's "STOP" reply, which in production arrives through WhatsApp's
 * signed webhook (POST /api/v1/whatsapp/webhook): the same domain step turns their messages off.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("WhatsApp (development)") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const raw = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  // "98765 43210" finds "+919876543210": the outbox keeps numbers with the country code.
  const digits = raw.replace(/\D/g, "");
  const to = digits ? `+${digits.length === 10 ? `91${digits}` : digits}` : undefined;
  return { to: raw, messages: await listOutbox(env.DB, { to, limit: 50, channel: "whatsapp" }) };
}

/** A simulated STOP reply from a number (what WhatsApp's webhook would report). */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, domain } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const from = String((await request.formData()).get("from") ?? "");
  const number = indianMobile(from);
  if (!number) return { ok: false, message: "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9." };
  const stopped = await stopWhatsAppFrom(domain, number);
  return { ok: true, message: `STOP from ${number}: WhatsApp turned off for ${stopped} ${stopped === 1 ? "account" : "accounts"}.` };
}

const STATUS_MEANING = outboxStatusMeaning("accepted by WhatsApp");

export default function WhatsAppOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, to } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="text-3xl font-bold text-maroon-700">WhatsApp</h1>
      <p className="mt-1 text-sm text-ink/70">Development only: every WhatsApp message the app wrote to its outbox, newest first, with its delivery status.</p>
      <form method="get" className="mt-4 flex flex-wrap gap-2">
        <Field id="whatsapp-to" name="to" type="tel" hideLabel label="Number" defaultValue={to} placeholder="Filter by number" className="min-w-64" />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </form>
      <form method="post" className="mt-3 flex flex-wrap items-end gap-2">
        <Field id="whatsapp-stop-from" name="from" type="tel" label="Simulate a STOP reply from" placeholder="98765 43210" className="min-w-64" required />
        <button type="submit" className="btn-secondary">
          Send STOP
        </button>
      </form>
      {actionData ? (
        <p role="status" className={`mt-2 text-sm ${actionData.ok ? "text-emerald-800" : "text-red-800"}`} data-testid="whatsapp-stop-result">
          {actionData.message}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-8">No WhatsApp messages yet.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {messages.map((m) => (
            <li key={m.id} className="max-w-2xl rounded-xl border border-emerald-200 bg-white p-4" data-testid="whatsapp-message">
              <p className="text-sm text-ink/70">
                To <strong className="text-ink">{m.to}</strong> · {when(m.createdAt)} ·{" "}
                <strong className="text-ink" data-testid="whatsapp-status">
                  {m.status}
                </strong>{" "}
                <span>({STATUS_MEANING[m.status] ?? "unknown status"})</span>
              </p>
              {m.attempts > 0 && m.status !== "STORED" ? (
                <p className="text-sm text-ink/70">
                  {m.attempts} delivery {m.attempts === 1 ? "attempt" : "attempts"}
                  {m.transport ? ` via ${m.transport}` : ""}
                  {m.sentAt ? ` · accepted ${when(m.sentAt)}` : ""}
                </p>
              ) : null}
              {m.error ? (
                <p className="mt-1 text-sm text-red-800" data-testid="whatsapp-error">
                  {m.status === "FAILED" ? "Failed: " : "Last error: "}
                  {m.error}
                </p>
              ) : null}
              <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-ink/60">
                Template <span data-testid="whatsapp-template">{m.subject}</span>
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-emerald-50 p-3 text-sm" data-testid="whatsapp-text">
                <Linkified linkClass="text-emerald-800" text={m.text} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
