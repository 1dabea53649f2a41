// The document's identity, read before every rule (server/src/checker/rules/identity): which
// diagnostic each `mcpdesc` / `$schema` combination gets (the official validator's identity codes,
// spec §4.3–4.8), exactly where, and which other rules still run beside it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, IncrementalDocument, type CheckOptions, type Diagnostic } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/rules';

const ALL_ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };
const STABLE = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';

/**
 * A document with one problem for each kind of rule: `info` lacks `version` (the schema rule) and a
 * step names a declaration its tool does not have (the consistency rule's unknown-declaration).
 */
function documentWith(identity: string): string {
  return `{ ${identity}
  "info": { "name": "n" },
  "protocolVersions": ["2025-11-25"],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" },
    "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [
      { "type": "elicitation", "declaration": "confirm",
        "request": { "mode": "form", "message": "Sure?", "requestedSchema": { "type": "object", "properties": {} } },
        "response": { "action": "accept", "content": {} } } ] } } } ]
}`;
}

interface Seen {
  code: string;
  violation: string;
  severity: number;
  officialCode?: string;
}

function seen(diagnostics: readonly Diagnostic[]): Seen[] {
  return diagnostics.map((diagnostic) => ({
    code: String(diagnostic.code),
    violation: diagnostic.data.violation,
    severity: diagnostic.severity,
    ...(diagnostic.data.officialCode ? { officialCode: diagnostic.data.officialCode } : {}),
  }));
}

const UNKNOWN_DECLARATION: Seen = {
  code: ELICITATION_RULE_ID,
  violation: 'unknown-declaration',
  severity: 1,
  officialCode: 'unknown-elicitation-declaration',
};
const INFO_VERSION_MISSING: Seen = {
  code: DOCUMENT_SCHEMA_RULE_ID,
  violation: 'missing-member',
  severity: 1,
  officialCode: 'schema-validation',
};

function identity(violation: string, severity: number, officialCode?: string): Seen {
  return { code: DOCUMENT_SCHEMA_RULE_ID, violation, severity, ...(officialCode ? { officialCode } : {}) };
}

/** The identity diagnostic's range as offsets, to compare with the node a reader points at. */
function offsets(_text: string, diagnostic: Diagnostic | undefined): [number, number] {
  assert.ok(diagnostic, 'an identity diagnostic');
  return [diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length];
}

function span(text: string, part: string): [number, number] {
  const start = text.indexOf(part);
  assert.ok(start >= 0, part);
  return [start, start + part.length];
}

function identityDiagnostic(diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find(
    (diagnostic) => diagnostic.data.violation.includes('identity') || diagnostic.data.violation.includes('specification'),
  );
}

