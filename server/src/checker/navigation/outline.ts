// Document symbols for the outline and breadcrumbs: the root's sections in document order (`info`;
// transports, resources, resource templates and prompts, each element by its name; components by
// namespace), and tools at the top level -> "elicitations" (each declaration, by
// name) and "interactionExamples" (each example -> its steps), as the document model reads them: the
// effective `tools`, `elicitations`, `interactionExamples` and `steps`. Every element of
// `elicitations` is listed (one without a name as `elicitations[i]`, a later duplicate saying so). The
// walk stops at a symbol limit, so a huge document answers at once; a last top-level symbol then says
// where the outline stops.
import {
  readTool,
  toolNameCounts,
  toolsArrayOf,
  type Declaration,
  type Example,
  type Step,
  type Tool,
} from '../model/documentModel';
import {
  itemsOf,
  keyNodeOf,
  memberOf,
  propertiesOf,
  propertyOf,
  stringOf,
  type MemberNode,
  type PropertyNode,
  type SyntaxNode,
} from '../syntax/tree';
import { modeText } from './declarationMarkdown';
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
    const symbol: OutlineSymbol = {
      name: name.length > 0 ? name : '""',
      kind,
      range,
      selection: selectionWithin(range, selectionNode),
      children: [],
    };
    if (detail !== undefined) symbol.detail = detail;
    siblings.push(symbol);
    return symbol;
  }
}

