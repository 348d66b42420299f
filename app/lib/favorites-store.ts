import { FAVORITE } from "#shared/strings.ts";

/**
 * The shortlist in the browser. Signed-in couples: the server's list, fetched once and updated
 * by each toggle. Visitors: ids kept in localStorage, merged into the account at login
 * (POST /api/v1/favorites/merge). Hearts on every card read the same store.
 */
export const LOCAL_FAVORITES_KEY = "mandap_favorites";

type Listener = () => void;
let ids: ReadonlySet<string> | null = null;
let loadedFor: string | null = null;
const listeners = new Set<Listener>();

function emit(next: ReadonlySet<string>) {
  ids = next;
  listeners.forEach((l) => l());
}

export function subscribeFavorites(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const favoritesSnapshot = () => ids;

export function readLocalFavorites(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_FAVORITES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string").slice(0, 200) : [];
  } catch {
    return [];
  }
}

function writeLocalFavorites(list: readonly string[]) {
  try {
    if (list.length) localStorage.setItem(LOCAL_FAVORITES_KEY, JSON.stringify(list));
    else localStorage.removeItem(LOCAL_FAVORITES_KEY);
  } catch {
    // Storage can be full or disabled; the heart still reflects the click for this page.
  }
}

/** Loads the list for this viewer (the account id, or null for a visitor) once; at login the visitor's list is merged first. */
export async function loadFavorites(accountId: string | null): Promise<void> {
  const key = accountId ?? "visitor";
  if (loadedFor === key) return;
  loadedFor = key;
  if (!accountId) return emit(new Set(readLocalFavorites()));
  if (await mergeLocalFavorites()) return;
  try {
    const res = await fetch("/api/v1/favorites", { credentials: "same-origin" });
    if (res.ok) emit(new Set(((await res.json()) as { favorites: string[] }).favorites));
  } catch {
    loadedFor = null;
  }
}

export type ToggleOutcome = { ok: boolean; favorited: boolean; message: string };

export async function toggleFavorite(serviceId: string, accountId: string | null): Promise<ToggleOutcome> {
  const current = new Set(ids ?? []);
  if (!accountId) {
    const local = readLocalFavorites();
    const favorited = !local.includes(serviceId);
    const next = favorited ? [...local, serviceId] : local.filter((id) => id !== serviceId);
    writeLocalFavorites(next);
    emit(new Set(next));
    return { ok: true, favorited, message: favorited ? FAVORITE.added : FAVORITE.removed };
  }
  try {
    const res = await fetch(`/api/v1/favorites/${encodeURIComponent(serviceId)}`, { method: "POST", credentials: "same-origin" });
    const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; favorited?: boolean };
    if (!res.ok || !body.success) return { ok: false, favorited: current.has(serviceId), message: body.message || FAVORITE.failed };
    const favorited = body.favorited ?? !current.has(serviceId);
    if (favorited) current.add(serviceId);
    else current.delete(serviceId);
    emit(current);
    return { ok: true, favorited, message: body.message || FAVORITE.added };
  } catch {
    return { ok: false, favorited: current.has(serviceId), message: FAVORITE.failed };
  }
}

/** After login: moves the visitor's favourites into the account, then forgets the local copy. */
async function mergeLocalFavorites(): Promise<boolean> {
  const local = readLocalFavorites();
  if (!local.length) return false;
  try {
    const res = await fetch("/api/v1/favorites/merge", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids: local }),
    });
    if (!res.ok) return false;
    writeLocalFavorites([]);
    const body = (await res.json()) as { favorites: string[] };
    emit(new Set(body.favorites));
    return true;
  } catch (e) {
    console.error("Could not merge favourites", e);
    return false;
  }
}
