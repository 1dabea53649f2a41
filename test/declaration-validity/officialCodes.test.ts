// The official validator's codes on the declaration problems it has codes of its own for (issue 34,
// agreement report item 11): in data.officialCode of this rule's diagnostics. (The consistency rule's
// invalid-declaration, which stands for such a problem of a tool's declaration, has none yet.)
// Expected codes argued from the official code catalogue (duplicate-elicitation-name,
// elicitation-form-*, elicitation-mode-not-supported-by-version, protocol-scope-outside-parent).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument } from '../../server/src/checker';
import { DECLARATION_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/rules';

function documentWith(owner: string, scope = '2025-11-25'): string {
  return `{
  "mcpdesc": "0.8.0",
  "protocolVersions": ["${scope}"],
  "info": { "name": "n", "version": "1" },
  ${owner}
}`;
}

const FORM = (properties: string, rest = '') =>
  `{ "name": "ask", "mode": "form", "message": "Go?", "requestedSchema": { "type": "object", "properties": ${properties}${rest} } }`;

/** [rule, violation, officialCode, the text it underlines] of the declaration and consistency rules. */
function coded(text: string): Array<[string, string, string | undefined, string]> {
  return checkDocument(text)
    .diagnostics.filter((diagnostic) => diagnostic.code === DECLARATION_RULE_ID || diagnostic.code === ELICITATION_RULE_ID)
    .map((diagnostic) => [
      diagnostic.code,
      diagnostic.data.violation,
      diagnostic.data.officialCode,
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    ]);
}

test('form-schema problems of a prompt declaration carry the official elicitation-form-* codes', () => {
  const declarations = [
    FORM('{ "a": { "type": "string", "enum": ["x", "y"], "default": "z" } }'),
    FORM('{ "a": { "type": "integer", "minimum": 5, "maximum": 1 } }'),
    FORM('{ "a": { "type": "string" } }', ', "required": ["b"]').replace('"ask"', '"ask2"'),
  ];
  const text = documentWith(`"prompts": [ { "name": "p", "elicitations": [ ${declarations.join(', ')} ] } ]`);
  assert.deepEqual(
    coded(text).map(([rule, violation, officialCode]) => [rule, violation, officialCode]),
    [
      [DECLARATION_RULE_ID, 'invalid-default', 'elicitation-form-default-outside-enum'],
      [DECLARATION_RULE_ID, 'duplicate-name', 'duplicate-elicitation-name'],
      [DECLARATION_RULE_ID, 'invalid-bounds', 'elicitation-form-invalid-range'],
      [DECLARATION_RULE_ID, 'unknown-required', 'elicitation-form-required-property-unknown'],
    ],
  );
});

test('url mode for 2025-06-18 is elicitation-mode-not-supported-by-version; a keyword a revision lacks is the form-schema code', () => {
  const url = documentWith(
    `"prompts": [ { "name": "p", "elicitations": [ { "name": "go", "mode": "url", "message": "Go.", "url": "https://example.com" } ] } ]`,
    '2025-06-18',
  );
  assert.deepEqual(coded(url), [
    [DECLARATION_RULE_ID, 'revision-mismatch', 'elicitation-mode-not-supported-by-version', '"url"'],
  ]);
  const titled = documentWith(
    `"prompts": [ { "name": "p", "elicitations": [ ${FORM('{ "a": { "type": "string", "title": "A" } }').replace('"type": "object"', '"type": "object", "title": "T"')} ] } ]`,
    '2025-06-18',
  );
  const codes = coded(titled).map(([, violation, officialCode]) => [violation, officialCode]);
  for (const [violation, officialCode] of codes) {
    if (violation === 'revision-mismatch') assert.equal(officialCode, 'elicitation-form-schema-version-mismatch');
  }
});
