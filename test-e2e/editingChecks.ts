// The checks that edit documents the way a user types: completion in a url-mode step, a JSON syntax
// error reported once, and fix-on-save. Each reads what the user sees (the suggest widget, the
// Problems panel) and, where a file is saved, the file on disk, against an independent oracle (the
// document's own declarations, the command-line checker).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import type { Page } from 'playwright-core';
import { DIAGNOSTIC_SOURCE, SYNTAX_RULE_ID } from '../shared/src/rules';
import type { CheckRunner } from './checks';
import { problemsOfTextByCli, problemsReportedByCli, textFixedByCli } from './cli-oracle';
import { FIX_ON_SAVE_FILE, INVALID_FILE, NOT_MCPDESC_FILE, SYNTAX_FILE, UNKNOWN_NAME } from './scenario';
import { declarationPattern, findDeclarationValue, positionOf } from './source-position';
import {
  describeProblems,
  dirtyTab,
  filterProblems,
  goToPosition,
  languageStatusText,
  openFile,
  openSuggestions,
  runCommand,
  showProblems,
  UI_TIMEOUT_MS,
  waitForProblems,
  type ProblemRow,
} from './workbench';

/** The extension's output channel, whose log file code-server writes under the user data folder. */
const EXTENSION_LOG_NAME = 'MCP Description';

/** Saving runs the server's fix-all first; on a loaded machine that and the write may take a while. */
const SAVE_TIMEOUT_MS = 60_000;

export interface EditingContext {
  page: Page;
  checks: CheckRunner;
  workspace: string;
  cli: string;
  /** code-server's user data folder (its logs/ holds the extension's log). */
  userData: string;
  shot: (name: string) => Promise<void>;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface JsonStep {
  declaration?: unknown;
  request?: { mode?: unknown };
}
interface JsonTool {
  elicitations?: Array<{ name?: unknown; mode?: unknown }>;
  interactionExamples?: Record<string, { steps?: JsonStep[] }>;
}

/** The tool holding the step `"declaration": NAME`, and that step's request mode. */
function stepNaming(text: string, name: string): { tool: JsonTool; requestMode: unknown } | undefined {
  const tools = (parse(text, [], { allowTrailingComma: true }) as { tools?: JsonTool[] } | undefined)?.tools ?? [];
  for (const tool of tools) {
    for (const example of Object.values(tool.interactionExamples ?? {})) {
      const step = (example.steps ?? []).find((s) => s.declaration === name);
      if (step) return { tool, requestMode: step.request?.mode };
    }
  }
  return undefined;
}

function ours(row: ProblemRow): boolean {
  return row.source === DIAGNOSTIC_SOURCE;
}

/** 5. In a url-mode step, emptying `"declaration"` and asking for suggestions focuses our item for a url-mode declaration. */
export async function completionInUrlModeStep(context: EditingContext): Promise<void> {
  const { page, checks, workspace } = context;
  const text = readFileSync(join(workspace, INVALID_FILE), 'utf8');
  const anchor = findDeclarationValue(text, UNKNOWN_NAME);
  const step = stepNaming(text, UNKNOWN_NAME);
  assert(anchor && step, `${INVALID_FILE} has no step with "declaration": "${UNKNOWN_NAME}"`);
  assert(
    step.requestMode === 'url',
    `the step naming '${UNKNOWN_NAME}' in ${INVALID_FILE} must have a url-mode request (it has ${String(step.requestMode)})`,
  );
  const declarations = step.tool.elicitations ?? [];
  const urlNames = declarations.filter((d) => d.mode === 'url').map((d) => String(d.name));
  assert(
    urlNames.length > 0 && declarations.some((d) => d.mode === 'form'),
    `the step's tool needs declarations of both modes; it has ${JSON.stringify(declarations.map((d) => [d.name, d.mode]))}`,
  );

  await openFile(page, INVALID_FILE);
  await goToPosition(page, anchor.line, anchor.column + 1);
  for (let i = 0; i < UNKNOWN_NAME.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Backspace');
  checks.log(`emptied the declaration at line ${anchor.line}: "declaration": "|"`);
  const { focused, rows } = await openSuggestions(page, UI_TIMEOUT_MS);
  checks.log(
    `suggestions: ${rows.map((r) => `${r.label}${r.description ? ` (${r.description})` : ''}${r.ariaLabel === focused.ariaLabel ? ' [focused]' : ''}`).join(' | ')}`,
  );
  await context.shot('8-completion');
  try {
    assert(
      focused.icon.includes('codicon-symbol-interface'),
      `the focused suggestion ${focused.label} is not ours (icon '${focused.icon}'; ours are Interface items)`,
    );
    const name = /^"(.*)"$/.exec(focused.label)?.[1];
    assert(
      name !== undefined && urlNames.includes(name),
      `the focused suggestion ${focused.label} is not a url-mode declaration of the step's tool (url mode: ${urlNames.join(', ')})`,
    );
    assert(
      focused.description === 'url',
      `the focused suggestion ${focused.label} says '${focused.description}' next to it, not 'url'`,
    );
    checks.log(`focused: ${focused.label}, ${focused.description} (an Interface item: ours)`);
  } finally {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Z');
  }
  await page
    .locator('.editor-instance .view-line')
    .filter({ hasText: declarationPattern(UNKNOWN_NAME) })
    .first()
    .waitFor({ timeout: UI_TIMEOUT_MS });
  await dirtyTab(page, INVALID_FILE).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  checks.log('undone: the declaration reads "missing" again and the file has no unsaved changes');
}

/**
 * 6. One JSON syntax error gives one problem, VS Code's own: the last closing brace deleted, then a
 * declaration reference misspelled. Our diagnostic for the misspelling is published from a text that
 * already lacks the brace, so when it shows, a syntax diagnostic of ours would show with it.
 */
export async function oneProblemPerSyntaxError(context: EditingContext): Promise<void> {
  const { page, checks, workspace, cli } = context;
  const path = join(workspace, SYNTAX_FILE);
  const text = readFileSync(path, 'utf8');
  const brace = positionOf(text, text.lastIndexOf('}'));
  const name = /"declaration"\s*:\s*"([^"\\]+)"/.exec(text)?.[1];
  assert(name, `${SYNTAX_FILE} has no step naming a declaration`);
  const reference = findDeclarationValue(text, name);
  assert(reference && reference.line < brace.line, `${SYNTAX_FILE}: no declaration reference before its last brace`);
  const misspelled = `${name}x`;
  // The text the editor will hold: the brace gone, the reference's name one letter longer.
  const braceOffset = text.lastIndexOf('}');
  const member = declarationPattern(name).exec(text);
  assert(member, `no "declaration": "${name}" in ${SYNTAX_FILE}`);
  const nameEnd = member.index + member[0].length - 1;
  const edited = text.slice(0, nameEnd) + 'x' + text.slice(nameEnd, braceOffset) + text.slice(braceOffset + 1);
  const expectedRule = problemsOfTextByCli(cli, SYNTAX_FILE, edited).filter((problem) => problem.code !== SYNTAX_RULE_ID);
  assert(
    expectedRule.some((p) => p.message.includes(misspelled)),
    `mcpdesc-lint reports no problem for '${misspelled}' in the broken ${SYNTAX_FILE}: ${JSON.stringify(expectedRule)}`,
  );

