// Which problems a document with more than mcpdesc.maxProblemsPerFile is sent (server/src/lsp/problemCap.ts):
// those nearest the lines in view (else the first), in document order after one notice whose text
// says exactly how many are left out and on which lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKER_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/constants';
import type { Diagnostic } from '../../server/src/checker';
import { capProblems, distanceToView, omittedMessage } from '../../server/src/lsp/problemCap';

/** One problem on each of these zero-based lines (given in any order). */
function problemsOn(lines: number[]): Diagnostic[] {
  return lines.map((line) => ({
    range: { start: { line, character: 4 }, end: { line, character: 9 } },
    severity: 1,
    code: ELICITATION_RULE_ID,
    codeDescription: { href: 'https://example.invalid/rule' },
    source: 'mcpdesc',
    message: `problem on line ${line}`,
    data: { violation: 'invalid-action', offset: line * 10, length: 5 },
  }));
}

const linesOf = (diagnostics: readonly Diagnostic[]): number[] =>
  diagnostics.filter((d) => d.code !== CHECKER_RULE_ID).map((d) => d.range.start.line);

describe('capping the published problems', () => {
  it('sends everything, unchanged and without a notice, up to the cap', () => {
    const problems = problemsOn([5, 1, 3]);
    const capped = capProblems(problems, { maxProblems: 3, visible: [] });
    assert.deepEqual(capped, { published: problems, omitted: 0, runs: [] });
  });

  it('no view: the first cap−1 in document order, and a notice at the start naming the lines left out', () => {
    const capped = capProblems(problemsOn([90, 10, 40, 20, 30, 80, 70, 60, 50, 0]), { maxProblems: 4, visible: [] });
    assert.deepEqual(linesOf(capped.published), [0, 10, 20]);
    assert.equal(capped.omitted, 7);
    assert.deepEqual(capped.runs, [{ count: 7, firstLine: 30, lastLine: 90 }]);
    const notice = capped.published[0];
    assert.equal(notice.code, CHECKER_RULE_ID);
    assert.equal(notice.severity, 3);
    assert.deepEqual(notice.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.deepEqual(notice.data, { violation: 'problems-not-shown', offset: 0, length: 0 });
    assert.equal(
      notice.message,
      '7 more problems in this file are not shown (lines 31–91): at most 4 are sent per file (mcpdesc.maxProblemsPerFile), ' +
        'and the ones shown are the first in the file. In VS Code, open the file and scroll there to see them, or run mcpdesc-lint on the file to list them all.',
    );
  });

  it('a view: the nearest to it, ties going to the lines above; the notice counts the runs on each side', () => {
    const lines = Array.from({ length: 100 }, (_, index) => index * 10);
    const capped = capProblems(problemsOn(lines), { maxProblems: 6, visible: [{ first: 500, last: 520 }] });
    // 500, 510, 520 in view; then 490 and 530 (10 lines off) — 490 first, the tie going above.
    assert.deepEqual(linesOf(capped.published), [490, 500, 510, 520, 530]);
    assert.deepEqual(capped.runs, [
      { count: 49, firstLine: 0, lastLine: 480 },
      { count: 46, firstLine: 540, lastLine: 990 },
    ]);
    assert.equal(
      capped.published[0].message,
      '95 more problems in this file are not shown (49 on lines 1–481, 46 on lines 541–991): at most 6 are sent per file (mcpdesc.maxProblemsPerFile), ' +
        'and the ones shown are those nearest the lines in view. Scroll there to see them, or run mcpdesc-lint on the file to list them all.',
    );
  });

  it('two views (a split editor): each gets the problems near it', () => {
    const lines = Array.from({ length: 50 }, (_, index) => index * 100);
    const capped = capProblems(problemsOn(lines), {
      maxProblems: 5,
      visible: [
        { first: 0, last: 150 },
        { first: 4000, last: 4150 },
      ],
    });
    assert.deepEqual(linesOf(capped.published), [0, 100, 4000, 4100]);
    assert.equal(capped.runs.length, 2);
    assert.match(
      capped.published[0].message,
      /^46 more problems in this file are not shown \(38 on lines 201–3,901, 8 on lines 4,201–4,901\)/,
    );
  });

  it('a problem spanning the view counts as in it', () => {
    const [long] = problemsOn([10]);
    long.range = { start: { line: 10, character: 0 }, end: { line: 500, character: 1 } };
    assert.equal(distanceToView(long, [{ first: 200, last: 210 }]), 0);
    assert.equal(distanceToView(long, [{ first: 600, last: 610 }]), 100);
    assert.equal(distanceToView(long, [{ first: 0, last: 4 }]), 6);
  });

  it('mcpdesc.checker off: no notice, and its slot goes to a problem; re-rated: the notice has that severity', () => {
    const problems = problemsOn([1, 2, 3, 4, 5]);
    const off = capProblems(problems, { maxProblems: 3, visible: [], rules: { [CHECKER_RULE_ID]: 'off' } });
    assert.deepEqual(
      off.published.map((d) => d.range.start.line),
      [1, 2, 3],
    );
    assert.equal(off.omitted, 2);
    const warning = capProblems(problems, { maxProblems: 3, visible: [], rules: { [CHECKER_RULE_ID]: 'warning' } });
    assert.equal(warning.published[0].severity, 2);
    assert.equal(warning.published.length, 3);
  });

  it('a cap of one sends the notice alone', () => {
    const capped = capProblems(problemsOn([1, 2]), { maxProblems: 1, visible: [] });
    assert.equal(capped.published.length, 1);
    assert.match(capped.published[0].message, /^2 more problems in this file are not shown \(lines 2–3\)/);
  });

  it('words one problem, one line, and more than three runs', () => {
    assert.match(
      omittedMessage(1, [{ count: 1, firstLine: 1233, lastLine: 1233 }], 1000, true),
      /^1 more problem in this file is not shown \(line 1,234\): at most 1,000 are sent/,
    );
    const runs = [0, 1, 2, 3].map((index) => ({ count: 2, firstLine: index * 100, lastLine: index * 100 + 5 }));
    assert.match(omittedMessage(8, runs, 10, true), /^8 more problems in this file are not shown \(between lines 1–306\)/);
  });
});
