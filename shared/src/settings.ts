// The settings contract: package.json `contributes.configuration` declares them, the client passes
// them through, the server resolves them per resource. Defaults live here only.

import { isSeveritySetting, type SeveritySetting } from './rules';

export type RuleSeverity = SeveritySetting;

export interface McpdescSettings {
  enable: boolean;
  files: { include: string[]; exclude: string[] };
  rules: Record<string, RuleSeverity>;
  maxFileSizeMB: number;
  /**
   * The most diagnostics sent for one document (VS Code keeps 1,000 per file and drops the rest):
   * past it, those nearest the lines in view and one notice about the others.
   */
  maxProblemsPerFile: number;
  /**
   * The CLI's bulk suppressions file (its baseline) in the editor: baselined errors shown at
   * `severity` (off: not shown), so that they do not squiggle as errors; the file is `location`,
   * relative to the workspace folder, and its paths are relative to the folder.
   */
  bulkSuppressions: { enable: boolean; severity: BaselinedSeverity; location: string };
  trace: { server: 'off' | 'messages' | 'verbose' };
}

/** How a baselined error is shown in the editor. */
export type BaselinedSeverity = 'error' | 'warning' | 'information' | 'hint' | 'off';
const BASELINED_SEVERITIES: readonly BaselinedSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

export const SETTINGS_SECTION = 'mcpdesc';

export const DEFAULT_SETTINGS: McpdescSettings = {
  enable: true,
  files: { include: [], exclude: [] },
  rules: {},
  maxFileSizeMB: 20,
  maxProblemsPerFile: 1000,
  bulkSuppressions: { enable: true, severity: 'information', location: 'mcpdesc-lint-suppressions.json' },
  trace: { server: 'off' },
};

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Settings arrive from user JSON: anything may be of the wrong type, so each field falls back on its own. */
export function normalizeSettings(raw: unknown): McpdescSettings {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const files = (source.files && typeof source.files === 'object' ? source.files : {}) as Record<string, unknown>;
  const trace = (source.trace && typeof source.trace === 'object' ? source.trace : {}) as Record<string, unknown>;
  const rules: Record<string, RuleSeverity> = {};
  if (source.rules && typeof source.rules === 'object') {
    for (const [ruleId, severity] of Object.entries(source.rules as Record<string, unknown>)) {
      if (isSeveritySetting(severity)) {
        rules[ruleId] = severity;
      }
    }
  }
  const maxFileSizeMB =
    typeof source.maxFileSizeMB === 'number' && source.maxFileSizeMB > 0 ? source.maxFileSizeMB : DEFAULT_SETTINGS.maxFileSizeMB;
  const maxProblemsPerFile =
    typeof source.maxProblemsPerFile === 'number' && Number.isInteger(source.maxProblemsPerFile) && source.maxProblemsPerFile >= 1
      ? source.maxProblemsPerFile
      : DEFAULT_SETTINGS.maxProblemsPerFile;
  const traceServer = trace.server === 'messages' || trace.server === 'verbose' ? trace.server : 'off';
  const bulk = (source.bulkSuppressions && typeof source.bulkSuppressions === 'object' ? source.bulkSuppressions : {}) as Record<
    string,
    unknown
  >;
  const defaults = DEFAULT_SETTINGS.bulkSuppressions;
  return {
    enable: typeof source.enable === 'boolean' ? source.enable : DEFAULT_SETTINGS.enable,
    files: {
      include: isStringArray(files.include) ? files.include : [],
      exclude: isStringArray(files.exclude) ? files.exclude : [],
    },
    rules,
    maxFileSizeMB,
    maxProblemsPerFile,
    bulkSuppressions: {
      enable: typeof bulk.enable === 'boolean' ? bulk.enable : defaults.enable,
      severity: BASELINED_SEVERITIES.includes(bulk.severity as BaselinedSeverity)
        ? (bulk.severity as BaselinedSeverity)
        : defaults.severity,
      location: typeof bulk.location === 'string' && bulk.location.trim() !== '' ? bulk.location : defaults.location,
    },
    trace: { server: traceServer },
  };
}
