// Every code of the official validator at the official severity (issue 34 item 3): the catalogue of
// @mcpdesc/validator 0.10.1 (its 0.8.0 snapshot's base.js and semantic.js, the identity codes of its
// index.js, document-parse of @mcpdesc/core), as read from its source, held against the rule table
// (shared/src/rules.ts) through the kinds that name each code. A code no kind names fails, unless
// it is listed with where it comes from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  defaultSeverity,
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_RULE_ID,
  SYNTAX_RULE_ID,
  type RuleId,
} from '../../shared/src/rules';
import { checkDocument } from '../../server/src/checker';
import { OFFICIAL_CODE_OF } from '../../server/src/checker/rules/document/semanticFinding';
import { officialCodeOfConsistency } from '../../server/src/checker/rules/elicitation/officialCodes';
import { VERSION_VIOLATION_KINDS, VIOLATION_KINDS } from '../../server/src/checker/types';

const OFFICIAL_CATALOGUE: ReadonlyArray<readonly [string, 'error' | 'warning']> = [
  ['ambiguous-schema-identity', 'error'],
  ['capability-scope-overlap', 'error'],
  ['client-requirement-version-mismatch', 'error'],
  ['completion-example-context-version-mismatch', 'error'],
  ['completion-example-duplicate-target-context', 'error'],
  ['completion-example-json-rpc-envelope', 'error'],
  ['completion-example-result-version-mismatch', 'error'],
  ['completion-example-version-mismatch', 'error'],
  ['component-reference-cycle', 'error'],
  ['contradictory-snapshot-identity', 'error'],
  ['deprecated-client-requirement', 'warning'],
  ['document-parse', 'error'],
  ['duplicate-elicitation-name', 'error'],
  ['duplicate-root-tag', 'error'],
  ['duplicate-security-scope', 'error'],
  ['duplicate-x-mcp-header', 'error'],
  ['elicitation-form-default-outside-enum', 'error'],
  ['elicitation-form-enum-names-mismatch', 'error'],
  ['elicitation-form-invalid-range', 'error'],
  ['elicitation-form-required-property-unknown', 'error'],
  ['elicitation-form-schema-version-mismatch', 'error'],
  ['elicitation-mode-not-supported-by-version', 'error'],
  ['experimental-reserved-extension-identifier', 'warning'],
  ['extensions-not-supported-by-version', 'warning'],
  ['field-not-supported-by-version', 'error'],
  ['incomplete-completion-example-result', 'error'],
  ['incomplete-prompt-example-result', 'error'],
  ['incomplete-resource-example-result', 'error'],
  ['incomplete-tool-example-result', 'error'],
  ['incomplete-tool-example-validation', 'warning'],
  ['interaction-example-client-requirements-contradiction', 'warning'],
  ['interaction-example-elicitation-content-schema-mismatch', 'error'],
  ['interaction-example-elicitation-declaration-mismatch', 'error'],
  ['interaction-example-elicitation-response-mismatch', 'error'],
  ['interaction-example-roots-uri', 'error'],
  ['interaction-example-version-mismatch', 'error'],
  ['invalid-client-requirement-value', 'error'],
  ['invalid-legacy-tool-schema-shape', 'error'],
  ['invalid-resource-example-base64', 'error'],
  ['invalid-schema-identity', 'error'],
  ['invalid-tool-schema', 'error'],
  ['invalid-x-mcp-header', 'error'],
  ['legacy-protocol-validation-incomplete', 'warning'],
  ['legacy-sse-for-modern-version', 'warning'],
  ['logging-deprecated-in-2026', 'warning'],
  ['meta-key-invalid', 'error'],
  ['meta-reserved-key-context', 'error'],
  ['meta-reserved-key-value', 'error'],
  ['meta-unknown-reserved-key', 'warning'],
  ['missing-component-reference-target', 'error'],
  ['missing-snapshot-identity', 'error'],
  ['missing-tool-example-structured-content', 'error'],
  ['non-oauth-scope-misuse', 'error'],
  ['primitive-scope-overlap', 'error'],
  ['prompt-completion-example-context-unknown-argument', 'error'],
  ['prompt-completion-example-unknown-argument', 'error'],
  ['prompt-example-content-version-mismatch', 'error'],
  ['prompt-example-json-rpc-envelope', 'error'],
  ['prompt-example-missing-required-argument', 'error'],
  ['prompt-example-result-version-mismatch', 'error'],
  ['prompt-example-unknown-argument', 'error'],
  ['protocol-scope-outside-parent', 'error'],
  ['resource-annotation-not-supported-by-version', 'error'],
  ['resource-example-cache-fields-version-mismatch', 'error'],
  ['resource-example-content-version-mismatch', 'error'],
  ['resource-example-json-rpc-envelope', 'error'],
  ['resource-example-mime-type-mismatch', 'warning'],
  ['resource-example-requested-uri-not-returned', 'warning'],
  ['resource-example-result-version-mismatch', 'error'],
  ['resource-example-size-mismatch', 'warning'],
  ['resource-template-completion-example-context-unknown-variable', 'error'],
  ['resource-template-completion-example-invalid-template', 'error'],
  ['resource-template-completion-example-unknown-variable', 'error'],
  ['resource-template-example-invalid-expansion', 'error'],
  ['resource-template-example-invalid-template', 'error'],
  ['schema-validation', 'error'],
  ['structured-tool-error-example', 'error'],
  ['tasks-core-not-valid-in-2026', 'error'],
  ['tool-example-content-version-mismatch', 'error'],
  ['tool-example-json-rpc-envelope', 'error'],
  ['tool-example-result-version-mismatch', 'error'],
  ['tool-example-schema-mismatch', 'error'],
  ['transport-coverage-gap', 'error'],
  ['transport-not-supported-by-version', 'error'],
  ['uncatalogued-oauth-scope', 'warning'],
  ['unknown-elicitation-declaration', 'error'],
  ['unknown-reserved-extension-identifier', 'warning'],
  ['unknown-schema-identity', 'error'],
  ['unknown-security-scheme', 'error'],
  ['unknown-tag-reference', 'error'],
  ['unresolved-external-tool-schema-reference', 'warning'],
  ['unsupported-specification', 'error'],
  ['unsupported-tool-schema-dialect', 'error'],
  ['wrong-component-reference-namespace', 'error'],
];

