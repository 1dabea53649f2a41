import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { Log } from 'sarif';
import { describe, it } from 'node:test';
import { palette, shouldUseColor } from '../../server/src/cli/formatters/colors';
import { escapeData, escapeProperty, formatGithub } from '../../server/src/cli/formatters/github';
import { formatJson } from '../../server/src/cli/formatters/json';
import { formatSarif, formatSarifWithNotices } from '../../server/src/cli/formatters/sarif';
import { formatStylish, oneLine } from '../../server/src/cli/formatters/stylish';
import type { RunReport } from '../../server/src/cli/report';
import { CHECKER_RULE_ID, ELICITATION_RULE_ID, RULE_IDS } from '../../shared/src/constants';
import { DOCUMENT_SEMANTICS_RULE_ID, RULES, ruleDocsUri, type RuleId } from '../../shared/src/rules';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { diagnostic, reportOfProblems } from './support/diagnostics';

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
    const withFixable = {
      ...report,
      files: report.files.map((file, index) => ({ ...file, fixable: index === 0 ? 2 : index === 2 ? 1 : 0 })),
    };
    assert.match(
      formatStylish(withFixable, palette(false)),
      /\n\u2716 5 problems \(2 errors, 1 warning, 1 info, 1 hint\) \u2014 3 fixable with --fix\n$/,
    );
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
      problems.map((p: { file: string; severity: string; severityNumber: number; violation: string }) => [
        p.file,
        p.severity,
        p.severityNumber,
        p.violation,
      ]),
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
    assert.equal(log.$schema, 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json');
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.deepEqual(Object.keys(run.originalUriBaseIds), ['%SRCROOT%']);
    assert.equal(run.originalUriBaseIds['%SRCROOT%'].uri, undefined, 'no absolute path of the machine that ran it');
    assert.ok(!JSON.stringify(log).includes('/work/project'), 'the working directory appears nowhere');
    assert.deepEqual(run.automationDetails, { id: 'mcpdesc-lint/' });
    const driver = run.tool.driver;
    assert.equal(driver.name, 'mcpdesc-lint');
    assert.equal(driver.version, '1.2.3');
    assert.equal(driver.informationUri, undefined, 'no home page of our own to point at');
    assert.deepEqual(
      driver.rules.map((rule: { id: string }) => rule.id),
      [...RULE_IDS],
    );
    for (const rule of driver.rules) {
      const row = RULES[rule.id as RuleId];
      assert.equal(rule.helpUri, undefined, 'a file: URI of this machine would open nothing where the log is read');
      assert.equal(rule.name, row.name);
      assert.equal(rule.shortDescription.text, row.shortDescription);
      assert.equal(rule.fullDescription.text, row.fullDescription);
      assert.ok(rule.help.text.includes(row.fullDescription));
      assert.ok(rule.help.markdown.startsWith(`**${row.shortDescription}**`));
      assert.ok(rule.help.markdown.includes(`\`docs/rules/${row.docsFile}\``));
      assert.deepEqual(rule.properties.tags, row.tags);
      assert.equal(rule.properties.precision, row.precision);
    }
    assert.deepEqual(
      driver.rules.map((rule: { defaultConfiguration: { level: string }; properties: Record<string, unknown> }) => [
        rule.defaultConfiguration.level,
        rule.properties['problem.severity'],
      ]),
      RULE_IDS.map((id) =>
        RULES[id].defaultSeverity === 'error'
          ? ['error', 'error']
          : RULES[id].defaultSeverity === 'warning'
            ? ['warning', 'warning']
            : ['note', 'recommendation'],
      ),
    );
    assert.equal(driver.rules[0].defaultConfiguration.level, 'error');
    assert.deepEqual(run.invocations, [{ executionSuccessful: true, toolExecutionNotifications: [] }]);

    assert.equal(run.results.length, 5);
    const { partialFingerprints, ...first } = run.results[0];
    assert.deepEqual(first, {
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
    assert.match(partialFingerprints['mcpdescFinding/v1'], /^[0-9a-f]{32}:1$/);
    assert.deepEqual(
      run.results.map((r: { level: string; ruleIndex: number }) => [r.level, r.ruleIndex]),
      [
        ['error', 0],
        ['warning', 0],
        ['note', RULE_IDS.indexOf(CHECKER_RULE_ID)],
        ['error', 0],
        ['note', 0],
      ],
    );
    assert.deepEqual(run.results[2].locations[0].physicalLocation.region, {
      startLine: 10,
      startColumn: 13,
      endLine: 11,
      endColumn: 3,
    });
    assert.deepEqual(run.results[3].locations[0].physicalLocation.artifactLocation, {
      uri: 'my%20specs/b.mcpdesc.json',
      uriBaseId: '%SRCROOT%',
    });
    assert.deepEqual(
      run.results[4].locations[0].physicalLocation.artifactLocation,
      { uri: '../../elsewhere/c.mcpdesc.json', uriBaseId: '%SRCROOT%' },
      'a file outside the directory is reached by a relative URI, not by its absolute path',
    );
  });

  it('fingerprints hash rule, violation, file and anchor, not the line; equal findings are numbered', () => {
    const anchor = { path: '/tools/name=a/interaction', textDigest: 'd' };
    const report = (line: number, extra: ReturnType<typeof diagnostic>[] = []): RunReport => ({
      ...sampleReport(),
      files: [
        {
          absolutePath: '/work/project/x.json',
          displayPath: 'x.json',
          diagnostics: [diagnostic([line, 2], [line, 9], 'M.', { anchor }), ...extra],
        },
      ],
    });
    const fingerprints = (log: string): string[] =>
      JSON.parse(log).runs[0].results.map(
        (result: { partialFingerprints: Record<string, string> }) => result.partialFingerprints['mcpdescFinding/v1'],
      );
    const [moved] = fingerprints(formatSarif(report(40)));
    assert.deepEqual(fingerprints(formatSarif(report(3))), [moved], 'the same finding on another line keeps its fingerprint');
    const [hash] = moved.split(':');
    const twin = diagnostic([50, 2], [50, 9], 'Another message about the same node.', { anchor });
    assert.deepEqual(fingerprints(formatSarif(report(3, [twin]))), [`${hash}:1`, `${hash}:2`]);
    const other = (changes: Parameters<typeof diagnostic>[3]) =>
      fingerprints(formatSarif(report(3, [diagnostic([3, 2], [3, 9], 'M.', changes)])))[1];
    assert.notEqual(other({ anchor: { ...anchor, path: '/tools/name=b/interaction' } }).split(':')[0], hash);
    assert.notEqual(other({ anchor: { ...anchor, textDigest: 'e' } }).split(':')[0], hash);
    assert.notEqual(other({ anchor, violation: 'mode-mismatch' }).split(':')[0], hash);
    assert.notEqual(other({ anchor, code: CHECKER_RULE_ID }).split(':')[0], hash);
  });

  it('records files that could not be checked as failed execution notifications', () => {
    const log = JSON.parse(formatSarif({ ...sampleReport(), files: [], failures: ['x.json: cannot read: permission denied'] }));
    assert.deepEqual(log.runs[0].invocations, [
      {
        executionSuccessful: false,
        toolExecutionNotifications: [{ level: 'error', message: { text: 'x.json: cannot read: permission denied' } }],
      },
    ]);
    assert.deepEqual(log.runs[0].results, []);
  });
});

