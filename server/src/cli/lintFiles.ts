// The files of a run, linted: discovered from the paths given, narrowed to those changed since a git
// revision (--changed-since), taken from the cache when unchanged (--cache), the rest checked in
// parallel, and reported in discovery order with the configuration files in their place among them:
// each result waits for those before it, so the output (stderr included) is the same whatever the
// number of jobs. Which configuration applies is decided here, on this thread.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { createHash } from 'node:crypto';
import { displayPath, invalidConfigMessage, isConfigFile, type EffectiveProjectConfig, type LoadedConfigFile } from '../host';
import { unanchored } from '../host/findingAnchor';
import { canonicalFilePath, changedFilesSince } from '../host/gitChanges';
import { DEFAULT_CACHE_FILE, LintCache } from '../host/lintCache';
import { outcomeByPath, type FileOutcome, type LintSettings } from '../host/lintFile';
import { defaultWorkerCount } from '../host/workerPool';
import type { CliConfiguration } from './configuration';
import { discoverCandidates, type Candidate } from './discovery';
import { lintRunner } from './lintRunner';
import type { CliOptions } from './options';
import type { FileReport } from './report';

export interface LintFilesContext {
  options: CliOptions;
  configuration: CliConfiguration;
  cwd: string;
  workerScript?: string;
  /** The linter's identity for the cache (lintCache.ts, linterIdentity). */
  cacheIdentity: string;
  /** A failure of the run (exit 2), said on stderr as it happens. */
  fail(message: string): void;
  /** A warning on stderr that does not fail the run. */
  warn(message: string): void;
}

/** The settings a document is linted with: its configuration, then the command line. */
export function lintSettingsFor(
  context: Pick<LintFilesContext, 'options' | 'configuration' | 'cwd'>,
  effective: EffectiveProjectConfig,
): LintSettings {
  const { configuration, options } = context;
  return {
    cwd: context.cwd,
    ...configuration.settingsOf(effective),
    fix: options.fix,
    maxFileSizeMB: options.maxFileSizeMB,
    docsBaseUri: shippedDocsBaseUri(),
    hashContent: options.cache,
    utf8Columns: options.format === 'rdjson',
  };
}

export async function lintFiles(context: LintFilesContext): Promise<FileReport[]> {
  const { options, configuration, cwd, fail } = context;
  const discovery = discoverCandidates(options.paths, cwd);
  discovery.problems.forEach(fail);
  let candidates = discovery.candidates;
  if (options.changedSince !== undefined) {
    const changed = changedCandidates(context, candidates, options.changedSince);
    if (!changed) return [];
    candidates = changed;
  }

  const reports = new RunReports(context);

  const cacheFile = options.cache ? cacheFileOf(options.cacheLocation, cwd) : undefined;
  const cache = cacheFile ? LintCache.open(cacheFile, context.cacheIdentity) : undefined;
  // Each document decided here when its path alone decides or the cache still holds its result; the
  // rest goes to the runner (a worker reads the file, so a warm run starts no worker at all).
  const planned = candidates.map((candidate) => {
    if (isConfigFile(candidate.absolutePath)) return { candidate };
    const effective = configuration.forFile(candidate.absolutePath, candidate.realRoot);
    const settings = lintSettingsFor(context, effective);
    return { candidate, effective, settings, known: outcomeByPath(candidate, settings) ?? cache?.lookup(candidate, settings) };
  });
  const toCheck = planned.filter((plan) => plan.settings && !plan.known).map((plan) => plan.candidate);
  const jobs = options.jobs !== undefined ? Math.min(options.jobs, toCheck.length) : defaultJobs(toCheck);
  const runner = lintRunner(context.workerScript, jobs);
  try {
    const pending = planned.map(({ candidate, effective, settings, known }): (() => Promise<void>) | (() => void) => {
      if (!effective || !settings) {
        // Checked as configuration, not as documents, wherever they are (--exclude does not hide a broken one).
        return () => {
          if (configuration.looksUp) reports.lintConfigFile(candidate);
        };
      }
      const outcome = known
        ? Promise.resolve(known)
        : runner
            .run({ candidate, settings })
            .then((answer) => {
              cache?.store(candidate, settings, answer);
              return answer;
            })
            .catch((error: unknown): FileOutcome => ({
              kind: 'failed',
              message: `${candidate.absolutePath}: internal error while checking: ${error instanceof Error ? error.message : String(error)}`,
            }));
      return async () => {
        effective.invalid.forEach((loaded) => reports.failInvalidConfig(loaded));
        reports.add(await outcome);
      };
    });
    for (const next of pending) await next();
  } finally {
    await runner.close();
  }
  if (cache && cacheFile) {
    const problem = cache.save();
    if (problem) context.warn(`warning: ${displayPath(cacheFile, cwd)}: the cache could not be written: ${problem}`);
  }
  reports.addConfigsAbove(options.changedSince !== undefined);
  return reports.files;
}

/**
 * The run's reports as they come. A configuration file is reported once (its diagnostics, as a file
 * of the run) and named once on stderr when it cannot be used, however many documents it lies above.
 */
