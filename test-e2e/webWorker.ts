// The browser build's server in a real browser: headless Chromium starts dist/browser/server.js as a
// web worker of a page (served here from 127.0.0.1), and the page (webWorkerPage.ts) talks LSP to it
// over the worker's messages. The rule page's invalid example must get the expected ranges and the
// desktop's answers (the same conversation with dist/server.js over stdio, here), and the scan of
// a virtual workspace, read through the page's answers to mcpdesc/workspaceFiles and
// mcpdesc/readFile, must find the example workspace's problems (test-fixtures/workspace/README.md).
// Started by scripts/e2e/run.sh:
//   node out/e2e/webWorker.js --repo DIR --page out/e2e/webWorkerPage.js
// Exits 1 when any check fails; the last line is `e2e: N passed, M failed`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { CheckRunner } from './checks';
import { LspSession } from '../test/web/lspSession';
import { rulePageScenario, type RulePageObservations } from '../test/web/rulePageScenario';
import { elicitationOnly } from '../test/support/ruleScope';
import { DOCUMENT_WORKER_NAME } from '../server/src/lsp/documentWorkerProtocol';
import { hostileOutcomeProblem, isUnfinishedNotice } from '../test/web/hostileScenario';
import type { HostileInput, HostileRun, NoEvalRun, WebWorkerInput, WebWorkerObservations } from './webWorkerPage';
import { NO_CODE_GENERATION_DOCUMENTS, NO_CODE_GENERATION_REASON } from '../test/web/noCodeGenerationScenario';

/** A host's policy without 'unsafe-eval' (the format's web editor, vscode.dev-like hosts): scripts and workers of this origin only. */
const NO_EVAL_POLICY = "default-src 'self'; script-src 'self'; worker-src 'self'";

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DOCS_BASE = 'https://extension.test/mcpdesc/docs/rules/';
const FOLDER = 'vscode-vfs://github/acme/descriptions';
/** test-fixtures/workspace/README.md's table: the files with problems, and which. */
const WORKSPACE_PROBLEMS: Record<string, string[]> = {
  'release-bot.mcpdesc.json': ['unknown-declaration', 'unexpected-content', 'unknown-declaration'],
  'deploy-bot.mcpdesc.jsonc': ['missing-content'],
  'services/publish-bot.mcpdesc.json': ['url-mismatch'],
  'services/audit.json': ['mode-mismatch'],
  'rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json': [
    'unknown-declaration',
    'unexpected-content',
    'schema-mismatch',
    'invalid-content',
  ],
  'rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml': [
    'unknown-declaration',
    'unexpected-content',
    'schema-mismatch',
    'invalid-content',
  ],
};

