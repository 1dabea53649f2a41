// The read+parse floor of a workspace scan: read every file the scan reads and parseTree each mcpdesc
// document. The server scans right after it starts, cold (nothing compiled by the optimizing
// compiler yet, a young heap), so the floor it is held to is measured the same way: in a fresh
// Node process per run. The same work in the warm benchmark process is reported alongside.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { MANIFEST_NAME, type WorkspaceManifest } from './workspace';

export interface FloorRun {
  wallMs: number;
  cpuMs: number;
}

/** Reads and parses the workspace once, in this process. */
export function readAndParse(dir: string, manifest: WorkspaceManifest): FloorRun {
  const files = manifest.files.filter((f) => !f.ignored);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file.path), 'utf8');
    if (file.kind !== 'other-json') parseTree(text);
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wallMs: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Reads and parses the workspace once in a new Node process (timed inside it, start-up excluded). */
export function readAndParseInFreshProcess(dir: string): FloorRun {
  const child = spawnSync(process.execPath, [__filename, dir], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (child.status !== 0) throw new Error(`the floor process failed: ${child.stderr || child.error?.message}`);
  return JSON.parse(child.stdout) as FloorRun;
}

if (require.main === module) {
  const dir = process.argv[2];
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')) as WorkspaceManifest;
  process.stdout.write(JSON.stringify(readAndParse(dir, manifest)));
}
