// Picks the formatter for --format. A formatter gives the report's text and, beside it, what the user
// must be told on stderr about it (a SARIF log capped to code scanning's limits).
import type { OutputFormat } from '../options';
import type { RunReport } from '../report';
import { palette } from './colors';
import { formatGithub } from './github';
import { formatGitlab } from './gitlab';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatRdjson } from './rdjson';
import { formatSarifWithNotices } from './sarif';
import { formatStylish } from './stylish';

export interface FormattedReport {
  text: string;
  notices: string[];
}

export interface FormatContext {
  useColor: boolean;
  /** The published rule pages' folder (MCPDESC_LINT_RULE_DOCS_URL), for formats that link to them. */
  ruleDocsBase?: string;
}

export function formatReport(report: RunReport, format: OutputFormat, context: FormatContext): FormattedReport {
  switch (format) {
    case 'sarif':
      return formatSarifWithNotices(report);
    case 'json':
      return { text: formatJson(report), notices: [] };
    case 'github':
      return { text: formatGithub(report), notices: [] };
    case 'gitlab':
      return { text: formatGitlab(report), notices: [] };
    case 'junit':
      return { text: formatJunit(report), notices: [] };
    case 'rdjson':
      return { text: formatRdjson(report, context.ruleDocsBase), notices: [] };
    case 'stylish':
      return { text: formatStylish(report, palette(context.useColor)), notices: [] };
  }
}
