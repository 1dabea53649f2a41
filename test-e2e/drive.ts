// The end-to-end test: what a user sees in a real VS Code with the extension installed.
// Started by scripts/e2e/run.sh against a running code-server:
//   node out/e2e/drive.js --url URL --workspace DIR --artifacts DIR --cli dist/cli.js --user-data DIR [--negative-control]
// Exits 1 when any check fails; the last line is `e2e: N passed, M failed[, K skipped]`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { chromium, type Page } from 'playwright-core';
import { CheckRunner } from './checks';
import {
  completionInUrlModeStep,
  fixOnSave,
  oneProblemPerSyntaxError,
  refusedRename,
  statusItemOnUncheckedFile,
  type EditingContext,
} from './editingChecks';
import { groupByFile, problemsReportedByCli, type ExpectedProblem } from './cli-oracle';
import { completionInsideTool, hoverOnInputSchema } from './navigationChecks';
import { declarationPattern, findDeclarationValue } from './source-position';
import { DECLARE_FIX_PREFIX, INVALID_FILE, RULE_ID, UNKNOWN_NAME, UNOPENED_EXPECTED_FAILURE } from './scenario';
import {
  collapseAllProblems,
  center,
  describeProblems,
  editorTab,
  filterProblems,
  goToPosition,
  hoverText,
  openFile,
  openQuickFixMenu,
  readProblems,
  readProblemsBadgeTotal,
  readStatusBarProblems,
  showProblems,
  UI_TIMEOUT_MS,
  waitForNoSquiggleOn,
  waitForProblems,
  waitForSquiggleOn,
  waitForWorkbench,
  type ProblemRow,
} from './workbench';

