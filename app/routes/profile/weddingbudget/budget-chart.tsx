import { useLazyUPlot } from "#app/components/lazy-uplot.ts";
import { formatRupees } from "#shared/format.ts";

/**
 * Estimated, booked and paid per category as grouped bars (uPlot, loaded only when this page runs in
 * a browser: useLazyUPlot). Without JavaScript, the table of the same figures
 * below it is the view; the chart is aria-hidden because that table carries the numbers.
 */
/** Axis labels in the way amounts are said in India: ₹50k, ₹1.5 L, ₹2 Cr (the table below has the exact figures). */
function compactRupees(n: number): string {
  const trim = (v: number) => String(Math.round(v * 100) / 100);
  if (n >= 10_000_000) return `₹${trim(n / 10_000_000)} Cr`;
  if (n >= 100_000) return `₹${trim(n / 100_000)} L`;
  if (n >= 1_000) return `₹${trim(n / 1_000)}k`;
  return `₹${n}`;
}

/** uPlot's BarsPathBuilderFacetUnit.ScaleValue (a const enum in its types). */
const SCALE_VALUE = 1 as never;

export type BudgetChartSeries = { label: string; color: string; values: number[] };

export function BudgetChart({ labels, series }: { labels: string[]; series: BudgetChartSeries[] }) {
  const { box, failed } = useLazyUPlot(
    (UPlot, width) => {
      const groups = series.length;
      const bars = UPlot.paths.bars!;
      const xs = labels.map((_, i) => i);
      return {
        options: {
          width,
          height: 280,
          scales: { x: { time: false, range: [-0.5, labels.length - 0.5] } },
          axes: [
            {
              values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (labels[t]?.split(" ")[0] ?? "") : "")),
              incrs: [1],
              rotate: 0,
              size: 40,
              gap: 4,
            },
            { size: 60, values: (_u, ticks) => ticks.map((t) => compactRupees(t)) },
          ],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              fill: s.color,
              stroke: s.color,
              width: 0,
              // Grouped bars: each series' bar starts at its slot in the category's 0.8-wide group (scale units).
              paths: bars({
                size: [1, 48],
                disp: {
                  x0: { unit: SCALE_VALUE, values: () => xs.map((x) => x - 0.4 + (0.8 / groups) * i) },
                  size: { unit: SCALE_VALUE, values: () => xs.map(() => (0.8 / groups) * 0.9) },
                },
              }),
              points: { show: false },
              value: (_u: unknown, v: number | null) => (v === null ? "–" : formatRupees(v)),
            })),
          ],
          legend: { live: false },
          cursor: { show: false },
        },
        data: [xs, ...series.map((s) => s.values)],
      };
    },
    [labels, series],
  );
  if (failed) return null;
  return <div ref={box} aria-hidden="true" className="budget-chart min-h-[320px] w-full overflow-hidden" data-testid="budget-chart" />;
}
