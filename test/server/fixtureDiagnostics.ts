// The fixtures of the consistency rule's corpus opened in the real server: an invalid one publishes
// exactly its expected diagnostics (compared by code, the declaration-validity rule's findings left
// to that rule's corpus), each linked to a rule page that exists; a valid one publishes none. The
// fast tier (diagnostics.test.ts) runs a representative few, the thorough one
// (diagnostics.thorough.test.ts) every fixture.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { DECLARATION_RULE_ID, ruleDocsUri, type RuleId } from '../../shared/src/rules';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { compareExpected, expectedDiagnosticsOf, summarize, type Fixture } from './fixtures';
import type { LspTestClient } from './lspClient';

export async function assertInvalidFixturePublished(client: LspTestClient, fixture: Fixture): Promise<void> {
  const expected = [...expectedDiagnosticsOf(fixture)].sort(compareExpected);
  await client.open(fixture.uri, fixture.text, fixture.languageId);
  const diagnostics = await client.diagnosticsFor(fixture.uri, 1);
  assert.deepEqual(summarize(apartFromDeclarationValidity(diagnostics)), expected);
  for (const diagnostic of diagnostics) {
    assert.equal(diagnostic.source, DIAGNOSTIC_SOURCE);
    assert.ok(
      [ELICITATION_RULE_ID, DECLARATION_RULE_ID, SYNTAX_RULE_ID, CHECKER_RULE_ID].includes(String(diagnostic.code)),
      `code ${diagnostic.code}`,
    );
    assert.equal(diagnostic.codeDescription?.href, ruleDocsUri(diagnostic.code as RuleId, shippedDocsBaseUri()));
    // The link opens a page that exists: the rule's page shipped next to the server.
    assert.ok(existsSync(fileURLToPath(diagnostic.codeDescription!.href)), diagnostic.codeDescription!.href);
    assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.length > 0);
  }
  await client.close(fixture.uri);
}

export async function assertValidFixturePublished(client: LspTestClient, fixture: Fixture): Promise<void> {
  await client.open(fixture.uri, fixture.text, fixture.languageId);
  assert.deepEqual(summarize(apartFromDeclarationValidity(await client.diagnosticsFor(fixture.uri, 1))), []);
  await client.close(fixture.uri);
}

/**
 * The fast tier's few: one fixture per violation kind of the rule, and the ones whose text is what is
 * special (CRLF, JSONC, characters outside the BMP before an anchor, a syntax error, a $componentRef).
 */
export const FAST_TIER_FIXTURES: readonly string[] = [
  'expected-invalid/unknown-declaration-misspelled.json',
  'expected-invalid/mode-mismatch.json',
  'expected-invalid/url-mismatch.json',
  'expected-invalid/schema-mismatch.json',
  'expected-invalid/unexpected-content.json',
  'expected-invalid/missing-content.json',
  'expected-invalid/invalid-content-all-errors.json',
  'expected-invalid/invalid-declaration-shapes.json',
  'expected-invalid/crlf-line-endings.json',
  'expected-invalid/jsonc-comments-trailing-commas.jsonc',
  'expected-invalid/non-ascii-and-emoji-before-anchor.json',
  'expected-invalid/syntax-error-rule-still-runs.json',
  'expected-invalid/component-ref-requests.json',
  'expected-valid/jsonc-clean.jsonc',
  'expected-valid/component-ref-schemas.json',
  'expected-valid/url-mode-declared-url.json',
];

/** `fixtures` that are among the fast tier's few; fails if a name there matches none (renamed, deleted). */
export function fastTierOf(fixtures: Fixture[], folder: 'expected-invalid' | 'expected-valid'): Fixture[] {
  const chosen = fixtures.filter((fixture) => FAST_TIER_FIXTURES.includes(fixture.name));
  assert.equal(chosen.length, FAST_TIER_FIXTURES.filter((name) => name.startsWith(`${folder}/`)).length, folder);
  return chosen;
}
