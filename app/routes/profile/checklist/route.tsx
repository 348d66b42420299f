import { useFetcher, useFetchers } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { showToast } from "#app/components/Toaster.tsx";
import { useWeddingLive } from "#app/lib/wedding-live.ts";
import { applyChecklistAction, checklistActionInput, type Checklist } from "#shared/checklist.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { ChecklistBoard, type ActionFormProps } from "./board.tsx";
import { useVisitorChecklistMerge } from "./visitor-store.ts";
import { checklistAction, checklistPage } from "./checklist.server.ts";
import { ReadOnlyNote } from "../read-only-note.tsx";

/**
 * /profile/checklist: the couple's wedding checklist (spec: Checklist, Checklist actions). Each
 * action is a form post with an `intent` that works without JavaScript (post, redirect, get); with
 * it, a fetcher posts and the list shows the change at once (the pending actions applied to the
 * loaded list with the same shared functions the server runs).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_checklist_title()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, () => checklistPage(domain));
}

export async function action({ request, context }: Route.ActionArgs) {
  return checklistAction(request, context.get(appContext).domain);
}

/** The list with every in-flight action of this page already applied (optimistic). */
function usePendingList(list: Checklist): Checklist {
  const fetchers = useFetchers();
  let shown = list;
  for (const f of fetchers) {
    if (!f.formData || !f.formAction?.startsWith("/profile/checklist")) continue;
    const parsed = checklistActionInput.safeParse(Object.fromEntries(f.formData));
    if (parsed.success) shown = applyChecklistAction(shown, parsed.data);
  }
  return shown;
}

function ServerForm({ children, className, label, autoSubmit, resetAfter }: ActionFormProps) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result && !result.ok) showToast("error", Object.values(result.errors ?? {})[0] ?? result.message);
  }, [fetcher.state, result]);
  return (
    <fetcher.Form
      method="post"
      action="/profile/checklist"
      aria-label={label}
      className={className}
      onChange={autoSubmit ? (e) => e.currentTarget.requestSubmit() : undefined}
      // A tick made before the page's scripts ran is held and saved once they have (shared/early-taps.ts).
      data-save-on-change={autoSubmit ? "" : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const fields = new FormData(form, (e.nativeEvent as SubmitEvent).submitter);
        fields.set("js", "1");
        void fetcher.submit(fields, { method: "post", action: "/profile/checklist" });
        if (resetAfter) form.reset();
      }}
    >
      {children}
    </fetcher.Form>
  );
}

export default function ChecklistRoute({ loaderData }: Route.ComponentProps) {
  const edits = loaderData.rights.edits.plan;
  // Another co-planner's change of this area reloads the page's data (issue 33).
  useWeddingLive("plan");
  // A visitor's list joins the account's only where the reader may change it (a viewer's would be refused).
  useVisitorChecklistMerge(edits);
  const list = usePendingList(loaderData.list);
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-3xl font-bold text-maroon-700">{m.couple_checklist_title()}</h1>
        <p className="mt-1 text-sm text-ink/75">
          {m.couple_checklist_intro({ city: loaderData.city ? m.couple_checklist_in_city({ city: localName(loaderData.city, getLocale()) }) : "" })}
        </p>
      </header>
      {!edits && <ReadOnlyNote part="checklist" />}
      <ChecklistBoard list={list} city={loaderData.city} locations={loaderData.locations} Form={ServerForm} readOnly={!edits} />
    </div>
  );
}
