// The npm package from the outside: packed, installed offline into an empty project, its two bins
// run from node_modules/.bin, its library imported by a plain Node script (CommonJS and ESM) and
// compiled against by TypeScript with skipLibCheck off.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import {
  StreamMessageReader,
  StreamMessageWriter,
  type Message,
  type ResponseMessage,
} from 'vscode-languageserver-protocol/node';
import { installedPackage } from '../support/installedPackage';
import { repoPath } from '../support/repo';
import { elicitationOnly } from '../support/ruleScope';

const pkg = installedPackage();
const rootManifest = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8')) as { version: string };

function writeProjectFile(name: string, text: string): string {
  const file = path.join(pkg.project, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('the npm package mcpdesc-lint', () => {
  it('holds the bundles, the types, the rule pages, README and LICENSE, and has no dependencies', () => {
    const listing = execFileSync('tar', ['tzf', pkg.tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    const docs = fs.readdirSync(repoPath('docs', 'rules')).map((name) => `package/docs/rules/${name}`);
    assert.deepEqual(
      listing,
      [
        'package/LICENSE',
        'package/README.md',
        ...docs,
        'package/dist/cli.js',
        'package/dist/index.js',
        'package/dist/server.js',
        'package/package.json',
        'package/types/server/src/checker/types.d.ts',
        'package/types/server/src/library.d.ts',
        'package/types/shared/src/rules.d.ts',
      ].sort(),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(pkg.packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.name, 'mcpdesc-lint');
    assert.equal(manifest.version, rootManifest.version);
    assert.equal(manifest.private, undefined);
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(manifest.bin, { 'mcpdesc-lint': 'dist/cli.js', 'mcpdesc-language-server': 'dist/server.js' });
    assert.deepEqual(manifest.engines, { node: '>=20' });
    assert.equal(manifest.license, 'MIT');
    assert.deepEqual(
      fs.readdirSync(path.join(pkg.project, 'node_modules')).filter((name) => !name.startsWith('.')),
      ['mcpdesc-lint'],
    );
  });

  it('bin mcpdesc-lint lints the example workspace and links each problem to a shipped page', () => {
    const version = spawnSync(pkg.bin('mcpdesc-lint'), ['--version'], { encoding: 'utf8' });
    assert.equal(version.stdout, `${rootManifest.version}\n`);

    // The example workspace's documents are partial, their problems the elicitation rules': that preset.
    const run = spawnSync(pkg.bin('mcpdesc-lint'), ['--elicitation-only', '--format', 'json', 'test-fixtures/workspace'], {
      cwd: repoPath(),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(run.status, 1, run.stderr);
    const problems = JSON.parse(run.stdout) as Array<{ file: string; violation: string; href: string }>;
    assert.deepEqual(
      problems.map((problem) => [problem.file, problem.violation]),
      [
        ['test-fixtures/workspace/deploy-bot.mcpdesc.jsonc', 'missing-content'],
        ['test-fixtures/workspace/release-bot.mcpdesc.json', 'unknown-declaration'],
        ['test-fixtures/workspace/release-bot.mcpdesc.json', 'unexpected-content'],
        ['test-fixtures/workspace/release-bot.mcpdesc.json', 'unknown-declaration'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json', 'unknown-declaration'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json', 'unexpected-content'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json', 'schema-mismatch'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json', 'invalid-content'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml', 'unknown-declaration'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml', 'unexpected-content'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml', 'schema-mismatch'],
        ['test-fixtures/workspace/rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml', 'invalid-content'],
        ['test-fixtures/workspace/services/audit.json', 'mode-mismatch'],
        ['test-fixtures/workspace/services/publish-bot.mcpdesc.json', 'url-mismatch'],
      ],
    );
    for (const problem of problems) {
      const page = fileURLToPath(problem.href);
      assert.equal(
        path.dirname(page),
        fs.realpathSync(path.join(pkg.packageDir, 'docs', 'rules')),
        'the page shipped in the installed package',
      );
      assert.ok(fs.existsSync(page), page);
    }
  });

  it('bin mcpdesc-language-server answers initialize over stdio and shuts down cleanly', async () => {
    const child = spawn(pkg.bin('mcpdesc-language-server'), ['--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const reader = new StreamMessageReader(child.stdout);
    const writer = new StreamMessageWriter(child.stdin);
    const responses = new Map<number, ResponseMessage>();
    const waiters = new Map<number, () => void>();
    reader.listen((message: Message) => {
      const response = message as ResponseMessage;
      if (typeof response.id !== 'number') return;
      responses.set(response.id, response);
      waiters.get(response.id)?.();
    });
    const request = (id: number, method: string, params: unknown): Promise<ResponseMessage> => {
      void writer.write({ jsonrpc: '2.0', id, method, params } as Message);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no response to ${method}`)), 10_000);
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve(responses.get(id)!);
        });
      });
    };
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const initialized = await request(1, 'initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      const result = initialized.result as { capabilities: Record<string, unknown>; serverInfo?: { name: string } };
      assert.ok(result.capabilities.textDocumentSync, JSON.stringify(result));
      assert.ok(result.capabilities.codeActionProvider);
      const shutdown = await request(2, 'shutdown', null);
      assert.equal(shutdown.error, undefined);
      void writer.write({ jsonrpc: '2.0', method: 'exit' } as Message);
      assert.equal(await exited, 0);
    } finally {
      child.kill();
      reader.dispose();
      writer.dispose();
    }
  });

  it('the library checks and fixes from a plain Node script, CommonJS and ESM', () => {
    const document = fs.readFileSync(repoPath('test-fixtures', 'workspace', 'release-bot.mcpdesc.json'), 'utf8');
    writeProjectFile('document.json', document);
    // The document is partial and its problems are the elicitation rules': the script passes the
    // rules of that preset (mcpdesc:elicitation) as a user of the library would.
    const body = `
const text = fs.readFileSync(path.join(here, 'document.json'), 'utf8');
const options = { rules: ${JSON.stringify(elicitationOnly().rules)} };
const check = lint.checkDocument(text, options);
const fixed = lint.fixAll(text, options);
const first = check.diagnostics[0];
const fixes = check.fixesFor(first);
console.log(JSON.stringify({
  violations: check.diagnostics.map((d) => d.data.violation),
  href: first.codeDescription.href,
  fixTitles: fixes.map((f) => f.title),
  fixedApplied: fixed.applied,
  remaining: lint.checkDocument(fixed.text, options).diagnostics.length,
  appliedOne: lint.checkDocument(lint.applyEdits(text, fixes[0].edits), options).diagnostics.length,
  rules: lint.RULE_IDS,
}));
`;
    writeProjectFile(
      'check.cjs',
      `const fs = require('node:fs'); const path = require('node:path'); const lint = require('mcpdesc-lint'); const here = __dirname;\n${body}`,
    );
    writeProjectFile(
      'check.mjs',
      `import fs from 'node:fs'; import path from 'node:path'; import { fileURLToPath } from 'node:url';\nimport { checkDocument, fixAll, applyEdits, RULE_IDS } from 'mcpdesc-lint';\nconst lint = { checkDocument, fixAll, applyEdits, RULE_IDS }; const here = path.dirname(fileURLToPath(import.meta.url));\n${body}`,
    );
    const outputs = ['check.cjs', 'check.mjs'].map((script) => {
      const run = spawnSync(process.execPath, [script], { cwd: pkg.project, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      return JSON.parse(run.stdout) as {
        violations: string[];
        href: string;
        fixTitles: string[];
        fixedApplied: number;
        remaining: number;
        appliedOne: number;
        rules: string[];
      };
    });
    assert.deepEqual(outputs[0], outputs[1], 'CommonJS and ESM see the same library');
    const [output] = outputs;
    assert.deepEqual(output.violations, ['unknown-declaration', 'unexpected-content', 'unknown-declaration']);
    assert.ok(fs.existsSync(fileURLToPath(output.href)), output.href);
    assert.ok(output.fixTitles.length > 0);
    assert.ok(output.fixedApplied >= 3);
    assert.equal(output.remaining, 0);
    assert.equal(output.appliedOne, 2);
    assert.ok(output.rules.includes('mcpdesc.tool.interaction.elicitation-consistency'));
  });

  it('the library types compile with skipLibCheck off, and are real types (a wrong use fails)', () => {
    writeProjectFile(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'ES2022',
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const consumer = `import { checkDocument, fixAll, RULES, type CheckOptions, type Diagnostic, type RuleId, type Fix } from 'mcpdesc-lint';
const options: CheckOptions = { format: 'yaml', rules: { 'mcpdesc.syntax': 'off' } };
const diagnostics: Diagnostic[] = checkDocument('mcpdesc: 0.8.0', options).diagnostics;
const first: Diagnostic | undefined = diagnostics[0];
const fixes: Fix[] = first ? checkDocument('{}').fixesFor(first, { tabSize: 2, insertSpaces: true }) : [];
const id: RuleId = 'mcpdesc.tool.interaction.elicitation-consistency';
const name: string = RULES[id].name;
const text: string = fixAll('{}').text;
export const summary = [diagnostics.length, fixes.length, name, text, first?.range.start.line, first?.data.violation];
`;
    const tsc = repoPath('node_modules', 'typescript', 'bin', 'tsc');
    writeProjectFile('consumer.ts', consumer);
    const ok = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: pkg.project, encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);

    writeProjectFile('consumer.ts', `${consumer}export const wrong: number = checkDocument('{}').diagnostics[0].message;\n`);
    const wrong = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: pkg.project, encoding: 'utf8' });
    assert.equal(wrong.status, 2);
    assert.match(wrong.stdout, /consumer\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  });
});
