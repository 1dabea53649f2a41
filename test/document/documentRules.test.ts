// The whole-document rules (mcpdesc.document.schema, mcpdesc.document.semantics): exact anchors
// and messages in JSON and YAML, the official findings of our agreement corpus, the per-tool
// validation held to one validation of the whole, and the one-tool shortcut held to a full check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  checkDocument,
  IncrementalDocument,
  type CheckOptions,
  type CheckResult,
  type Diagnostic,
} from '../../server/src/checker';
import {
  defaultSeverity,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_PRESET,
  PRESETS,
} from '../../shared/src/rules';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { documentSchemaRule } from '../../server/src/checker/rules/document/documentRules';
import { DocumentSchemas } from '../../server/src/checker/schema/documentSchemas';
import { schemaCache } from '../../server/src/checker/schema/sharedSchemaCache';
import { checkWholeSchema } from '../../server/src/checker/rules/document/documentSchema';
import { templateVariables } from '../../server/src/checker/rules/document/uriTemplate';
import { itemsOf, keyNodeOf, nodeAtPointer, memberOf, valueOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';
import { generateDocument } from '../../bench/generate';
import { REPO_ROOT } from '../support/repo';
import { oneToolEditsAgree } from './oneToolEdits';

const ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'error', [DOCUMENT_SEMANTICS_RULE_ID]: 'error' } };
const CORPUS = path.join(REPO_ROOT, 'test-fixtures', 'official-agreement');

function check(text: string, format: 'json' | 'yaml' = 'json'): CheckResult {
  return checkDocument(text, { ...ON, format });
}

function ofDocumentRules(result: CheckResult): Diagnostic[] {
  return result.diagnostics.filter(
    (diagnostic) => diagnostic.code === DOCUMENT_SCHEMA_RULE_ID || diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID,
  );
}

/** Each diagnostic as [violation, the text it underlines, message]. */
function seen(text: string, diagnostics: readonly Diagnostic[]): Array<[string, string, string]> {
  return diagnostics.map((diagnostic) => [
    diagnostic.data.violation,
    text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    diagnostic.message,
  ]);
}

const HEAD = '"mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-11-25"]';

test('on by default (issue 34): the official verdict with no configuration; the elicitation preset turns them off', () => {
  // The bare root lacks the two required members info and protocolVersions (spec §3: both REQUIRED).
  const bare = '{ "mcpdesc": "0.8.0" }';
  assert.deepEqual(
    ofDocumentRules(checkDocument(bare)).map((diagnostic) => [
      diagnostic.severity,
      diagnostic.data.officialCode,
      diagnostic.message,
    ]),
    [
      [1, 'schema-validation', "The document is missing the required member 'info'."],
      [1, 'schema-validation', "The document is missing the required member 'protocolVersions'."],
    ],
  );
  assert.equal(ofDocumentRules(check(bare)).length, 2);
  const elicitationOnly = { rules: PRESETS[ELICITATION_PRESET] };
  assert.deepEqual(ofDocumentRules(checkDocument(bare, elicitationOnly)), []);
});

