// The CLI reads a `.json` file as plain JSON: each comment and each trailing comma is a syntax
// error (exit 1, as the official validator rejects the file); the same text named `.jsonc` is JSONC
// and passes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { builtCliPath, runBuiltCli } from './support/cliProcess';
import { makeTempTree, removeTree } from './support/tempTree';

const TEXT = '{\n  "mcpdesc": "0.8.0", // a comment\n  "tags": [1, /* two */ 2,]\n}\n';

describe('cli: comments and trailing commas in .json and .jsonc files', () => {
  let root: string;

  before(() => {
    builtCliPath();
    root = makeTempTree({ 'plain.mcpdesc.json': TEXT, 'commented.mcpdesc.jsonc': TEXT });
  });
  after(() => removeTree(root));

  it('a .json file: each of them is a syntax error at its range, and the run fails', () => {
    const run = runBuiltCli(['--elicitation-only', '--format', 'json', 'plain.mcpdesc.json'], { cwd: root });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    const problems = (JSON.parse(run.stdout) as JsonProblem[]).map(({ file, code, message, range: { start, end } }) => [
      file,
      code,
      message,
      start.line,
      start.character,
      end.line,
      end.character,
    ]);
    assert.deepEqual(problems, [
      ['plain.mcpdesc.json', 'mcpdesc.syntax', 'Comments are not permitted in JSON.', 1, 22, 1, 34],
      ['plain.mcpdesc.json', 'mcpdesc.syntax', 'Comments are not permitted in JSON.', 2, 14, 2, 23],
      ['plain.mcpdesc.json', 'mcpdesc.syntax', 'Trailing comma', 2, 25, 2, 26],
    ]);
  });

  it('a .jsonc file: none of them, and the run passes', () => {
    const run = runBuiltCli(['--elicitation-only', '--format', 'json', 'commented.mcpdesc.jsonc'], { cwd: root });
    assert.equal(run.stderr, '');
    assert.deepEqual(JSON.parse(run.stdout), []);
    assert.equal(run.status, 0);
  });
});
