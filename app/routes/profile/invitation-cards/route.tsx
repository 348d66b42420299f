import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import type { CardSummary } from "#domain/invitations/index.ts";
import { ReadOnlyNote } from "../read-only-note.tsx";

export { action, loader } from "./cards.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_cards_title()) }, { name: "robots", content: "noindex" }];

type Failure = { ok: false; intent?: string; message: string } | undefined;

/** /profile/invitationCards: the couple's invitation cards, each to open in the editor, copy or delete; the gallery to start a new one. */
export default function InvitationCards({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, rights } = loaderData;
  const edits = rights.edits.invitations;
  const failure = actionData as Failure;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold text-maroon-700">{m.couple_cards_title()}</h1>
          {edits && (
            <Link to="/templates" className="btn-primary px-4 py-2">
              {m.couple_cards_choose_template()}
            </Link>
          )}
        </div>
        <p className="mt-2 text-ink/75">{cards.length ? m.couple_cards_count({ count: cards.length }) : m.couple_cards_intro()}</p>
        {failure && failure.ok === false && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.message}
          </p>
        )}
      </section>

      {!edits && <ReadOnlyNote part="invitations" />}

      {cards.length === 0 ? (
        <section className="rounded-2xl border border-dashed border-maroon-200 bg-white p-6 text-center" data-testid="cards-empty">
          <p className="text-lg font-semibold">{m.couple_cards_none()}</p>
          {edits && (
            <>
              <p className="mt-1 text-ink/75">{m.couple_cards_pick()}</p>
              <Link to="/templates" className="mt-4 inline-block font-semibold text-maroon-700 underline">
                {m.couple_cards_browse()}
              </Link>
            </>
          )}
        </section>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="cards-list">
          {cards.map((card) => (
            <CardItem key={card.id} card={card} busy={busy} edits={edits} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CardPreview({ card }: { card: CardSummary }) {
  return card.previewUrl ? (
    <img src={card.previewUrl} alt="" loading="lazy" className="h-full w-full object-contain" width={500} height={700} />
  ) : (
    <span className="grid h-full w-full place-items-center text-4xl text-maroon-200">✉</span>
  );
}

function CardItem({ card, busy, edits }: { card: CardSummary; busy: boolean; edits: boolean }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white" data-testid="card-item">
      {edits ? (
        <Link
          to={`/update_editor?card=${encodeURIComponent(card.id)}`}
          className="block aspect-[5/7] max-h-72 w-full bg-cream sm:max-h-none"
          tabIndex={-1}
          aria-hidden="true"
        >
          <CardPreview card={card} />
        </Link>
      ) : (
        <div className="block aspect-[5/7] max-h-72 w-full bg-cream sm:max-h-none">
          <CardPreview card={card} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold break-words text-maroon-800" translate="no">
            {card.title}
          </h2>
          {card.publicSlug && (
            <a
              href={`/view/${encodeURIComponent(card.publicSlug)}`}
              className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 underline-offset-2 hover:underline"
            >
              {m.couple_cards_published()}
              <span className="sr-only">{m.couple_cards_open_einvite({ title: card.title })}</span>
            </a>
          )}
        </div>
        <p className="text-sm text-ink/75">{card.templateName ? m.couple_cards_from({ template: card.templateName }) : m.couple_cards_own_design()}</p>
        <p className="text-sm text-ink/65">{m.couple_cards_last_edited({ date: formatDate(card.updatedAt) })}</p>
        {edits && (
          <div className="mt-auto flex flex-wrap items-center gap-3 pt-3">
            <Link to={`/update_editor?card=${encodeURIComponent(card.id)}`} className="btn-primary px-3 py-1.5 text-sm">
              {m.couple_cards_open()}
              <span className="sr-only"> {card.title}</span>
            </Link>
            <Form method="post">
              <input type="hidden" name="cardId" value={card.id} />
              <button type="submit" name="intent" value="duplicate" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
                {m.couple_cards_duplicate()}
                <span className="sr-only"> {card.title}</span>
              </button>
            </Form>
            <details className="group">
              <summary className="cursor-pointer text-sm font-semibold text-red-700 underline">
                {m.couple_cards_delete()}
                <span className="sr-only"> {card.title}</span>
              </summary>
              <Form method="post" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
                <p>{card.publicSlug ? m.couple_cards_delete_confirm_published({ title: card.title }) : m.couple_cards_delete_confirm({ title: card.title })}</p>
                <input type="hidden" name="cardId" value={card.id} />
                <button type="submit" name="intent" value="delete" className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white" disabled={busy}>
                  {m.couple_cards_yes_delete()}
                  <span className="sr-only"> {card.title}</span>
                </button>
              </Form>
            </details>
          </div>
        )}
      </div>
    </li>
  );
}
