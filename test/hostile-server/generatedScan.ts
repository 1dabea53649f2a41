// What a generated hostile case (test/hostile/support/generatedCases.ts) must get when the server's
// workspace scan checks it from disk: shared by hostileWorkspace.test.ts and its thorough twin.
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { generatedCase } from '../hostile/support/generatedCases';
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
