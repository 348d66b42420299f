import { useEffect, useRef, useState } from "react";

/**
 * The analytics line chart. uPlot (about 50 KB) is imported only here, inside an effect, so it is
 * fetched only when this page runs in a browser and never enters the home page's bundle. Without
 * JavaScript (or until it loads) the page's table of the same figures is the view; the chart is
 * marked aria-hidden because that table carries the same numbers for screen readers.
 */
export type ChartSeries = { label: string; color: string; values: number[] };

export function AnalyticsChart({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const xs = days.map((d) => Date.parse(`${d}T00:00:00+05:30`) / 1000);
        const height = 260;
        chart = new UPlot(
          {
            width: el.clientWidth || 320,
            height,
            scales: { x: { time: true } },
            axes: [{}, { size: 40 }],
            series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } }))],
          },
          [xs, ...series.map((s) => s.values)],
          el,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height }));
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
  }, [days, series]);
  if (failed) return null;
  return <div ref={box} aria-hidden="true" className="analytics-chart min-h-[300px] w-full" data-testid="analytics-chart" />;
}
