import { useEffect, useRef, useState, type DependencyList } from "react";
import type uPlot from "uplot";

/**
 * A uPlot chart drawn into `box` once uPlot (about 50 KB with its CSS) has loaded. uPlot is imported
 * only inside the effect, so it is fetched only when a page with a chart runs in a browser and never
 * enters another route's bundle. The chart follows the box's width; `data-chart="ready"` marks it
 * drawn; `failed` is set when uPlot could not load (the page's table of the same figures stays the view).
 */
export function useLazyUPlot(make: (UPlot: typeof uPlot, width: number) => { options: uPlot.Options; data: uPlot.AlignedData }, deps: DependencyList) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const { options, data } = make(UPlot, el.clientWidth || 320);
        chart = new UPlot(options, data, el);
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: options.height }));
        observer.observe(el);
        el.dataset.chart = "ready";
      })
      .catch((e: unknown) => {
        console.error("chart failed to load", e);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // The caller names what the chart depends on; `make` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { box, failed };
}
