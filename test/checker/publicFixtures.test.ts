// The rule on documents shaped like the public MCP Description 0.8.0 conformance fixtures (our own
// copies: test-fixtures/public-0.8.0/README.md). Every expected diagnostic is stated here, kind and
// range, read from the documents and the spec's section 4, not from the checker's output.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { applyEdits, checkDocument, type Diagnostic } from '../../server/src/checker';
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID } from '../../shared/src/constants';
import { DECLARATION_RULE_ID, ruleDocsUri } from '../../shared/src/rules';
import { repoPath } from '../support/repo';
import { positionAt } from '../support/expectedDiagnostics';
import { elicitationOnly } from '../support/ruleScope';

const RULE_PAGE_VALID = repoPath('test-fixtures', 'expected-valid', 'named-tool-interaction-examples.json');
const RULE_PAGE_INVALID = repoPath('test-fixtures', 'expected-invalid', 'invalid-tool-interaction-example-semantics.json');
const ELICITATION_DECLARATIONS = repoPath('test-fixtures', 'public-0.8.0', 'elicitation-declarations.json');

/** A diagnostic as [violation, startLine, startCharacter, endLine, endCharacter]. */
type Placed = [string, number, number, number, number];

function placed(diagnostic: Diagnostic): Placed {
  const { start, end } = diagnostic.range;
  return [String(diagnostic.data.violation), start.line, start.character, end.line, end.character];
}

function check(text: string): Diagnostic[] {
  const { diagnostics } = checkDocument(text, elicitationOnly());
  for (const diagnostic of diagnostics) {
    assert.equal(diagnostic.code, ELICITATION_RULE_ID);
    assert.equal(diagnostic.source, DIAGNOSTIC_SOURCE);
    assert.equal(diagnostic.severity, 1);
    assert.equal(diagnostic.codeDescription?.href, ruleDocsUri(ELICITATION_RULE_ID));
  }
  return diagnostics;
}

/** The range of `token` where it first follows `before` in `text`, for documents built here. */
function rangeOf(text: string, token: string, before = ''): [number, number, number, number] {
  const found = text.indexOf(before + token);
  assert.ok(found >= 0, `${before}${token} in the document`);
  const offset = found + before.length;
  const start = positionAt(text, offset);
  const end = positionAt(text, offset + token.length);
  return [start.line, start.character, end.line, end.character];
}

function rangeOfPlaced(text: string, token: string, before: string, violation: string): Placed {
  return [violation, ...rangeOf(text, token, before)];
}

describe("named-tool-interaction-examples.json (the rule page's valid fixture)", () => {
  const text = fs.readFileSync(RULE_PAGE_VALID, 'utf8');

  test('has the public shape: two tool objects named prepare_release, one per protocol scope', () => {
    const document = JSON.parse(text) as {
      mcpdesc: string;
      tools: Array<{ name: string; protocolVersions: string[]; elicitations: Array<{ name: string; mode: string }> }>;
    };
    assert.equal(document.mcpdesc, '0.8.0');
    assert.deepEqual(
      document.tools.map((tool) => [tool.name, tool.protocolVersions, tool.elicitations.map((d) => [d.name, d.mode])]),
      [
        ['prepare_release', ['2025-11-25'], [['confirm', 'form']]],
        ['prepare_release', ['2026-07-28'], [['authorize', 'url']]],
      ],
    );
  });

  test('gives no diagnostic', () => {
    assert.deepEqual(check(text).map(placed), []);
  });
});

