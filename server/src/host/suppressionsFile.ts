// The suppressions file on disk, for both fronts: read as documents are read (readHostFile: a
// regular file inside its root, of bounded size), written whole and atomically (the CLI's
// --suppress-all, --suppress-rule, --prune-suppressions). What it means is bulkSuppressions.ts'.
import * as path from 'node:path';
import { parseSuppressions, serializeSuppressions, type SuppressionCounts } from './bulkSuppressions';
import { readHostFile, realPathOf } from './readFile';
import { writeFileAtomically } from './writeFileAtomically';

/** A suppressions file larger than this is refused (a count per document and kind: megabytes for hundreds of thousands of documents). */
export const SUPPRESSIONS_MAX_BYTES = 64 * 1024 * 1024;

export type SuppressionsRead =
  | { kind: 'counts'; counts: SuppressionCounts }
  /** No file there: nothing is suppressed. */
  | { kind: 'missing' }
  /** There, but not usable: `problem` says why. */
  | { kind: 'invalid'; problem: string };

/**
 * Reads the suppressions file at `filePath` (absolute). `realRoot`: the folder it must stay inside
 * (a workspace folder for the server); by default its own folder, i.e. wherever the user put it.
 */
export function readSuppressionsFile(filePath: string, realRoot: string = realPathOf(path.dirname(filePath))): SuppressionsRead {
  const read = readHostFile(filePath, realRoot, SUPPRESSIONS_MAX_BYTES);
  switch (read.kind) {
    case 'missing':
      return { kind: 'missing' };
    case 'text': {
      const parsed = parseSuppressions(read.text);
      return 'counts' in parsed ? { kind: 'counts', counts: parsed.counts } : { kind: 'invalid', problem: parsed.problem };
    }
    case 'tooLarge':
      return { kind: 'invalid', problem: `it is larger than ${SUPPRESSIONS_MAX_BYTES / (1024 * 1024)} MB` };
    case 'outside':
      return { kind: 'invalid', problem: 'it is a symbolic link to a file outside its folder' };
    case 'notRegular':
      return { kind: 'invalid', problem: `it is ${read.what}, not a regular file` };
    case 'unreadable':
      return { kind: 'invalid', problem: `it cannot be read: ${read.reason}` };
  }
}

/** Writes the counts; undefined when written, else why not. */
export function writeSuppressionsFile(filePath: string, counts: SuppressionCounts): string | undefined {
  return writeFileAtomically(filePath, serializeSuppressions(counts));
}