test('anchors: a missing member on its object key (the document start at the root), an unknown member on its key, a wrong value on the value', () => {
  const text = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "n", "homepage": "x" },
  "tools": [ { "name": 7, "inputSchema": { "type": "object" } } ]
}`;
  assert.deepEqual(seen(text, ofDocumentRules(check(text))), [
    ['missing-member', '{', "The document is missing the required member 'protocolVersions'."],
    ['missing-member', '"info"', "info is missing the required member 'version'."],
    [
      'unknown-member',
      '"homepage"',
      "info has a member 'homepage' that MCP Description 0.8.0 does not define there (extensions must start with 'x-').",
    ],
    ['wrong-type', '7', 'tools[0].name must be a string, not 7.'],
  ]);
});

test('one error per problem: a transport is judged by its own type only, a resource content by text-or-blob, not by every variant', () => {
  const text = `{ ${HEAD},
  "transports": [ { "type": "streamable-http", "uri": "https://example.com" }, { "type": "carrier-pigeon" } ],
  "resources": [ { "uri": "mem://a", "name": "a", "examples": { "e": { "result": { "contents": [ { "uri": "mem://a" } ] } } } } ]
}`;
  assert.deepEqual(seen(text, ofDocumentRules(check(text))), [
    ['missing-member', '{', "transports[0] is missing the required member 'url'."],
    [
      'unknown-member',
      '"uri"',
      "transports[0] has a member 'uri' that MCP Description 0.8.0 does not define there (extensions must start with 'x-'). Did you mean 'url'?",
    ],
    [
      'invalid-value',
      '"carrier-pigeon"',
      'transports[1].type must be one of "stdio", "streamable-http", "sse", not the string "carrier-pigeon".',
    ],
    ['missing-member', '{', "resources[0].examples.e.result.contents[0] must have 'text' or 'blob'."],
  ]);
});

test('names, duplicates, formats and component references read as the spec says them', () => {
  const text = `{ ${HEAD},
  "info": { "name": "n", "version": "1", "websiteUrl": "not a uri" },
  "protocolVersions": ["2025-11-25", "2025-11-25"],
  "tools": [ { "name": "t", "inputSchema": { "$componentRef": "schemas/T" }, "examples": { "bad name": { "input": {}, "result": { "content": [] } } } } ]
}`;
  // HEAD's `info` and `protocolVersions` are given again: the later keys are read, and reported (§15.2, §15.3.2).
  const repeated = (key: string) =>
    `The key "${key}" is given more than once in this object; a key must not repeat (MCP Description 0.8.0 §15.2, §15.3.2). The last one is the one read.`;
  assert.deepEqual(seen(text, ofDocumentRules(check(text))), [
    ['duplicate-key', '"info"', repeated('info')],
    ['invalid-value', '"not a uri"', 'info.websiteUrl must be an absolute URI, not the string "not a uri".'],
    ['duplicate-key', '"protocolVersions"', repeated('protocolVersions')],
    ['invalid-value', '"2025-11-25"', 'protocolVersions must not repeat an item (items 0 and 1 are equal).'],
    [
      'invalid-value',
      '"schemas/T"',
      'tools[0].inputSchema.$componentRef must be a local component reference such as \'#/components/schemas/Name\', not the string "schemas/T".',
    ],
    [
      'invalid-name',
      '"bad name"',
      "'bad name' is not a valid name in tools[0].examples: names use only letters, digits, '.', '_' and '-'.",
    ],
  ]);
  // The duplicate is the second item, not the first.
  const duplicate = ofDocumentRules(check(text))[3];
  assert.equal(duplicate.data.offset, text.indexOf('"2025-11-25"', text.indexOf('"2025-11-25", "2025-11-25"') + 2));
});

test('YAML: the same problems at the corresponding nodes', () => {
  const yaml = `mcpdesc: 0.8.0
info:
  name: n
  homepage: x
tools:
  - name: 7
    inputSchema:
      type: object
