import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reported-enquiries";
import { pageNumber } from "#app/lib/list-loader.server.ts";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { ACCESS, formToObject } from "#domain/core/index.ts";
import { decideSpamReport, spamQueue, type ReportedLead } from "#domain/admin/index.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Checkbox, FormAlert, Pager } from "#app/components/ui/index.ts";

/**
 * /admin/reported-enquiries: the enquiries vendors reported as spam, newest report first, each
 * with "Confirm spam" and "Not spam" (plain forms with an intent, so they work without
 * JavaScript). Every rule is functions/domain/admin/spam-queue.ts's, shared with the API.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Reported enquiries") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/reported-enquiries";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const page = pageNumber(new URL(request.url), { max: 1000 });
  return loadOrRespond(request, () => spamQueue(domain, { page }));
}

const decisionForm = z.object({
  intent: z.enum(["confirm", "restore"], { error: "Choose Confirm spam or Not spam." }),
  leadId: z.string({ error: "Which enquiry?" }).trim().min(1, "Which enquiry?").max(64, "Which enquiry?"),
  /** The confirm form's checkbox: present ("true") when ticked. */
  flagCouple: z.literal("true", { error: "Tick the box or leave it empty." }).optional(),
});

/** Both buttons post the same form (their `intent` is a field of decisionForm); a refusal names the report whose form was sent, so the page shows it there. */
export const action = pageAction({
  access: ACCESS.admin,
  defaultIntent: "decide",
  failureIntent: (_intent, form) => {
    const parsed = decisionForm.safeParse(formToObject(form));
    return parsed.success ? parsed.data.leadId : "";
  },
  intents: {
    decide: async ({ domain, input }) => {
      const { intent, leadId, flagCouple } = input(decisionForm);
      const result = await decideSpamReport(domain, leadId, intent, flagCouple ? { flagCouple: true } : {});
      return { ok: true as const, intent, leadId, message: result.message };
    },
  },
});

/** "New", "Answered", "Quoted": the pipeline status "Not spam" returns the enquiry to. */
const RESTORES_TO: Record<string, string> = { NEW: "New", CONTACTED: "Answered", QUOTED: "Quoted", BOOKED: "Booked", LOST: "Lost" };

const time = (ms: number) =>
  `${formatDate(ms)}, ${new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(ms))}`;

function Report({ lead, busy, failure }: { lead: ReportedLead; busy: boolean; failure: string | null }) {
  const heading = `report-${lead.id}`;
  return (
    <li className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" data-testid="report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={heading} className="text-lg font-bold text-maroon-700">
            {lead.couple_name}
          </h2>
          <p className="text-sm break-all">
            <a href={`mailto:${lead.couple_email}`} className="underline">
              {lead.couple_email}
            </a>
          </p>
        </div>
        <p
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${lead.couple_reports > 1 || lead.couple_confirmed > 0 ? "bg-red-100 text-red-900" : "bg-ink/10 text-ink/80"}`}
        >
          {lead.couple_reports === 1 ? "1 report" : `${lead.couple_reports} reports`} for this couple
          {lead.couple_confirmed > 0 ? `, ${lead.couple_confirmed} confirmed` : ""}
          {lead.couple_flagged ? " · account flagged" : ""}
        </p>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink/65">Service: </dt>
          <dd className="inline">{lead.service_name}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Vendor: </dt>
          <dd className="inline">{lead.business_name}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Sent: </dt>
          <dd className="inline">{formatDate(lead.created_at)}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Reported: </dt>
          <dd className="inline">{time(lead.reported_at)}</dd>
        </div>
        {lead.reason && (
          <div className="sm:col-span-2">
            <dt className="inline text-ink/65">Vendor's reason: </dt>
            <dd className="inline">{lead.reason}</dd>
          </div>
        )}
      </dl>
      <blockquote className="mt-3 rounded-lg bg-maroon-50/60 p-3 text-sm break-words whitespace-pre-line">{lead.message}</blockquote>
      <FormAlert message={failure} className="mt-3" />
      <div className="mt-4 flex flex-col gap-3 border-t border-maroon-100 pt-4">
        <Form method="post" className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <input type="hidden" name="leadId" value={lead.id} />
          <button type="submit" name="intent" value="confirm" className="btn-primary px-4 py-2" disabled={busy} aria-describedby={heading}>
            Confirm spam
          </button>
          {!lead.couple_flagged && <Checkbox name="flagCouple" label="Also flag the couple's account" />}
        </Form>
        <Form method="post" className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <input type="hidden" name="leadId" value={lead.id} />
          <button type="submit" name="intent" value="restore" className="btn-secondary px-4 py-2" disabled={busy} aria-describedby={heading}>
            Not spam
          </button>
          <span className="text-xs text-ink/70">
            Puts it back as “{RESTORES_TO[lead.status_before_spam] ?? lead.status_before_spam}” and counts it again; nobody is e-mailed.
          </span>
        </Form>
      </div>
    </li>
  );
}

export default function ReportedEnquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, page, hasMore, pending } = loaderData;
  const busy = useNavigation().state !== "idle";
  const done = actionData?.ok ? actionData.message : null;
  const failedLead = actionData && !actionData.ok ? (actionData.intent ?? null) : null;
  const failedElsewhere = actionData && !actionData.ok && !leads.some((l) => l.id === failedLead) ? actionData.message : null;
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Reported enquiries</h1>
        <p className="mt-1 text-sm text-ink/75">
          Enquiries vendors reported as spam. They no longer count in the vendor's figures. “Confirm spam” keeps them out; “Not spam” puts the enquiry back in
          the vendor's inbox as it was and counts it again.
        </p>
        <p className="mt-2 text-sm font-semibold" data-testid="pending">
          {pending === 0 ? "No reports waiting." : pending === 1 ? "1 report waiting." : `${pending} reports waiting.`}
        </p>
        <FormAlert tone="success" message={done} className="mt-3" />
        <FormAlert message={failedElsewhere} className="mt-3" />
      </section>
      {leads.length > 0 ? (
        <ul className="flex flex-col gap-4" aria-label="Reports">
          {leads.map((lead) => (
            <Report key={lead.id} lead={lead} busy={busy} failure={lead.id === failedLead && actionData && !actionData.ok ? actionData.message : null} />
          ))}
        </ul>
      ) : (
        page > 1 && (
          <p className="text-sm">
            Nothing on this page. <Link to={PATH}>Back to the newest reports</Link>
          </p>
        )
      )}
      <Pager page={page} hasMore={hasMore} href={(p) => `${PATH}?page=${p}`} previousLabel="Newer" nextLabel="Older" className="" />
    </div>
  );
}
