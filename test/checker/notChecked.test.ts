// What the time budget leaves unchecked is said, never found: short steps are timed, charged and
// refused once the budget is spent; a rule's unit of work that is refused or interrupted is recorded
// (notChecked.ts) and the check reports it as one mcpdesc.checker notice per kind and reason, on
// the first of them, counting them all; never as an error finding, never silently. A check that
// overflows the stack is "nested too deeply"; any other RangeError is the checker's own fault.
import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, IncrementalDocument, type CheckOptions } from '../../server/src/checker';
import {
  BUDGET_SPENT,
  budgetLeftMs,
  canInterrupt,
  NotCheckedError,
  runCharged,
  runTimeBoxed,
  TimeLimitError,
  withDocumentBudget,
} from '../../server/src/checker/timeBudget';
import { checkOrNote, collectNotChecked, type NotChecked } from '../../server/src/checker/notChecked';
import { isStackOverflow, notCheckedNotices } from '../../server/src/checker/rules/checkerNotices';
import { CHECKER_RULE_ID, DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { elicitationOnly } from '../support/ruleScope';

const OFFICIAL: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };

/**
 * Charges all but `leftMs` of the current document's budget at once, by a step that takes that long on
 * the test's clock: what is about *that* the budget runs out needs no second of it spent (its real
 * length is spent in "a check that runs out of time" below).
 */
function chargeAllBut(t: TestContext, leftMs = 20): void {
  let clock = 0;
  const now = t.mock.method(performance, 'now', () => clock);
  const charged = budgetLeftMs() - leftMs;
  runCharged(() => {
    clock += charged;
  });
  now.mock.restore();
  assert.ok(budgetLeftMs() <= leftMs);
}

/** Spends the document's budget: a loop that runs until the budget (not its own limit) interrupts it. */
function spendTheBudget(t: TestContext): void {
  chargeAllBut(t);
  assert.throws(
    () =>
      runTimeBoxed(
        () => {
          for (;;);
        },
        Infinity,
        'the loop',
      ),
    (error: unknown) => error instanceof TimeLimitError && error.reason === BUDGET_SPENT,
  );
}

describe('the time budget', () => {
  it('is interrupting work in Node (the browser build says it cannot)', () => {
    assert.equal(canInterrupt, true);
  });

  it('times and charges short steps, and refuses them once spent, before they start', (t) => {
    withDocumentBudget(() => {
      // The budget's clock is the test's while the step runs: the step takes 20 ms of it, exactly.
      let clock = 1000;
      const now = t.mock.method(performance, 'now', () => clock);
      const before = budgetLeftMs();
      runCharged(() => {
        clock += 20;
      });
      assert.equal(budgetLeftMs(), before - 20, 'the step was charged its 20 ms');
      now.mock.restore();
      spendTheBudget(t);
      let ran = false;
      assert.throws(
        () =>
          runCharged(() => {
            ran = true;
          }),
        NotCheckedError,
      );
      assert.equal(ran, false);
      // The rest of a unit already done is finished and charged, not refused.
      assert.equal(
        runCharged(() => 'done', false),
        'done',
      );
    });
    // Outside a document check, nothing is charged or refused.
    assert.equal(
      runCharged(() => 7),
      7,
    );
  });

  it('says whether work outran its own limit or the document ran out of budget', (t) => {
    assert.throws(
      () =>
        runTimeBoxed(
          () => {
            for (;;);
          },
          20,
          'the loop',
        ),
      (error: unknown) => error instanceof TimeLimitError && error.reason === 'the loop took too long to evaluate',
    );
    withDocumentBudget(() => spendTheBudget(t));
  });

  it('gives a large document more of it than a small one', () => {
    const small = withDocumentBudget(budgetLeftMs, 1_000);
    const large = withDocumentBudget(budgetLeftMs, 10_000_000);
    assert.ok(large > small, `${large} > ${small}`);
  });
});

describe('what is not checked', () => {
  it('is recorded by the unit of work that was refused, in the innermost collection, and the rule goes on', () => {
    const { result, notChecked } = collectNotChecked(() => {
      const inner = collectNotChecked(() =>
        checkOrNote(
          'tool-example',
          { offset: 5, length: 2 },
          () => {
            throw new TimeLimitError();
          },
          'fallback',
        ),
      );
      assert.deepEqual(inner.notChecked, [{ subject: 'tool-example', offset: 5, length: 2, reason: BUDGET_SPENT }]);
      return inner.result;
    });
    assert.equal(result, 'fallback');
    assert.deepEqual(notChecked, []);
    // Anything but a refusal is thrown on.
    assert.throws(() =>
      checkOrNote(
        'tool-example',
        { offset: 0, length: 0 },
        () => {
          throw new RangeError('Invalid array length');
        },
        undefined,
      ),
    );
  });

  it('becomes one notice per kind and reason, on the first, counting them all', () => {
    const records: NotChecked[] = [
      { subject: 'tool-example', offset: 90, length: 3, reason: BUDGET_SPENT },
      { subject: 'tool-example', offset: 40, length: 3, reason: BUDGET_SPENT },
      { subject: 'tool-example', offset: 10, length: 4, reason: 'the pattern "x" took too long to evaluate' },
      { subject: 'step-content', offset: 70, length: 7, reason: BUDGET_SPENT },
      { subject: 'tool-example', offset: 1500, length: 3, reason: BUDGET_SPENT },
    ];
    assert.deepEqual(notCheckedNotices(records), [
      {
        offset: 10,
        length: 4,
        message: `1 tool example value was not checked against the tool's schemas: the pattern "x" took too long to evaluate.`,
      },
      {
        offset: 40,
        length: 3,
        message: `3 tool example values were not checked against their tools' schemas (the first of them is here): ${BUDGET_SPENT}.`,
      },
      {
        offset: 70,
        length: 7,
        message: `1 elicitation step's content was not checked against its requested schema: ${BUDGET_SPENT}.`,
      },
    ]);
  });
});

