// Turns argv into a validated options object, or one usage message. Nothing here touches the file
// system: a path that does not exist is discovery's business, not a usage error.
import { parseArgs } from 'node:util';
import { ELICITATION_PRESET, OFFICIAL_PRESET, PRESETS, SEVERITY_SETTINGS } from '../../../shared/src/rules';
import { RULE_IDS } from '../../../shared/src/constants';
import type { RuleSeverity } from '../../../shared/src/settings';
import { DEFAULT_SETTINGS } from '../../../shared/src/settings';
import { MAX_GLOBS_TOTAL_LENGTH, recognitionGlob } from '../checker';
import { shown } from './globPattern';
import { BASELINABLE_RULE_IDS } from '../host/bulkSuppressions';

export const OUTPUT_FORMATS = ['stylish', 'json', 'sarif', 'github', 'gitlab', 'junit', 'rdjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const RULE_SEVERITIES = SEVERITY_SETTINGS;

export interface CliOptions {
  /** As typed; empty means the current directory. */
  paths: string[];
  format: OutputFormat;
  fix: boolean;
  rules: Record<string, RuleSeverity>;
  include: string[];
  exclude: string[];
  quiet: boolean;
  exitZero: boolean;
  maxFileSizeMB: number;
  /** How many files are checked at once; undefined: one per core. */
  jobs: number | undefined;
  /** --config FILE: this configuration file alone, instead of looking for mcpdesc-lint.config.* files. */
  config?: string;
  /** --no-config: no configuration file at all. */
  noConfig: boolean;
  /** --print-config FILE: print the configuration that applies to FILE, lint nothing. */
  printConfig?: string;
  /** --report-unused-suppressions: mcpdesc.unused-suppression at least as a warning. */
  reportUnusedSuppressions: boolean;
  /** --max-warnings N: exit 1 when more than N warnings are reported; undefined (or -1 given): no limit. */
  maxWarnings: number | undefined;
  /** --cache: results of unchanged files are taken from the cache file (cacheLocation, as typed, or the default). */
  cache: boolean;
  cacheLocation?: string;
  /** --stdin: the text to lint comes from standard input, named by stdinFilename when given. */
  stdin: boolean;
  stdinFilename?: string;
  /** -o, --output-file: the report goes to this file, not to stdout. */
  outputFile?: string;
  /** --suppress-all, or the rules of --suppress-rule: the current errors are written to the suppressions file. */
  suppressAll: boolean;
  suppressRules: string[];
  pruneSuppressions: boolean;
  passOnUnprunedSuppressions: boolean;
  suppressionsLocation?: string;
  /** --changed-since REF: only the files changed since the git revision (and those whose configuration changed). */
  changedSince?: string;
  help: boolean;
  version: boolean;
}

export type ParsedArguments = { ok: true; options: CliOptions } | { ok: false; message: string };

/** ESLint's `--max-warnings -1` (no limit): node's parser would take the -1 for an option, so it is joined to its option. */
function withNegativeValuesJoined(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--max-warnings' && /^-\d+$/.test(argv[index + 1] ?? '')) joined.push(`--max-warnings=${argv[++index]}`);
    else joined.push(argv[index]);
  }
  return joined;
}