describe("SARIF within code scanning's limits", () => {
  it('past the results limit, keeps errors, then warnings, then notes, in report order, and says so', () => {
    const { text, notices } = formatSarifWithNotices(sampleReport(), { results: 3, gzippedBytes: 10 * 1024 * 1024 });
    const log = JSON.parse(text) as Log;
    assert.deepEqual(
      log.runs[0].results?.map((result) => [result.locations?.[0].physicalLocation?.artifactLocation?.uri, result.level]),
      [
        ['specs/a.mcpdesc.json', 'error'],
        ['specs/a.mcpdesc.json', 'warning'],
        ['my%20specs/b.mcpdesc.json', 'error'],
      ],
    );
    const notice =
      '3 of 5 results are in this SARIF log (errors first, then warnings, then notes): code scanning takes at most 3 results per run and 10 MB per file (gzipped). Every problem is in the other formats (--format json).';
    assert.deepEqual(notices, [notice]);
    assert.deepEqual(log.runs[0].invocations?.[0].toolExecutionNotifications, [{ level: 'warning', message: { text: notice } }]);
    assert.equal(log.runs[0].invocations?.[0].executionSuccessful, true);
  });

  it('past the size limit (gzipped), keeps fewer results until the log fits', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      diagnostic([i, 0], [i, 1], `Problem number ${i} of many, unique text ${i * 7919}.`),
    );
    const report: RunReport = {
      ...sampleReport(),
      files: [{ absolutePath: '/w/a.json', displayPath: 'a.json', diagnostics: many }],
    };
    const whole = formatSarifWithNotices(report, { results: 25_000, gzippedBytes: 10 * 1024 * 1024 });
    assert.deepEqual(whole.notices, []);
    const limit = 40 * 1024;
    const capped = formatSarifWithNotices(report, { results: 25_000, gzippedBytes: limit });
    assert.ok(gzipSync(capped.text).length <= limit);
    const kept = (JSON.parse(capped.text) as Log).runs[0].results?.length ?? 0;
    assert.ok(kept > 100 && kept < 2000, String(kept));
    assert.match(capped.notices[0], new RegExp(`^${kept.toLocaleString('en-US')} of 2,000 results are in this SARIF log`));
  });
});

