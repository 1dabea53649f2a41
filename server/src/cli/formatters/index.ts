// Picks the formatter for --format.
import type { OutputFormat } from '../options';
import type { RunReport } from '../report';
import { palette } from './colors';
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';

export function formatReport(report: RunReport, format: OutputFormat, useColor: boolean): string {
  switch (format) {
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report);
    case 'github':
      return formatGithub(report);
    case 'stylish':
      return formatStylish(report, palette(useColor));
  }
}
