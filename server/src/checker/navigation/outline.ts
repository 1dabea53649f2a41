// Document symbols for the outline and breadcrumbs: tools -> "elicitations" (each declaration) and
// "interactionExamples" (each example -> its steps). Members are listed as written (a duplicate key
// shows twice, the shadowed one saying so) inside the effective `tools`, `elicitations`,
// `interactionExamples` and `steps`. The walk stops at a symbol limit, so a huge document answers at
// once; a last top-level symbol then says where the outline stops.
import { keyNodeOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../tree';
import type { NavigationDocument, OffsetRange, OutlineKind, OutlineResult, OutlineSymbol } from './types';

export const DEFAULT_OUTLINE_LIMIT = 5000;

function rangeOf(node: SyntaxNode): OffsetRange {
  return { offset: node.offset, length: node.length };
}

/**
 * The selection must lie inside the symbol's range (editors reject it otherwise); a member merged in
 * from a YAML anchor elsewhere may not, and then the selection is the range's start.
 */
function selectionWithin(range: OffsetRange, node: SyntaxNode | undefined): OffsetRange {
  if (node && node.offset >= range.offset && node.offset + node.length <= range.offset + range.length) return rangeOf(node);
  return { offset: range.offset, length: 0 };
}

class OutlineBuilder {
  count = 0;
  /** The node of the first symbol that did not fit. */
  stoppedAt: SyntaxNode | undefined;

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.stoppedAt !== undefined;
  }

  /** Adds a symbol to `siblings`; undefined (and nothing added) once the limit is reached. */
  add(
    siblings: OutlineSymbol[],
    name: string,
    kind: OutlineKind,
    node: SyntaxNode,
    selectionNode: SyntaxNode | undefined,
    detail?: string,
  ): OutlineSymbol | undefined {
    if (this.full) return undefined;
    if (this.count >= this.limit) {
      this.stoppedAt = node;
      return undefined;
    }
    this.count++;
    const range = rangeOf(node);
    // Editors refuse an empty name.
    const symbol: OutlineSymbol = { name: name.length > 0 ? name : '""', kind, range, selection: selectionWithin(range, selectionNode), children: [] };
    if (detail !== undefined) symbol.detail = detail;
    siblings.push(symbol);
    return symbol;
  }
}

export function outline(document: NavigationDocument, limit = DEFAULT_OUTLINE_LIMIT): OutlineResult {
  const builder = new OutlineBuilder(limit);
  const symbols: OutlineSymbol[] = [];
  for (const root of document.roots) {
    const tools = memberOf(root, 'tools');
    if (tools?.type !== 'array') continue;
    const toolNodes = tools.children ?? [];
    for (let index = 0; index < toolNodes.length && !builder.full; index++) {
      if (toolNodes[index].type === 'object') addTool(builder, symbols, toolNodes[index], index);
    }
  }
  if (builder.stoppedAt) {
    const at = rangeOf(builder.stoppedAt);
    symbols.push({
      name: `Outline stops here: it lists at most ${limit.toLocaleString('en-US')} symbols`,
      kind: 'notice',
      range: at,
      selection: { offset: at.offset, length: 0 },
      children: [],
    });
  }
  return { symbols, truncated: builder.full, count: builder.count };
}

function addTool(builder: OutlineBuilder, siblings: OutlineSymbol[], toolNode: SyntaxNode, index: number): void {
  const nameNode = memberOf(toolNode, 'name');
  const tool = builder.add(siblings, stringOf(nameNode) ?? `tools[${index}]`, 'tool', toolNode, nameNode);
  if (!tool) return;
  const elicitations = propertyOf(toolNode, 'elicitations');
  if (elicitations) addDeclarations(builder, tool.children, elicitations);
  const examples = propertyOf(toolNode, 'interactionExamples');
  if (examples) addExamples(builder, tool.children, examples);
}

function addDeclarations(builder: OutlineBuilder, siblings: OutlineSymbol[], property: SyntaxNode): void {
  const value = property.children![1];
  const group = builder.add(siblings, 'elicitations', 'group', property, keyNodeOf(property));
  if (!group || value.type !== 'object') return;
  for (const declaration of value.children ?? []) {
    const key = keyNodeOf(declaration);
    const body = declaration.children?.[1];
    if (!key || !body || typeof key.value !== 'string') continue;
    const shadowed = propertyOf(value, key.value) !== declaration;
    const detail = `${declarationMode(body)}${shadowed ? ' (shadowed by a later duplicate)' : ''}`;
    if (!builder.add(group.children, key.value, 'declaration', declaration, key, detail)) return;
  }
}

/** `form`, `url`, or `invalid` for a declaration the rule cannot use. */
function declarationMode(body: SyntaxNode): string {
  if (body.type !== 'object') return 'invalid';
  const modeNode = memberOf(body, 'mode');
  const mode = modeNode ? stringOf(modeNode) : 'form';
  return mode === 'form' || mode === 'url' ? mode : 'invalid mode';
}

function addExamples(builder: OutlineBuilder, siblings: OutlineSymbol[], property: SyntaxNode): void {
  const value = property.children![1];
  const group = builder.add(siblings, 'interactionExamples', 'group', property, keyNodeOf(property));
  if (!group || value.type !== 'object') return;
  for (const example of value.children ?? []) {
    const key = keyNodeOf(example);
    const body = example.children?.[1];
    if (!key || !body || typeof key.value !== 'string') continue;
    const steps = memberOf(body, 'steps');
    const stepNodes = steps?.type === 'array' ? steps.children ?? [] : [];
    const shadowed = propertyOf(value, key.value) !== example;
    const detail = `${stepNodes.length} step${stepNodes.length === 1 ? '' : 's'}${shadowed ? ' (shadowed by a later duplicate)' : ''}`;
    const symbol = builder.add(group.children, key.value, 'example', example, key, detail);
    if (!symbol) return;
    for (let index = 0; index < stepNodes.length; index++) {
      if (!addStep(builder, symbol.children, stepNodes[index], index)) return;
    }
  }
}

/** "1. elicitation confirm", "2. sampling": the step's position, type and (for elicitations) declaration. */
function addStep(builder: OutlineBuilder, siblings: OutlineSymbol[], step: SyntaxNode, index: number): boolean {
  const typeNode = memberOf(step, 'type');
  const type = stringOf(typeNode);
  let name = `${index + 1}. ${type ?? 'step'}`;
  let detail: string | undefined;
  if (type === 'elicitation') {
    const declaration = stringOf(memberOf(step, 'declaration'));
    if (declaration !== undefined) name += ` ${declaration.length > 0 ? declaration : '""'}`;
    detail = stringOf(memberOf(memberOf(step, 'response'), 'action'));
  }
  return builder.add(siblings, name, 'step', step, typeNode, detail) !== undefined;
}
