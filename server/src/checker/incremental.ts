// Re-checking after an edit. Neither rule looks across tools, so an edit that stays strictly
// inside one element of `tools` can only change that tool's findings: re-parse that element's
// text alone, re-check that tool, and shift everything after it. JSON and YAML alike (YAML's
// conditions, aliases and all, are in incrementalYaml.ts). Anything less certain falls back to a
// full check, and differential tests hold both paths to the same diagnostics.
//
// An edit in a document of hundreds of tools costs little more than its tool's re-parse: in JSON
// the tools after the edit move at once, the nodes inside them only when something reads the tree
// (OwedShifts); the line index carries the later lines' move (lineIndex.ts); the whole text is
// searched for suppression comments only when it has or gains a directive's prefix.
import { documentCheckOf, formatOf, parseAndFind, schemaCache, type CheckParts, type DocumentCheck } from './check';
import { LineIndex } from './syntax/lineIndex';
import { DocumentSchemas } from './schema/documentSchemas';
import { withDocumentBudget } from './timeBudget';
import { RULE_REGISTRY, scopesRunningOn, type Finding } from './rules/registry';
import type { NotChecked } from './notChecked';
import { toolNameCounts, toolsArrayOf } from './model/documentModel';
import { memberOf, stringOf, valueOf } from './syntax/tree';
import type { SyntaxNode } from './syntax/tree';
import { changeMayWriteDirective, findSuppressions, mayHoldDirectives, type Suppression } from './rules/suppressions';

import type { CheckOptions, DocumentFormat, OffsetEdit } from './types';
import { OwedShifts } from './syntax/owedShifts';
import { replaceItem } from './syntax/nodePositions';
import { syntaxOf } from './syntax/syntaxOf';
import type { ChangeSpan, Syntax } from './syntax/syntax';

export type { ChangeSpan } from './syntax/syntax';

/** The single span covering `first` then `second` (second's offsets are in the text after first). */
export function composeChanges(first: ChangeSpan, second: ChangeSpan): ChangeSpan {
  const start = Math.min(first.offset, second.offset);
  const endAfterFirst = Math.max(first.offset + first.newLength, second.offset + second.length);
  const endBefore = endAfterFirst - first.newLength + first.length;
  const endAfterSecond = endAfterFirst - second.length + second.newLength;
  return { offset: start, length: endBefore - start, newLength: endAfterSecond - start };
}

/** Characters compared at once while looking for where two texts start and stop differing. */
const COMPARED_AT_ONCE = 4096;

/**
 * The one span in which `after` differs from `before` (their common prefix and suffix left out):
 * what a whole-text replacement changed, so an undo or a client that sends whole texts can still
 * take the one-tool shortcut. Compared a block at a time (a native comparison), then by character.
 */