`;
  assert.deepEqual(seen(yaml, ofDocumentRules(check(yaml, 'yaml'))), [
    ['missing-member', 'm', "The document is missing the required member 'protocolVersions'."],
    ['missing-member', 'info', "info is missing the required member 'version'."],
    [
      'unknown-member',
      'homepage',
      "info has a member 'homepage' that MCP Description 0.8.0 does not define there (extensions must start with 'x-').",
    ],
    ['wrong-type', '7', 'tools[0].name must be a string, not 7.'],
  ]);
});

test('elicitation declarations and the parts of steps the elicitation rules judge are left to them: one diagnostic per problem', () => {
  const text = `{ ${HEAD},
  "tools": [ { "name": "t", "inputSchema": { "type": "object" },
    "elicitations": [ { "name": "c", "mode": "sideways", "message": "m" } ],
    "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [
      { "type": "elicitation", "declaration": 4, "request": { "mode": "form", "message": "m", "requestedSchema": { "type": "object", "properties": {} } }, "response": { "action": "maybe" } }
    ] } } } ]
}`;
  const result = check(text);
  assert.deepEqual(ofDocumentRules(result), []);
  assert.ok(result.diagnostics.some((diagnostic) => diagnostic.data.violation === 'invalid-action'));
  assert.ok(result.diagnostics.some((diagnostic) => diagnostic.data.violation === 'unknown-declaration'));
});

test('keeps checking after a schema error: the other rules still report what they can read', () => {
  const text = `{ "mcpdesc": "0.8.0", "protocolVersions": ["1999-01-01"], "tools": [ { "name": "t", "interactionExamples": { "e": { "steps": [
    { "type": "elicitation", "request": { "mode": "form", "message": "m", "requestedSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] } }, "response": { "action": "accept", "content": {} } }
  ] } } } ] }`;
  const codes = check(text).diagnostics.map((diagnostic) => `${diagnostic.code}:${diagnostic.data.violation}`);
  assert.ok(codes.includes('mcpdesc.document.schema:invalid-value'), codes.join());
  assert.ok(codes.includes('mcpdesc.tool.interaction.elicitation-consistency:invalid-content'), codes.join());
});

test('semantics: a url step with no or an unknown declaration where the scope has 2025-06-18; a url declaration is reported on the declaration only', () => {
  const step = (declaration: string) =>
    `{ "type": "elicitation", ${declaration} "request": { "mode": "url", "message": "m", "url": "https://example.com/x" }, "response": { "action": "accept" } }`;
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-06-18", "2025-11-25"],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" },
    "elicitations": [ { "name": "login", "mode": "url", "message": "m" } ],
    "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [ ${step('')}, ${step('"declaration": "nope",')}, ${step('"declaration": "login",')} ] } } } ]
}`;
  const result = check(text);
  // The warning that the input is checked only in part for 2025-06-18 is the tool examples' test's.
  const semantics = result.diagnostics.filter(
    (diagnostic) =>
      diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID && diagnostic.data.violation !== 'incomplete-tool-example-validation',
  );
  assert.deepEqual(
    semantics.map((diagnostic) => [
      diagnostic.data.violation,
      diagnostic.data.officialCode,
      diagnostic.data.pointer,
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    ]),
    [
      [
        'step-revision-mismatch',
        'interaction-example-version-mismatch',
        '/tools/0/interactionExamples/e/steps/0/request/mode',
        '"url"',
      ],
      [
        'step-revision-mismatch',
        'interaction-example-version-mismatch',
        '/tools/0/interactionExamples/e/steps/1/request/mode',
        '"url"',
      ],
    ],
  );
  assert.equal(
    semantics[0].message,
    'tools[0].interactionExamples.e.steps[0] uses url mode, which MCP 2025-06-18 does not have (url-mode elicitation came with 2025-11-25), and the tool applies to 2025-06-18, 2025-11-25.',
  );
  assert.equal(semantics[0].severity, 1);
  assert.ok(
    result.diagnostics.some((diagnostic) => diagnostic.data.violation === 'revision-mismatch'),
    'the declaration says it',
  );
});