/** The (rule, violation) pairs that carry each official code. */
function carriers(): Map<string, Array<[RuleId, string]>> {
  const byCode = new Map<string, Array<[RuleId, string]>>();
  const add = (code: string, rule: RuleId, violation: string) =>
    byCode.set(code, [...(byCode.get(code) ?? []), [rule, violation]]);
  for (const [kind, code] of Object.entries(OFFICIAL_CODE_OF)) add(code, DOCUMENT_SEMANTICS_RULE_ID, kind);
  for (const kind of VIOLATION_KINDS) {
    const code = officialCodeOfConsistency(kind);
    if (code) add(code, ELICITATION_RULE_ID, kind);
  }
  // The identity codes are the kinds' own names (rules/identity/formatVersion.ts); the release
  // candidate's warning is this linter's, not an official code.
  for (const kind of VERSION_VIOLATION_KINDS)
    if (kind !== 'release-candidate-schema-identity') add(kind, DOCUMENT_SCHEMA_RULE_ID, kind);
  // Every structural finding of the schema rule is schema-validation (its fullDescription).
  for (const kind of ['missing-member', 'unknown-member', 'wrong-type', 'invalid-value', 'invalid-name'])
    add('schema-validation', DOCUMENT_SCHEMA_RULE_ID, kind);
  // A repeated key (rules/document/duplicateKeys.ts), and a syntax error (check.ts).
  add('document-parse', DOCUMENT_SCHEMA_RULE_ID, 'duplicate-key');
  add('document-parse', SYNTAX_RULE_ID, 'syntax-error');
  // The declaration rule's codes (rules/declarationValidity/kinds.ts: officialCodeOfDeclaration).
  for (const [kind, code] of [
    ['duplicate-name', 'duplicate-elicitation-name'],
    ['invalid-default', 'elicitation-form-default-outside-enum'],
    ['enum-names-mismatch', 'elicitation-form-enum-names-mismatch'],
    ['invalid-bounds', 'elicitation-form-invalid-range'],
    ['unknown-required', 'elicitation-form-required-property-unknown'],
    ['scope-outside-parent', 'protocol-scope-outside-parent'],
    ['revision-mismatch', 'elicitation-mode-not-supported-by-version'],
    ['revision-mismatch', 'elicitation-form-schema-version-mismatch'],
  ])
    add(code, DECLARATION_RULE_ID, kind);
  return byCode;
}

test('every official code is carried by a kind, at the official severity', () => {
  const byCode = carriers();
  const wrong: string[] = [];
  for (const [code, severity] of OFFICIAL_CATALOGUE) {
    const pairs = byCode.get(code) ?? [];
    if (pairs.length === 0) wrong.push(`${code}: no kind carries it`);
    for (const [rule, violation] of pairs) {
      const ours = defaultSeverity(rule, violation);
      if (ours !== severity) wrong.push(`${code} (${rule}/${violation}): ${ours}, officially ${severity}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('no kind names a code the official catalogue does not have', () => {
  const official = new Set(OFFICIAL_CATALOGUE.map(([code]) => code));
  assert.deepEqual(
    [...carriers().keys()].filter((code) => !official.has(code)),
    [],
  );
  assert.equal(official.size, OFFICIAL_CATALOGUE.length, 'each code once');
});

test('a syntax error carries document-parse, the official code of a document that cannot be read', () => {
  const text = '{ "mcpdesc": "0.8.0" "info": {} }';
  const syntax = checkDocument(text).diagnostics.filter((diagnostic) => diagnostic.code === SYNTAX_RULE_ID);
  assert.deepEqual(
    syntax.map((diagnostic) => [
      diagnostic.data.violation,
      diagnostic.data.officialCode,
      diagnostic.data.pointer,
      diagnostic.severity,
    ]),
    [['syntax-error', 'document-parse', '', 1]],
  );
});
