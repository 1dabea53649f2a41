import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { palette, shouldUseColor } from '../../server/src/cli/formatters/colors';
import { formatJson } from '../../server/src/cli/formatters/json';
import { formatSarif } from '../../server/src/cli/formatters/sarif';
import { formatStylish } from '../../server/src/cli/formatters/stylish';
import type { RunReport } from '../../server/src/cli/report';
import { CHECKER_RULE_ID, ELICITATION_RULE_ID, RULE_IDS } from '../../shared/src/constants';
import { ruleDocsUri, type RuleId } from '../../shared/src/rules';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { diagnostic } from './support/diagnostics';

const E = ELICITATION_RULE_ID;

function sampleReport(): RunReport {
  return {
    cwd: '/work/project',
    toolVersion: '1.2.3',
    failures: [],
    files: [
      {
        absolutePath: '/work/project/specs/a.mcpdesc.json',
        displayPath: 'specs/a.mcpdesc.json',
        diagnostics: [
          diagnostic([0, 0], [0, 9], "Elicitation step references 'missing'.", { violation: 'unknown-declaration' }),
          diagnostic([11, 4], [11, 13], 'Content must be absent.', { severity: 2, violation: 'unexpected-content' }),
          diagnostic([9, 12], [10, 2], 'Skipped.', { severity: 3, violation: 'skipped', code: CHECKER_RULE_ID }),
        ],
      },
      { absolutePath: '/work/project/clean.mcpdesc.json', displayPath: 'clean.mcpdesc.json', diagnostics: [] },
      {
        absolutePath: '/work/project/my specs/b.mcpdesc.json',
        displayPath: 'my specs/b.mcpdesc.json',
        diagnostics: [diagnostic([2, 7], [2, 8], 'Bad\nthing.', { violation: 'invalid-content' })],
      },
      {
        absolutePath: '/elsewhere/c.mcpdesc.json',
        displayPath: '../../elsewhere/c.mcpdesc.json',
        diagnostics: [diagnostic([0, 1], [0, 2], 'Hint.', { severity: 4, violation: 'invalid-declaration' })],
      },
    ],
  };
}

describe('stylish formatter', () => {
  it('groups by file, aligns 1-based positions, skips clean files and sums up', () => {
    const expected = [
      '',
      'specs/a.mcpdesc.json',
      `   1:1   error    Elicitation step references 'missing'.  ${E}`,
      `  12:5   warning  Content must be absent.                 ${E}`,
      `  10:13  info     Skipped.                                ${CHECKER_RULE_ID}`,
      '',
      'my specs/b.mcpdesc.json',
      `  3:8  error  Bad thing.  ${E}`,
      '',
      '../../elsewhere/c.mcpdesc.json',
      `  1:2  hint  Hint.  ${E}`,
      '',
      '\u2716 5 problems (2 errors, 1 warning, 1 info, 1 hint)',
      '',
    ].join('\n');
    assert.equal(formatStylish(sampleReport(), palette(false)), expected);
  });

  it('says how many problems --fix would fix', () => {
    const report = sampleReport();
    const withFixable = { ...report, files: report.files.map((file, index) => ({ ...file, fixable: index === 0 ? 2 : index === 2 ? 1 : 0 })) };
    assert.match(formatStylish(withFixable, palette(false)), /\n\u2716 5 problems \(2 errors, 1 warning, 1 info, 1 hint\) \u2014 3 fixable with --fix\n$/);
  });

  it('prints nothing for a clean run, and an info mark when nothing fails', () => {
    const report = sampleReport();
    assert.equal(formatStylish({ ...report, files: [report.files[1]] }, palette(false)), '');
    const infoOnly = { ...report, files: [{ ...report.files[0], diagnostics: [report.files[0].diagnostics[2]] }] };
    assert.match(formatStylish(infoOnly, palette(false)), /\n\u2139 1 problem \(0 errors, 0 warnings, 1 info\)\n$/);
  });

  it('colors severities only when asked', () => {
    const colored = formatStylish(sampleReport(), palette(true));
    assert.ok(colored.includes('\u001b[31merror  \u001b[39m'), colored);
    assert.ok(colored.includes('\u001b[33mwarning\u001b[39m'));
    assert.ok(!formatStylish(sampleReport(), palette(false)).includes('\u001b['));
  });

  it('decides on color from the terminal and NO_COLOR / FORCE_COLOR', () => {
    assert.equal(shouldUseColor(true, {}), true);
    assert.equal(shouldUseColor(false, {}), false);
    assert.equal(shouldUseColor(true, { NO_COLOR: '1' }), false);
    assert.equal(shouldUseColor(true, { NO_COLOR: '' }), true);
    assert.equal(shouldUseColor(false, { FORCE_COLOR: '1' }), true);
    assert.equal(shouldUseColor(false, { FORCE_COLOR: '0' }), false);
    assert.equal(shouldUseColor(false, { FORCE_COLOR: '1', NO_COLOR: '1' }), false);
  });
});

