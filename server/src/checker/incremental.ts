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
import {
  documentCheckOf,
  documentRulesOn,
  parseAndFind,
  runCheck,
  schemaCache,
  type CheckParts,
  type DocumentCheck,
} from './check';
import { LineIndex } from './syntax/lineIndex';
import { DocumentSchemas } from './schema/documentSchemas';
import { withDocumentBudget } from './timeBudget';
import { collectNotChecked } from './notChecked';
import { checkToolNode } from './rules/elicitation/elicitationConsistency';
import { checkToolDeclarations } from './rules/declarationValidity/declarationValidity';
import { checkToolDocumentRules } from './rules/document/documentRules';
import type { Finding } from './rules/elicitation/findings';
import { toolNameCounts, toolsArrayOf } from './model/documentModel';
import { memberOf, stringOf, valueOf } from './syntax/tree';
import type { SyntaxNode } from './syntax/tree';
import { changeMayWriteDirective, findSuppressions, mayHoldDirectives, type Suppression } from './rules/suppressions';

import type { CheckOptions } from './types';
import { OwedShifts } from './syntax/owedShifts';
import { replaceItem } from './syntax/nodePositions';
import { syntaxOf } from './syntax/syntaxOf';
import type { ChangeSpan } from './syntax/syntax';

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
  /** The parts of the last check; undefined when the next one must be whole (an unsupported syntax, or YAML the shortcut cannot follow). */
  private parts: CheckParts | undefined;
  private readonly format: 'json' | 'yaml';
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
    this.format = (options.format ?? 'json') === 'yaml' ? 'yaml' : 'json';
    this.lines = new LineIndex(text);
    this.current = withDocumentBudget(() => this.checkWhole(text), text.length);
  }

  get result(): DocumentCheck {
    return this.current;
  }

  /** Moves to `newText`; `change` (when known) says where it differs from the previous text. */
  update(newText: string, change?: ChangeSpan): DocumentCheck {
    return withDocumentBudget(() => this.apply(newText, change), newText.length);
  }

  private apply(newText: string, change?: ChangeSpan): DocumentCheck {
    this.lastUpdateWasIncremental = change !== undefined && this.tryOneTool(newText, change);
    if (this.lastUpdateWasIncremental) {
      this.text = newText;
      const suppressions =
        this.directivePrefixSeen || changeMayWriteDirective(newText, change!) ? this.suppressionsOf(newText) : [];
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

  private checkWhole(text: string): DocumentCheck {
    this.text = text;
    this.owed = new OwedShifts();
    this.nameCounts = undefined;
    const format = this.options.format ?? 'json';
    if (format !== 'json' && format !== 'yaml') {
      this.parts = undefined;
      return runCheck(text, this.options);
    }
    const parts = parseAndFind(text, format, false, documentRulesOn(this.options));
    this.parts = parts.roots.length === 1 && syntaxOf(format).allowsToolEdits(text, parts.roots[0]) ? parts : undefined;
    return documentCheckOf(text, format, this.lines, parts, this.options, undefined, this.suppressionsOf(text));
  }

  private suppressionsOf(text: string): Suppression[] {
    this.directivePrefixSeen = mayHoldDirectives(text);
    return this.directivePrefixSeen ? findSuppressions(text, this.format, this.lines) : [];
  }

  private tryOneTool(newText: string, change: ChangeSpan): boolean {
    const parts = this.parts;
    if (!parts || parts.failure !== undefined || parts.syntaxErrors.length > 0) return false;
    if (newText.length !== this.text.length + change.newLength - change.length) return false;
    const root = parts.roots[0];
    const tools = root?.type === 'object' ? toolsArrayOf(root) : undefined;
    const elements = tools?.items;
    if (!tools || !elements || elements.length === 0) return false;
    const syntax = syntaxOf(this.format);
    const index = syntax.toolHolding(elements, change);
    if (index < 0) return false;
    const old = elements[index];
    if (old.type !== 'object') return false;

    const delta = change.newLength - change.length;
    const replacement = syntax.reparseTool(this.text, newText, elements, index, change);
    if (!replacement) return false;
    // Messages tell same-named tools apart, so a renamed tool can change other tools' messages.
    if (!sameTitleParts(old, replacement)) return false;
    replaceItem(tools, index, replacement);
    this.owed.forget(old);
    syntax.placeTool(replacement, delta, change, this.owed);

    const findings = parts.findings[0];
    const notChecked = parts.notChecked[0];
    // A later tool's finding can lie before the edit (at the anchor a YAML alias in it stands for).
    for (const laterFindings of findings.slice(index + 1)) shiftFindings(laterFindings, delta, change.offset);
    for (const laterRecords of notChecked.slice(index + 1)) shiftFindings(laterRecords, delta, change.offset);
    // Declaration findings can sit outside their tool (in a component a $componentRef names), and
    // resources, resource templates and prompts may come before or after `tools`: each moves by
    // where it is, not by which tool it belongs to.
    const declarationFindings = parts.declarationFindings[0];
    const oldEnd = old.offset + old.length;
    const moved = (finding: { offset: number }) => finding.offset >= oldEnd;
    declarationFindings.tools.forEach((toolFindings, toolIndex) => {
      if (toolIndex !== index) shiftFindings(toolFindings.filter(moved), delta, change.offset);
    });
    shiftFindings(declarationFindings.others.filter(moved), delta, change.offset);
    const nameCounts = (this.nameCounts ??= toolNameCounts(elements));
    const schemas = new DocumentSchemas(schemaCache, this.format === 'json' ? newText : undefined);
    const consistency = collectNotChecked(() => checkToolNode(root, replacement, index, elements, nameCounts, schemas));
    findings[index] = consistency.result;
    notChecked[index] = consistency.notChecked;
    declarationFindings.tools[index] = checkToolDeclarations(root, replacement, index, elements, nameCounts);
    // The whole-document rules: the root's own findings never lie inside a tool; a tool's depend on
    // that tool alone (and on the root's protocolVersions, outside every tool).
    const documentFindings = parts.documentFindings?.[0];
    if (documentFindings) {
      shiftFindings(documentFindings.root.filter(moved), delta, change.offset);
      shiftFindings(documentFindings.rootSemantics.filter(moved), delta, change.offset);
      shiftFindings(documentFindings.rootNotChecked.filter(moved), delta, change.offset);
      for (const later of documentFindings.tools.slice(index + 1)) {
        shiftFindings(later.schema, delta, change.offset);
        shiftFindings(later.semantics, delta, change.offset);
        shiftFindings(later.notChecked, delta, change.offset);
      }
      documentFindings.tools[index] = checkToolDocumentRules(root, replacement, index);
    }
    this.lines = this.lines.withChange(newText, change);
    return true;
  }
}

/** Whether a tool keeps what other tools' messages may name it by: its name and protocol scope. */
function sameTitleParts(old: SyntaxNode, replacement: SyntaxNode): boolean {
  const scope = (tool: SyntaxNode) => {
    const versions = memberOf(tool, 'protocolVersions');
    return versions ? JSON.stringify(valueOf(versions)) : undefined;
  };
  return stringOf(memberOf(replacement, 'name')) === stringOf(memberOf(old, 'name')) && scope(old) === scope(replacement);
}

function shiftFindings(findings: Array<Pick<Finding, 'offset'>>, delta: number, editOffset: number): void {
  for (const finding of findings) if (finding.offset > editOffset) finding.offset += delta;
}
