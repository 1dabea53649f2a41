// What a generated hostile case (test/hostile/support/generatedCases.ts) must get from the server,
// checked from disk by its workspace scan or open in the editor: shared by hostileWorkspace.test.ts,
// hostileDocuments.test.ts and their thorough twins.
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { CHECKER_RULE_ID } from '../../shared/src/constants';
import { generatedCase } from '../hostile/support/generatedCases';
import { rangesOutside } from '../hostile/support/positions';
import { apartFromDeclarationValidity } from '../support/ruleScope';

/** The case names the consistency rule's result (test/hostile/support/expectations.ts). */
export function assertGeneratedCaseResult(name: string, diagnostics: Diagnostic[]): void {
  const { expect } = generatedCase(name);
  const violations = apartFromDeclarationValidity(diagnostics).map((diagnostic) =>
    String((diagnostic.data as { violation?: unknown }).violation),
  );
  assert.ok(
    violations.every((violation) => expect.onlyViolations.includes(violation)),
    `${name}: ${violations.join(', ')}`,
  );
  if (expect.count !== undefined) assert.equal(violations.length, expect.count, name);
}

function violationsOf(diagnostics: Array<{ data?: unknown }>): string[] {
  return diagnostics.map((diagnostic) => String((diagnostic.data as { violation?: unknown } | undefined)?.violation));
}

/** The same, open in the editor (`text` its text): every range inside it, and no internal error. */
export function assertOpenCaseResult(name: string, text: string, published: Diagnostic[]): void {
  const { expect } = generatedCase(name);
  assert.deepEqual(rangesOutside(text, published), []);
  const diagnostics = apartFromDeclarationValidity(published);
  const violations = violationsOf(diagnostics);
  assert.ok(
    violations.every((violation) => expect.onlyViolations.includes(violation)),
    violations.join(', '),
  );
  if (expect.count !== undefined) assert.equal(violations.length, expect.count);
  if (expect.atMost !== undefined) assert.ok(violations.length <= expect.atMost);
  if (expect.messagesInclude !== undefined) {
    assert.ok(diagnostics.every((diagnostic) => String(diagnostic.message).includes(expect.messagesInclude!)));
  }
  assert.ok(
    !published.some((diagnostic) => diagnostic.code === CHECKER_RULE_ID && violationsOf([diagnostic])[0] === 'internal-error'),
  );
}
