// The one diagnostic a file too large to check gets, so that it is visibly skipped, not silently clean.
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE, RULE_DOCS } from '../../../shared/src/constants';
import type { Diagnostic, Severity } from '../checker';

const BYTES_PER_MB = 1024 * 1024;

export function fileTooLargeDiagnostic(sizeBytes: number, limitMB: number, severity: Severity = 3): Diagnostic {
  const sizeMB = (sizeBytes / BYTES_PER_MB).toFixed(1);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity,
    code: CHECKER_RULE_ID,
    codeDescription: { href: RULE_DOCS[CHECKER_RULE_ID] },
    source: DIAGNOSTIC_SOURCE,
    message: `File not checked: it is ${sizeMB} MB, over the ${limitMB} MB limit (--max-file-size-mb).`,
    data: { violation: 'skipped', offset: 0, length: 0 },
  };
}
