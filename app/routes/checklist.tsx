import { useState, useSyncExternalStore } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/checklist";
import { appContext } from "#functions/page-context.ts";
import { can } from "#domain/core/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { applyChecklistAction, checklistActionInput, defaultChecklist, type Checklist } from "#shared/checklist.ts";
import { pageTitle } from "#shared/strings.ts";
import { ChecklistBoard, type ActionFormProps } from "./profile/checklist/board.tsx";
import { readVisitorChecklist, writeVisitorChecklist } from "./profile/checklist/visitor-store.ts";

/**
 * /checklist: the wedding checklist for a visitor, kept in this browser (localStorage) until they
 * log in or sign up; then it is merged into the account (nothing lost, nothing twice). A signed-in
 * couple is sent to their saved checklist (/profile/checklist).
 */
export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Wedding checklist") },
  { name: "description", content: "A free Indian wedding checklist: venue, decorators, caterers, photographers, DJ, invitations, pandit and more." },
];

const KEEP_IT = "/login?redirectTo=%2Fprofile%2Fchecklist";

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(appContext);
  if (actor && can.planWedding(actor)) throw redirect("/profile/checklist");
  return { signedIn: Boolean(actor) };
}

/** Without JavaScript the browser cannot keep the list: say so and offer the account instead. */
export function action({ request }: Route.ActionArgs) {
  return redirectWithToast(request, "/checklist", {
    type: "error",
    message: "This checklist is kept in your browser and needs JavaScript. Log in or sign up to keep it on your account.",
  });
}

let stored: Checklist | null | undefined;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
function storedList(): Checklist | null {
  if (stored === undefined) stored = readVisitorChecklist();
  return stored;
}
function saveList(list: Checklist) {
  stored = list;
  writeVisitorChecklist(list);
  listeners.forEach((l) => l());
}

function LocalForm({ children, className, label, autoSubmit, resetAfter }: ActionFormProps) {
  return (
    <form
      method="post"
      aria-label={label}
      className={className}
      onChange={autoSubmit ? (e) => e.currentTarget.requestSubmit() : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const parsed = checklistActionInput.safeParse(Object.fromEntries(new FormData(form)));
        if (!parsed.success) return;
        saveList(applyChecklistAction(storedList() ?? defaultChecklist(), parsed.data));
        if (resetAfter) form.reset();
      }}
    >
      {children}
    </form>
  );
}

export default function VisitorChecklist({ loaderData }: Route.ComponentProps) {
  const [fallback] = useState(defaultChecklist);
  const list =
    useSyncExternalStore(
      subscribe,
      () => storedList(),
      () => null,
    ) ?? fallback;
  const hydrated = useHydrated();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-maroon-700">Wedding checklist</h1>
        <p className="text-ink/75">Every task from roka to vidaai: tick what is done and give each task a date. This list is kept in this browser.</p>
        <div className="rounded-xl bg-marigold-300/40 p-3 text-sm" data-testid="keep-it">
          <Link to={KEEP_IT} className="font-semibold text-maroon-700 underline">
            Log in
          </Link>{" "}
          or{" "}
          <Link to="/signup" className="font-semibold text-maroon-700 underline">
            sign up
          </Link>{" "}
          to keep it: your ticks, dates and own tasks move into your account.
          {loaderData.signedIn && " (Checklists are kept for couples' accounts.)"}
        </div>
        {!hydrated && <noscript>This checklist needs JavaScript to be kept in your browser.</noscript>}
      </header>
      <ChecklistBoard list={list} city={null} Form={LocalForm} />
    </div>
  );
}