/** The options node's parser knows; what they mean is CliOptions'. */
const OPTION_SPECS = {
  format: { type: 'string', short: 'f' },
  fix: { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  official: { type: 'boolean' },
  'elicitation-only': { type: 'boolean' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  quiet: { type: 'boolean', short: 'q' },
  'exit-zero': { type: 'boolean' },
  'max-file-size-mb': { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  'print-config': { type: 'string' },
  'report-unused-suppressions': { type: 'boolean' },
  'max-warnings': { type: 'string' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  'cache-strategy': { type: 'string' },
  stdin: { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  'output-file': { type: 'string', short: 'o' },
  'suppress-all': { type: 'boolean' },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean' },
  'pass-on-unpruned-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
  'changed-since': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function readArguments(argv: readonly string[]) {
  return parseArgs({ args: withNegativeValuesJoined(argv), allowPositionals: true, strict: true, options: OPTION_SPECS });
}

type Arguments = ReturnType<typeof readArguments>;
type Values = Arguments['values'];

/** A usage message: thrown by the checks below, caught once by parseArguments. */
class UsageError extends Error {}

function usage(condition: boolean, message: string): void {
  if (condition) throw new UsageError(message);
}

export function parseArguments(argv: readonly string[]): ParsedArguments {
  let parsed: Arguments;
  try {
    parsed = readArguments(argv);
  } catch (error) {
    // node's messages are good but end with advice about '--' that rarely applies; keep the first sentence.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: message.split(/\.\s+To specify a positional/)[0] };
  }
  try {
    return { ok: true, options: optionsOf(parsed) };
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, message: error.message };
    throw error;
  }
}

function optionsOf({ values, positionals }: Arguments): CliOptions {
  const format = values.format ?? 'stylish';
  usage(
    !(OUTPUT_FORMATS as readonly string[]).includes(format),
    `Unknown format '${format}' (expected one of: ${OUTPUT_FORMATS.join(', ')})`,
  );
  const rules = rulesOf(values);
  const maxFileSizeMB = maxFileSizeOf(values['max-file-size-mb']);
  const jobs = jobsOf(values.jobs);
  checkGlobs([...(values.include ?? []), ...(values.exclude ?? [])]);
  checkConfigOptions(values);
  const maxWarnings = maxWarningsOf(values['max-warnings']);
  checkValuesGiven(values);
  const suppressRules = values['suppress-rule'] ?? [];
  for (const rule of suppressRules) {
    const problem = suppressRuleProblem(rule);
    usage(problem !== undefined, problem ?? '');
  }
  const stdin = values.stdin ?? false;
  checkCombinations(values, positionals, suppressRules);
  return {
    paths: positionals,
    format: format as OutputFormat,
    fix: values.fix ?? false,
    rules,
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    quiet: values.quiet ?? false,
    exitZero: values['exit-zero'] ?? false,
    maxFileSizeMB,
    jobs,
    ...(values.config !== undefined ? { config: values.config } : {}),
    noConfig: values['no-config'] ?? false,
    ...(values['print-config'] !== undefined ? { printConfig: values['print-config'] } : {}),
    reportUnusedSuppressions: values['report-unused-suppressions'] ?? false,
    maxWarnings,
    cache: values.cache ?? false,
    ...(values['cache-location'] !== undefined ? { cacheLocation: values['cache-location'] } : {}),
    stdin,
    ...(values['stdin-filename'] !== undefined ? { stdinFilename: values['stdin-filename'] } : {}),
    ...(values['output-file'] !== undefined ? { outputFile: values['output-file'] } : {}),
    suppressAll: values['suppress-all'] ?? false,
    suppressRules,
    pruneSuppressions: values['prune-suppressions'] ?? false,
    passOnUnprunedSuppressions: values['pass-on-unpruned-suppressions'] ?? false,
    ...(values['suppressions-location'] !== undefined ? { suppressionsLocation: values['suppressions-location'] } : {}),
    ...(values['changed-since'] !== undefined ? { changedSince: values['changed-since'] } : {}),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/**
 * Each flag is the preset of a configuration file's "extends" (--official the defaults, kept so that
 * existing scripts keep working); it wins over the configuration files, and a --rule wins over it.
 */
function rulesOf(values: Values): Record<string, RuleSeverity> {
  usage(
    values.official === true && values['elicitation-only'] === true,
    '--official and --elicitation-only contradict each other; use one',
  );
  const preset = values['elicitation-only'] ? ELICITATION_PRESET : values.official ? OFFICIAL_PRESET : undefined;
  const rules: Record<string, RuleSeverity> = preset !== undefined ? { ...PRESETS[preset] } : {};
  for (const assignment of values.rule ?? []) {
    const parsedRule = parseRuleAssignment(assignment);
    if (typeof parsedRule === 'string') throw new UsageError(parsedRule);
    rules[parsedRule.ruleId] = parsedRule.severity;
  }
  return rules;
}

function maxFileSizeOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_SETTINGS.maxFileSizeMB;
  const number = Number(raw);
  usage(raw.trim() === '' || !Number.isFinite(number) || number <= 0, `--max-file-size-mb needs a positive number, got '${raw}'`);
  return number;
}

function jobsOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const number = Number(raw);
  usage(raw.trim() === '' || !Number.isInteger(number) || number < 1, `--jobs needs a whole number of at least 1, got '${raw}'`);
  return number;
}

function maxWarningsOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const number = Number(raw);
  usage(
    raw.trim() === '' || !Number.isInteger(number) || number < -1,
    `--max-warnings needs a whole number (-1 for no limit), got '${raw}'`,
  );
  return number === -1 ? undefined : number;
}

function checkGlobs(globs: readonly string[]): void {
  for (const glob of globs) {
    usage(glob.trim() === '', '--include and --exclude need a non-empty glob');
    const problem = recognitionGlob(glob).problem;
    usage(problem !== undefined, `--include or --exclude '${shown(glob)}' cannot be used: ${problem}`);
  }
  const totalLength = globs.reduce((sum, glob) => sum + glob.length, 0);
  // The message only when it is shown: toLocaleString loads ICU's number formatting, some 15 ms
  // of every CLI start.
  if (totalLength > MAX_GLOBS_TOTAL_LENGTH)
    usage(
      true,
      `--include and --exclude globs are ${totalLength.toLocaleString('en-US')} characters together; at most ${MAX_GLOBS_TOTAL_LENGTH.toLocaleString('en-US')} are allowed`,
    );
}

function checkConfigOptions(values: Values): void {
  usage(values.config !== undefined && values['no-config'] === true, '--config and --no-config cannot be used together');
  usage(values.config !== undefined && values.config.trim() === '', '--config needs a file');
  usage(values['print-config'] !== undefined && values['print-config'].trim() === '', '--print-config needs a file');
}

function checkValuesGiven(values: Values): void {
  for (const [name, value] of [
    ['--cache-location', values['cache-location']],
    ['--stdin-filename', values['stdin-filename']],
    ['--output-file', values['output-file']],
    ['--suppressions-location', values['suppressions-location']],
    ['--changed-since', values['changed-since']],
  ] as const) {
    usage(value !== undefined && value.trim() === '', `${name} needs a value`);
  }
  // ESLint's choice between trusting times and sizes (metadata) and hashing (content): here both hash
  // what changed and trust only a file's full stamp (lintCache.ts), so either is taken and means that.
  const cacheStrategy = values['cache-strategy'];
  usage(
    cacheStrategy !== undefined && cacheStrategy !== 'content' && cacheStrategy !== 'metadata',
    `--cache-strategy must be content or metadata, got '${cacheStrategy}'`,
  );
}

/** Options that exclude each other, and what --stdin leaves no room for. */
function checkCombinations(values: Values, positionals: readonly string[], suppressRules: readonly string[]): void {
  const stdin = values.stdin ?? false;
  const suppressing = values['suppress-all'] || suppressRules.length > 0 || values['prune-suppressions'];
  usage(
    values['suppress-all'] === true && suppressRules.length > 0,
    '--suppress-all and --suppress-rule cannot be used together',
  );
  usage(values['stdin-filename'] !== undefined && !stdin, '--stdin-filename needs --stdin');
  if (!stdin) return;
  usage(positionals.length > 0, '--stdin lints standard input: give no paths with it');
  usage(values.fix === true, '--fix cannot be used with --stdin: the fixed text would have nowhere to go');
  usage(
    suppressing === true,
    '--suppress-all, --suppress-rule and --prune-suppressions cannot be used with --stdin (piped text is not a file of the suppressions file)',
  );
  usage(values['changed-since'] !== undefined, '--changed-since cannot be used with --stdin');
}

/** A --suppress-rule value: a rule whose errors can be baselined, alone or as `RULE/violation`; the usage message when it is not. */
function suppressRuleProblem(value: string): string | undefined {
  const ruleId = value.includes('/') ? value.slice(0, value.indexOf('/')) : value;
  if (!(BASELINABLE_RULE_IDS as readonly string[]).includes(ruleId))
    return `--suppress-rule '${value}': not a rule whose errors can be suppressed (one of: ${BASELINABLE_RULE_IDS.join(', ')}, alone or as RULE/violation)`;
  if (value.includes('/') && value.slice(value.indexOf('/') + 1).trim() === '')
    return `--suppress-rule '${value}' names no violation after '/'`;
  return undefined;
}

/** `ID=SEVERITY`; returns the usage message when it is not one. */
function parseRuleAssignment(assignment: string): { ruleId: string; severity: RuleSeverity } | string {
  const separator = assignment.lastIndexOf('=');
  if (separator <= 0) return `--rule expects ID=SEVERITY, got '${assignment}'`;
  const ruleId = assignment.slice(0, separator).trim();
  const severity = assignment.slice(separator + 1).trim();
  if (!(RULE_IDS as readonly string[]).includes(ruleId)) {
    return `Unknown rule '${ruleId}' in --rule (known rules: ${RULE_IDS.join(', ')})`;
  }
  if (!(RULE_SEVERITIES as readonly string[]).includes(severity)) {
    return `Unknown severity '${severity}' for rule '${ruleId}' (expected one of: ${RULE_SEVERITIES.join(', ')})`;
  }
  return { ruleId, severity: severity as RuleSeverity };
}