test('semantics: clientRequirements contradictions are warnings; no requirement is inferred when the tool declares none', () => {
  const body = (requirements: string) => `{ ${HEAD},
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, ${requirements}
    "interactionExamples": { "e": { "input": {}, "result": { "content": [] }, "steps": [
      { "type": "roots", "request": {}, "response": { "roots": [] } },
      { "type": "elicitation", "request": { "mode": "url", "message": "m", "url": "https://example.com/x" }, "response": { "action": "decline" } }
    ] } } } ]
}`;
  assert.equal(defaultSeverity(DOCUMENT_SEMANTICS_RULE_ID, 'client-requirements-contradiction'), 'warning');
  const declared = body('"clientRequirements": { "elicitation": { "form": {} } },');
  // Configured as a whole, the rule's severity is the configured one: 'warning' here, as the official validator has it.
  const found = checkDocument(declared, { rules: { [DOCUMENT_SEMANTICS_RULE_ID]: 'warning' } }).diagnostics.filter(
    (diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID,
  );
  assert.deepEqual(
    found.map((diagnostic) => [
      diagnostic.severity,
      diagnostic.data.violation,
      declared.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    ]),
    [
      [2, 'client-requirements-contradiction', '"roots"'],
      [2, 'client-requirements-contradiction', '"url"'],
    ],
  );
  assert.deepEqual(
    check(body('')).diagnostics.filter((diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID),
    [],
  );
});

test('semantics: component references are followed to their target; the reference written is the anchor', () => {
  const text = `{ ${HEAD},
  "components": { "schemas": { "A": { "$componentRef": "#/components/schemas/B" }, "B": { "$componentRef": "#/components/schemas/A" } } },
  "tools": [ { "name": "t", "inputSchema": { "$componentRef": "#/components/schemas/A" }, "outputSchema": { "$componentRef": "#/components/schemas/C" } } ]
}`;
  const found = check(text).diagnostics.filter((diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID);
  assert.deepEqual(
    found.map((diagnostic) => [
      diagnostic.data.violation,
      diagnostic.data.pointer,
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      diagnostic.message,
    ]),
    [
      [
        'component-reference-cycle',
        '/components/schemas/A',
        '"#/components/schemas/B"',
        'components.schemas.A is a reference that comes back to where it passed: schemas/A -> schemas/B -> schemas/A.',
      ],
      [
        'component-reference-cycle',
        '/components/schemas/B',
        '"#/components/schemas/A"',
        'components.schemas.B is a reference that comes back to where it passed: schemas/B -> schemas/A -> schemas/B.',
      ],
      [
        'component-reference-cycle',
        '/tools/0/inputSchema',
        '"#/components/schemas/A"',
        'tools[0].inputSchema is a reference that comes back to where it passed: schemas/A -> schemas/B -> schemas/A.',
      ],
      [
        'missing-component-target',
        '/tools/0/outputSchema',
        '"#/components/schemas/C"',
        'tools[0].outputSchema references "#/components/schemas/C", which the document\'s components do not define.',
      ],
    ],
  );
});

test('semantics: clientRequirements per revision of the scope, one finding per node naming the revisions; deprecations are warnings', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2025-11-25", "2026-07-28"],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, "clientRequirements": { "sampling": { "context": {} }, "elicitation": { "urls": {} } } } ]
}`;
  assert.equal(defaultSeverity(DOCUMENT_SEMANTICS_RULE_ID, 'deprecated-client-requirement'), 'warning');
  assert.equal(defaultSeverity(DOCUMENT_SEMANTICS_RULE_ID, 'client-requirement-revision-mismatch'), 'error');
  const found = check(text).diagnostics.filter((diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID);
  assert.deepEqual(
    found.map((diagnostic) => [
      diagnostic.data.violation,
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      diagnostic.message,
    ]),
    [
      [
        'deprecated-client-requirement',
        '"sampling"',
        'tools[0].clientRequirements.sampling requires a client capability that MCP 2026-07-28 deprecates.',
      ],
      [
        'deprecated-client-requirement',
        '"context"',
        'tools[0].clientRequirements.sampling.context requires context inclusion in sampling, which MCP 2025-11-25 and 2026-07-28 deprecate.',
      ],
      [
        'client-requirement-revision-mismatch',
        '"urls"',
        "tools[0].clientRequirements.elicitation has a member 'urls' that MCP 2025-11-25 and 2026-07-28 do not define (defined: 'form', 'url').",
      ],
    ],
  );
});

test('RFC 6570 variables of a resource template, and why a template is not one', () => {
  assert.deepEqual(
    templateVariables('repo://{owner}/{+path}{?q,page:3}{#frag*}{/a.b}'),
    new Set(['owner', 'path', 'q', 'page', 'frag', 'a.b']),
  );
  assert.deepEqual(templateVariables('plain://no/expressions'), new Set());
  assert.equal(templateVariables('x://{a b}'), "'a b' is not a variable specification");
  assert.equal(templateVariables('x://{a'), 'the expression at 5 is not closed');
  assert.equal(templateVariables('x://a}'), "'}' at 6 closes no expression");
  assert.equal(templateVariables('x://{=a}'), "the operator '=' at 6 is reserved");
  assert.equal(templateVariables('x://{}'), 'the expression at 5 names no variable');
});

// ---------------------------------------------------------------------------------------------
// The agreement corpus: each document argues, in `x-expectations`, every expected finding (or
// "valid") from a section of the spec (MCP Description 0.8.0), and lists in `x-official-findings`
// the findings the official validator gives for it too (code and JSON pointer, one per real
// problem; checked with the rebuilt validator, see docs/official-agreement.md). We must give each,
// exactly on the node the pointer names (or, for a missing member, on its object's key), and
// nothing else but `x-beyond-official`: findings the spec asks for that the official validator does
// not give (each says why in `why`). `x-official-not-reported` lists findings of the official
// validator that the spec's text does not support; we must not give them. Where the official
// validator points at a container and we at the node inside it that is at fault (the repeated item,
// the bad name, the reference), the finding says where in `at`.

interface CorpusFinding {
  code: string;
  pointer: string;
  at?: string;
  why?: string;
}

function corpusFiles(): string[] {
  return fs
    .readdirSync(CORPUS)
    .filter((name) => /\.(json|ya?ml)$/.test(name))
    .sort();
}

/**
 * Whether the diagnostic's range is exactly the node the pointer names: the member's key or its
 * value (an array element: the element); for a missing member, its object's key. An object with no
 * key (the document root, an array element) may be marked by its first character.
 */
function isAt(root: SyntaxNode, pointer: string, diagnostic: Diagnostic): boolean {
  const present = nodeAtPointer(root, pointer);
  const target = present ?? nodeAtPointer(root, pointer.slice(0, pointer.lastIndexOf('/')));
  if (!target) return false;
  const property = target.parent?.type === 'property' ? target.parent : undefined;
  const candidates: Array<{ offset: number; length: number }> = [target, ...(property ? [keyNodeOf(property)!] : [])];
  // An object with no key of its own (the root, an array element) is marked by its first character.
  if (!property) candidates.push({ offset: target.offset, length: 1 });
  return candidates.some((node) => diagnostic.data.offset === node.offset && diagnostic.data.length === node.length);
}

function corpusList(root: SyntaxNode, member: string): CorpusFinding[] {
  const node = memberOf(root, member);
  return node ? (valueOf(node) as unknown as CorpusFinding[]) : [];
}

for (const name of corpusFiles()) {
  test(`official agreement: ${name}`, () => {
    const format = name.endsWith('.json') ? 'json' : 'yaml';
    const text = fs.readFileSync(path.join(CORPUS, name), 'utf8');
    const result = check(text, format);
    const root = result.roots[0];
    const expectations = valueOf(memberOf(root, 'x-expectations')!) as unknown as string[];
    const beyond = corpusList(root, 'x-beyond-official');
    assert.ok(
      beyond.every((finding) => finding.why),
      'a finding beyond the official ones says why',
    );
    const expected = [...corpusList(root, 'x-official-findings'), ...beyond];
    // Each expected finding (or "valid") is argued: its code is named where a section is.
    const argued = expectations.filter((line) => /§\d/.test(line)).join(' ');
    for (const code of expected.length > 0 ? expected.map((finding) => finding.code) : ['valid'])
      assert.ok(argued.includes(code), `${code} is argued from a section in x-expectations`);
    const unmatched = [...result.diagnostics];
    for (const finding of expected) {
      const index = unmatched.findIndex(
        (diagnostic) =>
          diagnostic.data.officialCode === finding.code &&
          (diagnostic.data.pointer ?? finding.pointer) === finding.pointer &&
          isAt(root, finding.at ?? finding.pointer, diagnostic),
      );
      assert.ok(
        index >= 0,
        `${finding.code} at ${finding.pointer} is not reported there; reported: ${JSON.stringify(
          result.diagnostics.map((d) => [d.data.officialCode, d.data.pointer, d.message]),
          null,
          1,
        )}`,
      );
      unmatched.splice(index, 1);
    }
    assert.deepEqual(
      unmatched.map((diagnostic) => [diagnostic.code, diagnostic.data.pointer, diagnostic.message]),
      [],
      'reported beyond the official findings',
    );
    for (const finding of corpusList(root, 'x-official-not-reported')) {
      assert.ok(finding.why, `${finding.code} at ${finding.pointer}: why it is not reported`);
      const given = result.diagnostics.filter((d) => d.data.officialCode === finding.code && d.data.pointer === finding.pointer);
      assert.deepEqual(given, [], `${finding.code} at ${finding.pointer} is not the spec's`);
    }
  });
}