/** The first diagnostics wait for the extension to activate and the server to start and check. */
const FIRST_DIAGNOSTIC_TIMEOUT_MS = 90_000;
/** Problems of unopened files come from the server's workspace scan, which may take a while. */
const WORKSPACE_SCAN_TIMEOUT_MS = 60_000;
const WORKBENCH_TIMEOUT_MS = 90_000;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Options {
  url: string;
  workspace: string;
  artifacts: string;
  cli: string;
  /** code-server's --user-data-dir: the extension's log is under its logs/. */
  userData: string;
  negativeControl: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (flag: string): string => {
    const index = argv.indexOf(flag);
    if (index < 0 || index + 1 >= argv.length) throw new Error(`missing ${flag} VALUE`);
    return argv[index + 1];
  };
  return {
    url: value('--url'),
    workspace: value('--workspace'),
    artifacts: value('--artifacts'),
    cli: value('--cli'),
    userData: value('--user-data'),
    negativeControl: argv.includes('--negative-control'),
  };
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** True when the document declares `name` in some tool's `elicitations` array. */
function declaresElicitation(text: string, name: string): boolean {
  const document: unknown = parse(text, [], { allowTrailingComma: true });
  const tools = (document as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return false;
  return tools.some((tool: unknown) => {
    const declarations = (tool as { elicitations?: unknown } | null)?.elicitations;
    return (
      Array.isArray(declarations) &&
      declarations.some((declaration: unknown) => (declaration as { name?: unknown } | null)?.name === name)
    );
  });
}

function sameProblem(row: ProblemRow, expected: ExpectedProblem): boolean {
  return (
    row.severity === expected.severity &&
    row.line === expected.line &&
    row.column === expected.column &&
    row.message === expected.message
  );
}

function describeExpected(problems: ExpectedProblem[]): string {
  return problems.map((p) => `${p.severity} L${p.line}:C${p.column} ${p.message}`).join(' | ');
}

async function main(): Promise<boolean> {
  const options = parseOptions(process.argv.slice(2));
  const expectedUnopenedFailure = process.env.E2E_XFAIL_UNOPENED || UNOPENED_EXPECTED_FAILURE;
  if (options.negativeControl) console.log('NEGATIVE CONTROL: the extension is not installed; the checks below should fail.');

  const invalidPath = join(options.workspace, INVALID_FILE);
  const invalidText = readFileSync(invalidPath, 'utf8');
  const anchor = findDeclarationValue(invalidText, UNKNOWN_NAME);
  const linePattern = declarationPattern(UNKNOWN_NAME);
  const token = `"${UNKNOWN_NAME}"`;
  const reportedAtStart = problemsReportedByCli(options.cli, options.workspace);
  console.log(
    `mcpdesc-lint reports ${reportedAtStart.length} problem(s) in the workspace: ` +
      [...groupByFile(reportedAtStart)].map(([file, list]) => `${file} ${list.length}`).join(', '),
  );

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const page: Page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => console.log(`  [page error] ${error.message.split('\n')[0].slice(0, 200)}`));
  const shot = async (name: string): Promise<void> => {
    await page.screenshot({ path: join(options.artifacts, `${name}.png`) });
  };
  const checks = new CheckRunner(async (name) => shot(`FAILED-${name.split('.')[0]}`));

  try {
    await waitForWorkbench(page, options.url, WORKBENCH_TIMEOUT_MS);
    checks.log('workbench and explorer are showing');
  } catch (error) {
    console.log(`\nthe editor could not be driven: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    await shot('FAILED-workbench').catch(() => undefined);
    await browser.close();
    console.log('\ne2e: 0 passed, 1 failed');
    return false;
  }

  const OPEN = `1. opening ${INVALID_FILE} shows an error squiggle on ${token} (line ${anchor?.line}, column ${anchor?.column}), and its hover names ${RULE_ID}`;
  await checks.run(OPEN, async () => {
    assert(anchor, `${INVALID_FILE} has no "declaration": ${token} (see test-e2e/scenario.ts)`);
    await openFile(page, INVALID_FILE);
    await goToPosition(page, anchor.line, anchor.column);
    checks.log('file open, cursor on the declaration');
    const box = await waitForSquiggleOn(page, linePattern, token, FIRST_DIAGNOSTIC_TIMEOUT_MS);
    checks.log('error squiggle drawn over the declaration value');
    await shot('1-squiggle');
    const hover = await hoverText(page, center(box), RULE_ID, UI_TIMEOUT_MS);
    checks.log(`hover: ${hover}`);
    assert(hover.includes(`'${UNKNOWN_NAME}'`), `the hover does not name '${UNKNOWN_NAME}': ${hover}`);
    await shot('2-hover');
    await page.keyboard.press('Escape');
  });

  const FIX = `2. Quick Fix (Ctrl+.) offers "${DECLARE_FIX_PREFIX} …"; choosing it edits the document and that problem leaves the Problems panel`;
  await checks.run(
    FIX,
    async () => {
      assert(anchor, 'no anchor');
      await showProblems(page);
      await filterProblems(page, `**/${INVALID_FILE}`);
      const before = await waitForProblems(
        page,
        (files) => {
          const file = files.find((f) => f.path === INVALID_FILE);
          const row = file?.rows.find(
            (r) => r.severity === 'Error' && r.line === anchor.line && r.column === anchor.column && r.text.includes(RULE_ID),
          );
          return file && row ? { count: file.count, row } : undefined;
        },
        UI_TIMEOUT_MS,
        `an Error with ${RULE_ID} at line ${anchor.line}, character ${anchor.column} of ${INVALID_FILE}`,
      );
      checks.log(`Problems panel: ${before.count} problem(s) in ${INVALID_FILE}, this one: "${before.row.message}"`);
      await shot('3-problems-before-fix');

      // Back to the editor with the cursor on the value (Go to Line moves the focus there).
      await goToPosition(page, anchor.line, anchor.column + 1);
      await waitForSquiggleOn(page, linePattern, token, UI_TIMEOUT_MS);
      const menu = await openQuickFixMenu(page, DECLARE_FIX_PREFIX, UI_TIMEOUT_MS);
      checks.log(`Quick Fix menu: ${menu.entries.join(' | ')}`);
      await shot('4-quick-fix-menu');
      await menu.entry.click();

      const dirtyTab = page.locator('.tabs-container .tab.dirty').filter({ hasText: INVALID_FILE }).first();
      await dirtyTab.waitFor({ timeout: UI_TIMEOUT_MS });
      checks.log('the document was edited (its tab shows unsaved changes)');
      const expectedCount = before.count - 1;
      await waitForProblems(
        page,
        (files) => {
          const file = files.find((f) => f.path === INVALID_FILE);
          const stillListed = file?.rows.some((r) => r.message === before.row.message) ?? false;
          return !stillListed && (file?.count ?? 0) === expectedCount ? true : undefined;
        },
        UI_TIMEOUT_MS,
        `"${before.row.message}" gone and ${expectedCount} problem(s) left in ${INVALID_FILE} (the fix adds none)`,
      );
      checks.log(`the problem left the Problems panel; ${expectedCount} problem(s) remain in ${INVALID_FILE}`);
      await waitForNoSquiggleOn(page, linePattern, token, UI_TIMEOUT_MS);
      checks.log('no squiggle on the declaration value any more');
      await shot('5-after-fix');

      await page.keyboard.press('Control+S');
      await dirtyTab.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      assert(
        declaresElicitation(readFileSync(invalidPath, 'utf8'), UNKNOWN_NAME),
        `after saving, ${INVALID_FILE} declares no elicitation '${UNKNOWN_NAME}'`,
      );
      checks.log(`saved: ${INVALID_FILE} now declares elicitation '${UNKNOWN_NAME}'`);
    },
    { needs: [OPEN] },
  );

  const unopened = [...groupByFile(reportedAtStart)].filter(([file]) => file !== INVALID_FILE);
  const UNOPENED = `3. the Problems panel lists the problems of ${unopened.length} never-opened file(s) exactly as mcpdesc-lint reports them`;
  await checks.run(
    UNOPENED,
    async () => {
      assert(
        unopened.length > 0,
        `mcpdesc-lint reports no problem in any file other than ${INVALID_FILE}; the example workspace needs one`,
      );
      await showProblems(page);
      for (const [file, expected] of unopened) {
        await filterProblems(page, `**/${file}`);
        await waitForProblems(
          page,
          (files) => {
            const shown = files.find((f) => f.path === file);
            if (!shown || shown.count !== expected.length || shown.rows.length !== expected.length) return undefined;
            return expected.every((e) => shown.rows.some((row) => sameProblem(row, e))) ? true : undefined;
          },
          WORKSPACE_SCAN_TIMEOUT_MS,
          `${file} with ${describeExpected(expected)}`,
        );
        assert(
          (await editorTab(page, file.split('/').pop() as string).count()) === 0,
          `${file} is open in an editor; the check needs it unopened`,
        );
        checks.log(`${file}: ${describeExpected(expected)}`);
      }
      await filterProblems(page, '');
      await shot('6-unopened-files-problems');
    },
    { expectedFailure: expectedUnopenedFailure },
  );

  const STATUS = '4. the status bar problem count matches the Problems panel and mcpdesc-lint';
  await checks.run(STATUS, async () => {
    await showProblems(page);
    await filterProblems(page, '');
    await collapseAllProblems(page);
    // While unopened files show nothing and that is expected (check 3's mark), only the opened file counts.
    const onlyOpened = checks.outcome(UNOPENED) === 'expected failure';
    const reportedNow = problemsReportedByCli(options.cli, options.workspace).filter(
      (problem) => !onlyOpened || problem.file === INVALID_FILE,
    );
    if (onlyOpened) checks.log(`counting only ${INVALID_FILE}'s problems (${expectedUnopenedFailure})`);
    const expectedTotal = reportedNow.length;
    const deadline = Date.now() + UI_TIMEOUT_MS;
    for (;;) {
      const files = await readProblems(page);
      const panelTotal = files.reduce((sum, f) => sum + f.count, 0);
      const status = await readStatusBarProblems(page);
      const statusTotal = status.errors + status.warnings + status.infos;
      const badgeTotal = await readProblemsBadgeTotal(page);
      const state =
        `status bar ${status.errors} errors, ${status.warnings} warnings, ${status.infos} infos; ` +
        `Problems panel ${panelTotal} (${files.map((f) => `${f.path}: ${f.count}`).join(', ') || 'none'}); tab badge ${badgeTotal}; ` +
        `mcpdesc-lint ${expectedTotal}`;
      if (statusTotal === expectedTotal && panelTotal === expectedTotal && badgeTotal === expectedTotal && expectedTotal > 0) {
        checks.log(state);
        break;
      }
      if (Date.now() > deadline) throw new Error(`counts differ: ${state}`);
      await page.waitForTimeout(250); // polling interval of a condition, not a fixed sleep
    }
    await shot('7-status-bar-and-problems');
  });

  // These edit documents; they come after the checks that compare the whole workspace with mcpdesc-lint.
  const editing: EditingContext = {
    page,
    checks,
    workspace: options.workspace,
    cli: options.cli,
    userData: options.userData,
    shot,
  };
  await checks.run('5. completion in a url-mode step\'s "declaration": "|" focuses our item for a url-mode declaration', () =>
    completionInUrlModeStep(editing),
  );
  await checks.run("6. one JSON syntax error (a deleted closing brace) is one problem in the Problems panel, VS Code's own", () =>
    oneProblemPerSyntaxError(editing),
  );
  await checks.run(
    '7. with editor.codeActionsOnSave {"source.fixAll.mcpdesc": "explicit"}, saving a document applies its fixes',
    () => fixOnSave(editing),
  );
  await checks.run("8. the status item on a JSON file that is not an mcpdesc document says so, not the workspace's count", () =>
    statusItemOnUncheckedFile(editing),
  );
  await checks.run('9. a rename the server refuses shows its reason and edits nothing', () => refusedRename(editing));
  await checks.run('10. completion inside a tool offers the members it lacks, described, and none it has', () =>
    completionInsideTool(editing),
  );
  await checks.run('11. hover on inputSchema describes it and names its specification section', () =>
    hoverOnInputSchema(editing),
  );

  if (!options.negativeControl)
    checks.log(`Problems panel at the end: ${describeProblems(await readProblems(page).catch(() => []))}`);
  await browser.close();
  checks.log('browser closed');
  return checks.finish();
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    console.log('\ne2e: 0 passed, 1 failed');
    process.exit(1);
  },
);
