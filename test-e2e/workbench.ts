// Drives VS Code's workbench (code-server in Chromium) the way a user does, and reads back what a
// user sees through the DOM and its aria-labels. No fixed sleeps: every wait is for something visible.
import type { Locator, Page } from 'playwright-core';

export const UI_TIMEOUT_MS = 30_000;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProblemRow {
  severity: 'Error' | 'Warning' | 'Info';
  message: string;
  line: number;
  column: number;
  source: string;
  /** The row's visible text; it also shows the diagnostic's code (the rule id). */
  text: string;
}

export interface ProblemsByFile {
  /** The file's name, as on its row. */
  file: string;
  /** Workspace-relative path with forward slashes (the row names the file and its folder). */
  path: string;
  /** Rows under this file whose aria-label did not parse (shown in failure messages). */
  unparsed: string[];
  /** The count VS Code states on the file's row ("N problems in file ..."). */
  count: number;
  rows: ProblemRow[];
}

export interface StatusBarCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export async function waitForWorkbench(page: Page, url: string, timeoutMs: number): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: timeoutMs });
}

/** The active editor's tab for `fileName`. */
export function editorTab(page: Page, fileName: string): Locator {
  return page.locator('.tabs-container .tab').filter({ hasText: fileName });
}

/** The tab of `fileName` while it shows unsaved changes. */
export function dirtyTab(page: Page, fileName: string): Locator {
  return page.locator('.tabs-container .tab.dirty').filter({ hasText: fileName }).first();
}

/**
 * Opens a file the way a user does: a click on its row in the Explorer when it shows there, else
 * Quick Open (Ctrl+P), type its name, Enter. (Quick Open waits for a file search, slow on a busy machine.)
 */
export async function openFile(page: Page, fileName: string): Promise<void> {
  const explorerRow = page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: fileName }).first();
  if (await explorerRow.isVisible()) {
    await explorerRow.click();
  } else {
    await quickOpen(page, fileName);
  }
  await editorTab(page, fileName).first().waitFor({ timeout: UI_TIMEOUT_MS });
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: UI_TIMEOUT_MS });
}

async function quickOpen(page: Page, fileName: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT_MS });
  await input.fill(fileName);
  await page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ hasText: fileName })
    .first()
    .waitFor({ timeout: UI_TIMEOUT_MS });
  await page.keyboard.press('Enter');
}

/** Moves the cursor to a 1-based line and column with Go to Line (Ctrl+G), scrolling it into view. */
export async function goToPosition(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT_MS });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/**
 * Where `token` is drawn in the editor, on the rendered line that matches `linePattern` (whose match
 * must END with the token), when an error squiggle is (want 'squiggled') or is not (want 'clean')
 * drawn over it; null otherwise. Runs in the page, so it is self-contained. Rendered lines use
 * no-break spaces; they are compared as plain spaces.
 */
function tokenBoxWhen(arg: { linePattern: string; token: string; want: 'squiggled' | 'clean' }): Rect | null {
  const pattern = new RegExp(arg.linePattern);
  const lines = Array.from(document.querySelectorAll('.editor-instance .monaco-editor .view-lines .view-line'));
  for (const line of lines) {
    const text = (line.textContent ?? '').replace(/\u00a0/g, ' ');
    const match = pattern.exec(text);
    if (!match) continue;
    const start = match.index + match[0].length - arg.token.length;
    const end = start + arg.token.length;
    const range = document.createRange();
    let seen = 0;
    let startSet = false;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = (node.textContent ?? '').length;
      if (!startSet && start < seen + length) {
        range.setStart(node, start - seen);
        startSet = true;
      }
      if (startSet && end <= seen + length) {
        range.setEnd(node, end - seen);
        break;
      }
      seen += length;
    }
    if (!startSet) return null;
    const box = range.getBoundingClientRect();
    const squiggled = Array.from(document.querySelectorAll('.editor-instance .monaco-editor .squiggly-error')).some((el) => {
      const s = el.getBoundingClientRect();
      const horizontal = s.left < box.right - 1 && s.right > box.left + 1;
      const vertical = s.top < box.bottom && s.bottom > box.top;
      return horizontal && vertical;
    });
    if (squiggled !== (arg.want === 'squiggled')) return null;
    return { x: box.x, y: box.y, width: box.width, height: box.height };
  }
  return null;
}

/** Waits until `token` (see tokenBoxWhen) is on screen with an error squiggle over it; returns its box. */
export async function waitForSquiggleOn(page: Page, linePattern: RegExp, token: string, timeoutMs: number): Promise<Rect> {
  const handle = await page
    .waitForFunction(
      tokenBoxWhen,
      { linePattern: linePattern.source, token, want: 'squiggled' as const },
      { timeout: timeoutMs, polling: 250 },
    )
    .catch(() => {
      throw new Error(`no error squiggle over ${token} (on a line matching ${linePattern}) within ${timeoutMs / 1000}s`);
    });
  return (await handle.jsonValue()) as Rect;
}