// The official validator's warnings, as its code reads; every other official code is an error.
// The official validator's warnings (@mcpdesc/validator 0.10.1: base.js and semantic.js of the 0.8.0
// snapshot); every other code it has is an error.
const OFFICIAL_WARNINGS = new Set([
  'extensions-not-supported-by-version',
  'unknown-reserved-extension-identifier',
  'experimental-reserved-extension-identifier',
  'interaction-example-client-requirements-contradiction',
  'deprecated-client-requirement',
  'incomplete-tool-example-validation',
  'legacy-protocol-validation-incomplete',
  'legacy-sse-for-modern-version',
  'logging-deprecated-in-2026',
  'uncatalogued-oauth-scope',
  'meta-unknown-reserved-key',
  'unresolved-external-tool-schema-reference',
  'resource-example-mime-type-mismatch',
  'resource-example-size-mismatch',
  'resource-example-requested-uri-not-returned',
]);

test("'on' (the mcpdesc:official preset) gives each code the official severity; a severity set for the rule gives it to all", () => {
  const official: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };
  const seenSeverities = new Set<number>();
  for (const name of corpusFiles()) {
    const text = fs.readFileSync(path.join(CORPUS, name), 'utf8');
    const format = name.endsWith('.json') ? 'json' : 'yaml';
    for (const diagnostic of ofDocumentRules(checkDocument(text, { ...official, format }))) {
      const code = diagnostic.data.officialCode!;
      assert.equal(diagnostic.severity, OFFICIAL_WARNINGS.has(code) ? 2 : 1, `${name}: ${code} at ${diagnostic.data.pointer}`);
      seenSeverities.add(diagnostic.severity);
    }
    for (const diagnostic of ofDocumentRules(checkDocument(text, { ...ON, format }))) assert.equal(diagnostic.severity, 1);
  }
  assert.deepEqual([...seenSeverities].sort(), [1, 2], 'the corpus has both');
});

