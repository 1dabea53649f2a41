// The run's results as one JSON-able object, the targets judged on it, and the table printed to stdout.
import { CHECK, type CheckerBenchResult, PARSE_TREE, YAML_PARSE } from './checkerBench';
import type { ProfileComparison } from './cpuProfile';
import type { MachineInfo } from './measure';
import type { DocumentSessionResult, ScanResult } from './serverBench';

export interface RunResult {
  startedAt: string;
  durationS: number;
  mode: 'full' | 'quick';
  seed: number;
  /** The document shapes measured (bench/shapes.ts); absent in runs from before issue 26. */
  shapes?: string[];
  machine: MachineInfo;
  notes: string[];
  checker: CheckerBenchResult[];
  profiles: Array<{ label: string; comparison: ProfileComparison }>;
  server?: DocumentSessionResult;
  /** scanOnly: the round with the median scan time (peak RSS: the highest of all rounds). */
  scan?: {
    floor: ScanFloor;
    scanOnly: ScanResult;
    scanRounds: ScanRound[];
    withTyping?: ScanResult;
    byWorkers?: ScanByWorkers[];
  };
  /** The parts after the scan (sections.ts), each with its own table and targets. */
  sections: SectionReport[];
  /** This run's own targets and every section's. */
  targets: TargetResult[];
}

/** The scan with a given number of check workers (MCPDESC_CHECK_WORKERS), in the same rounds as the default. */
export interface ScanByWorkers {
  workers: number;
  /** The server's default on this machine (cores - 1, at least 1): the rounds of scanOnly. */
  isDefault: boolean;
  scanMs: Array<number | undefined>;
  medianMs?: number;
}

/** The read+parse floor of the scan, per round. */
export interface ScanFloor {
  /** In a fresh Node process per run, as cold as the server that scans (the baseline). */
  medianMs: number;
  runs: number[];
  cpuRuns: number[];
  /** The same work in the warm benchmark process (for reference). */
  warmMedianMs: number;
  warmRuns: number[];
}

export interface ScanRound {
  scanMs?: number;
  floorMs?: number;
  scanCpuMs?: number;
  floorCpuMs?: number;
  peakRssMB?: number;
}

/** Median of per-round scan/floor ratios (a second opinion on the ratio of medians). */
export function pairedScanRatio(rounds: ScanRound[]): number | undefined {
  const ratios = rounds
    .filter((r) => r.scanMs !== undefined && r.floorMs)
    .map((r) => r.scanMs! / r.floorMs!)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return undefined;
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2;
}

