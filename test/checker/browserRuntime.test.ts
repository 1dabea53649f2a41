// The checker as the browser build has it: node:vm is its stand-in (server/src/browser/vm.ts), which
// cannot interrupt work, and says so. Bundled here as scripts/build.mjs bundles it for the browser,
// and run: nothing that only an interruption could bound is started. A pattern RE2 cannot run
// (lookaround, backreferences) is not run natively: the content is reported as not checked, a
// notice; uniqueItems over 60,000 objects, which ajv compared pairwise (minutes, unstoppable
// there), is one pass.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../support/repo';
import { elicitationOnly } from '../support/ruleScope';

interface BrowserChecker {
  canInterrupt: boolean;
  checkDocument(
    text: string,
    options?: { rules?: Record<string, string> },
  ): {
    diagnostics: Array<{ code: string; severity: number; message: string; data: { violation: string } }>;
  };
}

let checker: BrowserChecker;

before(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-browser-checker-'));
  const entry = path.join(directory, 'entry.ts');
  const source = (file: string) => JSON.stringify(path.join(REPO_ROOT, file));
  fs.writeFileSync(
    entry,
    `export { checkDocument } from ${source('server/src/checker/index.ts')};\nexport { canInterrupt } from ${source('server/src/checker/timeBudget.ts')};\n`,
  );
  const outfile = path.join(directory, 'checker.js');
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    outfile,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    logLevel: 'error',
    plugins: [
      {
        name: 'browser-vm',
        setup(build) {
          build.onResolve({ filter: /^node:vm$/ }, () => ({ path: path.join(REPO_ROOT, 'server/src/browser/vm.ts') }));
        },
      },
    ],
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  checker = require(outfile) as BrowserChecker;
});

function toolDocument(schema: string, content: string): string {
  const step = `{"type":"elicitation","declaration":"c","request":{"mode":"form","message":"m","requestedSchema":${schema}},"response":{"action":"accept","content":${content}}}`;
  return `{"mcpdesc":"0.8.0","tools":[{"name":"t","elicitations":[{"name":"c","mode":"form","message":"m","requestedSchema":${schema}}],"interactionExamples":{"e":{"steps":[${step}]}}}]}`;
}

describe('the checker where work cannot be interrupted (the browser build)', () => {
  it('knows it', () => {
    assert.equal(checker.canInterrupt, false);
  });

  it('does not run a pattern RE2 cannot run: the content is not checked, a notice says which pattern (was 123 s)', () => {
    const schema = '{"type":"object","properties":{"v":{"type":"string","pattern":"^(?=a)(a|a)*$"}}}';
    const { diagnostics } = checker.checkDocument(toolDocument(schema, `{"v":"${'a'.repeat(35)}!"}`), elicitationOnly());
    const consistency = diagnostics.filter((diagnostic) => diagnostic.code !== 'mcpdesc.elicitation.declaration-validity');
    assert.deepEqual(
      consistency.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.data.violation]),
      [['mcpdesc.checker', 3, 'skipped']],
    );
    assert.match(
      consistency[0].message,
      /^1 elicitation step's content was not checked against its requested schema: the pattern "\^\(\?=a\)\(a\|a\)\*\$" needs backtracking/,
    );
  });

  it('still runs the patterns RE2 runs', () => {
    const schema = '{"type":"object","properties":{"v":{"type":"string","pattern":"^(a+)+$"}}}';
    const { diagnostics } = checker.checkDocument(toolDocument(schema, `{"v":"${'a'.repeat(40)}!"}`), elicitationOnly());
    assert.deepEqual(
      diagnostics
        .filter((diagnostic) => diagnostic.code === 'mcpdesc.tool.interaction.elicitation-consistency')
        .map((diagnostic) => diagnostic.data.violation),
      ['invalid-content'],
    );
  });

  it('checks uniqueItems over 60,000 distinct objects in one pass (was over 300 s)', () => {
    const schema = '{"type":"object","properties":{"v":{"type":"array","uniqueItems":true}}}';
    const items = Array.from({ length: 60_000 }, (_, index) => `{"i":${index}}`);
    const valid = checker.checkDocument(toolDocument(schema, `{"v":[${items.join(',')}]}`), elicitationOnly());
    const consistency = (result: typeof valid) =>
      result.diagnostics.filter((diagnostic) => diagnostic.code !== 'mcpdesc.elicitation.declaration-validity');
    assert.deepEqual(consistency(valid), []);
    items.push('{"i":17}');
    const repeated = consistency(checker.checkDocument(toolDocument(schema, `{"v":[${items.join(',')}]}`), elicitationOnly()));
    assert.deepEqual(
      repeated.map((diagnostic) => diagnostic.message),
      [
        "Elicitation step's content does not match the requested schema: content/v must NOT have duplicate items (items ## 17 and 60000 are identical).",
      ],
    );
  });
});
