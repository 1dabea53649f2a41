// "Scope or remove" for a member a revision of its object's scope lacks (field-, resource-annotation-
// and extensions-not-supported-by-version), in JSON and YAML: each fix applied and re-checked (the
// finding gone, nothing new), comments kept; neither is the fix fix-all takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixAll } from '../../server/src/checker';
import { DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { applyFix, diagnosticAt, options } from '../support/appliedFix';

const semantic = (violation: string, pointer: string) => `${DOCUMENT_SEMANTICS_RULE_ID} ${violation} ${pointer}`;

const JSON_TITLE = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "n", "version": "1" },
  "protocolVersions": ["2025-06-18", "2025-11-25"],
  "tools": [
    {
      "name": "t",
      "protocolVersions": ["2025-06-18", /* kept */ "2025-11-25"],
      "execution": { "taskSupport": "optional" },
      "inputSchema": { "type": "object" }
    }
  ]
}`;

test('a tool member a revision lacks: scope the tool to the revisions that have it, or remove it (JSON)', () => {
  const pointer = '/tools/0/execution';
  const { fixes } = diagnosticAt(JSON_TITLE, 'json', pointer);
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred]),
    [
      ['Scope the tool to MCP 2025-11-25 (drop 2025-06-18)', false],
      ["Remove 'execution'", false],
    ],
  );
  const removed = [semantic('field-not-supported-by-version', pointer)];
  const scoped = applyFix(JSON_TITLE, 'json', pointer, 'Scope the tool to MCP 2025-11-25 (drop 2025-06-18)', false, removed);
  assert.equal(scoped, JSON_TITLE.replace('["2025-06-18", /* kept */ "2025-11-25"]', '[/* kept */ "2025-11-25"]'));
  const without = applyFix(JSON_TITLE, 'json', pointer, "Remove 'execution'", false, removed);
  assert.equal(without, JSON_TITLE.replace('      "execution": { "taskSupport": "optional" },\n', ''));
});

const YAML_TITLE = `mcpdesc: 0.8.0
info: {name: n, version: "1"}
protocolVersions: [2025-03-26, 2025-06-18] # both
resources:
  - uri: file:///a
    name: a # the first
    title: A # shown
`;

test('a resource member a revision lacks, in YAML: the resource gets a scope of its own after its name, or loses the member', () => {
  const pointer = '/resources/0/title';
  const removed = [semantic('field-not-supported-by-version', pointer)];
  const scoped = applyFix(YAML_TITLE, 'yaml', pointer, 'Scope the resource to MCP 2025-06-18 (drop 2025-03-26)', false, removed);
  assert.equal(
    scoped,
    YAML_TITLE.replace('    name: a # the first\n', '    name: a # the first\n    protocolVersions:\n      - "2025-06-18"\n'),
  );
  const without = applyFix(YAML_TITLE, 'yaml', pointer, "Remove 'title'", false, removed);
  assert.equal(without, YAML_TITLE.replace('    title: A # shown\n', ''));
});

test('capability extensions before the revision that has them: removed (no revision of the scope would keep them)', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "capabilities": [ { "tools": {}, "extensions": { "io.example/x": {} } } ],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ] }`;
  const pointer = '/capabilities/0/extensions';
  const { fixes } = diagnosticAt(text, 'json', pointer);
  assert.deepEqual(
    fixes.map((fix) => fix.title),
    ["Remove 'extensions'"],
  );
  const fixed = applyFix(text, 'json', pointer, "Remove 'extensions'", false, [
    semantic('extensions-not-supported-by-version', pointer),
  ]);
  assert.equal(fixed, text.replace('{ "tools": {}, "extensions": { "io.example/x": {} } }', '{ "tools": {}  }'));
});

test('fix-all leaves "scope or remove" to the author', () => {
  assert.equal(fixAll(JSON_TITLE, options('json')).applied, 0);
  assert.equal(fixAll(YAML_TITLE, options('yaml')).applied, 0);
});
