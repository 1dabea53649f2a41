// The fixture corpus pins the checker to the spec: every document in test-fixtures/expected-valid/
// must give no diagnostic at all, every document X in test-fixtures/expected-invalid/ exactly the
// diagnostics of X.expected.json (written from the spec via scripts/fixtures/anchors.mjs, never
// from the checker's output). The corpus is the consistency rule's: the declaration-validity
// rule's findings on it are left to that rule's own corpus (test/support/ruleScope.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findNodeAtLocation, parseTree, type ParseError } from 'jsonc-parser';
import { checkDocument, fixAll, type Diagnostic } from '../../server/src/checker';
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { ruleDocsUri } from '../../shared/src/rules';
import { REPO_ROOT } from '../support/repo';
import { apartFromDeclarationValidity, ofDeclarationValidity } from '../support/ruleScope';
import { compareExpected, positionAt, toExpectedShape, type ExpectedDiagnostic } from '../support/expectedDiagnostics';
import { VIOLATION_KINDS } from '../../server/src/checker';
import { elicitationOnly } from '../support/ruleScope';

const RULE_VIOLATIONS: readonly string[] = VIOLATION_KINDS;

/** What scripts/fixtures/expected.mjs exports: its --check without a process of its own. */
interface ExpectedScript {
  expectedProblems(options: { write: boolean }): { problems: string[] };
}

const repoRoot = REPO_ROOT;
const validDir = path.join(repoRoot, 'test-fixtures', 'expected-valid');
const invalidDir = path.join(repoRoot, 'test-fixtures', 'expected-invalid');

function fixtureNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /\.jsonc?$/.test(name) && !name.endsWith('.expected.json'))
    .sort();
}

function expectedFileFor(fixtureName: string): string {
  return fixtureName.replace(/\.jsonc?$/, '.expected.json');
}

/** What every diagnostic must carry, whatever its kind. */
function assertWellFormed(diagnostic: Diagnostic, text: string): void {
  const violation = diagnostic.data?.violation;
  const expectedCode = violation === 'syntax-error' ? SYNTAX_RULE_ID : ELICITATION_RULE_ID;
  assert.ok(
    violation === 'syntax-error' || RULE_VIOLATIONS.includes(violation),
    `unexpected violation kind ${String(violation)}`,
  );
  assert.equal(diagnostic.code, expectedCode, `code of a ${violation} diagnostic`);
  assert.equal(diagnostic.source, DIAGNOSTIC_SOURCE);
  assert.equal(diagnostic.severity, 1, `severity of a ${violation} diagnostic`);
  assert.equal(diagnostic.codeDescription?.href, ruleDocsUri(expectedCode));
  assert.equal(typeof diagnostic.message, 'string');
  assert.ok(diagnostic.message.length > 0, 'a diagnostic has a message');
  // data.offset/length is what the quick-fixes work from; it must be the same place as the range.
  assert.deepEqual(
    { start: positionAt(text, diagnostic.data.offset), end: positionAt(text, diagnostic.data.offset + diagnostic.data.length) },
    diagnostic.range,
    `data.offset/length of a ${violation} diagnostic agrees with its range`,
  );
}

function checkFixture(text: string): ExpectedDiagnostic[] {
  const diagnostics = apartFromDeclarationValidity(checkDocument(text, elicitationOnly()).diagnostics);
  for (const diagnostic of diagnostics) assertWellFormed(diagnostic, text);
  return diagnostics.map(toExpectedShape).sort(compareExpected);
}

describe('expected-valid fixtures give no diagnostic', () => {
  for (const name of fixtureNames(validDir)) {
    test(`expected-valid/${name}`, () => {
      const text = fs.readFileSync(path.join(validDir, name), 'utf8');
      assert.deepEqual(checkFixture(text), []);
    });
  }
});

describe('expected-invalid fixtures give exactly their expected diagnostics', () => {
  for (const name of fixtureNames(invalidDir)) {
    test(`expected-invalid/${name}`, () => {
      const text = fs.readFileSync(path.join(invalidDir, name), 'utf8');
      const expected = JSON.parse(fs.readFileSync(path.join(invalidDir, expectedFileFor(name)), 'utf8')) as ExpectedDiagnostic[];
      assert.deepEqual(checkFixture(text), expected);
    });
  }
});

