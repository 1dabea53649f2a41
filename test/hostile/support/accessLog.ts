// The record format of accessGuard.ts (the preload) and how tests read it back. Kept apart from the
// preload so that reading a log does not install the guard in the test process itself.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ACCESS_LOG_ENV = 'MCPDESC_ACCESS_LOG';
/** A JSON array of absolute directories the process may touch. */
export const ACCESS_ALLOW_ENV = 'MCPDESC_ACCESS_ALLOW';
/**
 * What the server reads of itself: its threads' ids, to give every thread but the main one a lower
 * priority (server/src/host/threadPriority.ts). Nothing of the machine or of other processes.
 */
export const OWN_THREADS = ['/proc/thread-self', '/proc/self/task'];

export interface AccessRecord {
  /** 'guard' is the preload announcing itself (so that an empty record proves it was there). */
  kind: 'guard' | 'fs' | 'network' | 'process';
  operation: string;
  target: string;
}

/** The records in a log file (none when it was never written). */
export function readAccessLog(file: string): AccessRecord[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as AccessRecord);
}

/**
 * The accesses recorded in a log, after checking that the guard was loaded in exactly
 * `processes` processes (an empty list from a process the guard never saw proves nothing).
 */
export function recordedAccesses(file: string, processes = 1): AccessRecord[] {
  const records = readAccessLog(file);
  const loaded = records.filter((record) => record.kind === 'guard').length;
  if (loaded !== processes) throw new Error(`the access guard was loaded in ${loaded} processes, expected ${processes}`);
  return records.filter((record) => record.kind !== 'guard');
}

/** The compiled preload, for `node --require`. */
export function accessGuardPath(): string {
  return path.join(__dirname, 'accessGuard.js');
}
