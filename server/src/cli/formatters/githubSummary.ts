// The job summary of `--format github` (written to the file GITHUB_STEP_SUMMARY names): every
// problem, where annotations show ten of each kind. Markdown, one table per file, each row linking to
// its line (in the repository, at the commit checked: GITHUB_SERVER_URL, GITHUB_REPOSITORY,
// GITHUB_SHA) and to its rule's page (MCPDESC_LINT_RULE_DOCS_URL, which the Action sets to its own
// docs/rules/ folder). GitHub keeps 1 MiB of summary per step: a report past that ends with a line
// saying how many problems were left out and where they all are.
//
// Text from the documents (messages quote them) and file names are escaped: every ASCII punctuation
// character is backslash-escaped (GitHub's Markdown reads `\x` as a literal x for all of them), so a
// quoted '|' cannot end a cell, nor '*', '[' or '<' format, link or inject HTML.
import { RULE_IDS, RULES, type RuleId } from '../../../../shared/src/rules';
import type { Severity } from '../../checker';
import type { AnchoredDiagnostic } from '../../host/findingAnchor';
import type { RunReport } from '../report';
import { visibleText } from '../outputText';
import { oneLine } from './stylish';

/** GitHub's limit for one step's summary, less room for the closing line. */
export const SUMMARY_MAX_BYTES = 1024 * 1024 - 4096;

export interface SummaryLinks {
  /** `https://github.com/OWNER/REPO/blob/SHA/`: a file's path and `#L<line>` follow. */
  fileBase?: string;
  /** The folder of the rule pages, with a trailing '/': a rule's page file follows. */
  ruleDocsBase?: string;
}

/** The links the environment of a GitHub Actions step gives. */
export function summaryLinksFrom(env: Readonly<Record<string, string | undefined>>): SummaryLinks {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_SHA: sha, MCPDESC_LINT_RULE_DOCS_URL: docs } = env;
  return {
    ...(server && repository && sha ? { fileBase: `${server.replace(/\/+$/, '')}/${repository}/blob/${sha}/` } : {}),
    ...(docs ? { ruleDocsBase: docs.endsWith('/') ? docs : `${docs}/` } : {}),
  };
}

const SEVERITY_CELL: Record<Severity, string> = { 1: '🔴 error', 2: '🟡 warning', 3: '🔵 information', 4: '⚪ hint' };

export function githubSummary(report: RunReport, links: SummaryLinks): string {
  const counts: Record<Severity, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  const withProblems = report.files.filter((file) => file.diagnostics.length > 0);
  for (const file of withProblems) for (const diagnostic of file.diagnostics) counts[diagnostic.severity]++;
  const total = counts[1] + counts[2] + counts[3] + counts[4];

  const head: string[] = ['## mcpdesc-lint', ''];
  const parts = [plural(counts[1], 'error'), plural(counts[2], 'warning')];
  if (counts[3] > 0) parts.push(plural(counts[3], 'information'));
  if (counts[4] > 0) parts.push(plural(counts[4], 'hint'));
  head.push(
    total === 0
      ? `No problems in ${plural(report.files.length, 'file')} checked.`
      : `**${plural(total, 'problem')}** (${parts.join(', ')}) in ${withProblems.length} of ${plural(report.files.length, 'file')} checked.`,
  );
  if (report.baselined) head.push('', `${plural(report.baselined, 'error')} of the suppressions file (baselined) not shown.`);
  if (report.failures.length > 0) {
    head.push('', `**${plural(report.failures.length, 'file')} could not be checked:**`, '');
    for (const failure of report.failures) head.push(`- ${escapeMarkdown(failure)}`);
  }

  const out: string[] = [head.join('\n')];
  let bytes = Buffer.byteLength(out[0], 'utf8');
  let listed = 0;
  for (const file of withProblems) {
    const block = [
      '',
      `### ${escapeMarkdown(file.displayPath)} (${plural(file.diagnostics.length, 'problem')})`,
      '',
      '| Line | Severity | Problem | Rule |',
      '| ---: | --- | --- | --- |',
    ].join('\n');
    const blockBytes = Buffer.byteLength(block, 'utf8') + 1;
    if (bytes + blockBytes > SUMMARY_MAX_BYTES) break;
    out.push(block);
    bytes += blockBytes;
    for (const diagnostic of file.diagnostics) {
      const row = tableRow(file.displayPath, diagnostic, links);
      const rowBytes = Buffer.byteLength(row, 'utf8') + 1;
      if (bytes + rowBytes > SUMMARY_MAX_BYTES) break;
      out.push(row);
      bytes += rowBytes;
      listed++;
    }
    if (listed < total && bytes >= SUMMARY_MAX_BYTES - 1024) break;
  }
  if (listed < total) {
    out.push(
      '',
      `**${plural(total - listed, 'more problem')} not listed**: GitHub keeps 1 MiB of summary per step. The log of this step has every problem, as does \`--format json\`.`,
    );
  }
  return `${out.join('\n')}\n`;
}

function tableRow(displayPath: string, diagnostic: AnchoredDiagnostic, links: SummaryLinks): string {
  const line = diagnostic.range.start.line + 1;
  const where = `${line}:${diagnostic.range.start.character + 1}`;
  const lineCell =
    links.fileBase && !displayPath.startsWith('../') && !/^[A-Za-z]:\//.test(displayPath)
      ? `[${where}](${links.fileBase}${displayPath.split('/').map(encodeURIComponent).join('/')}#L${line})`
      : where;
  const rule = (RULE_IDS as readonly string[]).includes(diagnostic.code) ? RULES[diagnostic.code as RuleId] : undefined;
  const ruleText = escapeMarkdown(diagnostic.code);
  const ruleCell = rule && links.ruleDocsBase ? `[${ruleText}](${links.ruleDocsBase}${rule.docsFile})` : ruleText;
  const kind = `<br>${escapeMarkdown(diagnostic.data.violation)}`;
  return `| ${lineCell} | ${SEVERITY_CELL[diagnostic.severity]} | ${escapeMarkdown(oneLine(diagnostic.message))} | ${ruleCell}${kind} |`;
}

/** Literal text in Markdown (a table cell, a heading): line breaks as spaces, controls shown as escapes, ASCII punctuation backslash-escaped. */
export function escapeMarkdown(text: string): string {
  return visibleText(text.replace(/[\r\n]+/g, ' ')).replace(/[!-/:-@[-`{-~]/g, (character) => `\\${character}`);
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 || noun === 'information' ? noun : `${noun}s`}`;
}
