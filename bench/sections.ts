// The parts of `npm run bench` after the checker, the server session and the workspace scan: each
// measures, prints its own table and judges its own targets, and `--skip-NAME` leaves it out.
// A new part is one more entry in BENCH_SECTIONS (run.ts and report.ts need no change).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchCi, ciTargets, renderCiBench } from './ciBench';
import { benchCliStartup, cliStartupTargets, renderCliStartup } from './cliStartupBench';
import { benchBigFileScan, bigFileScanTargets, renderBigFileScan, standardConfigurations } from './bigFileScan';
import { benchEdits, editTargets, renderEdits } from './editBench';
import { benchFirstDiagnostics, firstDiagnosticsTargets, renderFirstDiagnostics } from './firstDiagnosticsBench';
import { benchFixAll, fixAllTargets, renderFixAllBench } from './fixAllBench';
import { benchFixPlanning, fixPlanningTargets, renderFixPlanning } from './fixPlanningBench';
import { benchVisibleRanges, renderVisibleRanges, visibleRangesTargets } from './visibleRangesBench';
import { benchNavigation, navigationTargets, renderNavigation } from './navigationBench';
import { benchMemorySessions, memoryTargets, renderMemorySessions } from './memorySession';
import { benchPeers, peerTargets, renderPeers } from './peerServers';
import type { SectionReport } from './report';
import type { ShapeName } from './shapes';

export interface SectionContext {
  /** A copy of the freshly built dist/server.js (with checkWorker.js beside it). */
  serverPath: string;
  repoRoot: string;
  seed: number;
  quick: boolean;
  dataDir: string;
  log: (message: string) => void;
  /** The document shapes to measure (shapes.ts), where a section measures more than the base one. */
  shapes: readonly ShapeName[];
}

export type { SectionReport } from './report';

export interface BenchSection {
  /** `--skip-NAME` leaves the section out. */
  name: string;
  /** For the progress line. */
  title: string;
  needsServer: boolean;
  run(context: SectionContext): Promise<SectionReport>;
}

