// "Migrate to MCP Description 0.8.0" on 0.7.0 documents shaped like the format's 0.7.0 examples
// (test-fixtures/versions): the migrated document holds what the spec's 0.8.0 changes say it must
// (CHANGELOG 0.8.0 "Breaking", guides/migration-0.7-to-0.8.md), keeps every comment, and re-checks
// with no error from any rule. The expected values are written from the migration guide, not from
// the fix's output.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parseDocument } from 'yaml';
import { applyEdits, checkDocument, fixAll, type CheckOptions, type Fix } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { repoPath } from '../support/repo';

const ALL_ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };
const STABLE = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';

function optionsFor(format: 'json' | 'yaml'): CheckOptions {
  return { ...ALL_ON, format, commentsAllowed: format === 'yaml' };
}

function migrationOf(text: string, format: 'json' | 'yaml'): Fix {
  const result = checkDocument(text, optionsFor(format));
  assert.equal(result.diagnostics.length, 1, JSON.stringify(result.diagnostics.map((diagnostic) => diagnostic.message)));
  const fix = result.fixesFor(result.diagnostics[0]).find((candidate) => candidate.title === 'Migrate to MCP Description 0.8.0');
  assert.ok(fix, 'the migration is offered');
  assert.equal(fix.isPreferred, false);
  return fix;
}

function migrated(text: string, format: 'json' | 'yaml'): string {
  return applyEdits(text, migrationOf(text, format).edits);
}

function errorsOf(text: string, format: 'json' | 'yaml'): string[] {
  return checkDocument(text, optionsFor(format))
    .diagnostics.filter((diagnostic) => diagnostic.severity === 1)
    .map((diagnostic) => `${diagnostic.data.violation}: ${diagnostic.message}`);
}

function fixture(name: string): string {
  return fs.readFileSync(repoPath('test-fixtures', 'versions', name), 'utf8');
}

/** Every comment line of `text` (YAML), as it reads. */
function comments(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const at = line.indexOf('#');
    return at >= 0 ? [line.slice(at)] : [];
  });
}

describe('small documents, exact text', () => {
  test('JSON: identity, protocolVersions after info, capabilities listed, empty lists gone', () => {
    const text = `{
  "mcpdesc": "0.7.0",
  "info": {
    "name": "n",
    "version": "1",
    "protocolVersion": "2025-11-25"
  },
  "capabilities": { "tools": {} },
  "tools": []
}`;
    assert.equal(
      migrated(text, 'json'),
      `{
  "$schema": "${STABLE}",
  "mcpdesc": "0.8.0",
  "info": {
    "name": "n",
    "version": "1"
  },
  "protocolVersions": [
    "2025-11-25"
  ],
  "capabilities": [{ "tools": {} }]
}`,
    );
  });

  test('YAML: comments beside what moves stay; an empty capabilities object is removed', () => {
    const text = `# a comment before everything
mcpdesc: 0.7.0 # the old version
info:
  name: n # the name
  version: "1"
  protocolVersion: 2025-06-18
capabilities: {}
`;
    assert.equal(
      migrated(text, 'yaml'),
      `# a comment before everything
$schema: ${STABLE}
mcpdesc: "0.8.0" # the old version
info:
  name: n # the name
  version: "1"
protocolVersions:
  - "2025-06-18"
`,
    );
  });
});

