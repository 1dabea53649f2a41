// Tens of thousands of problems in one file, through the built CLI: every per-problem step must cost
// a lookup, not a pass over all the others. Before, the CLI counted fixable problems by asking each
// diagnostic's fixes, and each question scanned every diagnostic (and the text, for the suppression
// fix): a directive on each of 45,000 lines took minutes, one directive naming 40,000 rules seconds.
// The inputs are sized so that the old code needs far more than the hang guard and this code a
// second or two; no timing is asserted, only that the answer comes, and that it is right.
// The shortcuts (an index of diagnostics, one token table for the suppression fix, one editor for
// the count) are held to the plain way on the fixture corpus.
import assert from 'node:assert/strict';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { UNUSED_SUPPRESSION_RULE_ID } from '../../shared/src/rules';
import { checkDocument, type DocumentFormat } from '../../server/src/checker';
import { lineSpanningTokens } from '../../server/src/checker/rules/suppressions';
import { Lexer } from 'yaml';
import { jsonDocument, UNKNOWN_DECLARATION_STEP } from '../config/monorepoFixture';
import { fixtureCorpus } from '../support/fixtureCorpus';
import { repoPath } from '../support/repo';

const HANG_GUARD_MS = 60_000;

interface CliProblem {
  file: string;
  code: string;
  violation: string;
  message: string;
  range: { start: { line: number } };
}

function lintIn(files: Record<string, string>, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-many-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(directory, name), text);
    const child = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), '--jobs', '1', ...args], {
      cwd: directory,
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(child.error, undefined, `the CLI did not answer within ${HANG_GUARD_MS} ms`);
    return { status: child.status, stdout: child.stdout, stderr: child.stderr };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

describe('many problems in one file, through the CLI', () => {
  it('a directive on each of 45,000 lines (1.3 MB), unused-suppression on: every one reported, with the summary', () => {
    const count = 45_000;
    const lines = ['{', '  "mcpdesc": "0.8.0",', '  "info": { "name": "many", "version": "1.0.0" },', '  "x-notes": ['];
    for (let index = 0; index < count; index++) lines.push('    // mcpdesc-disable-next-line', `    ${index},`);
    lines.push('    0', '  ]', '}', '');
    const text = lines.join('\n');
    assert.ok(text.length > 1_250_000);
    const json = lintIn({ 'lines.mcpdesc.jsonc': text }, ['--report-unused-suppressions', '--format', 'json', '.']);
    assert.equal(json.stderr, '');
    assert.equal(json.status, 0, 'warnings alone pass (issue 34)');
    const problems = JSON.parse(json.stdout) as CliProblem[];
    assert.equal(problems.length, count);
    assert.ok(problems.every((problem) => problem.code === UNUSED_SUPPRESSION_RULE_ID));
    // The directive on line 5 (1-based) covers line 6, and so on down the file.
    assert.equal(problems[0].message, 'Unused suppression: no problem is reported on line 6.');
    assert.equal(problems[count - 1].range.start.line, 4 + 2 * (count - 1));
    // The stylish summary counts the fixable ones: none (a suppression has no preferred fix).
    const stylish = lintIn({ 'lines.mcpdesc.jsonc': text }, ['--report-unused-suppressions', '.']);
    assert.match(stylish.stdout, /\n✖ 45000 problems \(0 errors, 45000 warnings\)\n$/);
  });

  it('one directive naming 40,000 rules: each reported unused but the one that hides a problem', () => {
    const count = 40_000;
    const ids = Array.from({ length: count }, (_, index) =>
      index === count / 2 ? `${ELICITATION_RULE_ID}/unknown-declaration` : `rule.${index}`,
    );
    const text = `// mcpdesc-disable-file ${ids.join(', ')}\n${jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNKNOWN_DECLARATION_STEP])}`;
    const { status, stdout, stderr } = lintIn({ 'ids.mcpdesc.jsonc': text }, [
      '--report-unused-suppressions',
      '--format',
      'json',
      '.',
    ]);
    assert.equal(stderr, '');
    assert.equal(status, 0, 'warnings alone pass (issue 34)');
    const problems = JSON.parse(stdout) as CliProblem[];
    assert.equal(problems.length, count - 1, 'both unknown-declaration findings are hidden, by the one target that names them');
    assert.ok(problems.every((problem) => problem.code === UNUSED_SUPPRESSION_RULE_ID));
    assert.ok(!problems.some((problem) => problem.message.includes(ELICITATION_RULE_ID)));
    assert.equal(
      problems[0].message,
      "Unused suppression: 'rule.0' is not a rule of this linter, so nothing is suppressed in this file.",
    );
  });

  it('20,000 fixable problems: the summary counts each of them once', () => {
    const count = 20_000;
    const steps = Array.from({ length: count }, (_, index) => `${UNKNOWN_DECLARATION_STEP}${index === count - 1 ? '' : ','}`);
    const { stdout } = lintIn({ 'fixable.mcpdesc.jsonc': jsonDocument(steps) }, ['.']);
    const expected = checkDocument(jsonDocument(steps.slice(0, 3)), { format: 'json' });
    const fixablePerStep =
      expected.diagnostics.filter((diagnostic) => expected.fixesFor(diagnostic).some((fix) => fix.isPreferred)).length / 3;
    assert.equal(fixablePerStep, 1);
    assert.match(stdout, /\n✖ 20000 problems \(20000 errors, 0 warnings\) — 20000 fixable with --fix\n$/);
  });
});

/** The plain way: every token from the start of the text until the line's start is reached. */
function plainCanStartWithComment(text: string, format: DocumentFormat, lineStart: number): boolean {
  if (lineStart === 0) return true;
  if (format === 'yaml') {
    let offset = 0;
    let previous: string | undefined;
    for (const source of new Lexer().lex(text)) {
      if (['\u0002', '\u0018', '\u001f'].includes(source)) continue;
      const start = offset;
      offset += source.length;
      if (start >= lineStart) return !(start === lineStart && previous !== undefined && /^[|>]/.test(previous));
      if (offset > lineStart && !/^\s*$/.test(source)) return false;
      if (!/^\s+$/.test(source)) previous = source;
    }
    return true;
  }
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    if (start >= lineStart) return true;
    if (start + scanner.getTokenLength() > lineStart && kind !== SyntaxKind.LineBreakTrivia && kind !== SyntaxKind.Trivia)
      return false;
  }
  return true;
}

