import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once the page's JavaScript runs.
 * For controls that only work with JavaScript (a drag handle, a list that narrows as you type) and
 * for buttons only needed without it.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