describe('json formatter', () => {
  it('lists every problem with its file, LSP range, severity name and number, code and violation', () => {
    const problems = JSON.parse(formatJson(sampleReport()));
    assert.equal(problems.length, 5);
    assert.deepEqual(problems[0], {
      file: 'specs/a.mcpdesc.json',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } },
      severity: 'error',
      severityNumber: 1,
      code: E,
      violation: 'unknown-declaration',
      message: "Elicitation step references 'missing'.",
      href: ruleDocsUri(E, shippedDocsBaseUri()),
    });
    assert.deepEqual(
      problems.map((p: { file: string; severity: string; severityNumber: number; violation: string }) => [p.file, p.severity, p.severityNumber, p.violation]),
      [
        ['specs/a.mcpdesc.json', 'error', 1, 'unknown-declaration'],
        ['specs/a.mcpdesc.json', 'warning', 2, 'unexpected-content'],
        ['specs/a.mcpdesc.json', 'information', 3, 'skipped'],
        ['my specs/b.mcpdesc.json', 'error', 1, 'invalid-content'],
        ['../../elsewhere/c.mcpdesc.json', 'hint', 4, 'invalid-declaration'],
      ],
    );
  });

  it('prints an empty array for a clean run', () => {
    assert.equal(formatJson({ ...sampleReport(), files: [] }), '[]\n');
  });
});

describe('sarif formatter', () => {
  it('writes a SARIF 2.1.0 log with the tool, its rules and one result per problem', () => {
    const log = JSON.parse(formatSarif(sampleReport()));
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.deepEqual(run.originalUriBaseIds, { '%SRCROOT%': { uri: 'file:///work/project/' } });
    const driver = run.tool.driver;
    assert.equal(driver.name, 'mcpdesc-lint');
    assert.equal(driver.version, '1.2.3');
    assert.equal(driver.informationUri, undefined, 'no home page of our own to point at yet');
    assert.deepEqual(driver.rules.map((rule: { id: string }) => rule.id), [...RULE_IDS]);
    for (const rule of driver.rules) {
      assert.equal(rule.helpUri, ruleDocsUri(rule.id as RuleId, shippedDocsBaseUri()));
      assert.match(rule.name, /^[A-Z][A-Za-z]+$/);
      assert.ok(rule.shortDescription.text.length > 0);
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    assert.equal(driver.rules[0].defaultConfiguration.level, 'error');
    assert.deepEqual(run.invocations, [{ executionSuccessful: true, toolExecutionNotifications: [] }]);

    assert.equal(run.results.length, 5);
    assert.deepEqual(run.results[0], {
      ruleId: E,
      ruleIndex: 0,
      level: 'error',
      message: { text: "Elicitation step references 'missing'." },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'specs/a.mcpdesc.json', uriBaseId: '%SRCROOT%' },
            region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 10 },
          },
        },
      ],
      properties: { violation: 'unknown-declaration' },
    });
    assert.deepEqual(
      run.results.map((r: { level: string; ruleIndex: number }) => [r.level, r.ruleIndex]),
      [['error', 0], ['warning', 0], ['note', 2], ['error', 0], ['note', 0]],
    );
    assert.deepEqual(run.results[2].locations[0].physicalLocation.region, { startLine: 10, startColumn: 13, endLine: 11, endColumn: 3 });
    assert.deepEqual(run.results[3].locations[0].physicalLocation.artifactLocation, { uri: 'my%20specs/b.mcpdesc.json', uriBaseId: '%SRCROOT%' });
    assert.deepEqual(run.results[4].locations[0].physicalLocation.artifactLocation, { uri: 'file:///elsewhere/c.mcpdesc.json' });
  });

  it('records files that could not be checked as failed execution notifications', () => {
    const log = JSON.parse(formatSarif({ ...sampleReport(), files: [], failures: ['x.json: cannot read: permission denied'] }));
    assert.deepEqual(log.runs[0].invocations, [
      { executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: 'x.json: cannot read: permission denied' } }] },
    ]);
    assert.deepEqual(log.runs[0].results, []);
  });
});