  await openFile(page, SYNTAX_FILE);
  await goToPosition(page, brace.line, brace.column + 1);
  await page.keyboard.press('Backspace');
  await goToPosition(page, reference.line, reference.column + 1 + name.length);
  await page.keyboard.type('x');
  await page.keyboard.press('Escape');
  checks.log(
    `deleted the closing brace at line ${brace.line}, column ${brace.column}; misspelled '${name}' as '${misspelled}' at line ${reference.line}`,
  );

  await showProblems(page);
  await filterProblems(page, `**/${SYNTAX_FILE}`);
  const shown = await waitForProblems(
    page,
    (files) => {
      const file = files.find((f) => f.path === SYNTAX_FILE);
      const misspelling = file?.rows.some((r) => ours(r) && r.message.includes(`'${misspelled}'`));
      const editorsOwn = file?.rows.some((r) => !ours(r));
      return file && misspelling && editorsOwn && file.rows.length === file.count ? file : undefined;
    },
    UI_TIMEOUT_MS,
    `our problem for '${misspelled}' and VS Code's syntax error in ${SYNTAX_FILE}`,
  );
  await context.shot('9-one-syntax-error');
  checks.log(`Problems panel: ${describeProblems([shown])}`);
  const syntax = shown.rows.filter((r) => !ours(r) || r.text.includes(SYNTAX_RULE_ID));
  assert(
    syntax.length === 1,
    `${syntax.length} syntax problems for one deleted brace: ${syntax.map((r) => `${r.source}: ${r.message}`).join(' | ')}`,
  );
  assert(!ours(syntax[0]), `the one syntax problem is ours, not VS Code's: ${syntax[0].message}`);
  assert(
    shown.count === expectedRule.length + 1,
    `${shown.count} problems in ${SYNTAX_FILE}; expected mcpdesc-lint's ${expectedRule.length} rule problem(s) and VS Code's one syntax error`,
  );
  checks.log(`one syntax problem (${syntax[0].source}: ${syntax[0].message}) and ${expectedRule.length} of ours`);