describe('the rule page fixture, fixed', () => {
  // Spec section 4: the preferred fix declares `missing` as a url-mode declaration; after it, the
  // removal of the content and the request of 'confirm' for steps[1], the consistency rule has
  // nothing left to say. The document's scope is 2025-06-18, which has no url mode: the request of
  // steps[0] could not happen there, and once it is declared the declaration-validity rule says so.
  test('the preferred fix of unknown-declaration declares missing in url mode', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'invalid-tool-interaction-example-semantics.json'), 'utf8');
    const result = checkDocument(text, elicitationOnly());
    const unknown = result.diagnostics.find((d) => d.data.violation === 'unknown-declaration');
    assert.ok(unknown, 'an unknown-declaration diagnostic');
    const preferred = result.fixesFor(unknown).filter((fix) => fix.isPreferred);
    assert.deepEqual(
      preferred.map((fix) => fix.title),
      ["Declare elicitation 'missing' on tool 'prepare_release'"],
    );
  });

  test('fix-all declares missing as the request was, and leaves only its revision-mismatch', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'invalid-tool-interaction-example-semantics.json'), 'utf8');
    const fixed = fixAll(text, elicitationOnly());
    // Declare, Remove content, Use the request of declaration 'confirm' (invalid-content has no fix).
    assert.equal(fixed.applied, 3);
    const left = checkDocument(fixed.text, elicitationOnly()).diagnostics;
    assert.deepEqual(apartFromDeclarationValidity(left), []);
    const mode = findNodeAtLocation(parseTree(fixed.text)!, ['tools', 0, 'elicitations', 1, 'mode'])!;
    assert.deepEqual(
      ofDeclarationValidity(left).map((d) => [d.data.violation, d.range]),
      [
        [
          'revision-mismatch',
          { start: positionAt(fixed.text, mode.offset), end: positionAt(fixed.text, mode.offset + mode.length) },
        ],
      ],
    );
    const tool = (JSON.parse(fixed.text) as { tools: Array<Record<string, unknown>> }).tools[0];
    const declarations = tool.elicitations as Array<Record<string, unknown>>;
    assert.equal(declarations.length, 2);
    assert.equal(declarations[0].name, 'confirm');
    assert.deepEqual(declarations[1], {
      name: 'missing',
      mode: 'url',
      message: 'Authorize publication.',
      url: 'https://mcp.example.com/release/connect',
    });
    const steps = (
      tool.interactionExamples as Record<string, { steps: Array<{ request: Record<string, unknown>; response: object }> }>
    ).broken.steps;
    assert.deepEqual(steps[0].response, { action: 'accept' });
    assert.deepEqual(steps[1].request.requestedSchema, declarations[0].requestedSchema);
    assert.deepEqual(steps[1].response, { action: 'accept', content: { approved: true } });
  });
});

describe('messages name the tool object', () => {
  test('same-named tools are told apart by protocolVersions, else by index', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'same-named-tools-unknown-declaration.json'), 'utf8');
    assert.deepEqual(
      checkDocument(text, elicitationOnly()).diagnostics.map((d) => d.message),
      [
        "Elicitation step references 'authorize', but tool 'prepare_release' (protocolVersions 2025-11-25) declares no elicitation named 'authorize' (declared: confirm).",
        "Elicitation step references 'confirm', but tool 'prepare_release' (protocolVersions 2026-07-28) declares no elicitation named 'confirm' (declared: authorize).",
        "Elicitation step references 'authorize', but tool 'prepare_release' (tools[2]) declares no elicitation named 'authorize' (declared: none).",
      ],
    );
  });

  test('a duplicate says which element declared the name first', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'invalid-declaration-duplicate-names.json'), 'utf8');
    const duplicates = checkDocument(text, elicitationOnly()).diagnostics.filter(
      (d) => d.data.violation === 'invalid-declaration' && d.message.includes('already declares'),
    );
    assert.deepEqual(
      duplicates.map((d) => d.message.match(/elicitations\[\d+\] already declares the name '[^']+'/)?.[0]),
      [
        "elicitations[0] already declares the name 'confirm'",
        "elicitations[0] already declares the name 'confirm'",
        "elicitations[1] already declares the name 'authorize'",
        "elicitations[5] already declares the name 'later'",
        "elicitations[0] already declares the name 'sign-in'",
      ],
    );
  });

  test('a step naming nothing that is declared, where elicitations is not an array, says so', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'old-map-shape-elicitations.json'), 'utf8');
    const messages = checkDocument(text, elicitationOnly()).diagnostics.map((d) => d.message);
    assert.equal(messages.length, 2);
    assert.equal(
      messages[0],
      "The elicitations of tool 'prepare_release' must be an array of named declarations, not an object; it declares nothing.",
    );
    assert.match(messages[1], /declares no elicitation named 'confirm' \(declared: none; its elicitations is not an array\)/);
  });
});

