// The fast tier shares one process per folder among the files that change nothing the others would
// see (scripts/run-tests.mjs); a hook at the top of a file would run around every file of its process,
// so such a file runs alone. The runner finds the hook in the compiled JavaScript: held here to what
// scripts/compile-tests.mjs's esbuild settings make of a test with a top-level hook, with one inside a
// describe (which shares), with a child process, and to tsc's shape of the same call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { repoPath } from '../support/repo';

const loadScript = <T>(name: string): Promise<T> => import(pathToFileURL(repoPath('scripts', name)).href) as Promise<T>;

async function blockerIn(typeScript: string): Promise<string | undefined> {
  const { SHARED_PROCESS_BLOCKERS } = await loadScript<{ SHARED_PROCESS_BLOCKERS: RegExp[] }>('shared-process-blockers.mjs');
  const { TRANSPILE_SETTINGS } = await loadScript<{ TRANSPILE_SETTINGS: esbuild.TransformOptions }>('compile-tests.mjs');
  const { code } = esbuild.transformSync(typeScript, { ...TRANSPILE_SETTINGS, loader: 'ts' });
  return SHARED_PROCESS_BLOCKERS.map((pattern) => pattern.exec(code)?.[0]).find(Boolean);
}

describe('what keeps a compiled test out of a shared process', () => {
  it('a hook at the top of a file, whichever hook and however node:test is imported', async () => {
    for (const hook of ['before', 'after', 'beforeEach', 'afterEach']) {
      const source = `import { ${hook}, it } from 'node:test';\n${hook}(() => undefined);\nit('runs', () => undefined);\n`;
      assert.match((await blockerIn(source)) ?? 'shared', new RegExp(`^\\(0, import_node_test\\d*\\.${hook}\\)\\($`), hook);
    }
    const renamed = `import { before as first, test } from 'node:test';\nfirst(() => undefined);\ntest('runs', () => undefined);\n`;
    assert.ok(await blockerIn(renamed), 'a renamed hook');
  });

  it('not a hook inside a describe, nor a file that only calls code', async () => {
    const inside = `import { before, describe, it } from 'node:test';\ndescribe('d', () => {\n  before(() => undefined);\n  it('runs', () => undefined);\n});\n`;
    assert.equal(await blockerIn(inside), undefined);
    assert.equal(
      await blockerIn(
        `import * as fs from 'node:fs';\nimport { it } from 'node:test';\nit('reads', () => fs.existsSync('.'));\n`,
      ),
      undefined,
    );
  });

  it('a child process, a thread or a change of process state', async () => {
    const cases: Array<[string, RegExp]> = [
      [`import { spawnSync } from 'node:child_process';\nspawnSync('true');\n`, /^require\("node:child_process"\)$/],
      [`import { Worker } from 'node:worker_threads';\nnew Worker('x');\n`, /worker_threads|new Worker\(/],
      [`process.env.MCPDESC_X = '1';\n`, /^process\.env\.MCPDESC_X = /],
      [`process.chdir('/');\n`, /^process\.chdir$/],
    ];
    for (const [source, blocker] of cases) assert.match((await blockerIn(source)) ?? 'shared', blocker, source);
  });

  it('tsc’s shape of a top-level hook too (an out/ compiled by tsc)', async () => {
    const { SHARED_PROCESS_BLOCKERS } = await loadScript<{ SHARED_PROCESS_BLOCKERS: RegExp[] }>('shared-process-blockers.mjs');
    const tscOutput = `const node_test_1 = require("node:test");\n(0, node_test_1.before)(() => undefined);\n`;
    assert.ok(SHARED_PROCESS_BLOCKERS.some((pattern) => pattern.test(tscOutput)));
  });
});