describe('the shortcuts held to the plain way', () => {
  const extra: Array<{ name: string; text: string; format: DocumentFormat; extension: string }> = [
    { name: 'block comment', text: '{\r\n  /* a\r\n  b */ "mcpdesc": "0.8.0"\r\n}\r\n', format: 'json', extension: 'jsonc' },
    { name: 'multi-line string', text: '{\n  "a": "x\n y",\r  "b": 1\n}\n', format: 'json', extension: 'jsonc' },
    {
      name: 'block scalar',
      text: 'a: |\n  text\n  more\nb: >-\n\n  folded\nc: "two\n  lines"\n',
      format: 'yaml',
      extension: 'yaml',
    },
  ];
  const documents = [...fixtureCorpus(), ...extra];

  it('whether a line can take a comment before it, on every line of every fixture', () => {
    assert.ok(documents.length > 20);
    let blocked = 0;
    for (const document of documents) {
      const tokens = lineSpanningTokens(document.text, document.format);
      const text = document.text;
      for (let offset = 0; offset <= text.length; offset++) {
        const lineStart = offset === 0 || text[offset - 1] === '\n' || (text[offset - 1] === '\r' && text[offset] !== '\n');
        if (!lineStart) continue;
        const plain = plainCanStartWithComment(document.text, document.format, offset);
        if (!plain) blocked++;
        assert.equal(tokens.canStartWithComment(offset), plain, `${document.name}, offset ${offset}`);
      }
    }
    assert.ok(blocked > 3, 'some lines are inside a token');
  });

  it('the fixable count is the count of diagnostics whose fixes include a preferred one', () => {
    let fixable = 0;
    for (const document of documents) {
      const result = checkDocument(document.text, { format: document.format, commentsAllowed: document.extension !== 'json' });
      const plain = result.diagnostics.filter((diagnostic) => result.fixesFor(diagnostic).some((fix) => fix.isPreferred)).length;
      assert.equal(result.preferredFixCount(), plain, document.name);
      fixable += plain;
    }
    assert.ok(fixable > 20, 'the corpus has fixable problems');
  });
});
