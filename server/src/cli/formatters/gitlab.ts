// GitLab's code quality report (artifacts:reports:codequality): a JSON array of Code Climate issues,
// of which GitLab reads description, check_name, fingerprint, severity and location.path with
// location.lines.begin (docs.gitlab.com, "Code Quality", implement a custom tool). Paths are
// relative to the current directory, which in CI is the repository root, as GitLab wants them.
//
// The fingerprint is SARIF's (rule, kind, file and the anchored node, no line number), so GitLab
// matches an issue of the merge request with the same one on the target branch when lines moved
// above it; twins (the same finding twice in a file) are numbered in document order. Severities:
// error → major, warning → minor, information and hints → info (GitLab's scale is info, minor,
// major, critical, blocker; ESLint's Code Climate formatters map the same way).
import type { Issue, Severity as CodeClimateSeverity } from 'codeclimate-types';
import type { Severity } from '../../checker';
import { sha256 } from '../../host/findingAnchor';
import { terminalSafeJson } from '../outputText';
import type { RunReport } from '../report';
import { findingHash } from './sarif';
import { oneLine } from './stylish';

const SEVERITY: Record<Severity, CodeClimateSeverity> = { 1: 'major', 2: 'minor', 3: 'info', 4: 'info' };

export function formatGitlab(report: RunReport): string {
  const issues: Issue[] = [];
  for (const file of report.files) {
    const occurrences = new Map<string, number>();
    for (const diagnostic of file.diagnostics) {
      const hash = findingHash(file.displayPath, diagnostic);
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      issues.push({
        type: 'issue',
        check_name: diagnostic.code,
        // One line, as the Code Climate specification asks of a description.
        description: oneLine(diagnostic.message),
        categories: ['Bug Risk'],
        severity: SEVERITY[diagnostic.severity],
        fingerprint: sha256(`${hash}:${occurrence}`).slice(0, 32),
        location: {
          path: file.displayPath,
          lines: { begin: diagnostic.range.start.line + 1, end: diagnostic.range.end.line + 1 },
        },
      });
    }
  }
  return `${terminalSafeJson(JSON.stringify(issues, null, 2))}\n`;
}
