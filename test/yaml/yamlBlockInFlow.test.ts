// Issue 29 item 5: a `-` inside a flow collection is a block collection where none may stand; the
// `yaml` package reports BLOCK_IN_FLOW there. The reader once read these texts clean (the CLI
// exited 0 on a broken file). Each must report the package's error at the `-`, through the checker
// and through the built CLI (exit 1, the message in its output), and read as the package reads it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { checkDocument } from '../../server/src/checker';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { builtCliPath, runBuiltCli } from '../cli/support/cliProcess';
import { makeTempTree, removeTree } from '../cli/support/tempTree';

const MESSAGE = 'Block collections are not allowed within flow collections';

/** Each broken line, placed in an otherwise valid mcpdesc document; `dash` is the `-`'s offset in the line. */
const CASES = [
  { line: 'a: [x, -]', dash: 7 },
  { line: '[-]', dash: 1 },
  { line: 'k: {a: -}', dash: 7 },
  { line: '- [-]', dash: 3 },
];

// A complete document (the whole-document rules find nothing in it) whose tool has an extension member.
const HEADER =
  'mcpdesc: 0.8.0\ninfo:\n  name: s\n  version: 1.0.0\nprotocolVersions: ["2025-11-25"]\ntools:\n  - name: t\n    inputSchema: { type: object }\n    x-notes:\n';

/** The case's line alone, and inside a document (as a note of the tool's x-notes: a list item at column 6). */
function texts(line: string, dash: number): Array<{ text: string; dash: number }> {
  const inDocument = `      - ${line}\n`;
  return [
    { text: `${line}\n`, dash },
    { text: `${HEADER}${inDocument}`, dash: HEADER.length + 8 + dash },
  ];
}

describe('a `-` inside a flow collection is a syntax error (BLOCK_IN_FLOW)', () => {
  it('the reader reports the package’s error, code and range, and the checker shows it', () => {
    for (const { line, dash } of CASES) {
      for (const { text, dash: at } of texts(line, dash)) {
        const expected = parseDocument(text, { prettyErrors: false }).errors.map((error) => ({
          code: error.code,
          offset: error.pos[0],
          message: error.message,
        }));
        assert.deepEqual(
          expected,
          [{ code: 'BLOCK_IN_FLOW', offset: at, message: MESSAGE }],
          `the yaml package’s reading of ${JSON.stringify(text)}`,
        );
        const errors = parseYamlDocuments(text).errors;
        assert.deepEqual(errors, [{ offset: at, length: 1, message: MESSAGE, code: 'BLOCK_IN_FLOW' }], JSON.stringify(text));
        const diagnostics = checkDocument(text, { format: 'yaml' }).diagnostics.filter(
          (diagnostic) => diagnostic.message === MESSAGE,
        );
        assert.equal(diagnostics.length, 1, `one syntax diagnostic for ${JSON.stringify(text)}`);
        assert.equal(diagnostics[0].data.offset, at);
      }
    }
  });

  describe('through the built CLI', () => {
    let root = '';
    before(() => {
      builtCliPath();
      const files: Record<string, string> = {};
      CASES.forEach(({ line, dash }, i) => (files[`broken-${i}.mcpdesc.yaml`] = texts(line, dash)[1].text));
      files['fine.mcpdesc.yaml'] = `${HEADER}      - [x, y]\n`;
      root = makeTempTree(files);
    });
    after(() => removeTree(root));

    it('each broken file has the error at its `-`, and the run exits 1; the fixed file alone is clean', () => {
      const run = runBuiltCli(['--format', 'json', root]);
      assert.equal(run.status, 1, run.stderr);
      const problems = JSON.parse(run.stdout) as JsonProblem[];
      CASES.forEach(({ line, dash }, i) => {
        const found = problems.filter(
          (problem) => path.basename(problem.file) === `broken-${i}.mcpdesc.yaml` && problem.message === MESSAGE,
        );
        assert.equal(found.length, 1, `broken-${i}.mcpdesc.yaml (${line})`);
        const { dash: at } = texts(line, dash)[1];
        const lineStart = HEADER.length;
        assert.deepEqual(found[0].range.start, { line: HEADER.split('\n').length - 1, character: at - lineStart });
      });
      const fine = runBuiltCli(['--format', 'json', path.join(root, 'fine.mcpdesc.yaml')]);
      assert.deepEqual({ status: fine.status, problems: JSON.parse(fine.stdout) }, { status: 0, problems: [] });
    });
  });
});
