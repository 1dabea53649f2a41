// The tree builder against jsonc-parser's parseTree, which it replaces on the check path: for any
// text, valid or not, the same nodes and the same errors in the same order (the comparison:
// test/support/parseTreeAgreement.ts). Inputs here: hand-written edge cases, every JSON/JSONC fixture,
// the benchmark's shapes and the first texts of the seeded fuzzers; jsonTree.thorough.test.ts adds the
// generated hostile documents, the benchmark documents when present and the fuzzers' 3,000 texts each.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { rootObjectHasMember } from '../../server/src/checker/syntax/json/rootMember';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { generateMcpdesc } from '../../bench/generate';
import { SHAPE_FORMATS, SHAPE_NAMES } from '../../bench/shapes';
import { jsonFixtures, TRICKY_CASES } from '../support/jsonFuzz';
import { repoPath } from '../support/repo';
import { asJsoncNode } from '../support/jsoncShape';
import {
  assertParentLinks,
  assertRootMemberAgrees,
  assertSameAsParseTree,
  flatten,
  fuzzAgainstParseTree,
  PARSE_TREE_OPTIONS,
  rootHasMemberByTree,
} from '../support/parseTreeAgreement';

describe('buildJsonTree is parseTree (allowTrailingComma, comments allowed, empty content allowed)', () => {
  it('on hand-written edge cases', () => {
    for (const text of TRICKY_CASES) assertSameAsParseTree(text);
  });

  it('where it steps over whitespace itself: every kind of run, before every kind of token and before the end', () => {
    const runs = [' ', '\t', '\n', '\r', '\r\n', '\n\r', ' \t\r\n\t ', '\u00a0', '\v', '\f'];
    const cases = [
      '{"a":[1,true,null,"x",-2e3,{}],"b":{}}',
      '{"a":1} /* unterminated',
      '[1, // x',
      '[1 /* x */ 2',
      '{"a" x 1}',
      '/* a */ /* b',
    ];
    for (const run of runs) {
      for (const text of cases) {
        // The run between every two characters, and at both ends.
        assertSameAsParseTree(run + [...text].join(run) + run, `run ${JSON.stringify(run)}`);
      }
    }
  });

  it('on every JSON and JSONC fixture (raw, and with a BOM blanked as parseJsonDocument does)', () => {
    const files = jsonFixtures(repoPath('test-fixtures'));
    assert.ok(files.length > 100, `only ${files.length} fixtures found`);
    assert.ok(
      files.some((file) => file.includes(`${path.sep}hostile${path.sep}`)),
      'the hostile fixtures are included',
    );
    for (const file of files) {
      // Read as test/hostile reads them: UTF-8, invalid sequences becoming U+FFFD.
      const text = fs.readFileSync(file).toString('utf8');
      assertSameAsParseTree(text, file);
      if (text.charCodeAt(0) === 0xfeff) assertSameAsParseTree(` ${text.slice(1)}`, `${file} (BOM blanked)`);
    }
  });

  it("on the benchmark's JSON shapes (minified, tab-indented, non-ASCII, shaped like the public examples)", () => {
    for (const shape of SHAPE_NAMES.filter((name) => SHAPE_FORMATS[name].includes('json'))) {
      assertSameAsParseTree(generateMcpdesc(17, 150_000, { shape }).text, `the ${shape} shape`);
    }
  });
});

// The first 100 texts of each seeded fuzzer (all 3,000 in jsonTree.thorough.test.ts).
fuzzAgainstParseTree(100);

describe('buildJsonTree on absurd nesting', () => {
  for (const open of ['[', '{"a":', '{"a":[']) {
    it(`throws the engine's RangeError on 200,000 levels of ${open}`, () => {
      assert.throws(() => buildJsonTree(open.repeat(200_000)), RangeError);
    });
  }

  // Where each gives up depends on the stack left and on how far the engine has optimized each
  // (parseTree: about 3,500 to 6,600 levels here; the builder about 5,700 to 6,600), so only depths
  // well inside both are compared (1,000 repetitions: at most 2,000 levels, as `[{"a":` opens two);
  // the generated hostile cases hold 20,000 levels to a RangeError.
  for (const open of ['[', '{"a":', '[{"a":']) {
    it(`parses 1,000 repetitions of ${open} as parseTree does`, () => {
      assertSameAsParseTree(open.repeat(1_000), `1,000 repetitions of ${open}`);
      assertSameAsParseTree(open.repeat(1_000) + (open === '[' ? ']' : open === '{"a":' ? '1}' : '1}]').repeat(1_000));
    });
  }
});

