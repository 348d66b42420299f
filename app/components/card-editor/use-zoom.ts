import { useCallback, useEffect, useState, type MutableRefObject, type RefObject } from "react";
import type { Canvas } from "fabric";

/** The editor's zoom: design pixels are the card's own size; the view is zoomed (10 % to 400 %), and fitted to the stage on load and on resize. */
export function useZoom(canvasRef: MutableRefObject<Canvas | null>, stage: RefObject<HTMLDivElement | null>, design: { width: number; height: number }) {
  const [zoom, setZoomState] = useState(1);
  const applyZoom = useCallback(
    (z: number) => {
      const c = canvasRef.current;
      if (!c) return;
      const next = Math.min(4, Math.max(0.1, z));
      c.setZoom(next);
      c.setDimensions({ width: Math.round(design.width * next), height: Math.round(design.height * next) });
      setZoomState(next);
    },
    [canvasRef, design.width, design.height],
  );
  const fitZoom = useCallback(() => {
    const box = stage.current;
    if (!box) return;
    const w = box.clientWidth - 16;
    const narrow = window.innerWidth < 768;
    const h = narrow ? Number.POSITIVE_INFINITY : window.innerHeight - 230;
    applyZoom(Math.min(w / design.width, h / design.height));
  }, [stage, applyZoom, design.width, design.height]);

  useEffect(() => {
    const onResize = () => fitZoom();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [fitZoom]);

  return { zoom, applyZoom, fitZoom };
}
