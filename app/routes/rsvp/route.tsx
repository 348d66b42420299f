import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { personalInvitation } from "#domain/invitations/index.ts";
import { answerRsvp } from "#domain/guests/index.ts";
import { formatDate } from "#shared/format.ts";
import { PARTY_SIZE_MAX, RSVP_RESPONSES, type RsvpResponse } from "#shared/guest-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { CardPicture, Schedule } from "#app/routes/invitation/invitation-view.tsx";

/**
 * A household's personal RSVP page (/rsvp/:token): no account; the link is the authority and opens
 * only this household's invitation (functions/domain/guests/rsvp.ts). A wrong or reset link is the
 * not-found page. Never indexed, never kept by a shared cache. A plain form: works without JS.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? m.couple_rsvp_meta({ couple: loaderData.invitation.couple }) : m.couple_rsvp_meta_fallback()) },
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
      return back(m.couple_rsvp_thanks(), pagePath(request));
    },
  },
});

const timeOf = (f: { startTime: string | null; endTime: string | null }) =>
  f.startTime ? (f.endTime ? m.couple_rsvp_time_to({ start: f.startTime, end: f.endTime }) : f.startTime) : null;

/** The answers a guest can give, in the page's language. */
const RESPONSE_LABELS: Record<RsvpResponse, () => string> = {
  ATTENDING: m.couple_rsvp_attending,
  DECLINED: m.couple_rsvp_declined,
  MAYBE: m.couple_rsvp_maybe,
};
/** A function's name: the catalogue's Hindi name on a Hindi page, else as the couple wrote it. */
const fnName = (name: string) => localName(name, getLocale());

export default function Rsvp({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm uppercase tracking-wide text-maroon-700">{m.couple_rsvp_invited()}</p>
        <h1 className="mt-1 text-3xl font-bold text-maroon-700" translate="no">
          {invitation.couple}
        </h1>
        <p className="mt-2 text-ink/80">
          {m.couple_rsvp_dear_before()}
          <span translate="no">{invitation.household}</span>
          {m.couple_rsvp_dear_middle()}
          <span translate="no">{invitation.couple}</span>
          {m.couple_rsvp_dear_after()}
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
          <p className="mt-4">{m.couple_rsvp_nothing()}</p>
        ) : (
          <Form method="post" className="mt-5 space-y-6">
            {invitation.functions.map((f) => (
              <fieldset key={f.id} className="rounded-xl border border-maroon-100 p-4">
                <legend className="px-1 text-lg font-semibold text-maroon-800">{fnName(f.name)}</legend>
                <p className="text-sm text-ink/75">
                  {formatDate(f.eventDate)}
                  {timeOf(f) ? ` · ${timeOf(f)}` : ""}
                  {f.venue ? " · " : ""}
                  {f.venue ? <span translate="no">{f.venue}</span> : null}
                </p>
                <div className="mt-3 space-y-3">
                  {invitation.guests.map((g) => {
                    const current = g.answers[f.id];
                    const key = `${g.id}:${f.id}`;
                    return (
                      <div key={key} className="flex flex-col gap-2 border-t border-maroon-50 pt-3 sm:flex-row sm:items-center sm:justify-between">
                        <span className="font-medium" translate="no">
                          {g.name}
                        </span>
                        <div className="flex flex-wrap items-center gap-3">
                          <div
                            className="flex flex-wrap items-center gap-3"
                            role="radiogroup"
                            aria-label={m.couple_rsvp_guest_at({ guest: g.name, function: fnName(f.name) })}
                          >
                            {RSVP_RESPONSES.map((r) => (
                              <label key={r} className="inline-flex items-center gap-1 text-sm">
                                <input type="radio" name={`r:${key}`} value={r} defaultChecked={current?.response === r} />
                                {RESPONSE_LABELS[r]()}
                              </label>
                            ))}
                          </div>
                          <Field
                            compact
                            type="number"
                            name={`n:${key}`}
                            label={m.couple_rsvp_people()}
                            min={1}
                            max={PARTY_SIZE_MAX}
                            defaultValue={current?.partySize ?? 1}
                            className="w-20"
                            aria-label={m.couple_rsvp_how_many({ guest: g.name, function: fnName(f.name) })}
                          />
                        </div>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            <button type="submit" className="rounded-full bg-maroon-700 px-6 py-2 font-semibold text-white disabled:opacity-60" disabled={busy}>
              {m.couple_rsvp_save()}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