/** One tool, one form declaration whose schema no budget validates (2^40 paths), and `steps` steps accepting content. */
function budgetEatingDocument(steps: number): string {
  const defs = Array.from(
    { length: 40 },
    (_, index) => `"d${index}":{"anyOf":[{"$ref":"#/$defs/d${index + 1}"},{"$ref":"#/$defs/d${index + 1}"}]}`,
  );
  defs.push('"d40":{"type":"string"}');
  const schema = `{"type":"object","properties":{"v":{"$ref":"#/$defs/d0"}},"$defs":{${defs.join(',')}}}`;
  const step = `{"type":"elicitation","declaration":"c","request":{"mode":"form","message":"m","requestedSchema":${schema}},"response":{"action":"accept","content":{"v":1}}}`;
  return `{"mcpdesc":"0.8.0","info":{"name":"n","version":"1"},"protocolVersions":["2025-11-25"],"tools":[{"name":"t","inputSchema":{"type":"object"},"elicitations":[{"name":"c","mode":"form","message":"m","requestedSchema":${schema}}],"interactionExamples":{"e":{"input":{},"steps":[\n${Array.from({ length: steps }, () => step).join(',\n')}\n],"result":{"content":[]}}}}]}`;
}

describe('a check that runs out of time', () => {
  it("reports the content it could not check as a notice on the first step's content key, never as an error", () => {
    const text = budgetEatingDocument(3);
    const result = checkDocument(text, elicitationOnly());
    const notices = result.diagnostics.filter((diagnostic) => diagnostic.code === CHECKER_RULE_ID);
    assert.deepEqual(
      notices.map((diagnostic) => [diagnostic.severity, diagnostic.data.violation, diagnostic.message]),
      [
        [
          3,
          'skipped',
          `3 elicitation steps' content was not checked against their requested schema (the first of them is here): ${BUDGET_SPENT}.`,
        ],
      ],
    );
    const contentKey = text.indexOf('"content":{"v":1}');
    assert.deepEqual(notices[0].range, {
      start: { line: 1, character: contentKey - text.indexOf('\n') - 1 },
      end: { line: 1, character: contentKey - text.indexOf('\n') - 1 + '"content"'.length },
    });
    assert.deepEqual(
      result.diagnostics.filter((diagnostic) => diagnostic.data.violation === 'invalid-content'),
      [],
    );
  });

  it('keeps the notices of the tools the one-tool shortcut did not re-check, and re-checks the edited one with a fresh budget', (t) => {
    // Each check in a budget of its own with 20 ms left (a check's scope nested in it shares it): the
    // test above spends a whole one.
    const shortBudget = <T>(check: () => T): T =>
      withDocumentBudget(() => {
        chargeAllBut(t);
        return check();
      });
    const text = budgetEatingDocument(2);
    const incremental = shortBudget(() => new IncrementalDocument(text, elicitationOnly(OFFICIAL)));
    const offset = text.indexOf('"message":"m"');
    const next = `${text.slice(0, offset)}"message":"n"${text.slice(offset + '"message":"m"'.length)}`;
    const updated = shortBudget(() => incremental.update(next, { offset, length: 13, newLength: 13 }));
    assert.ok(incremental.lastUpdateWasIncremental);
    const notices = (diagnostics: typeof updated.diagnostics) =>
      diagnostics.filter((diagnostic) => diagnostic.code === CHECKER_RULE_ID).map((diagnostic) => diagnostic.message);
    assert.match(notices(updated.diagnostics).join('\n'), /content was not checked against their requested schema/);
    assert.deepEqual(
      notices(updated.diagnostics),
      notices(shortBudget(() => checkDocument(next, elicitationOnly(OFFICIAL))).diagnostics),
    );
  });
});

describe('a failed check', () => {
  it('is "nested too deeply" only for a stack overflow', () => {
    const overflow = (() => {
      const recurse = (depth: number): number => recurse(depth + 1) + 1;
      try {
        recurse(0);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    assert.ok(isStackOverflow(overflow));
    assert.equal(isStackOverflow(new RangeError('Invalid array length')), false);
    assert.equal(isStackOverflow(new RangeError('Invalid string length')), false);
    assert.ok(isStackOverflow(Object.assign(new Error('too much recursion'), { name: 'InternalError' })));
    assert.equal(isStackOverflow('Maximum call stack size exceeded'), false);
  });
});
