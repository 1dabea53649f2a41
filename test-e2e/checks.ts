// Runs the end-to-end checks one after another and keeps score. A check that fails does not stop
// the others; a check whose prerequisite failed is counted as failed without running.

export type Outcome = 'passed' | 'failed' | 'expected failure' | 'unexpectedly passed';

export interface CheckOptions {
  /** Names of checks that must have passed for this one to make sense. */
  needs?: string[];
  /** When set, a failure is expected (for this reason) and counted as skipped, not failed. */
  expectedFailure?: string;
}

export class CheckRunner {
  private readonly outcomes = new Map<string, Outcome>();
  /** Times are counted from the driver process start, so browser start-up shows too. */
  private readonly started = performance.timeOrigin;

  /** Called with the check's name after a failure, e.g. to take a screenshot. */
  constructor(private readonly onFailure: (name: string) => Promise<void> = async () => {}) {}

  outcome(name: string): Outcome | undefined {
    return this.outcomes.get(name);
  }

  elapsed(): string {
    return `${((Date.now() - this.started) / 1000).toFixed(1)}s`;
  }

  log(message: string): void {
    console.log(`  [${this.elapsed()}] ${message}`);
  }

  async run(name: string, body: () => Promise<void>, options: CheckOptions = {}): Promise<boolean> {
    console.log(`\n${name}`);
    const unmet = (options.needs ?? []).filter((need) => this.outcomes.get(need) !== 'passed');
    if (unmet.length > 0) {
      console.log(`  FAIL (not run: needs ${unmet.map((n) => `'${n}'`).join(', ')})`);
      this.outcomes.set(name, 'failed');
      return false;
    }
    try {
      await body();
      if (options.expectedFailure) {
        console.log(`  PASS (it was marked as expected to fail: ${options.expectedFailure}; remove that mark)`);
        this.outcomes.set(name, 'unexpectedly passed');
      } else {
        console.log(`  PASS [${this.elapsed()}]`);
        this.outcomes.set(name, 'passed');
      }
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.onFailure(name).catch(() => undefined);
      if (options.expectedFailure) {
        console.log(`  EXPECTED FAILURE, counted as skipped (${options.expectedFailure}): ${firstLines(message)}`);
        this.outcomes.set(name, 'expected failure');
      } else {
        console.log(`  FAIL: ${firstLines(message)}`);
        this.outcomes.set(name, 'failed');
      }
      return false;
    }
  }

  /** Prints the plain closing line (`e2e: N passed, M failed[, K skipped]`); true when none failed. */
  finish(): boolean {
    const values = [...this.outcomes.values()];
    const passed = values.filter((o) => o === 'passed' || o === 'unexpectedly passed').length;
    const failed = values.filter((o) => o === 'failed').length;
    const skipped = values.filter((o) => o === 'expected failure').length;
    console.log('');
    console.log(`e2e: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
    return failed === 0;
  }
}

/** Playwright's errors carry a long call log; the first lines say what went wrong. */
function firstLines(message: string): string {
  return message.split('\n').slice(0, 4).join('\n    ');
}