describe('what each identity gets, with every rule on', () => {
  test('mcpdesc 0.8.0 with the stable $schema, or with none (§4.3): checked, no identity finding', () => {
    for (const head of [`"$schema": "${STABLE}", "mcpdesc": "0.8.0",`, '"mcpdesc": "0.8.0",']) {
      const { diagnostics } = checkDocument(documentWith(head), ALL_ON);
      assert.deepEqual(seen(diagnostics), [INFO_VERSION_MISSING, UNKNOWN_DECLARATION], head);
    }
  });

  test('a release candidate $schema: one warning on it beside every other finding, fixed to the stable URI', () => {
    for (const candidate of ['0.8.0-rc.1', '0.8.0-rc.2', '0.8.0-rc.3', '0.8.0-rc.4']) {
      const uri = `https://mcpdesc.org/schema/mcp-description/${candidate}.json`;
      const text = documentWith(`"$schema": "${uri}", "mcpdesc": "0.8.0",`);
      const result = checkDocument(text, ALL_ON);
      assert.deepEqual(seen(result.diagnostics), [
        identity('release-candidate-schema-identity', 2),
        INFO_VERSION_MISSING,
        UNKNOWN_DECLARATION,
      ]);
      const warning = identityDiagnostic(result.diagnostics);
      assert.deepEqual(offsets(text, warning), span(text, `"${uri}"`));
      assert.match(warning!.message, new RegExp(`${candidate.replace(/\./g, '\\.')}\\.json.*${STABLE.replace(/[./]/g, '\\$&')}`));
      const fixes = result.fixesFor(warning!);
      assert.deepEqual(
        fixes.map((fix) => [fix.title, fix.isPreferred]),
        [['Use the stable MCP Description 0.8.0 schema URI', true]],
      );
      const fixed = applyEdits(text, fixes[0].edits);
      assert.equal(fixed, text.replace(uri, STABLE));
      assert.deepEqual(seen(checkDocument(fixed, ALL_ON).diagnostics), [INFO_VERSION_MISSING, UNKNOWN_DECLARATION]);
    }
  });

  test('neither mcpdesc nor $schema: missing-snapshot-identity on the first key; the elicitation rules still run', () => {
    const text = documentWith('');
    const result = checkDocument(text, ALL_ON);
    assert.deepEqual(seen(result.diagnostics), [
      identity('missing-snapshot-identity', 1, 'missing-snapshot-identity'),
      UNKNOWN_DECLARATION,
    ]);
    assert.deepEqual(offsets(text, identityDiagnostic(result.diagnostics)), span(text, '"info"'));
    const fix = result.fixesFor(identityDiagnostic(result.diagnostics)!);
    assert.deepEqual(
      fix.map((candidate) => [candidate.title, candidate.isPreferred]),
      [['Declare MCP Description 0.8.0', false]],
    );
    const fixed = applyEdits(text, fix[0].edits);
    assert.equal(fixed, text.replace('{ \n  "info"', `{ \n  "$schema": "${STABLE}",\n  "mcpdesc": "0.8.0",\n  "info"`));
    assert.deepEqual(seen(checkDocument(fixed, ALL_ON).diagnostics), [INFO_VERSION_MISSING, UNKNOWN_DECLARATION]);
  });

  test('a $schema that is not a string: invalid-schema-identity on it, and no whole-document rule', () => {
    const text = documentWith('"$schema": 42, "mcpdesc": "0.8.0",');
    const result = checkDocument(text, ALL_ON);
    assert.deepEqual(seen(result.diagnostics), [
      identity('invalid-schema-identity', 1, 'invalid-schema-identity'),
      UNKNOWN_DECLARATION,
    ]);
    assert.deepEqual(offsets(text, identityDiagnostic(result.diagnostics)), span(text, '42'));
    const [fix] = result.fixesFor(identityDiagnostic(result.diagnostics)!);
    assert.equal(fix.isPreferred, false);
    assert.equal(applyEdits(text, fix.edits), text.replace('42', `"${STABLE}"`));
  });

  test('a $schema naming no known snapshot: unknown-schema-identity; the short URI Drafts 1-3 shared: ambiguous-schema-identity', () => {
    const cases: Array<[string, string]> = [
      ['https://example.com/my-schema.json', 'unknown-schema-identity'],
      ['http://mcpdesc.org/schema/mcp-description/0.8.0.json', 'unknown-schema-identity'],
      ['https://mcpdesc.org/schema/mcp-description/0.8.0-rc.5.json', 'unknown-schema-identity'],
      ['https://mcpdesc.org/schema/0.8.0.json', 'ambiguous-schema-identity'],
    ];
    for (const [uri, violation] of cases) {
      const text = documentWith(`"$schema": "${uri}", "mcpdesc": "0.8.0",`);
      const result = checkDocument(text, ALL_ON);
      assert.deepEqual(seen(result.diagnostics), [identity(violation, 1, violation), UNKNOWN_DECLARATION], uri);
      assert.deepEqual(offsets(text, identityDiagnostic(result.diagnostics)), span(text, `"${uri}"`));
    }
  });

  test('another mcpdesc version: one error on mcpdesc naming the supported versions; the elicitation rules still run', () => {
    for (const [value, named] of [
      ['"99.99.99"', 'MCP Description 99.99.99'],
      ['"1.0"', 'MCP Description 1.0'],
      ['0.8', '"mcpdesc" 0.8'],
    ]) {
      const text = documentWith(`"mcpdesc": ${value},`);
      const result = checkDocument(text, ALL_ON);
      assert.deepEqual(seen(result.diagnostics), [
        identity('unsupported-specification', 1, 'unsupported-specification'),
        UNKNOWN_DECLARATION,
      ]);
      const error = identityDiagnostic(result.diagnostics)!;
      assert.deepEqual(offsets(text, error), span(text, value));
      assert.ok(
        error.message.startsWith(`${named} is not a version this checker supports: it checks MCP Description 0.8.0`),
        error.message,
      );
    }
  });

  test('a version contradicting a 0.8.0 $schema: contradictory-snapshot-identity on mcpdesc', () => {
    const text = documentWith(`"$schema": "${STABLE}", "mcpdesc": "99.99.99",`);
    const result = checkDocument(text, ALL_ON);
    assert.deepEqual(seen(result.diagnostics), [
      identity('contradictory-snapshot-identity', 1, 'contradictory-snapshot-identity'),
      UNKNOWN_DECLARATION,
    ]);
    assert.deepEqual(offsets(text, identityDiagnostic(result.diagnostics)), span(text, '"99.99.99"'));
  });

  test('0.7.0: one diagnostic on mcpdesc and nothing else from any rule, with the migration', () => {
    for (const [head, violation] of [
      ['"mcpdesc": "0.7.0",', 'unsupported-specification'],
      [`"$schema": "${STABLE}", "mcpdesc": "0.7.0",`, 'contradictory-snapshot-identity'],
    ]) {
      const text = documentWith(head);
      const result = checkDocument(text, ALL_ON);
      assert.deepEqual(seen(result.diagnostics), [identity(violation, 1, violation)], head);
      const error = result.diagnostics[0];
      assert.deepEqual(offsets(text, error), span(text, '"0.7.0"'));
      assert.match(
        error.message,
        /^This is an MCP Description 0\.7\.0 document; this checker checks 0\.8\.0, so no other rule ran\./,
      );
      assert.deepEqual(
        result.fixesFor(error).map((fix) => [fix.title, fix.isPreferred]),
        [['Migrate to MCP Description 0.8.0', false]],
      );
    }
  });

  test('with the whole-document rules off, the identity is not reported, and the elicitation rules speak on every version', () => {
    // The elicitation rules are kept from a 0.7.0 root only while the finding that says why is
    // reported: with the schema rule off, a 0.7.0 document gets what it got before, never silence.
    const off: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'off', [DOCUMENT_SEMANTICS_RULE_ID]: 'off' } };
    assert.deepEqual(seen(checkDocument(documentWith('"mcpdesc": "0.7.0",'), off).diagnostics), [UNKNOWN_DECLARATION]);
    const schemaOnly: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'off' } };
    assert.deepEqual(seen(checkDocument(documentWith('"mcpdesc": "0.7.0",'), schemaOnly).diagnostics), [
      identity('unsupported-specification', 1, 'unsupported-specification'),
    ]);
    assert.deepEqual(seen(checkDocument(documentWith('"mcpdesc": "99.99.99",'), off).diagnostics), [UNKNOWN_DECLARATION]);
    assert.deepEqual(seen(checkDocument(documentWith(''), off).diagnostics), [UNKNOWN_DECLARATION]);
  });

  test('YAML: the same identities at the same nodes', () => {
    const text = `$schema: https://mcpdesc.org/schema/mcp-description/0.8.0-rc.3.json # the editor wrote this
mcpdesc: 0.8.0
info: {name: n, version: "1"}
protocolVersions: [2025-11-25]
`;
    const result = checkDocument(text, { ...ALL_ON, format: 'yaml' });
    assert.deepEqual(seen(result.diagnostics), [identity('release-candidate-schema-identity', 2)]);
    assert.deepEqual(
      offsets(text, result.diagnostics[0]),
      span(text, 'https://mcpdesc.org/schema/mcp-description/0.8.0-rc.3.json'),
    );
    const fixed = applyEdits(text, result.fixesFor(result.diagnostics[0])[0].edits);
    assert.equal(fixed, text.replace('0.8.0-rc.3.json', '0.8.0.json'));
    assert.deepEqual(seen(checkDocument(fixed, { ...ALL_ON, format: 'yaml' }).diagnostics), []);

    const old = 'mcpdesc: 0.7.0\ninfo: {name: n, version: "1", protocolVersion: 2025-11-25}\n';
    const oldResult = checkDocument(old, { ...ALL_ON, format: 'yaml' });
    assert.deepEqual(seen(oldResult.diagnostics), [identity('unsupported-specification', 1, 'unsupported-specification')]);
    assert.deepEqual(offsets(old, oldResult.diagnostics[0]), [9, 14]);
  });
});

