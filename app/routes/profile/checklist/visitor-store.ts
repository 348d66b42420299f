import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { readStoredChecklist, VISITOR_CHECKLIST_KEY, type Checklist } from "#shared/checklist.ts";

/**
 * A visitor's checklist in the browser (localStorage) and its move into the account: on the first
 * signed-in visit to /profile or /profile/checklist the stored list is merged into the account's
 * (POST /api/v1/checklist/merge: nothing lost, nothing twice) and forgotten only once the server
 * has it, so a failed merge is tried again on the next visit.
 */
export function readVisitorChecklist(): Checklist | null {
  try {
    return readStoredChecklist(localStorage.getItem(VISITOR_CHECKLIST_KEY));
  } catch {
    return null;
  }
}

export function writeVisitorChecklist(list: Checklist): void {
  try {
    localStorage.setItem(VISITOR_CHECKLIST_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list still shows for this visit.
  }
}

let merging: Promise<boolean> | null = null;

/** Merges the stored visitor list into the signed-in couple's account; true when something was merged. */
export function mergeVisitorChecklistIntoAccount(): Promise<boolean> {
  merging ??= (async () => {
    const local = readVisitorChecklist();
    if (!local) return false;
    try {
      const res = await fetch("/api/v1/checklist/merge", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ categories: local }),
      });
      if (!res.ok) return false;
      localStorage.removeItem(VISITOR_CHECKLIST_KEY);
      return true;
    } catch (e) {
      console.error("Could not move the checklist into the account", e);
      return false;
    }
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/** On a signed-in couple's page: merge a stored visitor list once, then reload the page's data. */
export function useVisitorChecklistMerge(enabled: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    void mergeVisitorChecklistIntoAccount().then((merged) => {
      if (merged) void revalidate();
    });
  }, [enabled, revalidate]);
}
