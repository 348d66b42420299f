import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { personalInvitation } from "#domain/invitations/index.ts";
import { answerRsvp } from "#domain/guests/index.ts";
import { formatDate } from "#shared/format.ts";
import { PARTY_SIZE_MAX, RESPONSE_LABELS, RSVP_RESPONSES } from "#shared/guest-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { CardPicture, Schedule } from "#app/routes/invitation/invitation-view.tsx";

/**
 * A household's personal RSVP page (/rsvp/:token): no account; the link is the authority and opens
 * only this household's invitation (functions/domain/guests/rsvp.ts). A wrong or reset link is the
 * not-found page. Never indexed, never kept by a shared cache. A plain form: works without JS.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `RSVP: ${loaderData.invitation.couple}` : "Invitation") },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ invitation: await personalInvitation(domain, params.token) }));
}

/** Fields r:<guestId>:<eventId> (the answer) and n:<guestId>:<eventId> (how many), one pair per guest and function. */
export const action = pageAction({
  defaultIntent: "rsvp",
  intents: {
    rsvp: async ({ request, domain, params, fields, back }) => {
      const answers = Object.entries(fields)
        .filter(([k, v]) => k.startsWith("r:") && typeof v === "string" && v !== "")
        .slice(0, 500)
        .map(([k, response]) => {
          const [, guestId = "", eventId = ""] = k.split(":");
          return { guestId, eventId, response, partySize: fields[`n:${guestId}:${eventId}`] };
        });
      await answerRsvp(domain, params.token ?? "", { answers });
      return back("Thank you! Your answers are saved.", pagePath(request));
    },
  },
});

const timeOf = (f: { startTime: string | null; endTime: string | null }) => (f.startTime ? `${f.startTime}${f.endTime ? ` to ${f.endTime}` : ""}` : null);

export default function Rsvp({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm uppercase tracking-wide text-maroon-700">You are invited</p>
        <h1 className="mt-1 text-3xl font-bold text-maroon-700">{invitation.couple}</h1>
        <p className="mt-2 text-ink/80">
          Dear {invitation.household}, please tell {invitation.couple} who can come to each function. You can change your answers here at any time.
        </p>
        {invitation.card && (
          <div className="mt-5">
            <CardPicture src={invitation.card.cardImageUrl} width={invitation.card.cardWidth} height={invitation.card.cardHeight} couple={invitation.couple} />
            <Schedule functions={invitation.schedule} />
          </div>
        )}
        <FormAlert
          message={
            failure ? `${failure.message}${Object.values(failure.errors).length ? ` ${[...new Set(Object.values(failure.errors))].join(" ")}` : ""}` : null
          }
          className="mt-3"
        />
        {invitation.functions.length === 0 ? (
          <p className="mt-4">There is nothing to answer yet: the couple has not added your invitation to any function.</p>
        ) : (
          <Form method="post" className="mt-5 space-y-6">
            {invitation.functions.map((f) => (
              <fieldset key={f.id} className="rounded-xl border border-maroon-100 p-4">
                <legend className="px-1 text-lg font-semibold text-maroon-800">{f.name}</legend>
                <p className="text-sm text-ink/75">
                  {formatDate(f.eventDate)}
                  {timeOf(f) ? ` · ${timeOf(f)}` : ""}
                  {f.venue ? ` · ${f.venue}` : ""}
                </p>
                <div className="mt-3 space-y-3">
                  {invitation.guests.map((g) => {
                    const current = g.answers[f.id];
                    const key = `${g.id}:${f.id}`;
                    return (
                      <div key={key} className="flex flex-col gap-2 border-t border-maroon-50 pt-3 sm:flex-row sm:items-center sm:justify-between">
                        <span className="font-medium">{g.name}</span>
                        <div className="flex flex-wrap items-center gap-3">
                          <div className="flex flex-wrap items-center gap-3" role="radiogroup" aria-label={`${g.name} at ${f.name}`}>
                            {RSVP_RESPONSES.map((r) => (
                              <label key={r} className="inline-flex items-center gap-1 text-sm">
                                <input type="radio" name={`r:${key}`} value={r} defaultChecked={current?.response === r} />
                                {RESPONSE_LABELS[r]}
                              </label>
                            ))}
                          </div>
                          <Field
                            compact
                            type="number"
                            name={`n:${key}`}
                            label="People"
                            min={1}
                            max={PARTY_SIZE_MAX}
                            defaultValue={current?.partySize ?? 1}
                            className="w-20"
                            aria-label={`How many people with ${g.name} at ${f.name}`}
                          />
                        </div>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            <button type="submit" className="rounded-full bg-maroon-700 px-6 py-2 font-semibold text-white disabled:opacity-60" disabled={busy}>
              Save our answers
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
