import type { Reporter, SerializedError, TestModule, TestSuite } from 'vitest/node';

/**
 * Ends the run with one plain `tests: N passed, N failed, N skipped` line that any CI log reader understands.
 * A file or suite that failed outside its tests (a `beforeAll` that threw, an import error) counts as a failure
 * of its own, and so does an unhandled error: otherwise a broken setup would read as "0 failed, 2 skipped".
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
  ): void {
    let passed = 0;
    let failedTests = 0;
    let skipped = 0;
    const brokenSetups: string[] = [];
    let failedFiles = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failedTests += failedHere;
      const suites: Array<TestModule | TestSuite> = [module, ...module.children.allSuites()];
      for (const suite of suites) {
        // A suite's own errors are those thrown by its hooks or while collecting it.
        if (suite.errors().length > 0) {
          const name = suite.type === 'module' ? module.relativeModuleId : suite.fullName;
          brokenSetups.push(`${name}: ${suite.errors()[0]?.message ?? 'failed'}`);
        }
      }
      if (failedHere > 0 || module.state() === 'failed') failedFiles++;
    }
    const failed = failedTests + brokenSetups.length + unhandledErrors.length;
    const lines = ['', `test files: ${testModules.length - failedFiles} passed, ${failedFiles} failed`];
    for (const setup of brokenSetups) lines.push(`  setup failed: ${setup.split('\n')[0]}`);
    if (unhandledErrors.length > 0) lines.push(`  unhandled errors: ${unhandledErrors.length}`);
    lines.push(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`, '');
    process.stdout.write(lines.join('\n'));
  }
}
