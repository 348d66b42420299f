import { useCallback, useLayoutEffect, useRef, useState, type MutableRefObject } from "react";
import type { Canvas } from "fabric";
import type { CardCanvas, CardDetails } from "#shared/card-format.ts";
import { canRedo, canUndo, createHistory, pushSnapshot, redo, undo, type History } from "./history.ts";
import { detailsFromCanvas } from "./placeholders.ts";
import type { SaveStatus } from "./use-card-saving.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Changes to the canvas and their undo/redo: `changed` records a snapshot after each change and
 * asks for a save; undo and redo load a snapshot back (its details too) as a change of its own.
 * `restoringRef` is set while a design is loaded, so loading is not recorded as a change.
 */
export function useCanvasHistory({
  canvasRef,
  serialize,
  changeCountRef,
  blockedBy409Ref,
  setStatus,
  setDetails,
  scheduleSave,
  rerender,
}: {
  canvasRef: MutableRefObject<Canvas | null>;
  serialize: () => CardCanvas;
  changeCountRef: MutableRefObject<number>;
  blockedBy409Ref: MutableRefObject<boolean>;
  setStatus: (status: SaveStatus) => void;
  setDetails: (update: (details: CardDetails) => CardDetails) => void;
  scheduleSave: () => void;
  rerender: () => void;
}) {
  const restoringRef = useRef(false);
  const historyRef = useRef<History | null>(null);
  /** Whether undo and redo can be used now (for the buttons), kept with the history. */
  const [steps, setSteps] = useState({ canUndo: false, canRedo: false });
  const setHistory = useCallback((h: History) => {
    historyRef.current = h;
    setSteps({ canUndo: canUndo(h), canRedo: canRedo(h) });
  }, []);
  /** The design as loaded: the first snapshot. */
  const startHistory = useCallback((snapshot: string) => setHistory(createHistory(snapshot)), [setHistory]);

  /** Something changed on the canvas: record it for undo and save soon. */
  const changed = useCallback(() => {
    if (restoringRef.current || !canvasRef.current) return;
    setHistory(pushSnapshot(historyRef.current!, JSON.stringify(serialize())));
    changeCountRef.current += 1;
    if (!blockedBy409Ref.current) setStatus({ kind: "dirty", message: m.couple_editor_unsaved() });
    rerender();
    scheduleSave();
  }, [canvasRef, serialize, changeCountRef, blockedBy409Ref, setStatus, rerender, scheduleSave, setHistory]);
  const changedRef = useRef(changed);
  useLayoutEffect(() => {
    changedRef.current = changed;
  });

  const restore = useCallback(
    async (snapshot: string) => {
      const c = canvasRef.current;
      if (!c) return;
      const { width: _w, height: _h, ...json } = JSON.parse(snapshot) as CardCanvas;
      restoringRef.current = true;
      c.discardActiveObject();
      await c.loadFromJSON(json);
      restoringRef.current = false;
      c.requestRenderAll();
      setDetails((d) => ({ ...d, ...detailsFromCanvas(JSON.parse(snapshot) as CardCanvas) }));
      changeCountRef.current += 1;
      if (!blockedBy409Ref.current) setStatus({ kind: "dirty", message: m.couple_editor_unsaved() });
      rerender();
      scheduleSave();
    },
    [canvasRef, changeCountRef, blockedBy409Ref, setStatus, setDetails, rerender, scheduleSave],
  );
  const doUndo = useCallback(() => {
    const step = historyRef.current && undo(historyRef.current);
    if (!step) return;
    setHistory(step.history);
    void restore(step.snapshot);
  }, [restore, setHistory]);
  const doRedo = useCallback(() => {
    const step = historyRef.current && redo(historyRef.current);
    if (!step) return;
    setHistory(step.history);
    void restore(step.snapshot);
  }, [restore, setHistory]);

  return { restoringRef, startHistory, steps, changed, changedRef, doUndo, doRedo };
}
