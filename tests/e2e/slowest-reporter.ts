import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints, at the end of a run, where its time went: the slowest tests and spec files (summed over
 * retries and projects, in worker-seconds). CI shows only a run's last lines, and the line reporter
 * prints no durations, so without this a slower CI run cannot be traced to its tests.
 */
export default class SlowestReporter implements Reporter {
  private readonly tests = new Map<string, number>();
  private readonly files = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, project = "", file = ""] = test.titlePath();
    const key = `[${project}] ${file} › ${test.title}`;
    this.tests.set(key, (this.tests.get(key) ?? 0) + result.duration);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd(result: FullResult): void {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    const top = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
    const total = [...this.files.values()].reduce((sum, ms) => sum + ms, 0);
    console.log(`\nWhere the ${seconds(result.duration)} went (${seconds(total)} of tests over the workers):`);
    console.log(
      `  spec files: ${top(this.files, 8)
        .map(([file, ms]) => `${file} ${seconds(ms)}`)
        .join(" · ")}`,
    );
    for (const [title, ms] of top(this.tests, 10)) console.log(`  ${seconds(ms).padStart(6)}  ${title.slice(0, 150)}`);
  }
}