/** Ratio of the median CPU times: the scanning server's against the floor's. */
export function cpuScanRatio(rounds: ScanRound[]): number | undefined {
  const median = (values: number[]): number | undefined => {
    const sorted = [...values].sort((a, b) => a - b);
    if (!sorted.length) return undefined;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const scan = median(rounds.flatMap((r) => (r.scanCpuMs !== undefined ? [r.scanCpuMs] : [])));
  const floor = median(rounds.flatMap((r) => (r.floorCpuMs !== undefined ? [r.floorCpuMs] : [])));
  return scan !== undefined && floor ? scan / floor : undefined;
}

export interface TargetResult {
  target: string;
  /** 'n/a' when it could not be measured in this run (the note says why). */
  status: 'pass' | 'miss' | 'n/a';
  measured: string;
}

/** What a section of the run (sections.ts) leaves in it: its table (Markdown), its targets, and its figures for last-run.json. */
export interface SectionReport {
  name: string;
  markdown: string;
  targets: TargetResult[];
  data: object;
}

/** The YAML documents issue 17 wants checked in ≤ 0.8× parseDocument. */
const YAML_CHECK_LABELS = ['1 MB', '7.5 MB'];

export function judgeTargets(run: Omit<RunResult, 'targets'>): TargetResult[] {
  const targets: TargetResult[] = [];
  for (const row of run.checker.filter((r) => r.format === 'json')) {
    const check = row.contenders[CHECK];
    targets.push(
      check
        ? {
            target: `check ≤ 1.3× parseTree (${row.label})`,
            status: check.ratioToFloor <= 1.3 ? 'pass' : 'miss',
            measured: `${fmtRatio(check.ratioToFloor)} (paired ${fmtRatio(check.pairedRatioToFloor)}, CPU ${fmtRatio(check.cpuRatioToFloor)})`,
          }
        : { target: `check ≤ 1.3× parseTree (${row.label})`, status: 'n/a', measured: row.checkerUnavailable ?? 'not measured' },
    );
    targets.push(
      check?.ratioToJsonLs !== undefined
        ? {
            target: `check faster than json-languageservice (${row.label})`,
            status: check.ratioToJsonLs < 1 ? 'pass' : 'miss',
            measured: fmtRatio(check.ratioToJsonLs),
          }
        : {
            target: `check faster than json-languageservice (${row.label})`,
            status: 'n/a',
            measured: row.checkerUnavailable ?? 'not measured',
          },
    );
  }
  for (const label of YAML_CHECK_LABELS) {
    const target = `YAML full check ≤ 0.8× parseDocument (${label})`;
    const row = run.checker.find((r) => r.format === 'yaml' && r.label === label);
    const check = row?.contenders[CHECK];
    targets.push(
      check
        ? {
            target,
            status: check.ratioToFloor <= 0.8 ? 'pass' : 'miss',
            measured: `${fmtRatio(check.ratioToFloor)} (paired ${fmtRatio(check.pairedRatioToFloor)}, CPU ${fmtRatio(check.cpuRatioToFloor)})`,
          }
        : {
            target,
            status: 'n/a',
            measured:
              row?.checkerUnavailable ?? (run.checker.length ? `no ${label} YAML document in the checker bench` : 'not measured'),
          },
    );
  }
  // Issue 26: on every shape, YAML too, the full check within 1.3× the library's own parse.
  for (const row of run.checker.filter((r) => r.format === 'yaml')) {
    const target = `YAML full check ≤ 1.3× parseDocument (${row.label})`;
    const check = row.contenders[CHECK];
    targets.push(
      check
        ? {
            target,
            status: check.ratioToFloor <= 1.3 ? 'pass' : 'miss',
            measured: `${fmtRatio(check.ratioToFloor)} (paired ${fmtRatio(check.pairedRatioToFloor)}, CPU ${fmtRatio(check.cpuRatioToFloor)})`,
          }
        : { target, status: 'n/a', measured: row.checkerUnavailable ?? 'not measured' },
    );
  }
  if (run.server) {
    for (const burst of run.server.burst) {
      targets.push({
        target: `burst ends with one check of the final version (${burst.label})`,
        // One check may be in flight when the last edit arrives; a second older publish after it is a queue.
        status: burst.stalePublishes <= 1 && burst.publishesAfterFinal === 0 && burst.finalCountAsExpected ? 'pass' : 'miss',
        measured: `${burst.stalePublishes} older version(s) published after the last edit${burst.publishesAfterFinal ? `, ${burst.publishesAfterFinal} after the final` : ''}; final ${fmtMs(burst.finalAfterLastEditMs)} after the last edit`,
      });
    }
  } else {
    targets.push({ target: 'burst ends with one check of the final version', status: 'n/a', measured: 'server not measured' });
  }
  const scan = run.scan?.scanOnly;
  const floor = run.scan?.floor;
  if (scan?.scanMs !== undefined && floor) {
    const ratio = scan.scanMs / floor.medianMs;
    targets.push({
      target: 'scan ≤ 1.5× read+parse floor',
      status: ratio <= 1.5 ? 'pass' : 'miss',
      measured: `${fmtRatio(ratio)} (${fmtMs(scan.scanMs)} vs ${fmtMs(floor.medianMs)}; paired ${fmtRatio(pairedScanRatio(run.scan!.scanRounds))}, CPU ${fmtRatio(cpuScanRatio(run.scan!.scanRounds))}, ${run.scan!.scanRounds.length} rounds)`,
    });
  } else {
    targets.push({ target: 'scan ≤ 1.5× read+parse floor', status: 'n/a', measured: scan?.skipped ?? 'not measured' });
  }
  const one = run.scan?.byWorkers?.find((w) => w.workers === 1)?.medianMs;
  const two = run.scan?.byWorkers?.find((w) => w.workers === 2)?.medianMs;
  targets.push(
    one !== undefined && two !== undefined
      ? {
          target: 'scan with 2 workers faster than with 1',
          status: two < one ? 'pass' : 'miss',
          measured: `${fmtRatio(two / one)} (${fmtMs(two)} vs ${fmtMs(one)}; ${run.machine.cores} cores)`,
        }
      : { target: 'scan with 2 workers faster than with 1', status: 'n/a', measured: scan?.skipped ?? 'not measured' },
  );
  const typing = run.scan?.withTyping?.typing;
  targets.push(
    typing
      ? {
          target: 'typing during the scan ≤ 1.3× idle',
          status: typing.ratio <= 1.3 ? 'pass' : 'miss',
          measured: `${fmtRatio(typing.ratio)} (p50 ${fmtMs(typing.duringScan.median)} vs ${fmtMs(typing.idle.median)}, ${typing.duringScan.samples} edits during the scan)`,
        }
      : {
          target: 'typing during the scan ≤ 1.3× idle',
          status: 'n/a',
          measured: run.scan?.withTyping?.skipped ?? scan?.skipped ?? 'not measured',
        },
  );
  const rss = run.scan?.scanOnly.peakRssMB;
  targets.push(
    rss !== undefined && scan?.scanMs !== undefined
      ? {
          target: 'peak RSS < 250 MB (1,000-file workspace)',
          status: rss < 250 ? 'pass' : 'miss',
          measured: `${rss.toFixed(0)} MB`,
        }
      : { target: 'peak RSS < 250 MB (1,000-file workspace)', status: 'n/a', measured: scan?.skipped ?? 'not measured' },
  );
  for (const section of run.sections) targets.push(...section.targets);
  return targets;
}

export function fmtMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return '–';
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function fmtRatio(ratio: number | undefined): string {
  return ratio === undefined || Number.isNaN(ratio) ? '–' : `${ratio.toFixed(2)}×`;
}

function fmtBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A Markdown table; the first `textColumns` columns are left-aligned, the rest (figures) right-aligned. */
export function markdownTable(header: string[], rows: string[][], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = widths.map((w, i) => (i < textColumns ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|');
  return [line(header), `|${rule}|`, ...rows.map(line)].join('\n');
}

/** Markdown-friendly tables (pasteable into the README's Performance section). */
export function renderReport(run: RunResult): string {
  const out: string[] = [];
  const m = run.machine;
  out.push(
    `mcpdesc-lsp benchmark (\`npm run bench${run.mode === 'quick' ? ' -- --quick' : ''}\`, seed ${run.seed}), ${run.mode} run, ${run.startedAt}, ${run.durationS.toFixed(0)} s.`,
  );
  if (run.shapes)
    out.push(`Document shapes (bench/shapes.ts): ${run.shapes.join(', ')}; a row or target without a shape is the base shape.`);
  out.push(
    `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGB} GB, node ${m.node}, ${m.platform}; load average ${m.loadAverage.join(' ')} at start${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(' ')} at end` : ''}.`,
  );
  out.push('');

  out.push(
    'Checker vs baselines: the same text, interleaved in one process, the order rotating each round (A B C D, B C D A, …), median per operation',
  );
  out.push('');
  const rows: string[][] = [];
  for (const r of run.checker) {
    const names = Object.keys(r.contenders);
    names.forEach((name, i) => {
      const c = r.contenders[name]!;
      rows.push([
        i === 0
          ? `${r.label}${r.format === 'yaml' ? ' YAML' : ''} (${fmtBytes(r.bytes)}, ${r.tools} tools, ${r.rounds}×${r.batch} runs)`
          : '',
        name === r.floor ? `${name} (floor)` : name,
        fmtMs(c.median),
        `${fmtMs(c.p25)} – ${fmtMs(c.p75)}`,
        fmtRatio(c.ratioToFloor),
        fmtRatio(c.ratioToJsonLs),
        fmtRatio(c.pairedRatioToFloor),
        fmtRatio(c.cpuRatioToFloor),
      ]);
    });
    if (r.checkerUnavailable) rows.push(['', `${CHECK}: n/a (${r.checkerUnavailable})`, '', '', '', '', '', '']);
    else if (r.sanity.checkerSkipped)
      rows.push(['', `(${CHECK} skipped this document: "${r.sanity.checkerSkipped}")`, '', '', '', '', '', '']);
  }
  out.push(
    markdownTable(
      ['document', 'contender', 'median', 'p25 – p75', '× floor', '× json-ls', '× floor, paired', '× floor, CPU'],
      rows,
      2,
    ),
  );
  out.push('');
  out.push(
    `floor: ${PARSE_TREE} for JSON, ${YAML_PARSE} for YAML. json-ls: vscode-json-languageservice parse + doValidation against bench/mcpdescSchema.ts.`,
  );
  out.push(
    '× floor = median / floor median; paired = median of per-round ratios; CPU = ratio of median process CPU times (second opinions for a loaded machine).',
  );
  const sanity = run.checker.map((r) => {
    if (r.sanity.checkerDiagnostics === undefined) return `${r.label}: checker n/a`;
    const ok = r.sanity.checkerMatchesSeeded
      ? 'as seeded'
      : `MISMATCH (seeded ${JSON.stringify(r.sanity.seededByKind)}, reported ${JSON.stringify(r.sanity.checkerByKind)})`;
    const declarations = r.sanity.declarationDiagnostics ? ` (+${r.sanity.declarationDiagnostics} declaration-validity)` : '';
    return `${r.label}${r.format === 'yaml' ? ' YAML' : ''}: ${r.sanity.checkerDiagnostics}/${r.sanity.seeded} ${ok}${declarations}`;
  });
  out.push(`diagnostics (elicitation-consistency / seeded violations): ${sanity.join('; ')}`);
  const jsonLsCounts = run.checker
    .filter((r) => r.sanity.jsonLsDiagnostics !== undefined)
    .map((r) => `${r.label}: ${r.sanity.jsonLsDiagnostics}`);
  if (jsonLsCounts.length) out.push(`json-languageservice problems found by schema alone: ${jsonLsCounts.join('; ')}`);

  for (const p of run.profiles) {
    const c = p.comparison;
    out.push('');
    out.push(
      `Where checkDocument's time goes, ${p.label}: sampled per operation, check ${fmtMs(c.checkMsPerOperation)} vs parseTree ${fmtMs(c.floorMsPerOperation)} (${c.check.profilePath})`,
    );
    out.push('');
    out.push('```');
    out.push('  hottest functions of the check (self time):');
    for (const h of c.check.byFunction.slice(0, 8)) out.push(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`);
    out.push('  what the check spends beyond parseTree, per operation:');
    for (const e of c.extraByFunction.slice(0, 8)) out.push(`  +${fmtMs(e.extraMs).padStart(10)}  ${e.name}`);
    out.push('  … by file:');
    for (const e of c.extraByFile.slice(0, 6)) out.push(`  +${fmtMs(e.extraMs).padStart(10)}  ${e.name}`);
    out.push('```');
  }

  if (run.server) {
    out.push('');
    out.push('Server over stdio (dist/server.js): didOpen/didChange → publishDiagnostics of that version');
    out.push('');
    const rows = run.server.open.map((open) => {
      const edit = run.server!.edit.find((e) => e.label === open.label);
      const burst = run.server!.burst.find((b) => b.label === open.label);
      const floor = run.checker.find((r) => r.format === 'json' && r.label === open.label)?.contenders[PARSE_TREE]?.median;
      const vsFloor = (ms: number): string => (floor ? ` (${fmtRatio(ms / floor)})` : '');
      return [
        open.label,
        `${fmtMs(open.medianMs)}${vsFloor(open.medianMs)}`,
        edit ? `${fmtMs(edit.p50Ms)}${vsFloor(edit.p50Ms)}` : '–',
        edit ? fmtMs(edit.p95Ms) : '–',
        burst ? fmtMs(burst.finalAfterLastEditMs) : '–',
        burst ? `${burst.stalePublishes} / ${burst.intermediatePublishes}` : '–',
        run.server!.peakRssByDocumentMB[open.label] !== undefined
          ? `${run.server!.peakRssByDocumentMB[open.label]!.toFixed(0)} MB`
          : '–',
      ];
    });
    out.push(
      markdownTable(
        [
          'document',
          'open, median (× parseTree)',
          'edit p50 (× parseTree)',
          'edit p95',
          'burst: final after last edit',
          'burst: older after last edit / intermediate',
          'peak RSS',
        ],
        rows,
      ),
    );
    out.push('');
    const edits = run.server.edit[0]?.edits ?? 0;
    const openRuns = run.server.open.map((o) => `${o.label} ${o.samplesMs.length}`).join(', ');
    out.push(
      `open runs: ${openRuns}; edits: ${edits} one-character edits per document, alternately making and fixing an invalid action; burst: 10 edits 30 ms apart; peak RSS per document (VmHWM reset before each)`,
    );
    const profile = run.server.profile;
    if (profile) {
      out.push(`Server CPU profile over the session (--profile-server; ${profile.totalMs} ms sampled, ${profile.profilePath}):`);
      out.push('', '```');
      for (const h of profile.byFunction.slice(0, 12)) out.push(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`);
      out.push('  by file:');
      for (const h of profile.byFile.slice(0, 8)) out.push(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`);
      out.push('```');
    }
  }

  if (run.scan) {
    const s = run.scan.scanOnly;
    out.push('');
    out.push(`Workspace scan: ${s.files} files, ${fmtBytes(s.bytes)}, ${s.expectedDocuments} mcpdesc documents to check`);
    out.push('');
    if (s.scanMs !== undefined) {
      const typing = run.scan.withTyping?.typing;
      const floorMs = run.scan.floor.medianMs;
      const byWorkers = (run.scan.byWorkers ?? []).map((w) => [
        `scan with ${w.workers} worker${w.workers === 1 ? '' : 's'}${w.isDefault ? ' (the default here; the rounds above)' : ''}: median (× floor)`,
        `${fmtMs(w.medianMs)} (${fmtRatio(w.medianMs === undefined ? undefined : w.medianMs / floorMs)}; ${w.scanMs.map((ms) => fmtMs(ms)).join(', ')})`,
      ]);
      out.push(
        markdownTable(
          ['measure', 'value'],
          [
            [
              "scan: initialized → last document's diagnostics (median)",
              `${fmtMs(s.scanMs)} (${run.scan.scanRounds.map((r) => fmtMs(r.scanMs)).join(', ')})`,
            ],
            [
              'read+parse floor (same files, a fresh process per run; median)',
              `${fmtMs(run.scan.floor.medianMs)} (${run.scan.floor.runs.map((ms) => fmtMs(ms)).join(', ')})`,
            ],
            [
              'the same in the warm benchmark process (reference)',
              `${fmtMs(run.scan.floor.warmMedianMs)} (${run.scan.floor.warmRuns.map((ms) => fmtMs(ms)).join(', ')})`,
            ],
            [
              'scan / floor (paired; CPU)',
              `${fmtRatio(s.scanMs / run.scan.floor.medianMs)} (${fmtRatio(pairedScanRatio(run.scan.scanRounds))}; ${fmtRatio(cpuScanRatio(run.scan.scanRounds))})`,
            ],
            [
              'CPU: scanning server / floor process (median)',
              `${run.scan.scanRounds.map((r) => fmtMs(r.scanCpuMs)).join(', ')} / ${run.scan.scanRounds.map((r) => fmtMs(r.floorCpuMs)).join(', ')}`,
            ],
            ...byWorkers,
            ['scan from process spawn', fmtMs(s.scanFromSpawnMs)],
            [
              'progress end (workDoneProgress)',
              s.progressEndMs !== undefined ? `${fmtMs(s.progressEndMs)} (${s.progressReports} reports)` : 'none reported',
            ],
            [
              'typing p50 during the scan / idle',
              typing
                ? `${fmtMs(typing.duringScan.median)} / ${fmtMs(typing.idle.median)} = ${fmtRatio(typing.ratio)} (${typing.duringScan.samples} / ${typing.idle.samples} edits)`
                : (run.scan.withTyping?.skipped ?? '–'),
            ],
            ['typing p95 during the scan / idle', typing ? `${fmtMs(typing.duringScan.p95)} / ${fmtMs(typing.idle.p95)}` : '–'],
            ['server peak RSS (VmHWM, highest of the rounds)', s.peakRssMB !== undefined ? `${s.peakRssMB.toFixed(0)} MB` : '–'],
            ['documents whose count ≠ seeded / non-mcpdesc with diagnostics', `${s.countMismatches} / ${s.unexpectedPublishes}`],
          ],
        ),
      );
      if (s.profile) {
        out.push(
          '',
          `Scanning server's CPU profile (--profile-server; ${s.profile.totalMs} ms sampled, ${s.profile.profilePath}):`,
        );
        out.push('', '```');
        for (const h of s.profile.byFunction.slice(0, 12)) out.push(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`);
        out.push('  by file:');
        for (const h of s.profile.byFile.slice(0, 8)) out.push(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`);
        out.push('```');
      }
    } else {
      out.push(`scan skipped: ${s.skipped}`);
    }
  }

  for (const section of run.sections) {
    // A section's Markdown is its title line, then its table: a blank line between, for Markdown.
    const [title, ...rest] = section.markdown.split('\n');
    out.push('', title ?? '', '', ...rest);
  }

  out.push('');
  out.push('Targets (issues 6 and 17)');
  out.push('');
  out.push(
    markdownTable(
      ['target', 'result', 'measured'],
      run.targets.map((t) => [t.target, t.status === 'pass' ? 'PASS' : t.status === 'miss' ? 'MISS' : 'n/a', t.measured]),
      3,
    ),
  );
  if (run.notes.length) {
    out.push('');
    out.push('Notes:');
    for (const note of run.notes) out.push(`- ${note}`);
  }
  return out.join('\n');
}
