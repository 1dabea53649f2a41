// Completion and hover from the format's schema in the real editor (issue 35): inside a tool, the
// suggestions offer the members it does not have yet, with their descriptions, and not those it has;
// hovering `inputSchema` describes it and names the specification section. The oracle is the
// document's own JSON (which members the tool has), not the server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import type { EditingContext } from './editingChecks';
import { INVALID_FILE } from './scenario';
import { positionOf } from './source-position';
import {
  center,
  dirtyTab,
  goToPosition,
  hoverText,
  openFile,
  openSuggestions,
  runCommand,
  UI_TIMEOUT_MS,
  waitForNoSquiggleOn,
} from './workbench';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Members a tool may have that the format's 0.8.0 text describes (spec §9.1). */
const TOOL_MEMBERS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execution', 'examples'];

/** The first tool of the file: its members, and the line of its `"description"` (a new member goes after it). */
function firstTool(text: string): { members: string[]; descriptionEnd: { line: number; column: number } } {
  const tools = (parse(text, [], { allowTrailingComma: true }) as { tools?: Array<Record<string, unknown>> }).tools ?? [];
  const tool = tools[0];
  assert(tool, `${INVALID_FILE} has no tool`);
  const description = /"description"\s*:\s*"[^"\n]*",?/.exec(text.slice(text.indexOf('"tools"')));
  assert(description, `the first tool of ${INVALID_FILE} has no one-line "description"`);
  const end = text.indexOf('"tools"') + description.index + description[0].length;
  return { members: Object.keys(tool), descriptionEnd: positionOf(text, end) };
}

/** 10. A new line inside a tool, `"` typed: the suggestions are its missing members, described; none it has. */
export async function completionInsideTool(context: EditingContext): Promise<void> {
  const { page, checks, workspace } = context;
  const text = readFileSync(join(workspace, INVALID_FILE), 'utf8');
  const { members, descriptionEnd } = firstTool(text);
  const missing = TOOL_MEMBERS.filter((member) => !members.includes(member));
  assert(missing.length > 0 && members.includes('inputSchema'), `the first tool of ${INVALID_FILE} has ${members.join(', ')}`);
  await openFile(page, INVALID_FILE);
  await goToPosition(page, descriptionEnd.line, descriptionEnd.column);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"');
  checks.log(`typed a new line and " after the first tool's description (line ${descriptionEnd.line})`);
  try {
    const { focused, rows } = await openSuggestions(page, UI_TIMEOUT_MS);
    const labels = rows.map((row) => row.label);
    checks.log(`suggestions: ${rows.map((row) => `${row.label}${row.description ? ` (${row.description})` : ''}`).join(' | ')}`);
    const offered = missing.filter((member) => labels.includes(`"${member}"`));
    assert(offered.length > 0, `none of the tool's missing members (${missing.join(', ')}) is suggested`);
    const repeated = members.filter((member) => labels.includes(`"${member}"`));
    assert(repeated.length === 0, `members the tool has are suggested again: ${repeated.join(', ')}`);
    // Ctrl+Space again shows the focused item's documentation beside the list.
    await page.keyboard.press('Control+Space');
    const details = page.locator('.suggest-details').filter({ hasText: 'Specification: MCP Description 0.8.0' }).first();
    await details.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const shown = (await details.innerText()).replace(/\s+/g, ' ').trim();
    checks.log(`${focused.label} described: ${shown}`);
    assert(/§9\.1 Tool Object/.test(shown), `the description of ${focused.label} does not name §9.1 Tool Object: ${shown}`);
    await context.shot('13-member-completion');
  } finally {
    await page.keyboard.press('Escape');
    await runCommand(page, 'File: Revert File');
  }
  await dirtyTab(page, INVALID_FILE).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  checks.log(`reverted: ${INVALID_FILE} has no unsaved changes`);
}

/** 11. Hovering the first tool's `inputSchema` key describes the member and names its specification section. */
export async function hoverOnInputSchema(context: EditingContext): Promise<void> {
  const { page, checks, workspace } = context;
  const text = readFileSync(join(workspace, INVALID_FILE), 'utf8');
  const at = positionOf(text, text.indexOf('"inputSchema"'));
  await openFile(page, INVALID_FILE);
  await goToPosition(page, at.line, at.column + 2);
  const box = await waitForNoSquiggleOn(page, /"inputSchema"/, '"inputSchema"', UI_TIMEOUT_MS);
  const hover = await hoverText(page, center(box), 'whose root describes an object', UI_TIMEOUT_MS);
  checks.log(`hover: ${hover}`);
  assert(hover.includes('inputSchema (required)'), `the hover does not name inputSchema as required: ${hover}`);
  assert(hover.includes('MCP Description 0.8.0 §9.1 Tool Object'), `the hover does not name the spec section: ${hover}`);
  await context.shot('14-member-hover');
  await page.mouse.move(5, 5);
}
