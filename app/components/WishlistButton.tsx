import { useEffect, useState, useSyncExternalStore } from "react";
import { m } from "#shared/paraglide/messages.js";
import { useRootData } from "#app/lib/root-data.ts";
import { loadWishlist, subscribeWishlist, toggleWishlistItem, wishlistSnapshot } from "#app/lib/wishlist-store.ts";
import { showToast } from "./Toaster.tsx";

/** The same rule the server applies (a vendor has no wishlist). */

/**
 * The wishlist heart, for ServiceCard's `actions` slot and the service page. Without JavaScript it
 * is a form posting to /favorites/{id}; with it, it toggles in place and shows the spec's toasts.
 */
export function WishlistButton({
  serviceId,
  serviceName,
  initial = false,
  variant = "icon",
}: {
  serviceId: string;
  serviceName: string;
  initial?: boolean;
  variant?: "icon" | "button";
}) {
  const viewer = useRootData()?.viewer;
  const accountId = viewer?.canKeepWishlist ? viewer.id : null;
  // A boolean snapshot: when the list loads or changes, only the hearts whose state changed
  // re-render (a page has dozens). WishlistSync in the root loads the list once for the page.
  const favorited = useSyncExternalStore(
    subscribeWishlist,
    () => wishlistSnapshot()?.has(serviceId) ?? initial,
    () => initial,
  );
  const [busy, setBusy] = useState(false);
  const action = favorited ? m.public_wishlist_remove() : m.public_wishlist_add();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (viewer?.signedIn && !accountId) {
      showToast("error", m.couple_wishlist_couples_only());
      return;
    }
    setBusy(true);
    const outcome = await toggleWishlistItem(serviceId, accountId);
    setBusy(false);
    showToast(outcome.ok ? "success" : "error", outcome.message);
  }

  const heart = (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      className={favorited ? "fill-maroon-600 stroke-maroon-600" : "fill-none stroke-current"}
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.5 1.1 4.4 2.6h2C13.9 6.1 15.4 5 17.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  );
  return (
    // Tapped before the scripts ran, it waits for them (shared/early-taps.ts): a visitor's list lives in the browser.
    <form
      method="post"
      action={`/favorites/${encodeURIComponent(serviceId)}`}
      onSubmit={onSubmit}
      data-after-scripts=""
      className="relative z-10 aria-busy:opacity-60"
    >
      <button
        type="submit"
        aria-pressed={favorited}
        title={action}
        disabled={busy}
        className={
          variant === "icon"
            ? "grid h-10 w-10 place-items-center rounded-full bg-white/95 text-maroon-700 shadow hover:bg-white disabled:opacity-60"
            : "btn-secondary w-full disabled:opacity-60"
        }
      >
        {heart}
        {/* The icon's name: the action, then the service's name as its vendor typed it (user content, not translated). */}
        {variant === "icon" && (
          <span className="sr-only">
            {action}: <span translate="no">{serviceName}</span>
          </span>
        )}
        {variant === "button" && <span>{favorited ? m.public_wishlist_shortlisted() : m.public_wishlist_shortlist()}</span>}
      </button>
    </form>
  );
}

/**
 * Loads the wishlist for every heart on the page, once per viewer: the browser's list for a
 * visitor; the account's for a couple, after their browser's list joins it.
 */
export function WishlistSync() {
  const viewer = useRootData()?.viewer;
  const accountId = viewer?.canKeepWishlist ? viewer.id : null;
  useEffect(() => {
    void loadWishlist(accountId);
  }, [accountId]);
  return null;
}
