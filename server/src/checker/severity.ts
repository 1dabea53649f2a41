// A rule's configured severity, or its default when the user set none; undefined when it is off.
import type { RuleId } from '../../../shared/src/constants';
import type { CheckOptions, Severity } from './types';

const SEVERITY_BY_NAME = { error: 1, warning: 2, information: 3, hint: 4 } as const;

export function severityOf(ruleId: RuleId, fallback: Severity, rules: CheckOptions['rules']): Severity | undefined {
  const configured = rules?.[ruleId];
  if (configured === 'off') return undefined;
  return configured ? SEVERITY_BY_NAME[configured] : fallback;
}