export function changeBetween(before: string, after: string): ChangeSpan {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (
    prefix + COMPARED_AT_ONCE <= shorter &&
    before.slice(prefix, prefix + COMPARED_AT_ONCE) === after.slice(prefix, prefix + COMPARED_AT_ONCE)
  ) {
    prefix += COMPARED_AT_ONCE;
  }
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  const room = shorter - prefix;
  let suffix = 0;
  while (
    suffix + COMPARED_AT_ONCE <= room &&
    before.slice(before.length - suffix - COMPARED_AT_ONCE, before.length - suffix) ===
      after.slice(after.length - suffix - COMPARED_AT_ONCE, after.length - suffix)
  ) {
    suffix += COMPARED_AT_ONCE;
  }
  while (suffix < room && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { offset: prefix, length: before.length - prefix - suffix, newLength: after.length - prefix - suffix };
}

export class IncrementalDocument {
  /** The parts of the last check; undefined when the next one must be whole (a text the syntax's shortcut cannot follow). */
  private parts: CheckParts | undefined;
  /** What the check's options read the text as: handed to the check, never looked at here. */
  private readonly format: DocumentFormat;
  /** The text's syntax: what it says of tools (where an edit falls, re-parsing one) is the shortcut's only syntax knowledge. */
  private readonly syntax: Syntax;
  private lines: LineIndex;
  private current: DocumentCheck;
  /** What the current tree's nodes still owe of the shortcut's moves (a new tree starts with none). */
  private owed = new OwedShifts();
  /** Whether the text contains a directive's prefix: if not, and an edit writes none, it has no suppressions. */
  private directivePrefixSeen = false;
  /** How many tools bear each name: the shortcut keeps every name, so it holds until a full check. */
  private nameCounts: Map<string, number> | undefined;
  /** Whether the last update took the one-tool shortcut (for tests and the benchmark). */
  lastUpdateWasIncremental = false;

  constructor(
    private text: string,
    private readonly options: CheckOptions,
  ) {
    this.format = formatOf(options);
    this.syntax = syntaxOf(this.format);
    this.lines = new LineIndex(text);
    this.current = withDocumentBudget(() => this.checkWhole(text), text.length);
  }

  get result(): DocumentCheck {
    return this.current;
  }

  /** Moves to `newText`; `change` (when known) says where it differs from the previous text. */
  update(newText: string, change?: ChangeSpan): DocumentCheck {
    return withDocumentBudget(() => this.apply(newText, change === undefined ? undefined : [change]), newText.length);
  }

  /**
   * Moves to `newText`, the current text with `edits` applied (sorted and apart, in the current
   * text's offsets, as fix-all applies a round's fixes): the tools they fall in are re-parsed and
   * re-checked one by one, in order, each with the tools before it already moved to the new text's
   * offsets; anything else, as after any edit the shortcut cannot take, is a full check. The DocumentCheck
   * this document gave before is not to be read after (its nodes and findings moved).
   */
  updateWithEdits(newText: string, edits: readonly OffsetEdit[]): DocumentCheck {
    return withDocumentBudget(() => this.apply(newText, toolChangesOf(edits, this.parts, this.syntax)), newText.length);
  }

  /** `changes`: in the current text's offsets, sorted and apart, at most one per tool. */
  private apply(newText: string, changes: ChangeSpan[] | undefined): DocumentCheck {
    this.lastUpdateWasIncremental = changes !== undefined && changes.length > 0 && this.tryTools(newText, changes);
    if (this.lastUpdateWasIncremental) {
      const suppressions =
        this.directivePrefixSeen || inNewOffsets(changes!).some((change) => changeMayWriteDirective(newText, change))
          ? this.suppressionsOf(newText)
          : [];
      this.text = newText;
      this.current = documentCheckOf(
        newText,
        this.format,
        this.lines,
        this.parts!,
        this.options,
        undefined,
        suppressions,
      ).settleTreeWith(this.owed.settle);
    } else {
      this.lines = new LineIndex(newText);
      this.current = this.checkWhole(newText);
    }
    return this.current;
  }

  /**
   * Every change taken by the one-tool shortcut, in order; false as soon as one cannot be (the
   * tools before it are then re-parsed already: the caller checks the whole text, which starts over).
   */
  private tryTools(newText: string, changes: readonly ChangeSpan[]): boolean {
    const total = changes.reduce((sum, change) => sum + change.newLength - change.length, 0);
    if (newText.length !== this.text.length + total) return false;
    const moved = inNewOffsets(changes);
    const rechecked = new Set<number>();
    const oldEnds: number[] = [];
    let lastIndex = -1;
    for (let index = 0; index < changes.length; index++) {
      const oldShift = moved[index].offset - changes[index].offset;
      const taken = this.tryOneTool(newText, moved[index], oldShift, lastIndex);
      if (!taken) return false;
      lastIndex = taken.index;
      rechecked.add(taken.index);
      oldEnds.push(taken.oldEnd);
    }
    shiftOtherFindings(this.parts!, rechecked, oldEnds, changes);
    this.lines = changes.length === 1 ? this.lines.withChange(newText, changes[0]) : new LineIndex(newText);
    return true;
  }

  private checkWhole(text: string): DocumentCheck {
    this.text = text;
    this.owed = new OwedShifts();
    this.nameCounts = undefined;
    const parts = parseAndFind(text, this.format, false, this.options);
    this.parts = parts.roots.length === 1 && this.syntax.allowsToolEdits(text, parts.roots[0]) ? parts : undefined;
    return documentCheckOf(text, this.format, this.lines, parts, this.options, undefined, this.suppressionsOf(text));
  }

  private suppressionsOf(text: string): Suppression[] {
    this.directivePrefixSeen = mayHoldDirectives(text);
    return this.directivePrefixSeen ? findSuppressions(text, this.format, this.lines) : [];
  }

  /**
   * The one-tool shortcut for `change`, given in the offsets of the tree as it is (the text before
   * it with the changes before it made, `oldShift` characters longer there than this.text): the
   * index of the tool it re-checked and where that tool ended in this.text, or undefined when it
   * cannot be taken (nothing is changed then). A tool at or before `after` cannot be taken (two
   * changes in one tool are one change). The findings of the other tools, and those outside
   * tools, are left where they were in this.text (tryTools moves them, once for every change).
   */
  private tryOneTool(
    newText: string,
    change: ChangeSpan,
    oldShift: number,
    after: number,
  ): { index: number; oldEnd: number } | undefined {
    const parts = this.parts;
    if (!parts || parts.failure !== undefined || parts.ruleFailures !== undefined || parts.syntaxErrors.length > 0)
      return undefined;
    const root = parts.roots[0];
    const tools = root?.type === 'object' ? toolsArrayOf(root) : undefined;
    const elements = tools?.items;
    if (!tools || !elements || elements.length === 0) return undefined;
    const syntax = this.syntax;
    const index = syntax.toolHolding(elements, change);
    if (index < 0 || index <= after) return undefined;
    const old = elements[index];
    if (old.type !== 'object') return undefined;

    const delta = change.newLength - change.length;
    const replacement = syntax.reparseTool(this.text, newText, elements, index, change, oldShift);
    if (!replacement) return undefined;
    // Messages tell same-named tools apart, so a renamed tool can change other tools' messages.
    if (!sameTitleParts(old, replacement)) return undefined;
    replaceItem(tools, index, replacement);
    this.owed.forget(old);
    syntax.placeTool(replacement, delta, change, this.owed);

    const nameCounts = (this.nameCounts ??= toolNameCounts(elements));
    const schemas = new DocumentSchemas(schemaCache, syntax.valueSourceText(newText));
    const context = { root, tool: replacement, index, elements, nameCounts, schemas };
    // Every rule that ran, in the registry's order: a tool's findings depend on that tool alone (and
    // on what lies outside every tool: the root's protocolVersions, components); the findings outside
    // the tools never lie inside one.
    const runs = scopesRunningOn(root, this.options);
    parts.found.forEach((perRoot, ruleIndex) => {
      const rule = RULE_REGISTRY[ruleIndex];
      if (perRoot && runs(rule.scope)) perRoot[0].tools[index] = rule.checkTool(context);
    });
    return { index, oldEnd: old.offset - oldShift + old.length };
  }
}

/**
 * Moves the findings the changes did not re-check to the new text's offsets, each once: by what the
 * changes that end before it (where their tools ended, `oldEnds`, in the old text's offsets) added.
 * A finding is moved by where it is, not by which tool it belongs to: a later tool's finding can lie
 * before an edit (at the anchor a YAML alias in it stands for), declaration findings can sit outside
 * their tool (in a component a $componentRef names), and resources, resource templates and prompts
 * may come before or after `tools`. Moved change by change, a round of fix-all editing 500 tools of
 * a document with 150,000 findings moved 75 million of them.
 */
function shiftOtherFindings(
  parts: CheckParts,
  rechecked: ReadonlySet<number>,
  oldEnds: readonly number[],
  changes: readonly ChangeSpan[],
): void {
  const added: number[] = [];
  let total = 0;
  for (const change of changes) added.push((total += change.newLength - change.length));
  const move = (findings: ReadonlyArray<Finding | NotChecked>) => {
    for (const finding of findings) {
      // How many of the changed tools ended at or before the finding.
      let low = 0;
      let high = oldEnds.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (oldEnds[middle] <= finding.offset) low = middle + 1;
        else high = middle;
      }
      if (low > 0) finding.offset += added[low - 1];
    }
  };
  for (const perRoot of parts.found) {
    const found = perRoot?.[0];
    if (!found) continue;
    found.tools.forEach((tool, index) => {
      if (rechecked.has(index)) return;
      move(tool.findings);
      move(tool.notChecked);
    });
    move(found.others);
    move(found.othersNotChecked);
  }
}

