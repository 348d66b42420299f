/**
 * The editor's undo/redo: a bounded stack of canvas JSON snapshots (pure, no fabric). `push`
 * records the state after a change (dropping any redo branch and the oldest beyond `limit`);
 * `undo`/`redo` move the cursor and return the snapshot to restore, or null at either end.
 */
export type History = { readonly snapshots: readonly string[]; readonly index: number; readonly limit: number };

export const EDITOR_HISTORY_LIMIT = 50;

export function createHistory(initial: string, limit = EDITOR_HISTORY_LIMIT): History {
  return { snapshots: [initial], index: 0, limit: Math.max(2, limit) };
}

export function pushSnapshot(h: History, snapshot: string): History {
  if (h.snapshots[h.index] === snapshot) return h;
  const kept = [...h.snapshots.slice(0, h.index + 1), snapshot];
  const overflow = Math.max(0, kept.length - h.limit);
  const snapshots = kept.slice(overflow);
  return { ...h, snapshots, index: snapshots.length - 1 };
}

export const canUndo = (h: History) => h.index > 0;
export const canRedo = (h: History) => h.index < h.snapshots.length - 1;

export function undo(h: History): { history: History; snapshot: string } | null {
  if (!canUndo(h)) return null;
  const index = h.index - 1;
  return { history: { ...h, index }, snapshot: h.snapshots[index]! };
}

export function redo(h: History): { history: History; snapshot: string } | null {
  if (!canRedo(h)) return null;
  const index = h.index + 1;
  return { history: { ...h, index }, snapshot: h.snapshots[index]! };
}
