// Extension identifiers under an MCP-reserved prefix (issue 34, agreement report item 4). Expected
// findings argued from the 0.8.0 migration guide, Capabilities: a validator warns "when an
// MCP-reserved identifier is uncatalogued" and pins its catalogue (ours: MCP's extensions overview as
// of 2026-09-04, four official identifiers, none experimental); the reserved prefixes are those
// whose second label is `modelcontextprotocol` or `mcp`. An `extensions` member before 2026-07-28 is
// accepted "with a warning" (extensions-not-supported-by-version).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, type Diagnostic } from '../../server/src/checker';
import { DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { usesReservedPrefix } from '../../server/src/checker/rules/document/reservedExtensions';
import { MCP_EXTENSION_CATALOGUE } from '../../server/src/checker/mcp/extensionCatalogue';

function seen(text: string, diagnostics: readonly Diagnostic[]): Array<[string, string, number, string | undefined]> {
  return diagnostics
    .filter((diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID)
    .map((diagnostic) => [
      diagnostic.data.officialCode ?? '',
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      diagnostic.severity,
      diagnostic.data.pointer,
    ]);
}

test('the pinned catalogue: its source, date and maturity assignments', () => {
  assert.equal(MCP_EXTENSION_CATALOGUE.source, 'https://modelcontextprotocol.io/extensions/overview');
  assert.equal(MCP_EXTENSION_CATALOGUE.effectiveDate, '2026-09-04');
  assert.deepEqual(
    [...MCP_EXTENSION_CATALOGUE.official],
    [
      'io.modelcontextprotocol/enterprise-managed-authorization',
      'io.modelcontextprotocol/oauth-client-credentials',
      'io.modelcontextprotocol/tasks',
      'io.modelcontextprotocol/ui',
    ],
  );
  assert.deepEqual([...MCP_EXTENSION_CATALOGUE.experimental], []);
});

test('reserved prefixes: the second label of the part before the first slash, in any case', () => {
  assert.equal(usesReservedPrefix('io.modelcontextprotocol/x', true), true);
  assert.equal(usesReservedPrefix('dev.MCP/x', true), true);
  assert.equal(usesReservedPrefix('com.example/x', true), false);
  assert.equal(usesReservedPrefix('mcp.io/x', true), false, 'the first label is not the reserved one');
  assert.equal(usesReservedPrefix('io.mcp', false), true, 'a capability key needs no slash');
  assert.equal(usesReservedPrefix('io.mcp', true), false, 'a requirement key does');
});

test('capability extensions: uncatalogued reserved identifiers warn on their key; catalogued and other prefixes do not', () => {
  const text = `{
  "mcpdesc": "0.8.0",
  "protocolVersions": ["2026-07-28"],
  "info": { "name": "n", "version": "1" },
  "capabilities": [
    { "extensions": {
      "io.modelcontextprotocol/ui": {},
      "io.modelcontextprotocol/future-capability": {},
      "dev.mcp/x": {},
      "com.example/x": {}
    } }
  ]
}`;
  assert.deepEqual(seen(text, checkDocument(text).diagnostics), [
    [
      'unknown-reserved-extension-identifier',
      '"io.modelcontextprotocol/future-capability"',
      2,
      '/capabilities/0/extensions/io.modelcontextprotocol~1future-capability',
    ],
    ['unknown-reserved-extension-identifier', '"dev.mcp/x"', 2, '/capabilities/0/extensions/dev.mcp~1x'],
  ]);
});

test('capability extensions before 2026-07-28: the member is a warning, and its identifiers are still judged', () => {
  const text = `{
  "mcpdesc": "0.8.0",
  "protocolVersions": ["2025-11-25"],
  "info": { "name": "n", "version": "1" },
  "capabilities": [ { "extensions": { "io.modelcontextprotocol/nope": {} } } ]
}`;
  const diagnostics = checkDocument(text).diagnostics;
  assert.deepEqual(seen(text, diagnostics), [
    ['extensions-not-supported-by-version', '"extensions"', 2, '/capabilities/0/extensions'],
    [
      'unknown-reserved-extension-identifier',
      '"io.modelcontextprotocol/nope"',
      2,
      '/capabilities/0/extensions/io.modelcontextprotocol~1nope',
    ],
  ]);
  assert.ok(
    diagnostics.every((diagnostic) => diagnostic.severity !== 1),
    'warnings only: the document is valid',
  );
});

test('clientRequirements.extensions: judged for a scope with 2026-07-28 only, keys with a slash only', () => {
  const tool = (scope: string) => `{
  "mcpdesc": "0.8.0",
  "protocolVersions": ["${scope}"],
  "info": { "name": "n", "version": "1" },
  "tools": [ {
    "name": "t",
    "inputSchema": { "type": "object" },
    "clientRequirements": { "extensions": { "io.mcp/unknown": {}, "io.mcp": {}, "io.modelcontextprotocol/tasks": {} } }
  } ]
}`;
  const modern = tool('2026-07-28');
  assert.deepEqual(seen(modern, checkDocument(modern).diagnostics), [
    ['unknown-reserved-extension-identifier', '"io.mcp/unknown"', 2, '/tools/0/clientRequirements/extensions/io.mcp~1unknown'],
  ]);
  const older = tool('2025-11-25');
  assert.deepEqual(
    seen(older, checkDocument(older).diagnostics).filter(([code]) => code.includes('reserved')),
    [],
    'before 2026-07-28 extensions is no client capability at all (client-requirement-version-mismatch says so)',
  );
});
