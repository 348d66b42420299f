import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/card";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath, submitOrRespond } from "#app/lib/page-errors.server.ts";
import {
  approveRequest,
  cardsToPublish,
  declineRequest,
  inviteDate,
  listRequests,
  ownInvitation,
  publishCard,
  unpublishCard,
} from "#domain/invitations/index.ts";
import { formToObject } from "#domain/core/index.ts";
import { weddingFunctions } from "#domain/planning/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import type { Dietary, RsvpResponse } from "#shared/guest-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { Checkbox, Field, FormAlert } from "#app/components/ui/index.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /card: the couple's e-invite desk. Choose a card to publish (?card= preselects), the functions it
 * shows and whether the public page takes requests; copy or WhatsApp the share link; unpublish; and
 * approve or decline the requests guests sent from the public page. Plain forms with an intent (PRG).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_einvite_title()) }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const [cards, functions, invitation, requests] = [
      await cardsToPublish(domain),
      await weddingFunctions(domain),
      await ownInvitation(domain),
      await listRequests(domain),
    ];
    const wanted = new URL(request.url).searchParams.get("card");
    const selected = cards.find((c) => c.id === wanted)?.id ?? invitation?.cardId ?? cards[0]?.id ?? null;
    // Dates are worded here, on the server: the page's module must not take the domain into the browser.
    return { cards, functions: functions.map((f) => ({ ...f, dateLabel: inviteDate(f.eventDate) })), invitation, requests, selected };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  return submitOrRespond(
    request,
    async () => {
      const form = await readFormData(request);
      const input = formToObject(form);
      intent = String(input.intent ?? "");
      const back = (message: string, to = pagePath(request, { search: true })) => redirectWithToast(request, to, { type: "success", message }, { status: 303 });
      switch (intent) {
        case "publish": {
          const cardId = String(input.cardId ?? "");
          const eventIds = form.getAll("eventIds").filter((v): v is string => typeof v === "string");
          await publishCard(domain, cardId, { eventIds, rsvpOpen: input.rsvpOpen === "on" || input.rsvpOpen === "true" });
          return back(m.couple_einvite_done_live(), `/card?card=${encodeURIComponent(cardId)}`);
        }
        case "unpublish":
          await unpublishCard(domain, String(input.cardId ?? ""));
          return back(m.couple_einvite_done_unpublished());
        case "approve":
          return back((await approveRequest(domain, String(input.requestId ?? ""))).message);
        case "decline":
          await declineRequest(domain, String(input.requestId ?? ""));
          return back(m.couple_einvite_done_declined());
        default:
          return back(m.couple_einvite_done_nothing());
      }
    },
    { intent: "card" },
  );
}

/** A request's food preference and answers, in the page's language. */
const DIET_NAMES: Record<Dietary, () => string> = {
  VEG: m.couple_diet_veg,
  JAIN: m.couple_diet_jain,
  NON_VEG: m.couple_diet_non_veg,
  VEGAN: m.couple_diet_vegan,
};
const ANSWER_NAMES: Record<RsvpResponse, () => string> = { ATTENDING: m.couple_rsvp_attending, DECLINED: m.couple_rsvp_declined, MAYBE: m.couple_rsvp_maybe };

const button = "rounded-full bg-maroon-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
const quiet = "rounded-full border border-maroon-700 px-4 py-2 text-sm font-semibold text-maroon-700 disabled:opacity-60";

function CopyButton({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={quiet}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      {done ? m.couple_einvite_copied() : m.couple_einvite_copy_link()}
    </button>
  );
}