describe("invalid-tool-interaction-example-semantics.json (the rule page's invalid fixture)", () => {
  const text = fs.readFileSync(RULE_PAGE_INVALID, 'utf8');
  // Section 4: steps[0] -> unknown-declaration on "missing" and unexpected-content on the content
  // key; steps[1] -> schema-mismatch on its request's requestedSchema key and invalid-content on
  // `true` (validated against the request's own schema, a string); the sampling and roots steps:
  // nothing from this rule.
  const EXPECTED: Placed[] = [
    ['unknown-declaration', 39, 29, 39, 38], //        "declaration": "missing",
    ['unexpected-content', 45, 48, 45, 57], //         "response": { "action": "accept", "content": ...
    ['schema-mismatch', 53, 16, 53, 33], //            "requestedSchema": {   (of steps[1]'s request)
    ['invalid-content', 59, 73, 59, 77], //            ... "content": { "approved": true } }
  ];

  test('the anchors are the nodes section 4 names', () => {
    const lines = text.split('\n');
    const at = ([, line, start, , end]: Placed) => lines[line].slice(start, end);
    assert.deepEqual(EXPECTED.map(at), ['"missing"', '"content"', '"requestedSchema"', 'true']);
    assert.match(lines[51], /"mode": "form",/, "line 53 is in steps[1]'s request");
  });

  test('gives exactly the four diagnostics of section 4', () => {
    assert.deepEqual(check(text).map(placed), EXPECTED);
  });

  test('messages name the missing declaration, what is declared, and the schemas involved', () => {
    const messages = check(text).map((diagnostic) => diagnostic.message);
    assert.equal(
      messages[0],
      "Elicitation step references 'missing', but tool 'prepare_release' declares no elicitation named 'missing' (declared: confirm).",
    );
    assert.match(messages[1], /url mode/);
    assert.match(messages[2], /declaration 'confirm' of tool 'prepare_release'/);
    assert.match(messages[3], /boolean|string/);
  });

  test("the preferred fix of steps[0] declares missing in url mode; applied, that diagnostic goes and none of the rule's is added", () => {
    const result = checkDocument(text, elicitationOnly());
    const unknown = result.diagnostics[0];
    assert.equal(unknown.data.violation, 'unknown-declaration');
    const fixes = result.fixesFor(unknown);
    const preferred = fixes.filter((fix) => fix.isPreferred);
    assert.deepEqual(
      preferred.map((fix) => fix.title),
      ["Declare elicitation 'missing' on tool 'prepare_release'"],
    );
    // The only declared name is in form mode, so there is no "Change to" for a url request.
    assert.deepEqual(
      fixes.map((fix) => fix.title),
      ["Declare elicitation 'missing' on tool 'prepare_release'"],
    );

    const fixed = applyEdits(text, preferred[0].edits);
    const declarations = (JSON.parse(fixed) as { tools: Array<{ elicitations: unknown[] }> }).tools[0].elicitations;
    assert.deepEqual(declarations[1], {
      name: 'missing',
      mode: 'url',
      message: 'Authorize publication.',
      url: 'https://mcp.example.com/release/connect',
    });
    assert.equal(declarations.length, 2);

    // The three others stay, on the same nodes, moved down by the lines the declaration took.
    const added = fixed.split('\n').length - text.split('\n').length;
    assert.ok(added > 0);
    const shifted = EXPECTED.slice(1).map(([kind, line, start, endLine, end]): Placed => [
      kind,
      line + added,
      start,
      endLine + added,
      end,
    ]);
    const after = checkDocument(fixed, elicitationOnly()).diagnostics;
    assert.deepEqual(after.filter((d) => d.code === ELICITATION_RULE_ID).map(placed), shifted);
    // The document's scope is 2025-06-18, which has no url mode: the declaration-validity rule (its
    // own code) reports what was declared, on its mode, and nothing else.
    assert.deepEqual(
      after.filter((d) => d.code !== ELICITATION_RULE_ID).map((d) => [d.code, ...placed(d)]),
      [[DECLARATION_RULE_ID, ...rangeOfPlaced(fixed, '"url"', '"name": "missing",\n          "mode": ', 'revision-mismatch')]],
    );
    // One insertion after confirm's element; every other character is as it was.
    const [edit] = preferred[0].edits;
    assert.equal(preferred[0].edits.length, 1);
    assert.deepEqual(edit.range.start, edit.range.end);
    assert.equal(edit.range.start.line, 31, 'at the end of confirm, the last element');
    assert.match(edit.newText, /^,\n {8}\{\n {10}"name": "missing",\n {10}"mode": "url",\n/);
  });
});

describe('elicitation-declarations.json (declarations only: when, protocolVersions, a multi-select enum)', () => {
  const text = fs.readFileSync(ELICITATION_DECLARATIONS, 'utf8');

  test('has the public shape: no interaction examples, three declarations', () => {
    const document = JSON.parse(text) as {
      tools: Array<Record<string, unknown> & { elicitations: Array<Record<string, unknown>> }>;
    };
    const [tool] = document.tools;
    assert.equal(tool.interactionExamples, undefined);
    assert.deepEqual(
      tool.elicitations.map((d) => [d.name, d.mode, 'when' in d, 'protocolVersions' in d]),
      [
        ['pick_owner', 'form', false, false],
        ['connect_tracker', 'url', true, true],
        ['pick_labels', 'form', false, true],
      ],
    );
    assert.equal(
      (tool.elicitations[2].requestedSchema as Record<string, unknown>).$schema,
      'https://json-schema.org/draft/2020-12/schema',
    );
  });

  test('gives no diagnostic', () => {
    assert.deepEqual(check(text).map(placed), []);
  });

  // The same declarations used by steps: the array enum validates item by item, the declared url binds.
  const labelsSchema = (JSON.parse(text) as { tools: Array<{ elicitations: Array<{ requestedSchema?: unknown }> }> }).tools[0]
    .elicitations[2].requestedSchema;
  const withSteps = (steps: unknown[]): string => {
    const document = JSON.parse(text) as { tools: Array<Record<string, unknown>> };
    document.tools[0].interactionExamples = { triage: { input: { issue: 7 }, steps } };
    return JSON.stringify(document, null, 2);
  };

  test('steps that follow the declarations are clean, a multi-select answer included', () => {
    const document = withSteps([
      {
        type: 'elicitation',
        declaration: 'pick_labels',
        request: { mode: 'form', message: 'Which labels apply?', requestedSchema: labelsSchema },
        response: { action: 'accept', content: { labels: ['bug', 'enhancement'] } },
      },
      {
        type: 'elicitation',
        declaration: 'pick_labels',
        request: { mode: 'form', message: 'Which labels apply?', requestedSchema: labelsSchema },
        response: { action: 'accept', content: {} },
      },
      {
        type: 'elicitation',
        declaration: 'connect_tracker',
        request: { mode: 'url', message: 'Connect the issue tracker.', url: 'https://tracker.example.com/oauth/connect' },
        response: { action: 'accept' },
      },
    ]);
    assert.deepEqual(check(document).map(placed), []);
  });

  test('a label outside the enum, a second url and an empty owner are each reported where they are', () => {
    const document = withSteps([
      {
        type: 'elicitation',
        declaration: 'pick_labels',
        request: { mode: 'form', message: 'Which labels apply?', requestedSchema: labelsSchema },
        response: { action: 'accept', content: { labels: ['bug', 'question'] } },
      },
      {
        type: 'elicitation',
        declaration: 'connect_tracker',
        request: { mode: 'url', message: 'Connect.', url: 'https://tracker.example.com/other' },
        response: { action: 'accept' },
      },
      {
        type: 'elicitation',
        declaration: 'pick_owner',
        request: {
          message: 'Who should take this issue?',
          requestedSchema: {
            type: 'object',
            properties: { owner: { type: 'string', title: 'Owner', minLength: 1 } },
            required: ['owner'],
          },
        },
        response: { action: 'accept', content: { owner: '' } },
      },
    ]);
    assert.deepEqual(check(document).map(placed), [
      ['invalid-content', ...rangeOf(document, '"question"')],
      ['url-mismatch', ...rangeOf(document, '"https://tracker.example.com/other"')],
      ['invalid-content', ...rangeOf(document, '""', '"owner": ')],
    ]);
  });
});