describe('the identity gate after edits (the one-tool shortcut)', () => {
  const editInTool = (text: string) => text.replace('"declaration": "confirm"', '"declaration": "confirmed"');

  for (const head of [
    '"mcpdesc": "0.7.0",',
    '"mcpdesc": "99.99.99",',
    '',
    `"$schema": "${STABLE.replace('.json', '-rc.2.json')}", "mcpdesc": "0.8.0",`,
  ]) {
    test(`an edit inside a tool gives what a full check gives (${head || 'no identity'})`, () => {
      const text = documentWith(head);
      const document = new IncrementalDocument(text, ALL_ON);
      const edited = editInTool(text);
      const offset = text.indexOf('"confirm"') + '"confirm'.length;
      const incremental = document.update(edited, { offset, length: 0, newLength: 2 });
      assert.equal(document.lastUpdateWasIncremental, true);
      const whole = checkDocument(edited, ALL_ON);
      assert.deepEqual(
        incremental.diagnostics.map((diagnostic) => [diagnostic.data.violation, diagnostic.range, diagnostic.message]),
        whole.diagnostics.map((diagnostic) => [diagnostic.data.violation, diagnostic.range, diagnostic.message]),
      );
    });
  }

  test('an edit of mcpdesc itself re-reads the identity', () => {
    const text = documentWith('"mcpdesc": "0.7.0",');
    const document = new IncrementalDocument(text, ALL_ON);
    const edited = text.replace('0.7.0', '0.8.0');
    const result = document.update(edited, { offset: text.indexOf('0.7.0') + 2, length: 1, newLength: 1 });
    assert.deepEqual(seen(result.diagnostics), [INFO_VERSION_MISSING, UNKNOWN_DECLARATION]);
  });
});
