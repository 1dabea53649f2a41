// The fixture corpus pins the checker to the spec: every document in test-fixtures/expected-valid/
// must give no diagnostic at all, every document X in test-fixtures/expected-invalid/ exactly the
// diagnostics of X.expected.json (written from the spec via scripts/fixtures/anchors.mjs, never
// from the checker's output).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, type ParseError } from 'jsonc-parser';
import { checkDocument, fixAll, type Diagnostic } from '../../server/src/checker';
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { ruleDocsUri } from '../../shared/src/rules';
import { REPO_ROOT } from '../support/repo';
import { compareExpected, positionAt, toExpectedShape, type ExpectedDiagnostic } from '../support/expectedDiagnostics';
import { VIOLATION_KINDS } from '../../server/src/checker';

const RULE_VIOLATIONS: readonly string[] = VIOLATION_KINDS;

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
  const diagnostics = checkDocument(text).diagnostics;
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
      const expected = JSON.parse(
        fs.readFileSync(path.join(invalidDir, expectedFileFor(name)), 'utf8'),
      ) as ExpectedDiagnostic[];
      assert.deepEqual(checkFixture(text), expected);
    });
  }
});

describe('the rule page fixture, fixed', () => {
  // Spec section 4: the preferred fix declares `missing` as a url-mode declaration; after it, and
  // after removing the content, the document is clean.
  test('the preferred fix of unknown-declaration declares missing in url mode', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'invalid-tool-interaction-example-semantics.json'), 'utf8');
    const result = checkDocument(text);
    const unknown = result.diagnostics.find((d) => d.data.violation === 'unknown-declaration');
    assert.ok(unknown, 'an unknown-declaration diagnostic');
    const preferred = result.fixesFor(unknown).filter((fix) => fix.isPreferred);
    assert.deepEqual(preferred.map((fix) => fix.title), ["Declare elicitation 'missing' on tool 'prepare_release'"]);
  });

  test('fix-all leaves a clean document that declares missing as the request was', () => {
    const text = fs.readFileSync(path.join(invalidDir, 'invalid-tool-interaction-example-semantics.json'), 'utf8');
    const fixed = fixAll(text);
    assert.equal(fixed.applied, 2);
    assert.deepEqual(checkDocument(fixed.text).diagnostics, []);
    const tool = (JSON.parse(fixed.text) as { tools: Array<Record<string, unknown>> }).tools[0];
    const declarations = tool.elicitations as Record<string, unknown>;
    assert.deepEqual(declarations.missing, {
      mode: 'url',
      message: 'Authorize publication.',
      url: 'https://mcp.example.com/release/connect',
    });
    const step = ((tool.interactionExamples as Record<string, { steps: Array<{ response: object }> }>).broken.steps[0]);
    assert.deepEqual(step.response, { action: 'accept' });
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

  test('the rule page fixture expects exactly unknown-declaration and unexpected-content', () => {
    const kinds = readExpected('invalid-tool-interaction-example-semantics.json').map((d) => d.violation);
    assert.deepEqual(kinds, ['unknown-declaration', 'unexpected-content']);
  });

  test('every fixture is a complete document with a root "mcpdesc" member', () => {
    for (const [dir, names] of [[validDir, valid], [invalidDir, invalid]] as const) {
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

  test('expected files are up to date with scripts/fixtures/anchors.mjs', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'fixtures', 'expected.mjs'), '--check'], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
  });
});
