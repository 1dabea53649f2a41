// Which severities fail a run. Severity names and numbers are the rule table's (shared/src/rules.ts).
import type { Severity } from '../checker';

/** Errors and warnings fail a run; information and hints do not. */
export function isFailing(severity: Severity): boolean {
  return severity <= 2;
}