  await runCommand(page, 'File: Revert File');
  await dirtyTab(page, SYNTAX_FILE).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  checks.log(`reverted ${SYNTAX_FILE}`);
}

/** 7. With `editor.codeActionsOnSave` asking for our fix-all, saving a document applies its fixes. */
export async function fixOnSave(context: EditingContext): Promise<void> {
  const { page, checks, workspace, cli } = context;
  const path = join(workspace, FIX_ON_SAVE_FILE);
  const original = readFileSync(path, 'utf8');
  assert(original.endsWith('\n'), `${FIX_ON_SAVE_FILE} must end with a line break`);
  // The user's edit: one more line break at the end, so that there is something to save.
  const edited = `${original}\n`;
  const expected = textFixedByCli(cli, FIX_ON_SAVE_FILE, edited);
  assert(expected !== edited, `mcpdesc-lint --fix changes nothing in ${FIX_ON_SAVE_FILE}; the check needs a file with fixes`);
  assert(
    problemsOfTextByCli(cli, FIX_ON_SAVE_FILE, expected).length === 0,
    `mcpdesc-lint --fix leaves problems in ${FIX_ON_SAVE_FILE}; the check needs a file it fixes completely`,
  );
  const before = problemsReportedByCli(cli, workspace).filter((p) => p.file === FIX_ON_SAVE_FILE);
  assert(before.length > 0, `mcpdesc-lint reports no problem in ${FIX_ON_SAVE_FILE}`);

  // A user edits the workspace settings; the window title they also set shows when VS Code has read them.
  const marker = `mcpdesc-e2e fix-on-save ${process.pid}`;
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify(
      {
        'editor.codeActionsOnSave': { 'source.fixAll.mcpdesc': 'explicit' },
        'window.title': marker,
      },
      null,
      2,
    )}\n`,
  );
  await page
    .waitForFunction((title) => document.title.includes(title), marker, { timeout: UI_TIMEOUT_MS, polling: 250 })
    .catch(() => {
      throw new Error(`VS Code did not take in the workspace settings within ${UI_TIMEOUT_MS / 1000}s (window title: ${marker})`);
    });
  checks.log('workspace settings: editor.codeActionsOnSave {"source.fixAll.mcpdesc": "explicit"} in effect');

  await showProblems(page);
  await filterProblems(page, `**/${FIX_ON_SAVE_FILE}`);
  await waitForProblems(
    page,
    (files) => {
      const file = files.find((f) => f.path === FIX_ON_SAVE_FILE);
      return file && file.count === before.length ? true : undefined;
    },
    UI_TIMEOUT_MS,
    `${before.length} problem(s) in ${FIX_ON_SAVE_FILE}`,
  );
  checks.log(`before saving: ${before.length} problem(s) in ${FIX_ON_SAVE_FILE}`);

  await openFile(page, FIX_ON_SAVE_FILE.split('/').pop() as string);
  await goToPosition(page, original.split('\n').length, 1);
  await page.keyboard.press('Enter');
  const unsaved = dirtyTab(page, FIX_ON_SAVE_FILE.split('/').pop() as string);
  await unsaved.waitFor({ timeout: UI_TIMEOUT_MS });
  await page.keyboard.press('Control+S');
  await unsaved.waitFor({ state: 'detached', timeout: SAVE_TIMEOUT_MS });
  const saved = readFileSync(path, 'utf8');
  assert(saved !== edited, `${FIX_ON_SAVE_FILE} was saved without its fixes`);
  assert(
    saved === expected,
    `${FIX_ON_SAVE_FILE} as saved differs from what mcpdesc-lint --fix makes of it:\n--- saved\n${saved}\n--- mcpdesc-lint --fix\n${expected}`,
  );
  checks.log(`saved: ${FIX_ON_SAVE_FILE} on disk is what mcpdesc-lint --fix makes of it`);
  await context.shot('10-fix-on-save');

  // VS Code's JSON support may list problems of its own for the open file (its $schema cannot be loaded here).
  const left = await waitForProblems(
    page,
    (files) => {
      const file = files.find((f) => f.path === FIX_ON_SAVE_FILE);
      if (!file) return [];
      if (file.rows.length + file.unparsed.length < file.count) return undefined;
      const oursLeft = [
        ...file.rows.filter(ours).map((r) => r.message),
        ...file.unparsed.filter((label) => label.endsWith(`generated by ${DIAGNOSTIC_SOURCE}`)),
      ];
      return oursLeft.length === 0 ? file.rows.map((r) => `${r.source}: ${r.message}`) : undefined;
    },
    UI_TIMEOUT_MS,
    `none of our problems left in ${FIX_ON_SAVE_FILE}`,
  );
  checks.log(
    `none of our problems is listed for ${FIX_ON_SAVE_FILE} any more${left.length > 0 ? ` (VS Code's own: ${left.join(' | ')})` : ''}`,
  );
  await filterProblems(page, '');
}

/** 8. The status item on a JSON file that is not an mcpdesc document says so, not the workspace's problem count. */
export async function statusItemOnUncheckedFile(context: EditingContext): Promise<void> {
  const { page, checks } = context;
  await openFile(page, NOT_MCPDESC_FILE);
  const text = await languageStatusText(page, 'MCP Description: not an mcpdesc document', UI_TIMEOUT_MS);
  checks.log(`language status on ${NOT_MCPDESC_FILE}: ${text}`);
  assert(!/MCP Description: \d+ problems?/.test(text), `the status shows a problem count on ${NOT_MCPDESC_FILE}: ${text}`);
  await context.shot('11-status-not-checked');
  await page.mouse.move(5, 5);
  await openFile(page, INVALID_FILE);
  const checked = await languageStatusText(page, 'MCP Description: ', UI_TIMEOUT_MS);
  assert(
    /MCP Description: (\d+ problems?|no problems)/.test(checked),
    `on ${INVALID_FILE} the status shows no count: ${checked}`,
  );
  checks.log(`language status on ${INVALID_FILE}: ${checked}`);
  await page.mouse.move(5, 5);
}

/** 9. Renaming a declaration to a name its tool already declares: refused, the server's reason shown, nothing edited. */
export async function refusedRename(context: EditingContext): Promise<void> {
  const { page, checks, workspace } = context;
  const text = readFileSync(join(workspace, INVALID_FILE), 'utf8');
  const member = /"name"\s*:\s*"confirm"/.exec(text);
  assert(member, `${INVALID_FILE} declares no elicitation 'confirm'`);
  const at = positionOf(text, member.index + member[0].length - '"confirm"'.length);
  await openFile(page, INVALID_FILE);
  await goToPosition(page, at.line, at.column + 2);
  await page.keyboard.press('F2');
  const input = page.locator('.rename-box input').first();
  await input.waitFor({ timeout: UI_TIMEOUT_MS });
  await input.fill('authorize');
  await page.keyboard.press('Enter');
  const reason = "already declares an elicitation named 'authorize'";
  // VS Code shows a rename's reject reason as an information notification (older versions: a message at the cursor).
  const message = page.locator('.notification-toast, .monaco-editor-overlaymessage').filter({ hasText: reason }).first();
  await message.waitFor({ timeout: UI_TIMEOUT_MS }).catch(async () => {
    const shown = await page.locator('.notification-toast, .monaco-editor-overlaymessage').allInnerTexts();
    throw new Error(`no message saying "${reason}" after the rename; messages showing: ${shown.join(' | ') || 'none'}`);
  });
  checks.log(`the editor says: ${(await message.innerText()).replace(/\s+/g, ' ').trim()}`);
  await context.shot('12-rename-refused');
  assert((await dirtyTab(page, INVALID_FILE).count()) === 0, `${INVALID_FILE} was edited by a refused rename`);
  await page.keyboard.press('Escape');

  // The extension's log: the refusal as information, and no failed request (vscode-languageclient's own error line).
  const refusedLine = `[info] Rename to 'authorize' refused: `;
  const renameError = (line: string): boolean => line.includes('[error]') && line.includes('textDocument/rename');
  const log = await waitForLog(
    context.userData,
    (text) => text.includes(refusedLine) || text.split('\n').some(renameError),
    UI_TIMEOUT_MS,
    `line "${refusedLine}…" or error line for textDocument/rename`,
  );
  const errors = log.split('\n').filter(renameError);
  assert(errors.length === 0, `the extension logged the refused rename as an error: ${errors.join(' | ')}`);
  checks.log(
    `the extension's log: ${log
      .split('\n')
      .find((line) => line.includes(refusedLine))
      ?.replace(/^\S+ \S+ /, '')}; no error line for textDocument/rename`,
  );
}

/** The extension's log file (its output channel's name), once `accept` holds for its text. */
async function waitForLog(userData: string, accept: (text: string) => boolean, timeoutMs: number, what: string): Promise<string> {
  const logs = join(userData, 'logs');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(logs)
      ? readdirSync(logs, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith(`${EXTENSION_LOG_NAME}.log`))
      : [];
    const text = files.map((file) => readFileSync(join(logs, file), 'utf8')).join('\n');
    if (accept(text)) return text;
    if (Date.now() > deadline)
      throw new Error(
        `the extension's log (${files.join(', ') || `no ${EXTENSION_LOG_NAME}.log under ${logs}`}) has no ${what} after ${timeoutMs / 1000}s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250)); // polling interval of a condition, not a fixed sleep
  }
}
