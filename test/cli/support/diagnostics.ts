// Hand-made diagnostics shaped like the checker's, for formatter tests that must not depend on it.
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID } from '../../../shared/src/constants';
import { RULE_IDS, ruleDocsUri, type RuleId } from '../../../shared/src/rules';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import type { DiagnosticData, Severity } from '../../../server/src/checker';
import { sha256, type AnchoredDiagnostic, type FindingAnchor } from '../../../server/src/host/findingAnchor';
import type { RunReport } from '../../../server/src/cli/report';

export function diagnostic(
  start: [line: number, character: number],
  end: [line: number, character: number],
  message: string,
  options: { severity?: Severity; violation?: DiagnosticData['violation']; code?: string; anchor?: FindingAnchor } = {},
): AnchoredDiagnostic {
  const code = options.code ?? ELICITATION_RULE_ID;
  return {
    range: { start: { line: start[0], character: start[1] }, end: { line: end[0], character: end[1] } },
    severity: options.severity ?? 1,
    code,
    codeDescription: {
      href: ruleDocsUri(
        (RULE_IDS as readonly string[]).includes(code) ? (code as RuleId) : ELICITATION_RULE_ID,
        shippedDocsBaseUri(),
      ),
    },
    source: DIAGNOSTIC_SOURCE,
    message,
    data: { violation: options.violation ?? 'unknown-declaration', offset: 0, length: 0 },
    // Distinct per start position unless a test says otherwise (as the checker's anchors would be).
    anchor: options.anchor ?? { path: `/sample/${start[0]}/${start[1]}`, textDigest: sha256(message) },
  };
}

/** A run of one file with `count` errors, one per line. */
export function reportOfProblems(count: number): RunReport {
  const diagnostics = Array.from({ length: count }, (_, i) => diagnostic([i, 0], [i, 1], 'x'));
  return { cwd: '/', files: [{ absolutePath: '/a.json', displayPath: 'a.json', diagnostics }], failures: [], toolVersion: '0' };
}
