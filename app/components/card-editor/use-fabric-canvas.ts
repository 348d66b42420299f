import { useEffect, useRef, useState, type MutableRefObject } from "react";
import type * as FabricModule from "fabric";
import type { Canvas } from "fabric";
import { loadCardFonts } from "#app/lib/card-fonts.ts";
import type { CardCanvas } from "#shared/card-format.ts";
import type { SaveStatus } from "./use-card-saving.ts";
import { m } from "#shared/paraglide/messages.js";

export type Fabric = typeof FabricModule;

/**
 * Loads fabric.js (a dynamic import, so no other page's JavaScript carries it) and the card fonts,
 * makes the canvas on `el`, loads the design once per mount, starts the undo history and listens
 * for changes and selections. `ready` once the design is shown; `loadError` when it could not be.
 */
export function useFabricCanvas({
  canvasRef,
  design,
  initial,
  restoringRef,
  startHistory,
  serialize,
  changedRef,
  changeCountRef,
  setStatus,
  scheduleSaveRef,
  rerender,
  fitZoom,
}: {
  canvasRef: MutableRefObject<Canvas | null>;
  design: { width: number; height: number };
  initial: CardCanvas;
  restoringRef: MutableRefObject<boolean>;
  startHistory: (snapshot: string) => void;
  serialize: () => CardCanvas;
  changedRef: MutableRefObject<() => void>;
  changeCountRef: MutableRefObject<number>;
  setStatus: (status: SaveStatus) => void;
  scheduleSaveRef: MutableRefObject<() => void>;
  rerender: () => void;
  fitZoom: () => void;
}) {
  const el = useRef<HTMLCanvasElement>(null);
  /** The canvas and fabric.js once loaded (for rendering; event handlers read canvasRef). */
  const [loaded, setLoaded] = useState<{ canvas: Canvas; fabric: Fabric } | null>(null);
  const ready = loaded !== null;
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let canvas: Canvas | null = null;
    (async () => {
      const [fabric] = await Promise.all([import("fabric"), loadCardFonts().catch(() => undefined)]);
      if (cancelled || !el.current) return;
      // Keep image sources as written ("/media/..."), not the browser's absolute URL.
      fabric.FabricImage.ownDefaults.srcFromAttribute = true;
      canvas = new fabric.Canvas(el.current, { width: design.width, height: design.height, preserveObjectStacking: true, enableRetinaScaling: true });
      canvasRef.current = canvas;
      const { width: _w, height: _h, ...json } = initial;
      restoringRef.current = true;
      await canvas.loadFromJSON(json);
      restoringRef.current = false;
      if (cancelled) return;
      startHistory(JSON.stringify(serialize()));
      const onChange = () => changedRef.current();
      canvas.on("object:modified", onChange);
      canvas.on("text:editing:exited", onChange);
      canvas.on("text:changed", () => {
        changeCountRef.current += 1;
        setStatus({ kind: "dirty", message: m.couple_editor_unsaved() });
        scheduleSaveRef.current();
      });
      canvas.on("selection:created", rerender);
      canvas.on("selection:updated", rerender);
      canvas.on("selection:cleared", rerender);
      fitZoom();
      canvas.requestRenderAll();
      setLoaded({ canvas, fabric });
    })().catch((e: unknown) => {
      console.error("the editor failed to load", e);
      setLoadError(m.couple_editor_load_failed());
    });
    return () => {
      cancelled = true;
      void canvas?.dispose();
      canvasRef.current = null;
    };
    // The design is loaded once per mount; later changes are the editor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { el, canvas: loaded?.canvas ?? null, fabric: loaded?.fabric ?? null, ready, loadError };
}