/** Waits until `token` is on screen with NO error squiggle over it; returns its box. */
export async function waitForNoSquiggleOn(page: Page, linePattern: RegExp, token: string, timeoutMs: number): Promise<Rect> {
  const handle = await page
    .waitForFunction(
      tokenBoxWhen,
      { linePattern: linePattern.source, token, want: 'clean' as const },
      { timeout: timeoutMs, polling: 250 },
    )
    .catch(() => {
      throw new Error(
        `the error squiggle over ${token} (on a line matching ${linePattern}) was still there after ${timeoutMs / 1000}s`,
      );
    });
  return (await handle.jsonValue()) as Rect;
}

export function center(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/**
 * Hovers the point and waits for the hover widget to show `expected`. A hover can be dismissed by an
 * unrelated repaint, so the pointer leaves and comes back a few times before giving up.
 */
export async function hoverText(page: Page, at: { x: number; y: number }, expected: string, timeoutMs: number): Promise<string> {
  const hover = page.locator('.monaco-hover').filter({ hasText: expected }).first();
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    await page.mouse.move(5, 5);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    try {
      await hover.waitFor({ state: 'visible', timeout: Math.min(8_000, Math.max(1, deadline - Date.now())) });
      return (await hover.innerText()).replace(/\s+/g, ' ').trim();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`no hover showing '${expected}'`);
}

/** Opens the Quick Fix menu (Ctrl+.) at the cursor and waits for an entry starting with `title`. */
export async function openQuickFixMenu(
  page: Page,
  title: string,
  timeoutMs: number,
): Promise<{ entry: Locator; entries: string[] }> {
  const rows = page.locator('.action-widget .monaco-list-row');
  const entry = rows.filter({ hasText: title }).first();
  // On a busy machine the first Ctrl+. can land while the editor is still taking the code actions in
  // and open nothing: pressed again (a user would) until the entry shows or the time is up.
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    try {
      await entry.waitFor({ state: 'visible', timeout: Math.min(5_000, Math.max(1, deadline - Date.now())) });
      break;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      console.log(`  Quick Fix menu not showing after Ctrl+. (attempt ${attempt}); pressing it again`);
      await page.keyboard.press('Escape');
    }
  }
  const entries = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  return { entry, entries };
}

