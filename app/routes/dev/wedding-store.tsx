import { Form, data } from "react-router";
import type { Route } from "./+types/wedding-store";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { readPageForm } from "#platform/request-body.ts";
import { weddingStoresFor } from "#functions/stores/wedding-store/index.ts";
import { moveWeddingToStore, WeddingMoveBusy, type WeddingMove } from "#domain/weddings/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert } from "#app/components/ui/index.ts";

/**
 * Development only: moves one wedding's guest list into its own store (docs/decisions/0066), found
 * by its couple's e-mail address or the wedding's id, so a developer can try a moved wedding's guest
 * page, head-counts and RSVP links. The same domain function the tests and the daily job
 * (WEDDING_MOVES = "on") call. Not found unless the development pages are enabled
 * (functions/platform/dev-pages.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Wedding stores (development)") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const moved = await env.DB.prepare(
    "SELECT w.id, u.email, w.stored_at FROM weddings w JOIN users u ON u.id = w.couple_user_id WHERE w.stored_at IS NOT NULL ORDER BY w.stored_at DESC LIMIT 50",
  ).all<{ id: string; email: string | null; stored_at: number }>();
  return { moved: moved.results };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(appContext);
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
  const which = String((await readPageForm(request)).get("wedding") ?? "").trim();
  const wedding = await env.DB.prepare("SELECT w.id FROM weddings w JOIN users u ON u.id = w.couple_user_id WHERE w.id = ?1 OR lower(u.email) = lower(?1)")
    .bind(which)
    .first<{ id: string }>();
  if (!wedding) return data({ error: "No wedding has that id or couple's e-mail address.", move: null }, { status: 404 });
  try {
    const move: WeddingMove = await moveWeddingToStore({ db: env.DB, stores: weddingStoresFor(env), now: Date.now() }, wedding.id);
    return { error: null, move };
  } catch (e) {
    // The daily job (or another tab) is moving it now: say so, and try again later.
    if (e instanceof WeddingMoveBusy) return data({ error: e.message, move: null }, { status: 409 });
    throw e;
  }
}

export default function WeddingStores({ loaderData, actionData }: Route.ComponentProps) {
  const move = actionData?.move;
  return (
    <section className="container-page py-8">
      <h1 className="text-3xl font-bold text-maroon-700">Wedding stores</h1>
      <p className="mt-1 text-sm text-ink/70">
        Development only: moves one wedding&apos;s guest list from D1 into its own store. Its functions cannot be changed there yet (docs/decisions/0066).
      </p>
      <Form method="post" className="mt-4 grid max-w-xl gap-3">
        <Field name="wedding" label="Couple's e-mail address or wedding id" required />
        <button type="submit" className="w-fit rounded bg-maroon-700 px-4 py-2 font-semibold text-white">
          Move to its store
        </button>
      </Form>
      <FormAlert message={actionData?.error} className="mt-4" />
      {move && (
        <p className="mt-4" role="status">
          {move.already ? "Already moved" : "Moved"}: {move.weddingId} (
          {Object.entries(move.rows)
            .map(([t, n]) => `${t} ${n}`)
            .join(", ")}
          )
        </p>
      )}
      <h2 className="mt-8 text-xl font-semibold">Moved weddings</h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {loaderData.moved.map((w) => (
          <li key={w.id}>
            {w.email ?? w.id}: {new Date(w.stored_at).toISOString()}
          </li>
        ))}
      </ul>
    </section>
  );
}
