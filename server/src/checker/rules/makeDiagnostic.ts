// How every diagnostic is made, whichever rule and front: the severity the user configured for the
// rule, else the rule table's default for that kind; the link to the rule's page; the offsets the
// fixes need. A rule set to 'off' makes none.
import {
  DIAGNOSTIC_SOURCE,
  RULES,
  defaultSeverity,
  ruleDocsUri,
  severityNumber,
  type RuleId,
} from '../../../../shared/src/rules';
import type { CheckOptions, Diagnostic, DiagnosticData, Range, Severity } from '../types';
import type { LineIndex } from '../syntax/lineIndex';
import type { Finding } from './rule';

/** What making a diagnostic needs of the options: the severities and where the rule pages are. */
export type DiagnosticOptions = Pick<CheckOptions, 'rules' | 'docsBaseUri'>;

/** The configured severity of a rule's diagnostic of one kind, else the rule table's default; undefined when off. */
export function severityOf(ruleId: RuleId, violation: string, options: DiagnosticOptions): Severity | undefined {
  if (!isRuleOn(ruleId, options)) return undefined;
  const configured = options.rules?.[ruleId];
  return severityNumber(
    configured !== undefined && configured !== 'off' && configured !== 'on' ? configured : defaultSeverity(ruleId, violation),
  );
}

/** Whether a rule reports anything at all: not set to 'off', and configured if it is off by default. */
export function isRuleOn(ruleId: RuleId, options: DiagnosticOptions): boolean {
  const configured = options.rules?.[ruleId];
  return configured !== 'off' && (configured !== undefined || !RULES[ruleId].offByDefault);
}

export function makeDiagnostic(
  ruleId: RuleId,
  data: DiagnosticData,
  message: string,
  range: Range,
  options: DiagnosticOptions,
): Diagnostic | undefined {
  const severity = severityOf(ruleId, data.violation, options);
  if (severity === undefined) return undefined;
  return {
    range,
    severity,
    code: ruleId,
    codeDescription: { href: ruleDocsUri(ruleId, options.docsBaseUri) },
    source: DIAGNOSTIC_SOURCE,
    message,
    data,
  };
}

/** The diagnostic of a rule's finding (every rule's, one way): its kind, place and the official validator's code and path. */
export function diagnosticOfFinding(
  ruleId: RuleId,
  finding: Finding,
  lines: LineIndex,
  options: DiagnosticOptions,
): Diagnostic | undefined {
  if (!isRuleOn(ruleId, options)) return undefined;
  const data: DiagnosticData = { violation: finding.violation, offset: finding.offset, length: finding.length };
  if (finding.officialCode !== undefined) data.officialCode = finding.officialCode;
  if (finding.pointer !== undefined) data.pointer = finding.pointer;
  return makeDiagnostic(ruleId, data, finding.message, lines.rangeOf(finding.offset, finding.length), options);
}
