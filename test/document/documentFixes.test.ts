// The quick-fixes of mcpdesc.document.semantics in JSON and YAML: each applied gives exactly the
// expected text, and the re-check no longer has the finding (nor any new one of the rule).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, type CheckOptions, type Fix } from '../../server/src/checker';
import { DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';

const ON: CheckOptions = { rules: { [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };

function semantics(text: string, format: 'json' | 'yaml'): Array<[string, string]> {
  return checkDocument(text, { ...ON, format })
    .diagnostics.filter((diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID)
    .map((diagnostic) => [diagnostic.data.violation, diagnostic.data.pointer ?? '']);
}

function fixesOf(text: string, format: 'json' | 'yaml', pointer: string, violation: string): Fix[] {
  const result = checkDocument(text, { ...ON, format });
  const diagnostic = result.diagnostics.find(
    (candidate) => candidate.data.pointer === pointer && candidate.data.violation === violation,
  );
  assert.ok(diagnostic, `a ${violation} at ${pointer}; got ${JSON.stringify(semantics(text, format))}`);
  return result.fixesFor(diagnostic);
}

function applied(
  text: string,
  format: 'json' | 'yaml',
  pointer: string,
  violation: string,
  title: string,
  preferred: boolean,
): string {
  const fixes = fixesOf(text, format, pointer, violation);
  const fix = fixes.find((candidate) => candidate.title === title);
  assert.ok(fix, `the fix '${title}'; offered: ${JSON.stringify(fixes.map((candidate) => candidate.title))}`);
  assert.equal(fix.isPreferred, preferred);
  return applyEdits(text, fix.edits);
}

const URL_STEP =
  '{ "type": "elicitation", "request": { "mode": "url", "message": "Sign in.", "url": "https://example.com/in" }, "response": { "action": "accept" } }';

test('a url step where the scope has 2025-06-18: scope the tool to the revisions with url mode (its own protocolVersions)', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-06-18", "2025-11-25", "2026-07-28"],
  "tools": [ { "name": "t", "protocolVersions": ["2025-06-18", "2025-11-25"], "inputSchema": { "type": "object" },
    "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [ ${URL_STEP} ] } } } ]
}`;
  const pointer = '/tools/0/interactionExamples/e/steps/0/request/mode';
  const fixed = applied(
    text,
    'json',
    pointer,
    'step-revision-mismatch',
    'Scope the tool to MCP 2025-11-25 (drop 2025-06-18)',
    false,
  );
  assert.equal(
    fixed,
    text.replace(
      '"protocolVersions": ["2025-06-18", "2025-11-25"], "inputSchema"',
      '"protocolVersions": ["2025-11-25"], "inputSchema"',
    ),
  );
  assert.deepEqual(semantics(fixed, 'json'), []);
});

test('a url step in a tool that inherits the document scope: the tool gets a scope of its own, after its name (YAML)', () => {
  const text = `mcpdesc: 0.8.0
info: {name: n, version: "1"}
protocolVersions: [2025-06-18, 2025-11-25]
tools:
  - name: t
    inputSchema: {type: object}
    interactionExamples:
      e:
        input: {}
        result: {content: []}
        steps:
          - type: elicitation
            request: {mode: url, message: Sign in., url: "https://example.com/in"}
            response: {action: accept}
`;
  const pointer = '/tools/0/interactionExamples/e/steps/0/request/mode';
  const fixed = applied(
    text,
    'yaml',
    pointer,
    'step-revision-mismatch',
    'Scope the tool to MCP 2025-11-25 (drop 2025-06-18)',
    false,
  );
  assert.equal(fixed, text.replace('  - name: t\n', '  - name: t\n    protocolVersions:\n      - "2025-11-25"\n'));
  assert.deepEqual(semantics(fixed, 'yaml'), []);
});

test('no scope fix when nothing of the scope would remain', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-06-18"],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [ ${URL_STEP} ] } } } ]
}`;
  const fixes = fixesOf(text, 'json', '/tools/0/interactionExamples/e/steps/0/request/mode', 'step-revision-mismatch');
  assert.deepEqual(
    fixes.map((fix) => fix.title),
    [],
  );
});

test('security: a repeated scope is removed, the scopes of an API-key scheme cleared', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "securitySchemes": { "o": { "type": "oauth2", "flows": { "clientCredentials": { "tokenUrl": "https://example.com/t", "scopes": { "a": "A", "b": "B" } } } },
    "k": { "type": "apiKey", "name": "X-Key", "in": "header" } },
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, "security": [ { "o": ["a", "b", "a"] }, { "k": ["admin"] } ] } ]
}`;
  const deduplicated = applied(
    text,
    'json',
    '/tools/0/security/0/o/2',
    'duplicate-security-scope',
    'Remove the repeated scope "a"',
    true,
  );
  assert.equal(deduplicated, text.replace('["a", "b", "a"]', '["a", "b"]'));
  const cleared = applied(
    deduplicated,
    'json',
    '/tools/0/security/1/k',
    'non-oauth-scope-misuse',
    'Clear the scopes (write [])',
    true,
  );
  assert.equal(cleared, deduplicated.replace('["admin"]', '[]'));
  assert.deepEqual(semantics(cleared, 'json'), []);
});

test("a result's resultType: added where the scope is 2026-07-28 alone, removed where it has no 2026-07-28", () => {
  const text = `mcpdesc: 0.8.0
info: {name: n, version: "1"}
protocolVersions: [2025-11-25, 2026-07-28]
tools:
  - name: now
    protocolVersions: [2026-07-28]
    inputSchema: {type: object}
    examples:
      e:
        input: {}
        result:
          content: []
  - name: before
    protocolVersions: [2025-11-25]
    inputSchema: {type: object}
    examples:
      e:
        input: {}
        result:
          resultType: complete
          content: []
`;
  const added = applied(
    text,
    'yaml',
    '/tools/0/examples/e/result/resultType',
    'tool-example-result-version-mismatch',
    'Add "resultType": "complete"',
    true,
  );
  assert.equal(
    added,
    text.replace(
      '        result:\n          content: []\n  - name: before',
      '        result:\n          resultType: complete\n          content: []\n  - name: before',
    ),
  );
  const removed = applied(
    added,
    'yaml',
    '/tools/1/examples/e/result/resultType',
    'tool-example-result-version-mismatch',
    'Remove resultType (MCP 2025-11-25 has none)',
    true,
  );
  const line = '          resultType: complete\n';
  const last = added.lastIndexOf(line);
  assert.equal(removed, added.slice(0, last) + added.slice(last + line.length));
  assert.deepEqual(semantics(removed, 'yaml'), []);
});
