import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import type { CardSummary } from "#domain/invitations/index.ts";

export { action, loader } from "./cards.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Invitation Cards") }, { name: "robots", content: "noindex" }];

type Failure = { ok: false; intent?: string; message: string } | undefined;

/** /profile/invitationCards: the couple's invitation cards, each to open in the editor, copy or delete; the gallery to start a new one. */
export default function InvitationCards({ loaderData, actionData }: Route.ComponentProps) {
  const { cards } = loaderData;
  const failure = actionData as Failure;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold text-maroon-700">Invitation Cards</h1>
          <Link to="/templates" className="btn-primary px-4 py-2">
            Choose a template
          </Link>
        </div>
        <p className="mt-2 text-ink/75">
          {cards.length
            ? `${cards.length} ${cards.length === 1 ? "card" : "cards"}. Open one to edit it in the editor, or make a copy to try another version.`
            : "Your invitation cards: designs from our gallery, filled with your names, date and venue from your wedding plan, that you edit, download as PDF or PNG, and share as a live e-invite."}
        </p>
        {failure && failure.ok === false && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.message}
          </p>
        )}
      </section>

      {cards.length === 0 ? (
        <section className="rounded-2xl border border-dashed border-maroon-200 bg-white p-6 text-center" data-testid="cards-empty">
          <p className="text-lg font-semibold">You have no cards yet.</p>
          <p className="mt-1 text-ink/75">Pick a design in the gallery; it opens in the editor with your details already in it.</p>
          <Link to="/templates" className="mt-4 inline-block font-semibold text-maroon-700 underline">
            Browse the template gallery
          </Link>
        </section>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="cards-list">
          {cards.map((card) => (
            <CardItem key={card.id} card={card} busy={busy} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CardItem({ card, busy }: { card: CardSummary; busy: boolean }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white" data-testid="card-item">
      <Link
        to={`/update_editor?card=${encodeURIComponent(card.id)}`}
        className="block aspect-[5/7] max-h-72 w-full bg-cream sm:max-h-none"
        tabIndex={-1}
        aria-hidden="true"
      >
        {card.previewUrl ? (
          <img src={card.previewUrl} alt="" loading="lazy" className="h-full w-full object-contain" width={500} height={700} />
        ) : (
          <span className="grid h-full w-full place-items-center text-4xl text-maroon-200">✉</span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold break-words text-maroon-800">{card.title}</h2>
          {card.publicSlug && (
            <a
              href={`/view/${encodeURIComponent(card.publicSlug)}`}
              className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 underline-offset-2 hover:underline"
            >
              Published<span className="sr-only">: open the e-invite of {card.title}</span>
            </a>
          )}
        </div>
        <p className="text-sm text-ink/75">{card.templateName ? `From ${card.templateName}` : "Your own design"}</p>
        <p className="text-sm text-ink/65">Last edited {formatDate(card.updatedAt)}</p>
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-3">
          <Link to={`/update_editor?card=${encodeURIComponent(card.id)}`} className="btn-primary px-3 py-1.5 text-sm">
            Open<span className="sr-only"> {card.title}</span>
          </Link>
          <Form method="post">
            <input type="hidden" name="cardId" value={card.id} />
            <button type="submit" name="intent" value="duplicate" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
              Duplicate<span className="sr-only"> {card.title}</span>
            </button>
          </Form>
          <details className="group">
            <summary className="cursor-pointer text-sm font-semibold text-red-700 underline">
              Delete<span className="sr-only"> {card.title}</span>
            </summary>
            <Form method="post" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <p>
                Delete “{card.title}”{card.publicSlug ? " and its e-invite" : ""}? This cannot be undone.
              </p>
              <input type="hidden" name="cardId" value={card.id} />
              <button type="submit" name="intent" value="delete" className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white" disabled={busy}>
                Yes, delete<span className="sr-only"> {card.title}</span>
              </button>
            </Form>
          </details>
        </div>
      </div>
    </li>
  );
}
