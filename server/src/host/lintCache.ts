// The CLI's --cache: what linting a file gave, kept in one file between runs and taken again when
// nothing it depends on changed. A file's result depends on its content (hashed: a checkout, a
// `touch` or a CI cache restore changes times, not content, as ESLint's --cache-strategy content
// assumes), on the settings it was linted with (the rules and globs that applied, the size limit,
// how it was found: `settingsKeyOf`) and on the linter itself (`identity`: its version, the bundle's
// own hash and where its rule pages are, which the diagnostics link to). Any of those changed, the
// file is linted again. A result that a failure came with (an unreadable file, an internal error) is
// never kept, so the failure is met again, not remembered.
//
// The main thread looks up before handing a file to a worker: a file with an entry is read and
// hashed here, and only a file whose hash differs goes to a worker, whose outcome brings the hash of
// what it checked (LintSettings.hashContent). A file without an entry goes to the worker unread.
// Reading is skipped when the file's stamp (device, inode, size, modification and change times:
// readFile.ts) is the one its bytes had when hashed: on the machine that filled the cache, nothing
// can write a file and leave its change time. A cache taken to another checkout (CI's restored
// cache) meets other stamps, so every file is hashed once there, and stamped for the next run.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { FileOutcome, LintCandidate, LintSettings } from './lintFile';
import { contentHashOfRead } from './contentHash';
import { fileStamp, readHostFileBytes } from './readFile';
import { readLimitBytes } from './documentPolicy';
import { writeFileAtomically } from './writeFileAtomically';

/** The default cache file, in the current directory (ESLint's is .eslintcache). */
export const DEFAULT_CACHE_FILE = '.mcpdesc-lint-cache';
/** Bumped when what the cache file holds changes shape. */
const CACHE_FORMAT = 1;

interface CacheEntry {
  /** settingsKeyOf the lint that produced the outcome. */
  settings: string;
  /** contentHashOfRead of what was checked. */
  content: string;
  /** The file's stamp when those bytes were read (readFile.ts), when known: the same stamp, the same bytes. */
  stamp?: string;
  outcome: FileOutcome;
}

interface CacheFile {
  format: number;
  identity: string;
  entries: Record<string, CacheEntry>;
}

function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The linter's identity for the cache: its version, the hash of the running bundle (so that a build
 * of the same version with other rules is not taken for the one that filled the cache) and anything
 * else its results embed (the rule pages' location).
 */
export function linterIdentity(version: string, bundleFile: string, extra: readonly string[] = []): string {
  let bundle = '';
  try {
    bundle = sha256(fs.readFileSync(bundleFile));
  } catch {
    // No bundle to hash (a test running the sources): the version alone.
  }
  return sha256(JSON.stringify([version, bundle, ...extra]));
}

/** What a lint's outcome depends on besides the content and the linter: the candidate as found and its settings. */
export function settingsKeyOf(candidate: LintCandidate, settings: LintSettings): string {
  const { cwd, rules, globs, maxFileSizeMB, utf8Columns } = settings;
  return sha256(
    JSON.stringify([
      candidate.absolutePath,
      candidate.explicit,
      candidate.realRoot,
      cwd,
      sortedEntries(rules),
      globs,
      maxFileSizeMB,
      !!utf8Columns,
    ]),
  );
}

export class LintCache {
  private readonly entries: Map<string, CacheEntry>;
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly identity: string,
    entries: Map<string, CacheEntry>,
  ) {
    this.entries = entries;
  }

  /** The cache at `file` for this linter; empty when there is none, it is unreadable, or another linter wrote it. */
  static open(file: string, identity: string): LintCache {
    let entries = new Map<string, CacheEntry>();
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<CacheFile>;
      if (parsed.format === CACHE_FORMAT && parsed.identity === identity && parsed.entries && typeof parsed.entries === 'object')
        entries = new Map(Object.entries(parsed.entries));
    } catch {
      // Missing or unreadable: a cold start, as with no cache at all.
    }
    return new LintCache(file, identity, entries);
  }

  /**
   * The kept outcome of the candidate, when its entry was made with these settings and the file's
   * content is still what was checked: read and hashed here, as the worker would read it.
   */
  lookup(candidate: LintCandidate, settings: LintSettings): FileOutcome | undefined {
    const entry = this.entries.get(candidate.absolutePath);
    if (!entry || entry.settings !== settingsKeyOf(candidate, settings)) return undefined;
    if (entry.stamp === undefined || entry.stamp !== currentStamp(candidate.absolutePath)) {
      // Bytes, not text: hashing needs no decoding (a warm run of 2,000 files spent a third of its time decoding and collecting the strings).
      const read = readHostFileBytes(candidate.absolutePath, candidate.realRoot, readLimitBytes(settings));
      if (read.kind !== 'bytes' && read.kind !== 'tooLarge') return undefined;
      if (contentHashOfRead(read) !== entry.content) return undefined;
      // The same content with another stamp (a fresh checkout, a restored cache): the next run need not read it.
      if (read.kind === 'bytes') {
        entry.stamp = read.stamp;
        this.changed = true;
      }
    }
    // A fix run has nothing to do on a file whose result had nothing to fix; any other is fixed again.
    if (settings.fix && entry.outcome.kind === 'reported' && (entry.outcome.report.fixable ?? 0) > 0) return undefined;
    return entry.outcome;
  }

  /** Keeps what a lint gave, when it can be trusted next time (it carries its content hash and no failure). */
  store(candidate: LintCandidate, settings: LintSettings, outcome: FileOutcome): void {
    if (outcome.kind === 'failed' || outcome.contentHash === undefined) {
      if (this.entries.delete(candidate.absolutePath)) this.changed = true;
      return;
    }
    if (outcome.kind === 'reported' && outcome.failure) {
      if (this.entries.delete(candidate.absolutePath)) this.changed = true;
      return;
    }
    const { contentHash, contentStamp, ...kept } = outcome;
    this.entries.set(candidate.absolutePath, {
      settings: settingsKeyOf(candidate, settings),
      content: contentHash,
      ...(contentStamp === undefined ? {} : { stamp: contentStamp }),
      outcome: kept as FileOutcome,
    });
    this.changed = true;
  }

  /** Writes the cache back when anything changed; undefined when done, else why it could not be written. */
  save(): string | undefined {
    if (!this.changed) return undefined;
    const file: CacheFile = { format: CACHE_FORMAT, identity: this.identity, entries: Object.fromEntries(this.entries) };
    return writeFileAtomically(this.file, JSON.stringify(file));
  }
}

/** The stamp of the file a path leads to now (links followed, as the read follows them), or undefined. */
function currentStamp(filePath: string): string | undefined {
  try {
    return fileStamp(fs.statSync(filePath));
  } catch {
    return undefined;
  }
}

function sortedEntries(record: Readonly<Record<string, unknown>>): Array<[string, unknown]> {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
