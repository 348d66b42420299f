import { useLazyUPlot } from "#app/components/lazy-uplot.ts";

/**
 * The analytics line chart (uPlot, loaded only when this page runs in a browser: useLazyUPlot). Without
 * JavaScript (or until it loads) the page's table of the same figures is the view; the chart is
 * marked aria-hidden because that table carries the same numbers for screen readers.
 */
export type ChartSeries = { label: string; color: string; values: number[] };

export function AnalyticsChart({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const { box, failed } = useLazyUPlot(
    (UPlot, width) => {
      // Days are India's calendar days: plotted at UTC midnight and read back in UTC, so the
      // browser's own time zone never shifts a point to the day before.
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const DAY = 86_400;
      return {
        options: {
          width,
          height: 260,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true } },
          axes: [
            { incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY], values: "{D} {MMM}", space: 48 },
            { size: 44, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
          ],
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } }))],
        },
        data: [xs, ...series.map((s) => s.values)],
      };
    },
    [days, series],
  );
  if (failed) return null;
  return <div ref={box} aria-hidden="true" className="analytics-chart min-h-[300px] w-full overflow-hidden" data-testid="analytics-chart" />;
}
