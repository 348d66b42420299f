import { data } from "react-router";
import type { Route } from "./+types/sms";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { listSmsOutbox } from "#platform/sms.ts";
import { parseIndianMobile, formatIndianMobile } from "#shared/phone-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field } from "#app/components/ui/index.ts";
import { DevOutboxNav } from "./dev-nav.tsx";
import { when } from "./outbox-parts.tsx";

/**
 * Development only: every text message the app wrote (one-time codes), newest first, as the
 * local "smsbox" transport keeps them (nothing is sent). Not found unless the development pages
 * are enabled (functions/platform/dev-pages.ts), exactly as /dev/mailbox.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("SMS (development)") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const typed = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const parsed = typed ? parseIndianMobile(typed) : null;
  const to = parsed?.ok ? parsed.e164 : undefined;
  return { to: typed, filterError: parsed && !parsed.ok ? parsed.message : null, messages: await listSmsOutbox(env.DB, { to, limit: 50 }) };
}

const STATUS_MEANING: Record<string, string> = {
  STORED: "kept here only, not sent",
  QUEUED: "being sent",
  SENT: "accepted by the SMS provider",
  FAILED: "not delivered",
};

export default function SmsOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, to, filterError } = loaderData;
  return (
    <section className="container-page py-8">
      <DevOutboxNav />
      <h1 className="text-3xl font-bold text-maroon-700">SMS</h1>
      <p className="mt-1 text-sm text-ink/70">Development only: every text message the app wrote, newest first. Nothing here was sent to a phone.</p>
      <form method="get" className="mt-4 flex flex-wrap items-start gap-2">
        <Field
          id="sms-to"
          name="to"
          type="tel"
          hideLabel
          label="Mobile number"
          defaultValue={to}
          placeholder="Filter by mobile number"
          className="min-w-64"
          error={filterError ?? undefined}
        />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </form>
      {messages.length === 0 ? (
        <p className="mt-8">No text messages yet.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-maroon-100 bg-white p-4" data-testid="sms">
              <p className="text-sm text-ink/70">
                To{" "}
                <strong className="text-ink" data-testid="sms-to">
                  {formatIndianMobile(m.to)}
                </strong>{" "}
                · {when(m.createdAt)} ·{" "}
                <strong className="text-ink" data-testid="sms-status">
                  {m.status}
                </strong>{" "}
                <span>({STATUS_MEANING[m.status] ?? "unknown status"})</span>
              </p>
              {m.error ? <p className="mt-1 text-sm text-red-800">Failed: {m.error}</p> : null}
              <p className="mt-2 whitespace-pre-wrap break-words font-mono text-base" data-testid="sms-text">
                {m.text}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