// ---------------------------------------------------------------------------------------------
// Shortcuts held to the plain path.

test('the parts (the root, then each tool) give exactly what one validation of the whole document gives, and the use sites of references beside it', () => {
  let useSites = 0;
  const texts = [
    ...corpusFiles()
      .filter((name) => name.endsWith('.json'))
      .map((name) => fs.readFileSync(path.join(CORPUS, name), 'utf8')),
  ];
  for (let seed = 0; seed < 6; seed++) texts.push(generateDocument(700 + seed, 30_000));
  for (const text of texts) {
    const root = parseJsonDocument(text).roots[0];
    const parts = documentSchemaRule.checkRoot({ root, schemas: new DocumentSchemas(schemaCache) });
    const found = [...parts.others, ...parts.tools.flatMap((tool) => tool.findings)];
    // A resolved reference held to its use site's schema (referencedSchemas.ts) is a validation of its
    // own, and a repeated key (duplicateKeys.ts) is no schema's: one value has each key once.
    const fromParts = found.filter((finding) => finding.component === undefined && finding.violation !== 'duplicate-key');
    useSites += found.length - fromParts.length;
    const key = (finding: { offset: number; message: string }) => `${finding.offset}:${finding.message}`;
    assert.deepEqual(fromParts.map(key).sort(), checkWholeSchema(root).map(key).sort());
  }
  assert.equal(useSites, 3, 'referenced-input-schemas.json: the three tools whose input is not an object');
});

test('the one-tool shortcut on the agreement corpus (same-name variants, scopes, examples, schemas) gives what a full check gives', () => {
  let shortcuts = 0;
  for (const name of corpusFiles()) {
    const format = name.endsWith('.json') ? 'json' : 'yaml';
    const options: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' }, format };
    let text = fs.readFileSync(path.join(CORPUS, name), 'utf8');
    const incremental = new IncrementalDocument(text, options);
    const tools = memberOf(checkDocument(text, options).roots[0], 'tools');
    const starts = itemsOf(tools).map((tool) => tool.offset);
    // Back to front, so that the earlier tools' offsets still hold.
    for (const start of starts.reverse()) {
      const offset = text.indexOf('object', start);
      if (offset < 0) continue;
      const next = text.slice(0, offset) + 'objecz' + text.slice(offset + 'object'.length);
      const result = incremental.update(next, { offset, length: 6, newLength: 6 });
      if (incremental.lastUpdateWasIncremental) shortcuts++;
      assert.deepEqual(result.diagnostics, checkDocument(next, options).diagnostics, `${name} at ${offset}`);
      text = next;
    }
  }
  assert.ok(shortcuts > 10, `the shortcut was taken ${shortcuts} times`);
});

// The one-tool shortcut over seeded edits (oneToolEdits.ts): the first document's first 20 edits per
// format here, all three documents' 60 in documentRules.thorough.test.ts.
oneToolEditsAgree(1, 20);
