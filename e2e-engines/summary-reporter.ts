import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Ends the engine suite with a line per engine (passed, failed, time) and the one line CI reads:
 * `engines: N passed, N failed`.
 */
export default class SummaryReporter implements Reporter {
  private readonly byEngine = new Map<string, { passed: number; failed: number; ms: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const engine = test.parent.project()?.name ?? 'unknown';
    const row = this.byEngine.get(engine) ?? { passed: 0, failed: 0, ms: 0 };
    if (result.status === 'passed') row.passed += 1;
    else if (result.status !== 'skipped') row.failed += 1;
    row.ms += result.duration;
    this.byEngine.set(engine, row);
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    for (const [engine, row] of this.byEngine) {
      process.stdout.write(
        `${engine}: ${row.passed} passed, ${row.failed} failed, ${(row.ms / 1000).toFixed(1)} s\n`,
      );
      passed += row.passed;
      failed += row.failed;
    }
    // A run that never got to its tests (an engine that cannot start) is a failure too.
    if (result.status !== 'passed' && failed === 0) failed = 1;
    process.stdout.write(`engines: ${passed} passed, ${failed} failed\n`);
  }
}