interface ExpectedDiagnostic {
  violation: string;
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

function value(argv: string[], flag: string): string {
  const index = argv.indexOf(flag);
  if (index < 0 || index + 1 >= argv.length) throw new Error(`missing ${flag} VALUE`);
  return argv[index + 1];
}

function messageText(diagnostic: Diagnostic): string {
  return typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
}

function shapeOf(diagnostic: Diagnostic): ExpectedDiagnostic {
  const { start, end } = diagnostic.range;
  return {
    violation: String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
    line: start.line,
    character: start.character,
    endLine: end.line,
    endCharacter: end.character,
  };
}

/** What both servers must agree on: everything but where the rule pages are. */
function comparable(observations: RulePageObservations): unknown {
  const strip = (diagnostic: Diagnostic) => ({
    ...diagnostic,
    codeDescription: diagnostic.codeDescription?.href.split('/').pop(),
  });
  return {
    ...observations,
    diagnostics: observations.diagnostics.map(strip),
    diagnosticsAfterFix: observations.diagnosticsAfterFix.map(strip),
  };
}

function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}:\n  got      ${a.slice(0, 1500)}\n  expected ${e.slice(0, 1500)}`);
}

function workspaceFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const file = join(root, name);
    if (statSync(file).isFile()) files[`${FOLDER}/${name.split(sep).join('/')}`] = readFileSync(file, 'utf8');
  }
  return files;
}

function serve(files: Record<string, { type: string; body: string; policy?: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      // The favicon the browser asks for, too: nothing, and no error in the page's console.
      response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const headers: Record<string, string> = { 'content-type': file.type };
    if (file.policy) headers['content-security-policy'] = file.policy;
    response.writeHead(200, headers).end(file.body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The same conversation with the desktop's server (dist/server.js) over stdio. */
async function desktopObservations(repo: string, text: string): Promise<RulePageObservations> {
  const child = spawn(process.execPath, [join(repo, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  // The rule page's example is a partial document: the conversation is about the elicitation rules.
  const session = new LspSession(connection, new Map(), elicitationOnly());
  child.on('exit', (code) => session.fail(new Error(`the desktop server exited with ${code}`)));
  try {
    await session.initialize(null, {});
    return await rulePageScenario(session, 'file:///desktop/rule-page.mcpdesc.json', text);
  } finally {
    await session.shutdown().catch(() => undefined);
    connection.dispose();
    child.kill();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const repo = value(argv, '--repo');
  const checks = new CheckRunner();
  const fixturePath = join(
    repo,
    'test-fixtures',
    'workspace',
    'rule-page',
    'invalid-tool-interaction-example-semantics.mcpdesc.json',
  );
  const text = readFileSync(fixturePath, 'utf8');
  const expected = JSON.parse(
    readFileSync(
      join(repo, 'test-fixtures', 'expected-invalid', 'invalid-tool-interaction-example-semantics.expected.json'),
      'utf8',
    ),
  ) as ExpectedDiagnostic[];
  const input: WebWorkerInput = {
    docsBaseUri: DOCS_BASE,
    folderUri: FOLDER,
    files: workspaceFiles(join(repo, 'test-fixtures', 'workspace')),
    rulePageUri: `${FOLDER}/opened/rule-page.mcpdesc.json`,
    rulePageText: text,
  };
  const server = await serve({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script src="/page.js"></script>' },
    '/page.js': { type: 'text/javascript', body: readFileSync(value(argv, '--page'), 'utf8') },
    '/server.js': { type: 'text/javascript', body: readFileSync(join(repo, 'dist', 'browser', 'server.js'), 'utf8') },
    // The same page and server under a policy without 'unsafe-eval' (the page's and the worker's own).
    '/csp/': {
      type: 'text/html',
      body: '<!doctype html><meta charset="utf-8"><script src="/csp/page.js"></script>',
      policy: NO_EVAL_POLICY,
    },
    '/csp/page.js': { type: 'text/javascript', body: readFileSync(value(argv, '--page'), 'utf8'), policy: NO_EVAL_POLICY },
    '/csp/server.js': {
      type: 'text/javascript',
      body: readFileSync(join(repo, 'dist', 'browser', 'server.js'), 'utf8'),
      policy: NO_EVAL_POLICY,
    },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  let observed: WebWorkerObservations | undefined;
  try {
    await checks.run('web: the browser build runs as a web worker of a page in Chromium and answers it', async () => {
      const page = await browser.newPage();
      page.on('pageerror', (error) => checks.log(`[page error] ${error.message.split('\n')[0]}`));
      page.on('console', (message) => {
        if (message.type() === 'error') checks.log(`[console] ${message.text().slice(0, 300)}`);
      });
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => 'runWebWorkerTest' in window);
      observed = await page.evaluate(
        (pageInput) =>
          (window as unknown as { runWebWorkerTest(input: WebWorkerInput): Promise<WebWorkerObservations> }).runWebWorkerTest(
            pageInput,
          ),
        input,
      );
      assertEqual(observed.workerErrors, [], 'errors of the worker');
    });
    const needs = ['web: the browser build runs as a web worker of a page in Chromium and answers it'];
    await checks.run(
      "web: the rule page's invalid example gets its four diagnostics at the expected ranges, linked to the given pages",
      async () => {
        const rulePage = observed!.rulePage;
        assertEqual(rulePage.diagnostics.map(shapeOf), expected, 'diagnostics');
        assertEqual(
          rulePage.diagnostics[0].codeDescription?.href,
          `${DOCS_BASE}elicitation-consistency.md`,
          'the rule page link',
        );
      },
      { needs },
    );
    await checks.run(
      'web: its preferred quick-fix, applied, removes the problem and leaves what the desktop server leaves',
      async () => {
        const rulePage = observed!.rulePage;
        if (rulePage.textAfterFix === text) throw new Error('the fix changed nothing');
        if (rulePage.diagnosticsAfterFix.some((diagnostic) => shapeOf(diagnostic).violation === 'unknown-declaration'))
          throw new Error('unknown-declaration is still there');
        assertEqual(
          comparable(rulePage),
          comparable(await desktopObservations(repo, text)),
          'the browser build against the desktop server',
        );
      },
      { needs },
    );
    await checks.run(
      "web: the scan of a virtual workspace reads through the page and finds the example workspace's problems",
      async () => {
        const sorted = (problems: Record<string, string[]>) =>
          Object.fromEntries(
            Object.keys(problems)
              .sort()
              .map((name) => [name, [...problems[name]].sort()]),
          );
        assertEqual(sorted(observed!.scanned), sorted(WORKSPACE_PROBLEMS), 'problems per file');
        if (observed!.reads === 0) throw new Error('nothing was read through the page');
      },
      { needs },
    );
    await checks.run(
      "web: beside each of issue 32's hostile documents (uniqueItems over 60,000 objects, a lookahead pattern), a small document opened after it gets its diagnostics and outline; the hostile one is cut with its notice, or finishes; the server starts its document workers (nested web workers)",
      async () => {
        const page = await browser.newPage();
        page.on('pageerror', (error) => checks.log(`[page error] ${error.message.split('\n')[0]}`));
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        await page.waitForFunction(() => 'runHostileTest' in window);
        const hostileInput: HostileInput = { docsBaseUri: DOCS_BASE, folderUri: `${FOLDER}/hostile`, smallText: text };
        const running = page.evaluate(
          (pageInput) =>
            (window as unknown as { runHostileTest(input: HostileInput): Promise<HostileRun> }).runHostileTest(pageInput),
          hostileInput,
        );
        // The server's document workers are web workers it started itself, named as it names them:
        // DevTools lists them while the scenario runs.
        let finished = false;
        void running.finally(() => (finished = true)).catch(() => undefined);
        let documentWorkers = 0;
        const cdp = await page.context().newCDPSession(page);
        while (!finished && documentWorkers === 0) {
          const { targetInfos } = (await cdp.send('Target.getTargets')) as {
            targetInfos: Array<{ type: string; title: string }>;
          };
          documentWorkers = targetInfos.filter(
            (target) => target.type === 'worker' && target.title === DOCUMENT_WORKER_NAME,
          ).length;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await cdp.detach();
        const run = await running;
        if (documentWorkers === 0) throw new Error(`no nested web worker named ${DOCUMENT_WORKER_NAME} was seen`);
        checks.log(`${documentWorkers} document workers (nested web workers) seen`);
        assertEqual(run.workerErrors, [], 'errors of the workers');
        for (const [when, observations] of [
          ['cold', run.cold],
          ['warm', run.warm],
        ] as const) {
          for (const observed of observations) {
            const [hostile] = observed.hostile;
            const violations = observed.small.map((diagnostic) => shapeOf(diagnostic).violation);
            for (const violation of ['unknown-declaration', 'unexpected-content', 'schema-mismatch', 'invalid-content'])
              if (!violations.includes(violation))
                throw new Error(`${when} ${hostile.name}: the small document lacks ${violation}`);
            if (observed.outline === 0) throw new Error(`${when} ${hostile.name}: no outline for the small document`);
            const problem = hostileOutcomeProblem(hostile.diagnostics);
            if (problem) throw new Error(`${when} ${hostile.name}: ${problem}`);
            const fellBack = observed.log.filter((line) => line.startsWith('Could not start a worker'));
            if (fellBack.length > 0) throw new Error(`${when} ${hostile.name}: ${fellBack.join(' | ')}`);
            // Measured for the report, never asserted.
            checks.log(
              `${when} ${hostile.name}: small document's diagnostics ${(observed.smallMs / 1000).toFixed(2)} s after its open, outline ${(observed.outlineMs / 1000).toFixed(2)} s; the hostile one ${hostile.diagnostics.some(isUnfinishedNotice) ? 'cut' : 'finished'}, published ${(hostile.ms / 1000).toFixed(2)} s after its open`,
            );
          }
        }
      },
      { needs },
    );
    await checks.run(
      "web: under a content security policy without 'unsafe-eval', the browser build checks with every rule on: the format's schema runs precompiled, flat-form schemas are walked, and a schema only ajv could compile gets its notices, never an error or a crash",
      async () => {
        const page = await browser.newPage();
        page.on('pageerror', (error) => checks.log(`[page error] ${error.message.split('\n')[0]}`));
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/csp/`);
        await page.waitForFunction(() => 'runNoEvalTest' in window);
        const noEvalInput: HostileInput = { docsBaseUri: DOCS_BASE, folderUri: `${FOLDER}/no-eval`, smallText: text };
        const run = await page.evaluate(
          (pageInput) =>
            (window as unknown as { runNoEvalTest(input: HostileInput): Promise<NoEvalRun> }).runNoEvalTest(pageInput),
          noEvalInput,
        );
        if (!run.pageRefusedEval) throw new Error('the page could run new Function: the policy is not in force');
        assertEqual(run.workerErrors, [], 'errors of the worker');
        for (const document of NO_CODE_GENERATION_DOCUMENTS) {
          const diagnostics = run.diagnostics[document.name];
          const notices = diagnostics
            .filter((diagnostic) => messageText(diagnostic).includes(NO_CODE_GENERATION_REASON))
            .map((diagnostic) => {
              const { start, end } = diagnostic.range;
              const violation = (diagnostic.data as { violation?: string } | undefined)?.violation;
              return `${start.line}:${start.character}-${end.line}:${end.character} ${String(diagnostic.code)} ${violation}`;
            });
          assertEqual(notices, document.notices, `${document.name}: the notices of what was not compiled`);
          const findings = diagnostics.filter((diagnostic) => diagnostic.code !== 'mcpdesc.checker');
          if (document.notices.length === 0 && findings.length < document.minimumFindings)
            throw new Error(`${document.name}: ${findings.length} findings, expected at least ${document.minimumFindings}`);
          if (
            diagnostics.some(
              (diagnostic) => (diagnostic.data as { violation?: string } | undefined)?.violation === 'internal-error',
            )
          )
            throw new Error(`${document.name}: an internal error`);
        }
      },
      { needs },
    );
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(checks.finish() ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('\ne2e: 0 passed, 1 failed');
  process.exit(1);
});