describe('the fixture corpus itself', () => {
  const invalid = fixtureNames(invalidDir);
  const valid = fixtureNames(validDir);
  const readExpected = (name: string): ExpectedDiagnostic[] =>
    JSON.parse(fs.readFileSync(path.join(invalidDir, expectedFileFor(name)), 'utf8')) as ExpectedDiagnostic[];

  test('starts with the two documents of the spec, plus at least 30 more', () => {
    assert.ok(valid.includes('named-tool-interaction-examples.json'));
    assert.ok(invalid.includes('invalid-tool-interaction-example-semantics.json'));
    assert.ok(valid.length + invalid.length >= 32, `${valid.length + invalid.length} fixtures`);
  });

  test('the rule page fixture expects exactly what the spec section 4 says', () => {
    const kinds = readExpected('invalid-tool-interaction-example-semantics.json').map((d) => d.violation);
    assert.deepEqual(kinds, ['unknown-declaration', 'unexpected-content', 'schema-mismatch', 'invalid-content']);
  });

  test("every fixture is MCP Description 0.8.0 with array-shaped elicitations, but the old map shape's own", () => {
    const oldShape = ['expected-invalid/old-map-shape-elicitations.json'];
    // Fixtures whose point is an `elicitations` that is not an array.
    const notAnArray = new Set([
      ...oldShape,
      'expected-invalid/elicitations-not-an-array.json',
      'expected-invalid/wrong-types-tools.json',
    ]);
    for (const [folder, dir, names] of [
      ['expected-valid', validDir, valid],
      ['expected-invalid', invalidDir, invalid],
    ] as const) {
      for (const name of names) {
        const fixture = `${folder}/${name}`;
        const root = parseTree(fs.readFileSync(path.join(dir, name), 'utf8'), [], { allowTrailingComma: true });
        const version = root?.children?.find((p) => p.children?.[0]?.value === 'mcpdesc')?.children?.[1]?.value;
        assert.equal(version, oldShape.includes(fixture) ? '0.9.0-rc.3' : '0.8.0', `${fixture}: mcpdesc`);
        const tools = root?.children?.find((p) => p.children?.[0]?.value === 'tools')?.children?.[1];
        const shapes = (tools?.type === 'array' ? (tools.children ?? []) : [])
          .flatMap((tool) => (tool.type === 'object' ? (tool.children ?? []) : []))
          .filter((member) => member.children?.[0]?.value === 'elicitations')
          .map((member) => member.children?.[1]?.type);
        if (!notAnArray.has(fixture))
          assert.ok(
            shapes.every((type) => type === 'array'),
            `${fixture}: elicitations are arrays (${shapes.join(', ')})`,
          );
        else
          assert.ok(
            shapes.some((type) => type !== 'array'),
            `${fixture} has an elicitations that is not an array`,
          );
      }
    }
  });

  test('every fixture is a complete document with a root "mcpdesc" member', () => {
    for (const [dir, names] of [
      [validDir, valid],
      [invalidDir, invalid],
    ] as const) {
      for (const name of names) {
        const errors: ParseError[] = [];
        const root = parseTree(fs.readFileSync(path.join(dir, name), 'utf8'), errors, { allowTrailingComma: true });
        const members = root?.type === 'object' ? (root.children ?? []).map((p) => p.children?.[0]?.value) : [];
        for (const member of ['mcpdesc', 'info', 'transports', 'tools']) {
          assert.ok(members.includes(member), `${name} has a root "${member}" member`);
        }
      }
    }
  });

  test('every invalid fixture has a sorted, non-empty expected file, and no expected file is orphaned', () => {
    for (const name of invalid) {
      const expected = readExpected(name);
      assert.ok(expected.length > 0, `${expectedFileFor(name)} is not empty`);
      assert.deepEqual([...expected].sort(compareExpected), expected, `${expectedFileFor(name)} is sorted`);
    }
    const orphans = fs
      .readdirSync(invalidDir)
      .filter((file) => file.endsWith('.expected.json'))
      .filter((file) => !invalid.some((name) => expectedFileFor(name) === file));
    assert.deepEqual(orphans, []);
  });

  test('every violation kind and syntax errors are covered', () => {
    const seen = new Set(invalid.flatMap((name) => readExpected(name).map((d) => d.violation)));
    for (const kind of [...RULE_VIOLATIONS, 'syntax-error']) assert.ok(seen.has(kind), `some fixture expects ${kind}`);
  });

  test('the CRLF and emoji fixtures really contain what they are about', () => {
    const crlf = fs.readFileSync(path.join(invalidDir, 'crlf-line-endings.json'), 'utf8');
    assert.ok(crlf.includes('\r\n'));
    assert.ok(!/[^\r]\n/.test(crlf), 'no bare \\n line ending');
    const emoji = fs.readFileSync(path.join(invalidDir, 'non-ascii-and-emoji-before-anchor.json'), 'utf8');
    assert.ok(/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(emoji), 'an astral character (surrogate pair)');
  });

  // The script's --check, in this process (a spawned node would cost a process start and keep this
  // file out of its folder's shared process).
  test('expected files are up to date with scripts/fixtures/anchors.mjs', async () => {
    const script = pathToFileURL(path.join(repoRoot, 'scripts', 'fixtures', 'expected.mjs')).href;
    const { expectedProblems } = (await import(script)) as ExpectedScript;
    assert.deepEqual(expectedProblems({ write: false }).problems, []);
  });
});
