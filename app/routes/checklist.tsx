import { useState, useSyncExternalStore } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/checklist";
import { appContext } from "#functions/page-context.ts";
import { can } from "#domain/core/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { applyChecklistAction, checklistActionInput, defaultChecklist, type Checklist } from "#shared/checklist.ts";
import { pageTitle } from "#shared/strings.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";
import { ChecklistBoard, type ActionFormProps } from "./profile/checklist/board.tsx";
import { readVisitorChecklist, writeVisitorChecklist } from "./profile/checklist/visitor-store.ts";

/**
 * /checklist: the wedding checklist for a visitor, kept in this browser (localStorage) until they
 * log in or sign up; then it is merged into the account (nothing lost, nothing twice). A signed-in
 * couple is sent to their saved checklist (/profile/checklist).
 */
export const meta: Route.MetaFunction = () => [
  { title: pageTitle(m.public_checklist_title()) },
  { name: "description", content: m.public_checklist_description() },
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
    message: m.public_checklist_needs_js_toast(),
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
        <h1 className="text-3xl font-bold text-maroon-700">{m.public_checklist_title()}</h1>
        <p className="text-ink/75">{m.public_checklist_text()}</p>
        <div className="rounded-xl bg-marigold-300/40 p-3 text-sm" data-testid="keep-it">
          {rich(m.public_checklist_keep_it, {
            login: (
              <Link to={KEEP_IT} className="font-semibold text-maroon-700 underline">
                {m.public_checklist_log_in()}
              </Link>
            ),
            signup: (
              <Link to="/signup" className="font-semibold text-maroon-700 underline">
                {m.public_checklist_sign_up()}
              </Link>
            ),
          })}
          {loaderData.signedIn && m.public_checklist_couples_only()}
        </div>
        {!hydrated && <noscript>{m.public_checklist_needs_js()}</noscript>}
      </header>
      <ChecklistBoard list={list} city={null} Form={LocalForm} />
    </div>
  );
}
