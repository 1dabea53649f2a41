// The extension's browser entry in a real VS Code for the Web: code-server with a copy of the .vsix
// that has no Node entry, so that it runs in the browser's web worker extension host with its server
// as a web worker (scripts/e2e/web-extension.sh installs it and starts the editor). What a user of
// vscode.dev sees: the squiggle and hover on the opened file, every problem of the never-opened files
// (listed and read through vscode.workspace.fs) as mcpdesc-lint reports them, and the status items
// of the checked file.
//   node out/e2e/webExtension.js --url URL --workspace DIR --artifacts DIR --cli dist/cli.js
// Exits 1 when any check fails; the last line is `e2e: N passed, M failed`.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CheckRunner } from './checks';
import { problemsReportedByCli } from './cli-oracle';
import { declarationPattern, findDeclarationValue } from './source-position';
import { INVALID_FILE, RULE_ID, UNKNOWN_NAME } from './scenario';
import {
  center,
  goToPosition,
  hoverText,
  languageStatusText,
  openFile,
  readStatusBarProblems,
  UI_TIMEOUT_MS,
  waitForSquiggleOn,
  waitForWorkbench,
} from './workbench';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The server in a web worker starts, then lists and reads the whole workspace through the extension host. */
const FIRST_DIAGNOSTIC_TIMEOUT_MS = 90_000;
const WORKSPACE_SCAN_TIMEOUT_MS = 90_000;

function value(argv: string[], flag: string): string {
  const index = argv.indexOf(flag);
  if (index < 0 || index + 1 >= argv.length) throw new Error(`missing ${flag} VALUE`);
  return argv[index + 1];
}

async function waitForErrorCount(page: Page, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let errors = -1;
  while (Date.now() < deadline) {
    errors = (await readStatusBarProblems(page)).errors;
    if (errors === expected) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the status bar counts ${errors} errors after ${timeoutMs / 1000} s; mcpdesc-lint reports ${expected}`);
}

/** How many document workers (lsp/documentWorkerProtocol.ts's name) run in the browser, as DevTools lists its targets. */
async function documentWorkers(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: Array<{ type: string; title: string }> };
    return targetInfos.filter((target) => target.type === 'worker' && target.title === 'mcpdesc-document-worker').length;
  } finally {
    await session.detach();
  }
}

async function main(): Promise<boolean> {
  const argv = process.argv.slice(2);
  const url = value(argv, '--url');
  const workspace = value(argv, '--workspace');
  const artifacts = value(argv, '--artifacts');
  const expected = problemsReportedByCli(value(argv, '--cli'), workspace);
  const invalidText = readFileSync(join(workspace, INVALID_FILE), 'utf8');
  const anchor = findDeclarationValue(invalidText, UNKNOWN_NAME);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (error) => console.log(`  [page error] ${error.message.split('\n')[0].slice(0, 200)}`));
  const shot = async (name: string): Promise<void> => {
    await page.screenshot({ path: join(artifacts, `web-${name}.png`) });
  };
  const checks = new CheckRunner(async (name) => shot(`FAILED-${name.split(':')[0]}`));
  try {
    await waitForWorkbench(page, url, 90_000);
    const OPEN = `web 1. in the browser's extension host, opening ${INVALID_FILE} shows the squiggle on "${UNKNOWN_NAME}" and the hover names ${RULE_ID}`;
    await checks.run(OPEN, async () => {
      if (!anchor) throw new Error(`${INVALID_FILE} has no "declaration": "${UNKNOWN_NAME}"`);
      await openFile(page, INVALID_FILE);
      await goToPosition(page, anchor.line, anchor.column);
      const box = await waitForSquiggleOn(
        page,
        declarationPattern(UNKNOWN_NAME),
        `"${UNKNOWN_NAME}"`,
        FIRST_DIAGNOSTIC_TIMEOUT_MS,
      );
      await hoverText(page, center(box), RULE_ID, UI_TIMEOUT_MS);
      await shot('1-squiggle');
      await page.keyboard.press('Escape');
    });
    await checks.run(
      `web 2. the never-opened files, read through vscode.workspace.fs, bring the error count to mcpdesc-lint's ${expected.filter((problem) => problem.severity === 'Error').length}`,
      async () => {
        // The status bar's count is of errors; the example workspace also has warnings (the rule page's).
        await waitForErrorCount(
          page,
          expected.filter((problem) => problem.severity === 'Error').length,
          WORKSPACE_SCAN_TIMEOUT_MS,
        );
        await shot('2-count');
      },
      { needs: [OPEN] },
    );
    await checks.run(
      "web 3. the status items say the file's format version and revisions, that configuration files are not read, and the rules that ran",
      async () => {
        const hover = await languageStatusText(page, 'format 0.8.0', UI_TIMEOUT_MS);
        for (const part of ['configuration files are not read here', 'rules: elicitation-consistency']) {
          if (!hover.includes(part)) throw new Error(`the status hover does not say "${part}": ${hover}`);
        }
        await shot('3-status');
      },
      { needs: [OPEN] },
    );
    await checks.run(
      'web 4. the server checks open documents in web workers it started itself (nested workers named mcpdesc-document-worker), which it can end',
      async () => {
        const workers = await documentWorkers(page);
        if (workers === 0) throw new Error('no web worker named mcpdesc-document-worker: the server checks on its own thread');
      },
      { needs: [OPEN] },
    );
  } catch (error) {
    console.log(`\nthe editor could not be driven: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    await shot('FAILED-workbench').catch(() => undefined);
    await browser.close();
    console.log('\ne2e: 0 passed, 1 failed');
    return false;
  }
  await browser.close();
  return checks.finish();
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    console.log('\ne2e: 0 passed, 1 failed');
    process.exit(1);
  },
);