export default function CardDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, functions, invitation, requests, selected } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const [cardId, setCardId] = useState(selected);
  const current = cards.find((c) => c.id === cardId);
  const isLive = invitation && invitation.cardId === cardId;
  const shown = new Set(isLive ? invitation.functions.map((f) => f.id) : functions.map((f) => f.id));
  const pending = requests.filter((r) => r.status === "PENDING");
  const toShare = requests.filter((r) => r.status === "APPROVED" && !r.email && r.whatsappUrl);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-maroon-700">{m.couple_einvite_title()}</h1>
      <FormAlert message={failure ? `${failure.message} ${[...new Set(Object.values(failure.errors))].join(" ")}` : null} className="" />
      {invitation?.shareUrl && (
        <section aria-labelledby="live" className="rounded-2xl border border-green-200 bg-green-50 p-4 md:p-6">
          <h2 id="live" className="text-xl font-bold text-green-900">
            {rich(m.couple_einvite_live, {
              card: <span translate="no">{cards.find((c) => c.id === invitation.cardId)?.title ?? m.couple_einvite_your_card()}</span>,
            })}
          </h2>
          <Field label={m.couple_einvite_share_link()} readOnly value={invitation.shareUrl} className="mt-2" />
          <div className="mt-3 flex flex-wrap gap-3">
            <CopyButton text={invitation.shareUrl} />
            {invitation.whatsappUrl && (
              <a
                href={invitation.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-full bg-green-700 px-4 py-2 text-sm font-semibold text-white"
              >
                {m.couple_einvite_share_whatsapp()}
              </a>
            )}
            <Link to={`/view/${invitation.slug}`} className={quiet}>
              {m.couple_einvite_open_page()}
            </Link>
            <Link to="/guests" className={quiet}>
              {m.couple_einvite_what_guests_see()}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish" />
              <input type="hidden" name="cardId" value={invitation.cardId} />
              <button type="submit" className={quiet} disabled={busy}>
                {m.couple_einvite_unpublish()}
              </button>
            </Form>
          </div>
        </section>
      )}
      <section aria-labelledby="publish" className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
        <h2 id="publish" className="text-xl font-bold text-maroon-700">
          {invitation ? m.couple_einvite_change_published() : m.couple_einvite_publish_card()}
        </h2>
        {cards.length === 0 ? (
          <p className="mt-2">
            {rich(m.couple_einvite_no_cards, {
              link: (
                <Link to="/templates" className="font-semibold text-maroon-700 underline">
                  {m.couple_einvite_choose_template()}
                </Link>
              ),
            })}
          </p>
        ) : (
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="publish" />
            <fieldset>
              <legend className="font-semibold">{m.couple_einvite_card()}</legend>
              <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {cards.map((c) => (
                  <label
                    key={c.id}
                    className="block cursor-pointer rounded-xl border border-maroon-100 p-2 text-sm has-[:checked]:border-maroon-700 has-[:checked]:ring-2 has-[:checked]:ring-maroon-700"
                  >
                    <input type="radio" name="cardId" value={c.id} checked={cardId === c.id} onChange={() => setCardId(c.id)} className="sr-only" />
                    {c.previewUrl ? (
                      <img src={c.previewUrl} alt="" width={160} height={224} className="h-auto w-full rounded" loading="lazy" />
                    ) : (
                      <span className="flex aspect-[5/7] items-center justify-center rounded bg-maroon-50 p-2 text-center text-xs">
                        {m.couple_einvite_no_picture()}
                      </span>
                    )}
                    <span className="mt-1 block font-medium" translate="no">
                      {c.title}
                    </span>
                    {c.published && <span className="text-xs text-green-800">{m.couple_einvite_card_live()}</span>}
                  </label>
                ))}
              </div>
              {current && (
                <p className="mt-2 text-sm">
                  <Link to={`/view_1?card=${encodeURIComponent(current.id)}`} className="text-maroon-700 underline">
                    {rich(m.couple_einvite_preview_as_guests, { card: <span translate="no">{current.title}</span> })}
                  </Link>
                </p>
              )}
            </fieldset>
            <fieldset key={`f-${cardId}`}>
              <legend className="font-semibold">{m.couple_einvite_functions_to_show()}</legend>
              {functions.length === 0 ? (
                <p className="text-sm">
                  {rich(m.couple_einvite_add_functions, {
                    planner: (
                      <Link to="/profile/weddingplan" className="text-maroon-700 underline">
                        {m.couple_einvite_planner()}
                      </Link>
                    ),
                  })}
                </p>
              ) : (
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {functions.map((f) => (
                    <Checkbox key={f.id} name="eventIds" value={f.id} defaultChecked={shown.has(f.id)} label={`${f.name} · ${f.dateLabel}`} />
                  ))}
                </div>
              )}
            </fieldset>
            <Checkbox
              key={`r-${cardId}`}
              name="rsvpOpen"
              value="on"
              defaultChecked={isLive ? invitation.rsvpOpen : true}
              label={m.couple_einvite_rsvp_open()}
            />
            <div>
              <button type="submit" className={button} disabled={busy || !cardId}>
                {isLive ? m.couple_einvite_save() : invitation ? m.couple_einvite_publish_instead() : m.couple_einvite_publish()}
              </button>
            </div>
          </Form>
        )}
      </section>
      <section aria-labelledby="requests" className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
        <h2 id="requests" className="text-xl font-bold text-maroon-700">
          {m.couple_einvite_requests({ count: pending.length })}
        </h2>
        {pending.length === 0 ? (
          <p className="mt-2 text-sm">{m.couple_einvite_no_requests()}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {pending.map((r) => (
              <li key={r.id} className="rounded-xl border border-maroon-100 p-3" data-testid={`request-${r.phone}`}>
                <p className="font-semibold">
                  <span translate="no">
                    {r.name} · {r.phone}
                  </span>{" "}
                  · {m.couple_einvite_people({ count: r.partySize })}
                  {r.dietary ? ` · ${DIET_NAMES[r.dietary]()}` : ""}
                </p>
                <p className="text-sm">
                  {r.answers.map((a, i) => (
                    <span key={i}>
                      {i > 0 && " · "}
                      <span translate="no">{a.name}</span>: {ANSWER_NAMES[a.response]()}
                    </span>
                  ))}
                </p>
                {r.message && (
                  <p className="mt-1 text-sm italic" translate="no">
                    “{r.message}”
                  </p>
                )}
                <div className="mt-2 flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <button type="submit" className={button} disabled={busy}>
                      {m.couple_einvite_approve()}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="decline" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <button type="submit" className={quiet} disabled={busy}>
                      {m.couple_einvite_decline()}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
        {toShare.length > 0 && (
          <div className="mt-4">
            <h3 className="font-semibold">{m.couple_einvite_approved_no_email()}</h3>
            <ul className="mt-2 space-y-2">
              {toShare.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid={`approved-${r.phone}`}>
                  <span translate="no">
                    {r.name} · {r.phone}
                  </span>
                  <a href={r.whatsappUrl!} target="_blank" rel="noopener noreferrer" className="rounded-full bg-green-700 px-3 py-1 font-semibold text-white">
                    {m.couple_einvite_send_whatsapp()}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="mt-3 text-sm">
          {rich(m.couple_einvite_approved_join, {
            list: (
              <Link to="/profile/guests" className="text-maroon-700 underline">
                {m.couple_einvite_guest_list()}
              </Link>
            ),
          })}
        </p>
      </section>
    </div>
  );
}
