// LSP severities (numbers) and their names, as users configure and read them.
import type { Severity } from '../checker';
import type { RuleSeverity } from '../../../shared/src/settings';

export type SeverityName = Exclude<RuleSeverity, 'off'>;

export const SEVERITY_NAMES: Record<Severity, SeverityName> = {
  1: 'error',
  2: 'warning',
  3: 'information',
  4: 'hint',
};

const SEVERITY_NUMBERS: Record<SeverityName, Severity> = { error: 1, warning: 2, information: 3, hint: 4 };

/** undefined for 'off'. */
export function severityFromSetting(setting: RuleSeverity): Severity | undefined {
  return setting === 'off' ? undefined : SEVERITY_NUMBERS[setting];
}

/** Errors and warnings fail a run; information and hints do not. */
export function isFailing(severity: Severity): boolean {
  return severity <= 2;
}