export const BENCH_SECTIONS: readonly BenchSection[] = [
  {
    name: 'navigation',
    title: 'completion and hover from the format schema',
    needsServer: false,
    async run({ seed, quick, log }) {
      const rows = await benchNavigation(seed, quick, log);
      return { name: 'navigation', markdown: renderNavigation(rows), targets: navigationTargets(rows), data: { rows } };
    },
  },
  {
    name: 'edits',
    title: 'edit inside one tool vs a whole parse',
    needsServer: false,
    async run({ seed, quick, log, shapes }) {
      const result = await benchEdits(seed, quick, log, shapes);
      return { name: 'edits', markdown: renderEdits(result), targets: editTargets(result), data: result };
    },
  },
  {
    name: 'big-file-scan',
    title: 'typing while the scan checks two big closed files',
    needsServer: true,
    async run({ serverPath, quick, log, shapes }) {
      const result = await benchBigFileScan({ configurations: standardConfigurations(serverPath), quick, shapes, log });
      return { name: 'big-file-scan', markdown: renderBigFileScan(result), targets: bigFileScanTargets(result), data: result };
    },
  },
  {
    name: 'memory',
    title: 'memory of the big-document sessions',
    needsServer: true,
    async run({ serverPath, repoRoot, seed, quick, log, shapes }) {
      const rows = await benchMemorySessions({ serverPath, repoRoot, seed, quick, shapes, log });
      return { name: 'memory', markdown: renderMemorySessions(rows), targets: memoryTargets(rows), data: { rows } };
    },
  },
  {
    name: 'peers',
    title: 'side by side with vscode-json-languageserver and yaml-language-server',
    needsServer: true,
    async run({ serverPath, seed, quick, log, shapes }) {
      // The 7.5 MB YAML document costs minutes with yaml-language-server (seconds per edit): full runs and the base shape only.
      const result = await benchPeers({ serverPath, seed, quick, bigYaml: !quick, shapes, log });
      const markdown = renderPeers(result) + (quick ? '\n\n(A quick run: without the 7.5 MB YAML document.)' : '');
      return { name: 'peers', markdown, targets: peerTargets(result), data: result };
    },
  },
  {
    name: 'fix-all',
    title: 'fix-all on ~5 MB documents with thousands of problems vs one check; the CLI and fix-all on every shape',
    needsServer: false,
    async run({ seed, quick, log, shapes }) {
      const result = await benchFixAll({ seed, quick, onProgress: (message) => log(`  ${message}`) });
      // Issue 36: the CLI's count of fixable problems and fix-all, on every benchmark document and shape.
      const planning = await benchFixPlanning({ seed, quick, shapes, onProgress: (message) => log(`  ${message}`) });
      return {
        name: 'fix-all',
        markdown: `${renderFixAllBench(result)}\n\n${renderFixPlanning(planning)}`,
        targets: [...fixAllTargets(result), ...fixPlanningTargets(planning)],
        data: { ...result, planning },
      };
    },
  },
  {
    name: 'visible-ranges',
    title: 'a one-key change in a 5 MB document with more problems than the editor keeps',
    needsServer: true,
    async run({ serverPath, seed, quick, log }) {
      const result = await benchVisibleRanges({ serverPath, seed, megabytes: 5, quick, log });
      return {
        name: 'visible-ranges',
        markdown: renderVisibleRanges(result),
        targets: visibleRangesTargets(result),
        data: result,
      };
    },
  },
  {
    name: 'cli-startup',
    title: "the CLI with every rule on vs the elicitation rules only, small and 265 KB documents; the format schema's start-up",
    // Not a server, but the freshly built CLI: the run builds dist/ for the sections that need it.
    needsServer: true,
    async run({ repoRoot, dataDir, seed, quick, log }) {
      // A copy of this build, as the server's: others may rebuild dist/ while the benchmark runs.
      const cliDir = path.join(dataDir, 'cli-startup-under-test');
      fs.mkdirSync(cliDir, { recursive: true });
      for (const name of ['cli.js', 'checkWorker.js'])
        fs.copyFileSync(path.join(repoRoot, 'dist', name), path.join(cliDir, name));
      const outDir = path.join(repoRoot, 'out');
      const result = await benchCliStartup({ cliPath: path.join(cliDir, 'cli.js'), outDir, dataDir, seed, quick, log });
      return { name: 'cli-startup', markdown: renderCliStartup(result), targets: cliStartupTargets(result), data: result };
    },
  },
  {
    name: 'first-diagnostics',
    title:
      "the editor's first diagnostics of a 265 KB document, every rule on vs the elicitation rules only (a fresh server each)",
    needsServer: true,
    async run({ serverPath, dataDir, seed, quick, log }) {
      const result = await benchFirstDiagnostics({ serverPath, dataDir, seed, quick, log });
      return {
        name: 'first-diagnostics',
        markdown: renderFirstDiagnostics(result),
        targets: firstDiagnosticsTargets(result),
        data: result,
      };
    },
  },
  {
    name: 'ci',
    title: 'CI at organisation scale: 2,000 documents cold, with a warm --cache, and --changed-since with 5 changed',
    // Not a server, but the freshly built CLI: the run builds dist/ for the sections that need it.
    needsServer: true,
    async run({ repoRoot, dataDir, seed, quick, log }) {
      // A copy of this build, as the server's: others may rebuild dist/ while the benchmark runs.
      const cliDir = path.join(dataDir, 'cli-under-test');
      fs.mkdirSync(cliDir, { recursive: true });
      for (const name of ['cli.js', 'checkWorker.js'])
        fs.copyFileSync(path.join(repoRoot, 'dist', name), path.join(cliDir, name));
      const result = await benchCi({ cliPath: path.join(cliDir, 'cli.js'), dataDir, seed, quick, log });
      return { name: 'ci', markdown: renderCiBench(result), targets: ciTargets(result), data: result };
    },
  },
];
