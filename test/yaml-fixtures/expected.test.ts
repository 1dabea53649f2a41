// Every YAML fixture through checkDocument(text, {format: 'yaml'}) gives exactly its expected
// diagnostics (written from hand-written anchors by scripts/fixtures/yaml-expected.mjs, never from
// the checker), and the corpus really holds what the issue asks for. The corpus is the consistency
// rule's: the declaration-validity rule's findings on it are left to that rule's own corpus.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { checkDocument, type Diagnostic } from '../../server/src/checker';
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { ruleDocsUri } from '../../shared/src/rules';
import { repoPath, repoRoot } from '../support/repo';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { compareExpected, positionAt, toExpectedShape, type ExpectedDiagnostic } from '../support/expectedDiagnostics';
import {
  jsonTwinPath,
  RULE_PAGE_INVALID_TWIN,
  RULE_PAGE_VALID_TWIN,
  yamlFixture,
  yamlFixtures,
  type YamlFixture,
} from './support/yamlFixtures';

function assertWellFormed(diagnostic: Diagnostic, text: string): void {
  const violation = diagnostic.data.violation;
  const code = violation === 'syntax-error' ? SYNTAX_RULE_ID : ELICITATION_RULE_ID;
  assert.equal(diagnostic.code, code, `code of a ${violation} diagnostic`);
  assert.equal(diagnostic.source, DIAGNOSTIC_SOURCE);
  assert.equal(diagnostic.severity, 1);
  assert.equal(diagnostic.codeDescription.href, ruleDocsUri(code));
  assert.ok(diagnostic.message.length > 0);
  assert.deepEqual(
    { start: positionAt(text, diagnostic.data.offset), end: positionAt(text, diagnostic.data.offset + diagnostic.data.length) },
    diagnostic.range,
    `data.offset/length of a ${violation} diagnostic agrees with its range`,
  );
}

function checked(fixture: YamlFixture): ExpectedDiagnostic[] {
  const diagnostics = apartFromDeclarationValidity(checkDocument(fixture.text, { format: 'yaml' }).diagnostics);
  for (const diagnostic of diagnostics) assertWellFormed(diagnostic, fixture.text);
  return diagnostics.map((diagnostic) => toExpectedShape(diagnostic)).sort(compareExpected);
}

/** The text an expected diagnostic covers. */
function textAt(text: string, expected: ExpectedDiagnostic): string {
  const lines = text.split(/\r\n|\r|\n/);
  const offsetOf = (line: number, character: number): number => {
    let offset = 0;
    for (let current = 0; current < line; current++) {
      offset += lines[current].length;
      const at = offset;
      offset += text.startsWith('\r\n', at) ? 2 : 1;
    }
    return offset + character;
  };
  return text.slice(offsetOf(expected.line, expected.character), offsetOf(expected.endLine, expected.endCharacter));
}

function coveredTexts(name: string): string[] {
  const fixture = yamlFixture('expected-invalid', name);
  return fixture.expected.map((expected) => textAt(fixture.text, expected));
}

describe('YAML expected-valid fixtures give no diagnostic', () => {
  for (const fixture of yamlFixtures('expected-valid')) {
    test(fixture.file, () => assert.deepEqual(checked(fixture), []));
  }
});

describe('YAML expected-invalid fixtures give exactly their expected diagnostics', () => {
  for (const fixture of yamlFixtures('expected-invalid')) {
    test(fixture.file, () => assert.deepEqual(checked(fixture), fixture.expected));
  }
});

