// How `npm run bench` judges issue 17's targets: from each part's own figures, a target it could
// not measure is n/a (never a pass), and every part's targets land in the run's one table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bigFileScanTargets, type BigFileScanRow } from '../../bench/bigFileScan';
import { editTargets, type EditBenchRow } from '../../bench/editBench';
import { summarize } from '../../bench/measure';
import { peerTargets, type PeerRow } from '../../bench/peerServers';
import { judgeTargets, renderReport, type RunResult } from '../../bench/report';

const machine = { cpuModel: 'test', cores: 2, memoryGB: 1, node: 'v20', platform: 'test', loadAverage: [0, 0, 0] };

function peer(server: string, openMs: number, editMs: number, rss: number, toggles = true): PeerRow {
  return {
    server,
    document: '1 MB JSON',
    bytes: 1,
    openMedianMs: openMs,
    editP50Ms: editMs,
    editP95Ms: editMs,
    peakRssMB: rss,
    countBroken: toggles ? 2 : 1,
    countFixed: 1,
  };
}

function editRow(document: string, editMs: number, floorMs: number, incremental = 7): EditBenchRow {
  return {
    document,
    format: document.includes('JSON') ? 'json' : 'yaml',
    big: !document.startsWith('1 MB'),
    bytes: 1,
    tools: 1,
    floor: 'parse',
    floorMs: summarize([floorMs]),
    edit: summarize([editMs]),
    ratio: editMs / floorMs,
    pairedRatio: editMs / floorMs,
    incremental,
    updates: 7,
    countBroken: 2,
    countFixed: 1,
  };
}

function scanRow(
  label: string,
  firstMs: number,
  duringMs: number[],
  idleMs: number[],
  flags: Partial<BigFileScanRow> = {},
): BigFileScanRow {
  return {
    label,
    shape: 'base',
    control: false,
    judged: false,
    rounds: 1,
    openMs: 10,
    firstMs: [firstMs],
    firstMedianMs: firstMs,
    during: summarize(duringMs),
    idle: summarize(idleMs),
    scanMs: 1000,
    ...flags,
  };
}

describe('bench targets', () => {
  it('peers: better on each row only where ours is lower and both edits toggled a diagnostic', () => {
    const targets = peerTargets({
      rows: [peer('mcpdesc-lsp', 100, 30, 200), peer('vscode-json-languageserver', 400, 300, 150)],
      delays: {},
      versions: {},
    });
    assert.deepEqual(
      targets.map((t) => t.status),
      ['pass', 'pass', 'miss'],
    );
    const untoggled = peerTargets({
      rows: [peer('mcpdesc-lsp', 100, 30, 100, false), peer('vscode-json-languageserver', 400, 300, 150)],
      delays: {},
      versions: {},
    });
    assert.deepEqual(
      untoggled.map((t) => t.status),
      ['miss', 'miss', 'miss'],
    );
  });

  it('edits: the 10 MB content (10 MB JSON, 7.5 MB YAML) within 0.05× its parse in every shape, 1 MB YAML within 0.2×, and every update on the one-tool path', () => {
    const targets = editTargets({
      rows: [
        editRow('10 MB JSON', 40, 1000),
        editRow('1 MB YAML', 150, 1000),
        editRow('7.5 MB YAML', 40, 1000, 6),
        editRow('7.5 MB YAML, yaml-folded', 100, 1000),
        editRow('10 MB JSON, json-minified', 60, 1000),
        editRow('7.5 MB YAML, yaml-block', 45, 1000),
      ],
    });
    assert.deepEqual(
      targets.map((t) => t.status),
      ['pass', 'pass', 'miss', 'miss', 'miss', 'pass'],
    );
    assert.match(targets[2]!.measured, /one-tool path 6\/7/);
    assert.match(targets[3]!.target, /7\.5 MB YAML, yaml-folded/);
  });

  it('big-file scan: judged on the judged row, first keystroke against idle p50, p95 against idle p95', () => {
    const idle = [20, 20, 20, 20, 30];
    const rows = [
      scanRow('control', 30, [20], idle, { control: true, scanMs: undefined }),
      scanRow('default', 25, [20, 20, 20, 20, 35], idle, { judged: true }),
      scanRow('other', 100, [100], idle),
    ];
    const [first, p95] = bigFileScanTargets({ rows });
    assert.equal(first!.status, 'pass');
    assert.equal(p95!.status, 'pass');
    assert.match(first!.measured, /control without the big files 1\.50×/);
    rows[1] = scanRow('default', 25, [20], idle, { judged: true, scanMs: undefined });
    assert.deepEqual(
      bigFileScanTargets({ rows }).map((t) => t.status),
      ['n/a', 'n/a'],
    );
    // Each shape's judged row is judged on its own.
    rows[1] = scanRow('default', 25, [20, 20, 20, 20, 35], idle, { judged: true });
    rows.push(scanRow('default', 60, [20, 20, 20, 20, 35], idle, { judged: true, shape: 'yaml-folded' }));
    const shaped = bigFileScanTargets({ rows });
    assert.deepEqual(
      shaped.map((t) => t.status),
      ['pass', 'pass', 'miss', 'pass'],
    );
    assert.match(shaped[2]!.target, /\(yaml-folded\)/);
  });

  it("the run: a YAML size the checker bench lacks is n/a, sections' targets and tables are in the report", () => {
    const partial: Omit<RunResult, 'targets'> = {
      startedAt: '2026-12-01T00:00:00Z',
      durationS: 1,
      mode: 'quick',
      seed: 1,
      machine,
      notes: [],
      checker: [],
      profiles: [],
      sections: [
        {
          name: 'part',
          markdown: 'A part\n| a |\n|--:|\n| 1 |',
          targets: [{ target: 'part target', status: 'pass', measured: '1×' }],
          data: {},
        },
      ],
    };
    const run: RunResult = { ...partial, targets: judgeTargets(partial) };
    const yaml = run.targets.filter((t) => t.target.startsWith('YAML full check'));
    assert.deepEqual(
      yaml.map((t) => t.status),
      ['n/a', 'n/a'],
    );
    assert.ok(run.targets.some((t) => t.target === 'part target' && t.status === 'pass'));
    // A blank line between a title and its table, or Markdown reads the table as the title's text.
    assert.match(renderReport(run), /\nA part\n\n\| a \|\n/);
  });
});
