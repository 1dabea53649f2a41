// The exit status, as ESLint's: 2 when the run could not do its job (a usage error, a file that could
// not be read or checked, a configuration or suppressions file that cannot be used, suppressed errors
// that no longer occur), else 1 when errors are reported or more warnings than --max-warnings
// allows, else 0. Warnings alone do not fail a run (the official validator's verdict: a document
// with warnings is valid); information and hints never do. --exit-zero makes 1 a 0.
import type { CliOptions } from './options';
import type { FileReport } from './report';

export const EXIT_CLEAN = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_TROUBLE = 2;

export interface RunVerdict {
  exitStatus: number;
  errors: number;
  warnings: number;
  /** Said on stderr when the warnings alone fail the run. */
  tooManyWarnings?: string;
}

/** `files` as reported (baselined errors taken out), before --quiet hides the warnings. */
export function exitStatusOf(
  files: readonly FileReport[],
  failures: readonly string[],
  options: Pick<CliOptions, 'exitZero' | 'maxWarnings'>,
): RunVerdict {
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    for (const diagnostic of file.diagnostics) {
      if (diagnostic.severity === 1) errors++;
      else if (diagnostic.severity === 2) warnings++;
    }
  }
  const overWarnings = options.maxWarnings !== undefined && warnings > options.maxWarnings;
  const tooManyWarnings = overWarnings
    ? `${warnings} ${warnings === 1 ? 'warning' : 'warnings'} found: more than --max-warnings ${options.maxWarnings} allows`
    : undefined;
  if (failures.length > 0) return { exitStatus: EXIT_TROUBLE, errors, warnings, tooManyWarnings };
  if (options.exitZero) return { exitStatus: EXIT_CLEAN, errors, warnings };
  return { exitStatus: errors > 0 || overWarnings ? EXIT_PROBLEMS : EXIT_CLEAN, errors, warnings, tooManyWarnings };
}