describe('the official code in the JSON and SARIF reports', () => {
  it('carries data.officialCode and data.pointer where the finding has them, and nothing where it has not', () => {
    const official = diagnostic([3, 2], [3, 9], "Capability 'extensions' is not in 2025-11-25.", {
      severity: 2,
      violation: 'extensions-not-supported-by-version',
      code: DOCUMENT_SEMANTICS_RULE_ID,
    });
    official.data = {
      ...official.data,
      officialCode: 'extensions-not-supported-by-version',
      pointer: '/capabilities/0/extensions',
    };
    const plain = diagnostic([5, 0], [5, 4], 'No declaration.', {});
    const report: RunReport = {
      ...sampleReport(),
      files: [{ absolutePath: '/w/a.mcpdesc.json', displayPath: 'a.mcpdesc.json', diagnostics: [official, plain] }],
    };
    const problems = JSON.parse(formatJson(report)) as Array<Record<string, unknown>>;
    assert.equal(problems[0].officialCode, 'extensions-not-supported-by-version');
    assert.equal(problems[0].pointer, '/capabilities/0/extensions');
    assert.ok(!('officialCode' in problems[1]) && !('pointer' in problems[1]));
    const results = (JSON.parse(formatSarif(report)) as Log).runs[0].results ?? [];
    assert.deepEqual(results[0].properties, {
      violation: 'extensions-not-supported-by-version',
      officialCode: 'extensions-not-supported-by-version',
      pointer: '/capabilities/0/extensions',
    });
    assert.deepEqual(results[1].properties, { violation: 'unknown-declaration' });
  });
});

describe('github formatter', () => {
  it('writes one workflow command per problem: error, warning, notice; columns only within one line', () => {
    const lines = formatGithub(sampleReport()).split('\n');
    assert.deepEqual(lines, [
      `::error file=specs/a.mcpdesc.json,line=1,col=1,endLine=1,endColumn=9,title=${E}::Elicitation step references 'missing'.`,
      `::warning file=specs/a.mcpdesc.json,line=12,col=5,endLine=12,endColumn=13,title=${E}::Content must be absent.`,
      `::notice file=specs/a.mcpdesc.json,line=10,endLine=11,title=${CHECKER_RULE_ID}::Skipped.`,
      `::error file=my specs/b.mcpdesc.json,line=3,col=8,endLine=3,endColumn=8,title=${E}::Bad%0Athing.`,
      `::notice file=../../elsewhere/c.mcpdesc.json,line=1,col=2,endLine=1,endColumn=2,title=${E}::Hint.`,
      '',
    ]);
  });

  it('escapes data and properties as GitHub documents, and reports failures without a file', () => {
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('a:b,c%d\n'), 'a%3Ab%2Cc%25d%0A');
    const report: RunReport = {
      ...sampleReport(),
      files: [
        {
          absolutePath: '/w/a,b:c.json',
          displayPath: 'a,b:c.json',
          diagnostics: [diagnostic([0, 0], [0, 0], '50%: x\ny', { severity: 2 })],
        },
      ],
      failures: ['x.json: cannot read: EACCES'],
    };
    assert.equal(
      formatGithub(report),
      `::warning file=a%2Cb%3Ac.json,line=1,col=1,endLine=1,endColumn=1,title=${E}::50%25: x%0Ay\n::error title=mcpdesc-lint::x.json: cannot read: EACCES\n`,
    );
  });

  it('prints nothing for a clean run', () => {
    assert.equal(formatGithub({ ...sampleReport(), files: [] }), '');
  });
});

describe('a stylish message on one line', () => {
  // The expression it replaces, which is the meaning; it is quadratic on long runs of spaces.
  const byExpression = (message: string): string => message.replace(/\s*[\r\n]+\s*/g, ' ');

  it('joins lines as the expression does, on every short text of spaces, tabs, breaks and letters', () => {
    const alphabet = [' ', '\t', '\n', '\r', 'a', '\u00a0'];
    const texts = [''];
    for (let length = 1; length <= 6; length++) {
      const next: string[] = [];
      for (const text of texts.filter((candidate) => candidate.length === length - 1))
        for (const c of alphabet) next.push(text + c);
      texts.push(...next);
    }
    for (const text of texts) assert.equal(oneLine(text), byExpression(text), JSON.stringify(text));
  });

  it('a message with 200,000 spaces and no line break is shown, and a break among them joins', () => {
    const spaces = ' '.repeat(200_000);
    assert.equal(oneLine(`a${spaces}b`), `a${spaces}b`);
    assert.equal(oneLine(`a${spaces}\n${spaces}b`), 'a b');
  });

  // At 300,000 problems (where a Math.max over a spread of them overflows the stack): formatters.thorough.test.ts.
  it('a report of 3,000 problems in one file is formatted', () => {
    assert.match(formatStylish(reportOfProblems(3_000), palette(false)), /\u2716 3000 problems \(3000 errors/);
  });
});
