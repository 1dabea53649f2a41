// The one-tool shortcut for YAML (incremental.ts holds the JSON one and the shared parts). A tool of
// a block sequence is re-parsed alone: its lines, from the line of its `- ` to the line before the
// next tool's `- `, are a YAML document of their own whose root is a one-item sequence at the same
// column, so the item parses exactly as it does in place. Whatever could make the item mean
// something else in place than alone falls back to a full check:
// - a stream of several documents, directives (`%YAML` changes how scalars read), or a marker
//   (`---`, `...`) after the document's start;
// - an anchor of the tool, old or new, whose name an alias after the tool may read (the edit would
//   change that alias too, or a new anchor capture it), an alias to an anchor outside the tool
//   (unresolved when parsed alone: an error, so a fallback), an alias in the tool that shares its
//   anchor's nodes or an edit that changes how many nodes the tool's aliases copy (the document's
//   copy budget would then copy or share other aliases otherwise: see yamlAliases.ts), a tool that
//   is itself an alias's copy, a merged member or inside a shared anchor, or an anchored ancestor
//   that aliases read. Anchors and aliases inside one tool (as PyYAML writes repeated objects) are
//   read alone as in place;
// - an edit on the `- ` line's indentation or indicator, on the line break that ends the region, or
//   one that makes the lines parse as anything but one mapping item at the same column (an
//   indentation change at the tool's level, a second item, a key of the enclosing mapping).
import { parseYamlDocuments } from './parseYamlDocuments';
import { detachedSlice } from '../detachedString';
import { childrenOf, memberOf, type ObjectNode, type SyntaxNode } from '../tree';
import { growNode, moveMergePairsAfter, moveNode, shiftSubtree } from '../nodePositions';
import type { OwedShifts } from '../owedShifts';

interface Span {
  offset: number;
  length: number;
  newLength: number;
}

/** What the shortcut needs to know of the whole text once per full check: whether it may be taken at all. */
export function yamlAllowsToolEdits(text: string, root: SyntaxNode): boolean {
  const markers = /^(?:%|---|\.\.\.)/gm;
  for (let match = markers.exec(text); match; match = markers.exec(text)) {
    if (match[0] !== '---' || match.index >= root.offset) return false;
  }
  return true;
}

/**
 * The lines of a tool of the root's `tools` block sequence, when they read alone as they do in
 * place (the conditions at the top of the file, for the text as it is; a new text must also have
 * no `&` in them): fix-all reads an edit inside one tool back from those lines alone.
 */
export function standaloneToolRegion(
  text: string,
  tool: SyntaxNode,
  allowsToolEdits: (root: SyntaxNode) => boolean = (root) => yamlAllowsToolEdits(text, root),
): { start: number; end: number; contentEnd: number } | undefined {
  const tools = tool.parent;
  const root = tools?.parent?.parent;
  if (!tools || tools.type !== 'array' || !root || root.parent || memberOf(root, 'tools') !== tools || !allowsToolEdits(root))
    return undefined;
  if (aliasedInside(tool)) return undefined;
  for (let ancestor = tool.parent; ancestor; ancestor = ancestor.parent) {
    if (ancestor.aliased || ancestor.origin !== undefined || ancestor.sharedByAliases) return undefined;
  }
  const elements: readonly SyntaxNode[] = tools.type === 'array' ? tools.items : [];
  const index = elements.indexOf(tool);
  return index < 0 ? undefined : regionOf(text, elements, index);
}

/**
 * The lines of `elements[index]` in the old text: [start of its `- ` line, end of its region), and
 * where its content ends (before the region's last line break). `shift`: how far the elements'
 * offsets are ahead of the text's (fix-all's rounds re-parse several tools in one update).
 */
function regionOf(
  text: string,
  elements: readonly SyntaxNode[],
  index: number,
  shift = 0,
): { start: number; end: number; contentEnd: number } | undefined {
  const element = elements[index];
  const start = dashLineStart(text, element.offset - shift);
  if (start === undefined) return undefined;
  let end: number;
  if (index + 1 < elements.length) {
    const next = dashLineStart(text, elements[index + 1].offset - shift);
    if (next === undefined || next.column !== start.column) return undefined;
    end = next.lineStart;
  } else {
    const lineBreak = text.indexOf('\n', element.offset - shift + element.length);
    end = lineBreak < 0 ? text.length : lineBreak + 1;
  }
  if (end <= element.offset - shift) return undefined;
  // The region's own line break is left alone: removing it would join the next item's line.
  let contentEnd = end;
  if (text.charCodeAt(contentEnd - 1) === 10) contentEnd--;
  if (text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
  return { start: start.lineStart, end, contentEnd };
}

/** Where the line holding `offset` starts (after a LF or a CR): a scan back over that line only. */
export function yamlLineStartBefore(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return start;
}

/** For an item that starts on its `- ` line (`  - name: x`): where that line starts and the dash's column. */
function dashLineStart(text: string, itemOffset: number): { lineStart: number; column: number } | undefined {
  const lineStart = yamlLineStartBefore(text, itemOffset);
  const prefix = text.slice(lineStart, itemOffset);
  const match = /^( *)- +$/.exec(prefix);
  return match ? { lineStart, column: match[1].length } : undefined;
}

function aliasedInside(node: SyntaxNode): boolean {
  const pending: SyntaxNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.aliased || current.origin !== undefined || current.sharedByAliases) return true;
    for (const child of childrenOf(current)) if (child.parent === current) pending.push(child);
  }
  return false;
}