describe('parseJsonDocument (the check path) builds its tree with buildJsonTree', () => {
  it("gives parseTree's tree and errors, with messages and the BOM blanked", () => {
    for (const text of ['\ufeff{"a":1,"b"}', '{"a":[1 2,,]', '', 'x', '\ufeff']) {
      const blanked = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
      const errors: ParseError[] = [];
      const root = parseTree(blanked, errors, PARSE_TREE_OPTIONS);
      const parsed = parseJsonDocument(text);
      parsed.roots.forEach(assertParentLinks);
      assert.deepStrictEqual(
        parsed.roots.map((ours) => flatten(asJsoncNode(ours))),
        root ? [flatten(root)] : [],
        JSON.stringify(text),
      );
      assert.deepStrictEqual(
        parsed.syntaxErrors.map(({ offset, length }) => ({ offset, length })),
        errors.map(({ offset, length }) => ({ offset, length })),
        JSON.stringify(text),
      );
      assert.equal(parsed.syntaxErrors.length, errors.length);
      for (const [index, error] of errors.entries()) {
        assert.ok(!parsed.syntaxErrors[index].message.startsWith('<unknown'), printParseErrorCode(error.error));
      }
    }
    assert.deepStrictEqual(parseJsonDocument('{"a" 1}').syntaxErrors, [{ offset: 5, length: 1, message: 'Colon expected' }]);
  });
});

// The recognition sniff's shortcut: the root's members from the tokens alone, where they settle it.
describe('rootObjectHasMember answers as the tree would, or not at all', () => {
  it('answers on every well-formed fixture with an object root: yes for mcpdesc documents, no for others', () => {
    let answered = 0;
    let yes = 0;
    for (const file of jsonFixtures(repoPath('test-fixtures'))) {
      const text = fs
        .readFileSync(file)
        .toString('utf8')
        .replace(/^\uFEFF/, ' ');
      const errors: ParseError[] = [];
      const root = parseTree(text, errors, PARSE_TREE_OPTIONS);
      const gaveAnswer = assertRootMemberAgrees(text, 'mcpdesc', file);
      if (errors.length === 0 && root?.type === 'object') {
        assert.ok(gaveAnswer, `${file}: well-formed, yet no answer`);
        answered++;
        if (rootHasMemberByTree(text, 'mcpdesc')) yes++;
      }
      assertRootMemberAgrees(text, 'tools', file);
    }
    assert.ok(answered > 50 && yes > 30 && yes < answered, `answered ${answered}, of which ${yes} yes`);
  });

  it('on hand-written cases', () => {
    const cases: Array<[string, boolean | undefined]> = [
      ['{"mcpdesc": "1"}', true],
      ['// c\n/* c */ {"mcpdesc": ', true], // the key is read before the text breaks
      ['{"a": {"mcpdesc": 1}, "b": [1, {"c": null},], }', false],
      ['{"a": 1, "mcpdesc": 2}', true],
      ['{"mcp\\u0064esc": 1}', true],
      ['{}', false],
      ['{} trailing', false], // the root is complete; what follows is another error
      ['[{"mcpdesc": 1}]', undefined],
      ['{"a" 1, "mcpdesc": 2}', undefined],
      ['{"a": {"x" 1}, "mcpdesc": 2}', undefined],
      ['{"a": 01}', undefined],
      ['{"a": "\u0001"}', undefined],
      ['{"a": 1 /* unterminated', undefined],
      ['{"a": [1 2]}', undefined],
      ['{"a": [}]}', undefined],
      ['', undefined],
    ];
    for (const [text, expected] of cases) {
      assert.equal(rootObjectHasMember(text, 'mcpdesc'), expected, text);
      assertRootMemberAgrees(text, 'mcpdesc', 'hand-written');
    }
  });

  it('on 200,000 levels of nesting inside a member: no stack, no answer needed from the tree', () => {
    const deep = `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "mcpdesc": 1}`;
    assert.equal(rootObjectHasMember(deep, 'mcpdesc'), true);
    assert.equal(rootObjectHasMember(deep.replace('"mcpdesc"', '"other"'), 'mcpdesc'), false);
  });
});
