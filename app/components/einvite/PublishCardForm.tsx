import { Form, Link } from "react-router";
import type { cardsToPublish, ownInvitation } from "#domain/invitations/index.ts";
import { Checkbox } from "#app/components/ui/index.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";
import { button } from "./styles.ts";

type CardToPublish = Awaited<ReturnType<typeof cardsToPublish>>[number];
type OwnInvitation = Awaited<ReturnType<typeof ownInvitation>>;
/** A wedding function as the desk lists it, its date already worded on the server. */
export type FunctionToShow = { id: string; name: string; ownName: boolean; dateLabel: string };

/**
 * Publish a card (or change what the published one shows): the card, the functions it shows and
 * whether the public page takes requests. `cardId` is the card chosen on the page (held by the desk,
 * which also reads it for the live section).
 */
export function PublishCardForm({
  cards,
  functions,
  invitation,
  cardId,
  onChooseCard,
  busy,
}: {
  cards: CardToPublish[];
  functions: FunctionToShow[];
  invitation: OwnInvitation;
  cardId: string | null;
  onChooseCard: (id: string) => void;
  busy: boolean;
}) {
  const current = cards.find((c) => c.id === cardId);
  const isLive = invitation && invitation.cardId === cardId;
  const shown = new Set(isLive ? invitation.functions.map((f) => f.id) : functions.map((f) => f.id));
  return (
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
                  <input type="radio" name="cardId" value={c.id} checked={cardId === c.id} onChange={() => onChooseCard(c.id)} className="sr-only" />
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
                  <Checkbox
                    key={f.id}
                    name="eventIds"
                    value={f.id}
                    defaultChecked={shown.has(f.id)}
                    label={
                      <>
                        <span translate={f.ownName ? "no" : undefined}>{f.name}</span> · {f.dateLabel}
                      </>
                    }
                  />
                ))}
              </div>
            )}
          </fieldset>
          <Checkbox key={`r-${cardId}`} name="rsvpOpen" value="on" defaultChecked={isLive ? invitation.rsvpOpen : true} label={m.couple_einvite_rsvp_open()} />
          <div>
            <button type="submit" className={button} disabled={busy || !cardId}>
              {isLive ? m.couple_einvite_save() : invitation ? m.couple_einvite_publish_instead() : m.couple_einvite_publish()}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