describe('fixtures shaped like the 0.7.0 examples', () => {
  test('tide tables (YAML): inline security named under securitySchemes, at the root and on a transport', () => {
    const text = fixture('tide-tables-0.7.0.mcpdesc.yaml');
    const after = migrated(text, 'yaml');
    assert.deepEqual(comments(after), comments(text));
    assert.deepEqual(errorsOf(after, 'yaml'), []);
    const value = parseDocument(after).toJS() as Record<string, unknown>;
    assert.equal(value.$schema, STABLE);
    assert.equal(value.mcpdesc, '0.8.0');
    assert.deepEqual(value.protocolVersions, ['2025-11-25']);
    assert.deepEqual(value.info, {
      name: 'tide-tables',
      title: 'Tide Tables',
      version: '3.2.0',
      description: 'Tide predictions and harbour depths — hourly, for every charted port',
      websiteUrl: 'https://tides.example.org',
    });
    assert.deepEqual(value.securitySchemes, {
      oauth2: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://auth.tides.example.org/token', scopes: { 'tides:read': 'Read predictions' } },
        },
      },
      apiKey: { type: 'apiKey', name: 'X-Tide-Key', in: 'header' },
    });
    assert.deepEqual(value.security, [{ oauth2: [] }]);
    assert.deepEqual((value.transports as Array<Record<string, unknown>>)[0].security, [{ apiKey: [] }]);
    assert.deepEqual(value.capabilities, [{ tools: { listChanged: false }, logging: {} }]);
    assert.equal('tags' in value, false);
    assert.equal('tags' in (value.tools as Array<Record<string, unknown>>)[0], false);
    assert.equal('arguments' in (value.prompts as Array<Record<string, unknown>>)[0], false);
  });

  test('ferry times (JSON): one definition used twice gets one name', () => {
    const text = fixture('ferry-times-0.7.0.mcpdesc.json');
    const after = migrated(text, 'json');
    assert.deepEqual(errorsOf(after, 'json'), []);
    const value = JSON.parse(after) as Record<string, unknown>;
    assert.deepEqual(value.securitySchemes, { 'http-bearer': { scheme: 'bearer', type: 'http', bearerFormat: 'JWT' } });
    assert.deepEqual(value.security, [{ 'http-bearer': [] }]);
    assert.deepEqual((value.transports as Array<Record<string, unknown>>)[0].security, [{ 'http-bearer': [] }]);
    assert.deepEqual(value.capabilities, [{ resources: { subscribe: true } }]);
    assert.equal('tools' in value, false);
    assert.deepEqual(Object.keys(value).slice(0, 4), ['$schema', 'mcpdesc', 'info', 'protocolVersions']);
  });

  test('no info.protocolVersion and a tool without inputSchema: the message says what is left; nothing is invented', () => {
    const text = fixture('harbour-0.7.0-no-revision.mcpdesc.yaml');
    const [diagnostic] = checkDocument(text, optionsFor('yaml')).diagnostics;
    assert.match(
      diagnostic.message,
      /After it: "info\.protocolVersion" is missing, so the root "protocolVersions" 0\.8\.0 requires is yours to add; 1 tool has no "inputSchema", which 0\.8\.0 requires and only you can write\.$/,
    );
    const after = migrated(text, 'yaml');
    assert.deepEqual(errorsOf(after, 'yaml'), [
      "missing-member: The document is missing the required member 'protocolVersions'.",
      "missing-member: tools[0] is missing the required member 'inputSchema'.",
    ]);
    assert.equal('capabilities' in (parseDocument(after).toJS() as object), false);
  });

  test('a server dump (YAML): with no configuration one diagnostic, on the mcpdesc value; migrated, every capability in one entry, block scalars and schemas as written', () => {
    const text = fixture('almanac-dump-0.7.0.mcpdesc.yaml');
    // No options at all: the product's default (every rule at the official severity).
    const found = checkDocument(text, { format: 'yaml' }).diagnostics;
    assert.deepEqual(
      found.map((diagnostic) => [
        diagnostic.code,
        diagnostic.data.officialCode,
        text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      ]),
      [[DOCUMENT_SCHEMA_RULE_ID, 'unsupported-specification', '0.7.0']],
    );
    assert.equal(found[0].data.offset, text.indexOf('mcpdesc: 0.7.0') + 'mcpdesc: '.length);
    const after = migrated(text, 'yaml');
    assert.deepEqual(comments(after), comments(text));
    assert.deepEqual(errorsOf(after, 'yaml'), []);
    assert.deepEqual(checkDocument(after, { format: 'yaml' }).diagnostics, []);
    const value = parseDocument(after).toJS() as Record<string, unknown>;
    const before = parseDocument(text).toJS() as Record<string, unknown>;
    assert.deepEqual(value.protocolVersions, ['2025-06-18']);
    assert.deepEqual(value.info, { name: 'Almanac Server', version: '2.4.1' });
    assert.deepEqual(value.capabilities, [before.capabilities]);
    assert.deepEqual(value.tools, before.tools);
    assert.deepEqual(value.prompts, before.prompts);
    assert.deepEqual(value.resources, before.resources);
  });

  test('fix-all leaves a 0.7.0 document as it is (the migration is the author’s choice)', () => {
    const text = fixture('tide-tables-0.7.0.mcpdesc.yaml');
    assert.equal(fixAll(text, optionsFor('yaml')).text, text);
  });

  test('a document with a syntax error is not migrated', () => {
    const text = 'mcpdesc: 0.7.0\ninfo: {name: n, version: "1", protocolVersion: 2025-11-25}\ntools: [\n';
    const result = checkDocument(text, optionsFor('yaml'));
    const identity = result.diagnostics.find((diagnostic) => diagnostic.code === DOCUMENT_SCHEMA_RULE_ID);
    assert.ok(identity);
    assert.deepEqual(
      result.fixesFor(identity).filter((fix) => fix.title.startsWith('Migrate')),
      [],
    );
  });
});

describe('many places at once', () => {
  for (const format of ['json', 'yaml'] as const) {
    test(`300 tools with empty tags and icons, each with an inline scheme of its own transport (${format})`, () => {
      const tools = Array.from({ length: 300 }, (_, index) => ({
        name: `tool_${index}`,
        inputSchema: { type: 'object' },
        tags: [],
        icons: [],
      }));
      const transports = Array.from({ length: 3 }, (_, index) => ({
        type: 'streamable-http',
        url: `https://example.com/mcp/${index}`,
        security: [{ type: 'apiKey', name: `X-Key-${index % 2}`, in: 'header' }],
      }));
      const value = {
        mcpdesc: '0.7.0',
        info: { name: 'n', version: '1', protocolVersion: '2025-11-25', icons: [] },
        transports,
        tools,
        prompts: [{ name: 'p', arguments: [], tags: [] }],
        tags: [],
      };
      const text =
        format === 'json'
          ? JSON.stringify(value, null, 2)
          : JSON.stringify(value, null, 2)
              .split('\n')
              .map((line) => line.replace(/^(\s*)"([^"]+)": /, '$1$2: '))
              .join('\n');
      const after = migrated(text, format);
      assert.deepEqual(errorsOf(after, format), []);
      const result = (format === 'json' ? JSON.parse(after) : parseDocument(after).toJS()) as Record<string, unknown>;
      assert.deepEqual(
        result.tools,
        tools.map(({ name, inputSchema }) => ({ name, inputSchema })),
      );
      assert.deepEqual(result.prompts, [{ name: 'p' }]);
      assert.deepEqual(result.info, { name: 'n', version: '1' });
      assert.deepEqual(result.securitySchemes, {
        apiKey: { type: 'apiKey', name: 'X-Key-0', in: 'header' },
        'apiKey-2': { type: 'apiKey', name: 'X-Key-1', in: 'header' },
      });
      assert.deepEqual(
        (result.transports as Array<{ security: unknown }>).map((transport) => transport.security),
        [[{ apiKey: [] }], [{ 'apiKey-2': [] }], [{ apiKey: [] }]],
      );
      assert.equal('tags' in result, false);
    });
  }
});
