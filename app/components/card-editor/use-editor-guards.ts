import { useEffect, type MutableRefObject } from "react";
import type { Canvas, FabricObject } from "fabric";
import { m } from "#shared/paraglide/messages.js";

/** Keyboard: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z or Ctrl/Cmd+Y redo, Delete/Backspace removes the selection (not while typing). */
export function useEditorKeys({
  canvasRef,
  onUndo,
  onRedo,
  onRemove,
}: {
  canvasRef: MutableRefObject<Canvas | null>;
  onUndo: () => void;
  onRedo: () => void;
  onRemove: (o: FabricObject) => void;
}) {
  // Every render: the handlers read that render's canvas and actions.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
      const active = canvasRef.current?.getActiveObject() as (FabricObject & { isEditing?: boolean }) | undefined;
      if (typing || active?.isEditing) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === "z") {
        e.preventDefault();
        if (e.shiftKey) onRedo();
        else onUndo();
      } else if (mod && key === "y") {
        e.preventDefault();
        onRedo();
      } else if ((e.key === "Delete" || e.key === "Backspace") && active) {
        e.preventDefault();
        onRemove(active);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
}

/** Never lose edits silently: while `unsaved`, leaving the page or following a link inside the site asks first. */
export function useLeaveGuard(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [unsaved]);
  // Links inside the site navigate without unloading: ask before following one (a capturing
  // listener, not the router's blocker, which would add to every page's shared router chunk).
  useEffect(() => {
    if (!unsaved) return;
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!link || e.defaultPrevented || link.getAttribute("target") === "_blank") return;
      if (window.confirm(m.couple_editor_leave())) return;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [unsaved]);
}