class RunReports {
  readonly files: FileReport[] = [];
  private readonly reportedConfigs = new Set<string>();
  private readonly namedConfigs = new Set<string>();

  constructor(private readonly context: LintFilesContext) {}

  add(outcome: FileOutcome): void {
    if (outcome.kind === 'failed') this.context.fail(outcome.message);
    if (outcome.kind === 'ignored' && outcome.notice) this.context.warn(`warning: ${outcome.notice}`);
    if (outcome.kind !== 'reported') return;
    if (outcome.failure) this.context.fail(outcome.failure);
    this.files.push(outcome.report);
  }

  failInvalidConfig(loaded: LoadedConfigFile): void {
    if (this.namedConfigs.has(loaded.path)) return;
    this.namedConfigs.add(loaded.path);
    this.context.fail(invalidConfigMessage(loaded, displayPath(loaded.path, this.context.cwd)));
  }

  lintConfigFile(candidate: Candidate): void {
    const { configuration, cwd } = this.context;
    if (this.reportedConfigs.has(candidate.absolutePath)) return;
    this.reportedConfigs.add(candidate.absolutePath);
    const scope = configuration.scopeOf(candidate.absolutePath, candidate.realRoot);
    const diagnostics = configuration.configs.diagnosticsOfFile(candidate.absolutePath, scope);
    if (!diagnostics) return;
    this.files.push({
      absolutePath: candidate.absolutePath,
      displayPath: displayPath(candidate.absolutePath, cwd),
      diagnostics: diagnostics.map(unanchored),
    });
    const loaded = configuration.configs.read(candidate.absolutePath, scope.realBoundary);
    if (!('missing' in loaded) && !loaded.parsed.config) this.failInvalidConfig(loaded);
  }

  /**
   * A configuration file the lookup read above the paths given (the current directory's, for
   * `mcpdesc-lint packages/a`) is reported as if it had been found in the tree; with --changed-since,
   * only those already reported.
   */
  addConfigsAbove(changedOnly: boolean): void {
    const { configuration } = this.context;
    for (const loaded of configuration.configs.loaded()) {
      if (loaded.parsed.problems.length === 0) continue;
      if (changedOnly && !this.reportedConfigs.has(loaded.path)) continue;
      this.lintConfigFile({
        absolutePath: loaded.path,
        explicit: false,
        realRoot: configuration.scopeOf(loaded.path, loaded.path).realBoundary,
      });
    }
  }
}

/**
 * Without --jobs: a worker per core, but none for a little work. Starting a worker (its thread, the
 * checker's code loaded and compiled again) costs about what checking 250 KB of documents does, so
 * two workers gain nothing on less than twice that: a pull request's few small documents
 * (--changed-since, or a warm --cache run) are checked on this thread, where the checker is loaded.
 */
function defaultJobs(toCheck: readonly Candidate[]): number {
  const jobs = Math.min(defaultWorkerCount(false), toCheck.length);
  if (jobs <= 1 || toCheck.length > SMALL_WORK_FILES) return jobs;
  let bytes = 0;
  for (const candidate of toCheck) bytes += sizeOf(candidate.absolutePath);
  return bytes <= SMALL_WORK_BYTES ? 1 : jobs;
}

const SMALL_WORK_FILES = 32;
const SMALL_WORK_BYTES = 512 * 1024;

function sizeOf(filePath: string): number {
  try {
    return fs.statSync(filePath).size;
  } catch {
    return 0;
  }
}

/**
 * --changed-since: the candidates changed since the revision, and the documents whose configuration
 * files changed (what applies to them did); undefined when git could not tell (a failure of the run).
 */
function changedCandidates(context: LintFilesContext, candidates: readonly Candidate[], ref: string): Candidate[] | undefined {
  const changed = changedFilesSince(ref, context.cwd);
  if ('problem' in changed) {
    context.fail(`--changed-since ${ref}: ${changed.problem}`);
    return undefined;
  }
  const isChanged = (filePath: string): boolean => changed.files.has(canonicalFilePath(filePath));
  const explicitConfig = context.configuration.explicitPath;
  if (explicitConfig !== undefined && isChanged(explicitConfig)) return [...candidates];
  return candidates.filter((candidate) => {
    if (isChanged(candidate.absolutePath)) return true;
    if (isConfigFile(candidate.absolutePath) || context.options.noConfig) return false;
    const effective = context.configuration.forFile(candidate.absolutePath, candidate.realRoot);
    return [...effective.files, ...effective.invalid.map((loaded) => loaded.path)].some(isChanged);
  });
}

/** --cache-location as ESLint reads it: a directory (existing, or written with a trailing separator) holds a file named after the current directory. */
export function cacheFileOf(location: string | undefined, cwd: string): string {
  if (location === undefined) return path.join(cwd, DEFAULT_CACHE_FILE);
  const resolved = path.resolve(cwd, location);
  const namesDirectory = /[\\/]$/.test(location) || isDirectory(resolved);
  if (!namesDirectory) return resolved;
  return path.join(resolved, `${DEFAULT_CACHE_FILE}_${createHash('sha256').update(cwd).digest('hex').slice(0, 16)}`);
}

function isDirectory(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isDirectory();
  } catch {
    return false;
  }
}