describe('the YAML fixture corpus itself', () => {
  const all = yamlFixtures();
  const invalid = yamlFixtures('expected-invalid');

  // The script's --check, in this process (a spawned node would cost a process start and keep this
  // file out of its folder's shared process).
  test('the expected files are up to date with the hand-written anchors', async () => {
    const script = pathToFileURL(path.join(repoRoot(), 'scripts', 'fixtures', 'yaml-expected.mjs')).href;
    const { expectedProblems } = (await import(script)) as {
      expectedProblems(options: { write: boolean }): { problems: string[] };
    };
    assert.deepEqual(expectedProblems({ write: false }).problems, []);
  });

  test('every invalid fixture expects something, sorted, and no expected file is orphaned', () => {
    for (const fixture of invalid) {
      assert.ok(fixture.expected.length > 0, fixture.file);
      assert.deepEqual([...fixture.expected].sort(compareExpected), fixture.expected, `${fixture.file}: sorted`);
    }
    const directory = repoPath('test-fixtures', 'yaml', 'expected-invalid');
    const expectedFiles = fs.readdirSync(directory).filter((name) => name.endsWith('.expected.json'));
    assert.equal(expectedFiles.length, invalid.length);
  });

  test('a fixture that means what the JSON fixture of its stem means expects the same violations', () => {
    for (const twin of all) {
      const jsonFile = jsonTwinPath(twin);
      if (!jsonFile) continue;
      const jsonExpected =
        twin.folder === 'expected-invalid'
          ? (JSON.parse(fs.readFileSync(jsonFile.replace(/\.json$/, '.expected.json'), 'utf8')) as ExpectedDiagnostic[])
          : [];
      const violations = (list: ExpectedDiagnostic[]): string[] => list.map((expected) => expected.violation).sort();
      assert.deepEqual(violations(twin.expected), violations(jsonExpected), `${twin.file}: the JSON fixture's violations`);
    }
  });

  test("the spec's section 4 documents are in the corpus, with exactly the diagnostics section 4 names", () => {
    assert.deepEqual(yamlFixture('expected-valid', RULE_PAGE_VALID_TWIN).expected, []);
    const invalid = yamlFixture('expected-invalid', RULE_PAGE_INVALID_TWIN);
    assert.deepEqual(
      invalid.expected.map((expected) => [expected.violation, textAt(invalid.text, expected)]),
      [
        ['unknown-declaration', 'missing'],
        ['unexpected-content', 'content'],
        ['schema-mismatch', 'requestedSchema'],
        ['invalid-content', 'true'],
      ],
    );
  });

  test('the fixtures come in a mix of styles', () => {
    const texts = all.map((fixture) => fixture.text).join('\n');
    assert.match(texts, /^\s*declaration: [a-z]/m, 'an unquoted declaration name');
    assert.match(texts, /^\s*declaration: "/m, 'a double-quoted declaration name');
    assert.match(texts, /^\s*declaration: '/m, 'a single-quoted declaration name');
    assert.match(texts, /^\s*- \{ ?type: elicitation/m, 'a step as a flow mapping');
    assert.match(texts, /^\s*request: \{/m, 'a request as a flow mapping');
    assert.match(texts, /^\s*requestedSchema:\n\s+type: object/m, 'a block mapping schema');
    assert.ok(
      all.some((fixture) => fixture.name.endsWith('.yml')),
      'a .yml fixture',
    );
    assert.ok(
      all.some((fixture) => !fixture.name.includes('.mcpdesc.')),
      'a fixture recognized by its root mcpdesc key alone',
    );
  });

  test('a diagnostic inside an alias is anchored at the alias', () => {
    const texts = coveredTexts('aliases-and-anchors.mcpdesc.yaml');
    assert.deepEqual(texts.filter((text) => text.startsWith('*')).sort(), [
      '*approve-message',
      '*bad-content',
      '*typo',
      '*unknown-step',
      '*unknown-step',
    ]);
    // The anchored node itself: its range starts after `&name`.
    assert.ok(texts.includes('confrim') && texts.includes('missing') && texts.includes('not-a-boolean'));
  });

  test('merged members are anchored at the alias they come from, or at their own text', () => {
    assert.deepEqual(coveredTexts('merge-keys.mcpdesc.yaml'), [
      'url', // own key wins over the merged one
      '*url-request',
      'https://mcp.example.com/elsewhere', // an inline merge source
      '*accept-with-bad-content',
    ]);
  });

  test('block scalars run from the header to the end of their last non-blank line', () => {
    const texts = coveredTexts('block-scalars.mcpdesc.yaml');
    assert.deepEqual(
      texts.map((text) => text.split('\n')[0].trim()),
      ['>- # folded, and not the declared url', '|-', '|+', '|'],
    );
    for (const text of texts) assert.doesNotMatch(text, /\s$/, 'no trailing line break or blank line');
    const text = yamlFixture('expected-invalid', 'block-scalars.mcpdesc.yaml').text;
    assert.match(text, /message: \|\n/);
    assert.match(text, /message: >\n/);
  });

  test('a multi-document stream has diagnostics from each of its documents', () => {
    const fixture = yamlFixture('expected-invalid', 'multi-document-stream.mcpdesc.yml');
    const documents = parseAllDocuments(fixture.text);
    assert.ok(Array.isArray(documents) && documents.length === 2);
    const second = fixture.text.indexOf('\n---', fixture.text.indexOf('\n---') + 1);
    const secondLine = fixture.text.slice(0, second).split('\n').length;
    assert.ok(fixture.expected.some((expected) => expected.line < secondLine));
    assert.ok(fixture.expected.some((expected) => expected.line > secondLine));
  });

  test('a YAML syntax error is reported once and the rule still runs', () => {
    const fixture = yamlFixture('expected-invalid', 'yaml-syntax-error-rule-still-runs.mcpdesc.yaml');
    assert.equal(fixture.expected.filter((expected) => expected.violation === 'syntax-error').length, 1);
    assert.ok(fixture.expected.some((expected) => expected.violation !== 'syntax-error'));
    assert.deepEqual(coveredTexts(fixture.name)[0], '@');
  });

  test('the CRLF, emoji, comments and quoting fixtures really contain what they are about', () => {
    const crlf = yamlFixture('expected-invalid', 'crlf-line-endings.mcpdesc.yaml').text;
    assert.ok(crlf.includes('\r\n') && !/[^\r]\n/.test(crlf), 'CRLF only');
    const emoji = yamlFixture('expected-invalid', 'non-ascii-and-emoji-before-anchor.mcpdesc.yaml');
    assert.ok(
      emoji.expected.some((expected) =>
        /[\uD800-\uDBFF]/.test(emoji.text.split('\n')[expected.line].slice(0, expected.character)),
      ),
      'an astral character before an anchor on its line',
    );
    const comments = yamlFixture('expected-invalid', 'comments-next-to-fixed-lines.mcpdesc.yaml').text.split('\n');
    for (const expected of yamlFixture('expected-invalid', 'comments-next-to-fixed-lines.mcpdesc.yaml').expected) {
      const near = comments.slice(Math.max(0, expected.line - 1), expected.endLine + 2).join('\n');
      assert.match(near, /#/, `a comment next to line ${expected.line}`);
    }
    assert.deepEqual(coveredTexts('release-bot-dump.yaml'), ["'yes'"], 'quotes are part of a quoted scalar');
  });
});
