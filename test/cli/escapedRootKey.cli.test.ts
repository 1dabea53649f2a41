// The CLI's folder walk recognizes a document by its root key as unescaped: `"\u006dcpdesc"` in JSON
// and `"\x6Dcpdesc"` in YAML name an mcpdesc document; the same escapes one level down, or behind an
// escaped backslash, do not. Every file holds the same syntax error, so a recognized file is
// reported and an unrecognized one is silently left out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { builtCliPath, runBuiltCli } from './support/cliProcess';
import { makeTempTree, removeTree } from './support/tempTree';

const BROKEN_JSON_REST = '"tools": [ 1 2 ] }';
const BROKEN_YAML_REST = 'tools: [1, 2\n';

describe('cli: a folder walk finds documents whose root key is escaped', () => {
  let root: string;

  before(() => {
    builtCliPath();
    root = makeTempTree({
      'specs/escaped.json': `{ "\\u006dcpdesc": "0.8.0", ${BROKEN_JSON_REST}`,
      'specs/escaped-middle.jsonc': `{ "mcp\\u0064esc": "0.8.0", ${BROKEN_JSON_REST}`,
      'specs/escaped.yaml': `"\\x6Dcpdesc": 0.8.0\n${BROKEN_YAML_REST}`,
      'specs/nested.json': `{ "info": { "\\u006dcpdesc": "0.8.0" }, ${BROKEN_JSON_REST}`,
      'specs/backslash.json': `{ "\\\\u006dcpdesc": "0.8.0", ${BROKEN_JSON_REST}`,
      'specs/single-quoted.yml': `'\\x6Dcpdesc': 0.8.0\n${BROKEN_YAML_REST}`,
    });
  });
  after(() => removeTree(root));

  it('reports the escaped documents and nothing else', () => {
    const run = runBuiltCli(['--format', 'json', 'specs'], { cwd: root });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    const files = [...new Set((JSON.parse(run.stdout) as JsonProblem[]).map((problem) => problem.file))].sort();
    assert.deepEqual(files, ['specs/escaped-middle.jsonc', 'specs/escaped.json', 'specs/escaped.yaml']);
  });
});