/** Shows the Problems panel (Ctrl+Shift+M toggles it, so only when it is not showing already). */
export async function showProblems(page: Page): Promise<void> {
  const panel = page.locator('.markers-panel');
  if (!(await panel.isVisible())) await page.keyboard.press('Control+Shift+M');
  await panel.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Types into the Problems panel's filter box ('' clears it). */
export async function filterProblems(page: Page, filter: string): Promise<void> {
  const input = page.locator('.panel .viewpane-filter input').first();
  await input.waitFor({ timeout: UI_TIMEOUT_MS });
  await input.fill(filter);
}

const MARKER_LABEL = /^(Error|Warning|Info): ([\s\S]*) at line (\d+) and character (\d+)\. generated by ([\s\S]*)$/;
const FILE_LABEL = /^(\d+) problems? in file (.+?) of folder (.+)$/;

/** The Problems panel's rows as shown (tree view: a file row, then its problem rows). */
export async function readProblems(page: Page): Promise<ProblemsByFile[]> {
  const rows = await page.locator('.markers-panel .monaco-list-row').evaluateAll((elements) =>
    elements.map((element) => ({
      level: element.getAttribute('aria-level') ?? '',
      label: element.getAttribute('aria-label') ?? '',
      text: (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    })),
  );
  const files: ProblemsByFile[] = [];
  for (const row of rows) {
    const fileMatch = FILE_LABEL.exec(row.label);
    if (fileMatch) {
      const folder = fileMatch[3].replace(/\\/g, '/');
      const path = folder === '.' || folder === '' ? fileMatch[2] : `${folder}/${fileMatch[2]}`;
      files.push({ file: fileMatch[2], path, count: Number(fileMatch[1]), rows: [], unparsed: [] });
      continue;
    }
    const marker = MARKER_LABEL.exec(row.label);
    if (marker && files.length > 0) {
      files[files.length - 1].rows.push({
        severity: marker[1] as ProblemRow['severity'],
        message: marker[2],
        line: Number(marker[3]),
        column: Number(marker[4]),
        source: marker[5],
        text: row.text,
      });
    } else if (files.length > 0) {
      files[files.length - 1].unparsed.push(row.label || row.text);
    }
  }
  return files;
}

/** Polls the Problems panel until `accept` returns a value (not undefined); returns that value. */
export async function waitForProblems<T>(
  page: Page,
  accept: (files: ProblemsByFile[]) => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: ProblemsByFile[];
  for (;;) {
    last = await readProblems(page);
    const accepted = accept(last);
    if (accepted !== undefined) return accepted;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs / 1000}s waiting for the Problems panel to show ${what}; it shows: ${describeProblems(last)}`,
      );
    }
    await page.waitForTimeout(250); // polling interval of a condition, not a fixed sleep
  }
}

export function describeProblems(files: ProblemsByFile[]): string {
  if (files.length === 0) return '(no problems)';
  return files
    .map(
      (f) =>
        `${f.path} [${f.count}]: ${[
          ...f.rows.map((r) => `${r.severity} L${r.line}:C${r.column} ${r.message}`),
          ...f.unparsed.map((label) => `(unparsed row) ${label}`),
        ].join(' | ')}`,
    )
    .join('; ');
}

/** Collapses every file in the Problems tree, so one row per file is rendered and none is virtualized away. */
export async function collapseAllProblems(page: Page): Promise<void> {
  const button = page.locator('.panel .title-actions .action-label[aria-label^="Collapse All"]').first();
  if (await button.isVisible()) await button.click();
}

/** The error / warning / info counts of the status bar's problems item. */
export async function readStatusBarProblems(page: Page): Promise<StatusBarCounts> {
  const item = page.locator('[id="status.problems"]').first();
  await item.waitFor({ timeout: UI_TIMEOUT_MS });
  return item.evaluate((element) => {
    const counts = { errors: 0, warnings: 0, infos: 0 };
    const label = element.querySelector('.statusbar-item-label') ?? element;
    let kind: keyof typeof counts | undefined;
    for (const node of Array.from(label.childNodes)) {
      if (node instanceof HTMLElement && node.classList.contains('codicon')) {
        kind = node.classList.contains('codicon-error')
          ? 'errors'
          : node.classList.contains('codicon-warning')
            ? 'warnings'
            : node.classList.contains('codicon-info')
              ? 'infos'
              : undefined;
      } else if (kind && node.nodeType === Node.TEXT_NODE) {
        const number = Number((node.textContent ?? '').trim());
        if (Number.isFinite(number)) counts[kind] = number;
        kind = undefined;
      }
    }
    return counts;
  });
}

/** The total on the Problems tab's badge ("Problems ... - Total N Problems"), 0 when there is none. */
export async function readProblemsBadgeTotal(page: Page): Promise<number> {
  const labels = await page
    .locator('[aria-label*="Total"][aria-label^="Problems"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  for (const label of labels) {
    const match = /Total (\d+) Problems?/.exec(label);
    if (match) return Number(match[1]);
  }
  return 0;
}

export interface SuggestionRow {
  /** The label as shown (`"authorize"`). */
  label: string;
  /** The text on its right: an item's labelDetails.description (our mode), else its detail. */
  description: string;
  /** The row's icon classes: `codicon-symbol-interface` for an Interface item, `codicon-symbol-value` for a Value. */
  icon: string;
  ariaLabel: string;
}

/**
 * Opens the suggest widget at the cursor (Ctrl+Space) and returns its focused row (the item VS Code
 * selected first, which Enter would insert) and all rendered rows. Pressed again, as a user would,
 * when the widget does not open on a busy machine.
 */
export async function openSuggestions(page: Page, timeoutMs: number): Promise<{ focused: SuggestionRow; rows: SuggestionRow[] }> {
  const widget = page.locator('.editor-widget.suggest-widget');
  const focusedRow = widget.locator('.monaco-list-row.focused');
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Space');
    try {
      await focusedRow.first().waitFor({ state: 'visible', timeout: Math.min(8_000, Math.max(1, deadline - Date.now())) });
      break;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      console.log(`  suggestions not showing after Ctrl+Space (attempt ${attempt}); pressing it again`);
      await page.keyboard.press('Escape');
    }
  }
  const read = (elements: Element[]): SuggestionRow[] =>
    elements.map((element) => ({
      label: (element.querySelector('.label-name')?.textContent ?? '').trim(),
      description: (element.querySelector('.details-label')?.textContent ?? '').trim(),
      icon: element.querySelector('.suggest-icon')?.className ?? '',
      ariaLabel: element.getAttribute('aria-label') ?? '',
    }));
  const [focused] = await focusedRow.evaluateAll(read);
  const rows = await widget.locator('.monaco-list-row').evaluateAll(read);
  return { focused, rows };
}

/** Runs a command by its title from the Command Palette (F1). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: UI_TIMEOUT_MS });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/**
 * Hovers the language status indicator (the `{}` next to the language name) and waits for the hover
 * to show a row holding `expected`; returns that hover's text.
 */
export async function languageStatusText(page: Page, expected: string, timeoutMs: number): Promise<string> {
  const indicator = page.locator('[id="status.languageStatus"]').first();
  await indicator.waitFor({ timeout: timeoutMs });
  const box = await indicator.boundingBox();
  if (!box) throw new Error('the language status indicator is not on screen');
  return hoverText(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, expected, timeoutMs);
}