/** Whether an alias in the tree under `node`, or `node` itself, shares nodes with another (it stands for a large or budget-exceeding anchor, or is one). */
function sharesNodes(node: SyntaxNode): boolean {
  const pending: SyntaxNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.sharedByAliases) return true;
    for (const child of childrenOf(current)) {
      // A child another node owns is shared (an alias standing for its anchor's children).
      if (child.parent !== current) return true;
      pending.push(child);
    }
  }
  return false;
}

/** Anchor names as YAML writes them: `&` then anything but white space and flow indicators. */
const ANCHOR = /&([^\s,[\]{}]+)/g;

/**
 * Whether an anchor of the tool's old or new text (`&name`; text that only looks like one counts
 * too, which only makes the shortcut decline more often) may be read by an alias after the tool.
 */
function anchorReadAfter(oldSource: string, newSource: string, newText: string, after: number): boolean {
  if (!oldSource.includes('&') && !newSource.includes('&')) return false;
  const names = new Set<string>();
  for (const source of [oldSource, newSource]) for (const match of source.matchAll(ANCHOR)) names.add(match[1]);
  for (const name of names) if (newText.indexOf(`*${name}`, after) >= 0) return true;
  return false;
}

function mayHoldAlias(source: string): boolean {
  return source.includes('*');
}

/**
 * The new tree of the tool `elements[index]` after `change`, with the new text's offsets, or
 * undefined when the shortcut does not apply (see the top of the file). `oldShift` (Syntax.reparseTool):
 * how far `change` and the elements are ahead of `oldText`'s offsets.
 */
export function reparseYamlTool(
  oldText: string,
  newText: string,
  elements: readonly SyntaxNode[],
  index: number,
  change: Span,
  oldShift = 0,
): ObjectNode | undefined {
  const old = elements[index];
  if (sharesNodes(old)) return undefined;
  for (let ancestor = old.parent; ancestor; ancestor = ancestor.parent) {
    if (ancestor.aliased || ancestor.origin !== undefined || ancestor.sharedByAliases) return undefined;
  }
  const region = regionOf(oldText, elements, index, oldShift);
  if (!region) return undefined;
  if (change.offset < old.offset || change.offset - oldShift + change.length > region.contentEnd) return undefined;
  const delta = change.newLength - change.length;
  const source = detachedSlice(newText, region.start + oldShift, region.end + oldShift + delta);
  const oldSource = oldText.slice(region.start, region.end);
  if (anchorReadAfter(oldSource, source, newText, region.end + oldShift + delta)) return undefined;
  const parsed = parseYamlDocuments(source);
  if (parsed.errors.some((error) => error.code !== 'DUPLICATE_KEY') || parsed.documents.length !== 1) return undefined;
  const copies = parsed.documents[0].aliasCopies;
  if (mayHoldAlias(oldSource) || mayHoldAlias(source)) {
    // The tool alone spends what it spent in place (nothing in it was shared, so the budget never ran
    // out there); a tool this shortcut read last time says so without a second parse while typing.
    const before = aliasCopiesOfTool.get(old) ?? parseYamlDocuments(oldSource).documents[0]?.aliasCopies;
    if (before === undefined || before !== copies) return undefined;
  }
  const sequence = parsed.documents[0].root;
  if (!sequence || sequence.type !== 'array' || sequence.items.length !== 1) return undefined;
  // At the same column: the `- ` line is untouched, so a sequence elsewhere means another structure.
  if (sequence.offset !== oldText.indexOf('-', region.start) - region.start) return undefined;
  const replacement = sequence.items[0];
  if (replacement.type !== 'object' || sharesNodes(replacement)) return undefined;
  shiftSubtree(replacement, region.start + oldShift);
  if (copies !== undefined) aliasCopiesOfTool.set(replacement, copies);
  return replacement;
}

/** What the aliases of a tool this shortcut re-parsed copied, read alone (what they copy in place). */
const aliasCopiesOfTool = new WeakMap<SyntaxNode, number>();

/**
 * `node` (already in place) replaced an element of `tools` that was `delta` characters shorter:
 * every ancestor grows by `delta`, and every node owned after the edit moves by `delta`: the tools
 * after it at once and what is inside them when the tree is next read (through `owed`, as in JSON:
 * fix-all's round re-checks a few tools of hundreds in one update, and moving every node after
 * each of them made the round cost as much as a parse); the rest at once.
 */
export function growYamlAncestorsAndShiftFollowers(node: SyntaxNode, delta: number, editOffset: number, owed: OwedShifts): void {
  if (delta === 0) return;
  const tools = node.parent;
  for (let child: SyntaxNode = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    growNode(parent, delta);
    moveMergePairsAfter(parent, editOffset, delta);
    for (const sibling of childrenOf(parent)) {
      if (sibling === child || sibling.parent !== parent || sibling.offset <= editOffset) continue;
      if (parent === tools) {
        moveNode(sibling, delta);
        owed.add(sibling, delta);
      } else {
        shiftSubtree(sibling, delta);
      }
    }
  }
}