export function outline(document: NavigationDocument, limit = DEFAULT_OUTLINE_LIMIT): OutlineResult {
  const builder = new OutlineBuilder(limit);
  const symbols: OutlineSymbol[] = [];
  for (const root of document.roots) {
    // The root's sections in document order; tools stay at the top level, where they always were.
    for (const property of propertiesOf(root)) {
      if (builder.full) break;
      if (property.key.value === 'tools' && toolsArrayOf(root) === property.value) addTools(builder, symbols, root);
      else addSection(builder, symbols, property);
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

function addTools(builder: OutlineBuilder, symbols: OutlineSymbol[], root: SyntaxNode): void {
  const elements = toolsArrayOf(root)?.items ?? [];
  const nameCounts = toolNameCounts(elements);
  // Each tool is read only when the outline gets to it.
  for (let index = 0; index < elements.length && !builder.full; index++) {
    const element = elements[index];
    if (element.type === 'object') addTool(builder, symbols, readTool(root, element, index, elements, nameCounts));
  }
}

/** A root member besides `tools`: `info`, and the lists and maps whose elements are named things. */
function addSection(builder: OutlineBuilder, siblings: OutlineSymbol[], property: PropertyNode): void {
  const key = String(property.key.value);
  const value = property.value;
  const listed = LISTED_SECTIONS[key];
  if (key === 'info') {
    const detail = [stringOf(memberOf(value, 'name')), stringOf(memberOf(value, 'version'))]
      .filter((part) => part !== undefined)
      .join(' ');
    builder.add(siblings, 'info', 'section', property, keyNodeOf(property), detail || undefined);
    return;
  }
  if (!listed || !value) return;
  const group = builder.add(siblings, key, 'group', property, keyNodeOf(property));
  if (!group) return;
  if (key === 'components') {
    for (const namespace of propertiesOf(value)) {
      const space = builder.add(group.children, String(namespace.key.value), 'group', namespace, keyNodeOf(namespace));
      if (!space) return;
      for (const component of propertiesOf(namespace.value)) {
        if (!builder.add(space.children, String(component.key.value), 'component', component, keyNodeOf(component))) return;
      }
    }
    return;
  }
  itemsOf(value).forEach((item, index) => {
    const name = listed.name.map((member) => stringOf(memberOf(item, member))).find((text) => text !== undefined);
    const detail = listed.detail.map((member) => stringOf(memberOf(item, member))).find((text) => text !== undefined);
    builder.add(group.children, name ?? `${key}[${index}]`, listed.kind, item, memberOf(item, listed.name[0]) ?? item, detail);
  });
}

/** How each listed section names its elements: the first member present names it, the next details it. */
const LISTED_SECTIONS: Readonly<Record<string, { kind: OutlineKind; name: string[]; detail: string[] }>> = {
  transports: { kind: 'transport', name: ['type'], detail: ['url', 'command'] },
  resources: { kind: 'resource', name: ['name', 'uri'], detail: ['uri'] },
  resourceTemplates: { kind: 'resource', name: ['name', 'uriTemplate'], detail: ['uriTemplate'] },
  prompts: { kind: 'prompt', name: ['name'], detail: ['title'] },
  components: { kind: 'component', name: [], detail: [] },
};

/** A tool by its name; where other tool objects share it, the detail says which scope this one is. */
function addTool(builder: OutlineBuilder, siblings: OutlineSymbol[], tool: Tool): void {
  const symbol = builder.add(
    siblings,
    tool.name ?? `tools[${tool.index}]`,
    'tool',
    tool.node,
    memberOf(tool.node, 'name'),
    tool.scope,
  );
  if (!symbol) return;
  if (tool.elicitationsProperty && !addDeclarations(builder, symbol.children, tool, tool.elicitationsProperty)) return;
  const examples = propertyOf(tool.node, 'interactionExamples');
  if (examples) addExamples(builder, symbol.children, tool, examples);
}

/** False once the limit is reached. */
function addDeclarations(builder: OutlineBuilder, siblings: OutlineSymbol[], tool: Tool, property: MemberNode): boolean {
  const isArray = property.value.type === 'array';
  const group = builder.add(
    siblings,
    'elicitations',
    'group',
    property,
    keyNodeOf(property),
    isArray ? undefined : 'not an array: declares nothing',
  );
  if (!group) return false;
  for (const declaration of tool.declarations) {
    const name = declaration.name ?? `elicitations[${declaration.index}]`;
    if (
      !builder.add(
        group.children,
        name,
        'declaration',
        declaration.node,
        declaration.nameNode ?? declaration.node,
        declarationDetail(declaration),
      )
    )
      return false;
  }
  return true;
}

/** `form`, `url`, what is wrong with its mode or the element, and whether a later duplicate. */
function declarationDetail(declaration: Declaration): string {
  if (declaration.node.type !== 'object') return 'not an object';
  const mode = modeText(declaration);
  return declaration.duplicateOf ? `${mode} (duplicate of elicitations[${declaration.duplicateOf.index}])` : mode;
}

function addExamples(builder: OutlineBuilder, siblings: OutlineSymbol[], tool: Tool, property: SyntaxNode): void {
  const group = builder.add(siblings, 'interactionExamples', 'group', property, keyNodeOf(property));
  if (!group) return;
  for (const example of tool.examples) {
    const steps = memberOf(example.property.value, 'steps');
    const stepNodes = steps?.type === 'array' ? steps.items : [];
    const detail = `${stepNodes.length} step${stepNodes.length === 1 ? '' : 's'}`;
    const symbol = builder.add(group.children, example.name, 'example', example.property, keyNodeOf(example.property), detail);
    if (!symbol) return;
    const elicitationSteps = stepsByNode(example);
    for (let index = 0; index < stepNodes.length; index++) {
      if (!addStep(builder, symbol.children, stepNodes[index], index, elicitationSteps.get(stepNodes[index]))) return;
    }
  }
}

function stepsByNode(example: Example): Map<SyntaxNode, Step> {
  return new Map(example.steps.map((step) => [step.node, step]));
}

/** "1. elicitation confirm", "2. sampling": the step's position, type and (for elicitations) declaration and action. */
function addStep(
  builder: OutlineBuilder,
  siblings: OutlineSymbol[],
  node: SyntaxNode,
  index: number,
  step: Step | undefined,
): boolean {
  const typeNode = memberOf(node, 'type');
  let name = `${index + 1}. ${stringOf(typeNode) ?? 'step'}`;
  if (step?.declarationName !== undefined) name += ` ${step.declarationName.length > 0 ? step.declarationName : '""'}`;
  return builder.add(siblings, name, 'step', node, typeNode, step?.action) !== undefined;
}
