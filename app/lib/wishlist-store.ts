import { WISHLIST } from "#shared/strings.ts";

/**
 * The wishlist in the browser (the spec's API calls it favorites). Signed-in couples: the server's list, fetched once and updated
 * by each toggle. Visitors: ids kept in localStorage, merged into the account at login
 * (POST /api/v1/favorites/merge). Hearts on every card read the same store.
 */
/** The localStorage key (its value is the name the browser already stores). */
export const LOCAL_WISHLIST_KEY = "mandap_favorites";

type Listener = () => void;
let ids: ReadonlySet<string> | null = null;
let loadedFor: string | null = null;
const listeners = new Set<Listener>();
/**
 * Toggles answered while the account's list is being fetched. The list's answer may predate them
 * (a heart tapped as the page starts), so they are applied on top of it rather than undone by it.
 */
let togglesDuringLoad: Map<string, boolean> | null = null;

function emit(next: ReadonlySet<string>) {
  ids = next;
  listeners.forEach((l) => l());
}

export function subscribeWishlist(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const wishlistSnapshot = () => ids;

export function readLocalWishlist(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_WISHLIST_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string").slice(0, 200) : [];
  } catch {
    return [];
  }
}

function writeLocalWishlist(list: readonly string[]) {
  try {
    if (list.length) localStorage.setItem(LOCAL_WISHLIST_KEY, JSON.stringify(list));
    else localStorage.removeItem(LOCAL_WISHLIST_KEY);
  } catch {
    // Storage can be full or disabled; the heart still reflects the click for this page.
  }
}

/** Loads the list for this viewer (the account id, or null for a visitor) once; at login the visitor's list is merged first. */
export async function loadWishlist(accountId: string | null): Promise<void> {
  const key = accountId ?? "visitor";
  if (loadedFor === key) return;
  loadedFor = key;
  if (!accountId) return emit(new Set(readLocalWishlist()));
  togglesDuringLoad = new Map();
  try {
    const merged = await mergeLocalWishlist();
    if (merged) return emitLoaded(merged);
    const res = await fetch("/api/v1/favorites", { credentials: "same-origin" });
    if (res.ok) emitLoaded(((await res.json()) as { favorites: string[] }).favorites);
  } catch {
    loadedFor = null;
  } finally {
    togglesDuringLoad = null;
  }
}

function emitLoaded(favorites: readonly string[]) {
  const next = new Set(favorites);
  for (const [id, favorited] of togglesDuringLoad ?? []) {
    if (favorited) next.add(id);
    else next.delete(id);
  }
  emit(next);
}

export type ToggleOutcome = { ok: boolean; favorited: boolean; message: string };

export async function toggleWishlistItem(serviceId: string, accountId: string | null): Promise<ToggleOutcome> {
  const current = new Set(ids ?? []);
  if (!accountId) {
    const local = readLocalWishlist();
    const favorited = !local.includes(serviceId);
    const next = favorited ? [...local, serviceId] : local.filter((id) => id !== serviceId);
    writeLocalWishlist(next);
    emit(new Set(next));
    return { ok: true, favorited, message: favorited ? WISHLIST.added : WISHLIST.removed };
  }
  try {
    const res = await fetch(`/api/v1/favorites/${encodeURIComponent(serviceId)}`, { method: "POST", credentials: "same-origin" });
    const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; favorited?: boolean };
    if (!res.ok || !body.success) return { ok: false, favorited: current.has(serviceId), message: body.message || WISHLIST.failed };
    const favorited = body.favorited ?? !current.has(serviceId);
    if (favorited) current.add(serviceId);
    else current.delete(serviceId);
    togglesDuringLoad?.set(serviceId, favorited);
    emit(current);
    return { ok: true, favorited, message: body.message || WISHLIST.added };
  } catch {
    return { ok: false, favorited: current.has(serviceId), message: WISHLIST.failed };
  }
}

/** After login: moves the visitor's wishlist into the account, then forgets the local copy; the account's list, or null. */
async function mergeLocalWishlist(): Promise<string[] | null> {
  const local = readLocalWishlist();
  if (!local.length) return null;
  try {
    const res = await fetch("/api/v1/favorites/merge", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids: local }),
    });
    if (!res.ok) return null;
    writeLocalWishlist([]);
    return ((await res.json()) as { favorites: string[] }).favorites;
  } catch (e) {
    console.error("Could not merge the wishlist", e);
    return null;
  }
}