/** Each of `changes` (in the old text's offsets) where it starts once the changes before it are made. */
function inNewOffsets(changes: readonly ChangeSpan[]): ChangeSpan[] {
  let shift = 0;
  return changes.map((change) => {
    const moved = shift === 0 ? change : { ...change, offset: change.offset + shift };
    shift += change.newLength - change.length;
    return moved;
  });
}

/**
 * A round of edits (sorted, apart) as one change per tool of the last parse they fall in, in the
 * old text's offsets; undefined when one falls outside every tool (or there is no parse to place
 * them in): the round is then checked whole.
 */
function toolChangesOf(edits: readonly OffsetEdit[], parts: CheckParts | undefined, syntax: Syntax): ChangeSpan[] | undefined {
  const root = parts?.roots[0];
  const elements = root?.type === 'object' ? toolsArrayOf(root)?.items : undefined;
  if (!elements || elements.length === 0) return undefined;
  const changes: ChangeSpan[] = [];
  let lastTool = -1;
  for (const edit of edits) {
    const change = { offset: edit.offset, length: edit.length, newLength: edit.newText.length };
    const tool = syntax.toolHolding(elements, change);
    if (tool < 0) return undefined;
    if (tool === lastTool) {
      const previous = changes[changes.length - 1];
      const end = change.offset + change.length;
      changes[changes.length - 1] = {
        offset: previous.offset,
        length: end - previous.offset,
        newLength: previous.newLength + (change.offset - previous.offset - previous.length) + change.newLength,
      };
    } else {
      changes.push(change);
      lastTool = tool;
    }
  }
  return changes;
}

/** Whether a tool keeps what other tools' messages may name it by: its name and protocol scope. */
function sameTitleParts(old: SyntaxNode, replacement: SyntaxNode): boolean {
  const scope = (tool: SyntaxNode) => {
    const versions = memberOf(tool, 'protocolVersions');
    return versions ? JSON.stringify(valueOf(versions)) : undefined;
  };
  return stringOf(memberOf(replacement, 'name')) === stringOf(memberOf(old, 'name')) && scope(old) === scope(replacement);
}
