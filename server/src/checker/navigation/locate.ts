// Where an offset is, in the terms navigation cares about: which tool object of which document root,
// and, for completion, whether it is in an elicitation step's `declaration` member (possibly one still
// being typed). The walk goes down the one path that contains the offset, so it costs the depth of the
// document, not its size; what the tool declares and which steps count is the document model's reading.
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { readTool, toolNameCounts, toolsArrayOf, type Example, type Tool } from '../model/documentModel';
import {
  childrenOf,
  keyNodeOf,
  memberOf,
  type ObjectNode,
  type PropertyNode,
  type SyntaxNode,
  type ValueNode,
} from '../syntax/tree';
import type { NavigationDocument } from './types';

export interface ToolAt {
  root: SyntaxNode;
  node: ObjectNode;
  /** Position in `tools`. */
  index: number;
  /** Every element of `tools` (how the tool is named depends on its siblings' names). */
  siblings: readonly SyntaxNode[];
}

export function contains(node: SyntaxNode, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/**
 * The child containing the offset. Ends are inclusive (a cursor right after a name is on it); when
 * two children touch, the one that really contains the offset wins.
 */
export function childAt(node: SyntaxNode | undefined, offset: number): SyntaxNode | undefined {
  if (!node) return undefined;
  const children = childrenOf(node);
  let touching: SyntaxNode | undefined;
  let low = 0;
  let high = children.length - 1;
  // Children are in document order, except members a YAML merge key brings in: the scan covers those.
  while (low <= high) {
    const mid = (low + high) >> 1;
    const child = children[mid];
    if (offset < child.offset) high = mid - 1;
    else if (offset > child.offset + child.length) low = mid + 1;
    else {
      if (offset < child.offset + child.length) return child;
      touching = child;
      low = mid + 1;
    }
  }
  return touching ?? children.find((child) => contains(child, offset));
}

/** The tool object containing the offset (a tool behind a YAML alias is written elsewhere: none). */
export function toolAt(document: NavigationDocument, offset: number): ToolAt | undefined {
  const root = document.roots.find((candidate) => contains(candidate, offset));
  const tools = toolsArrayOf(root);
  if (!root || !tools || !contains(tools, offset)) return undefined;
  const node = childAt(tools, offset);
  if (node?.type !== 'object' || isAliasCopy(node)) return undefined;
  const siblings = tools.items;
  return { root, node, index: siblings.indexOf(node), siblings };
}

export function readToolAt(at: ToolAt): Tool {
  return readTool(at.root, at.node, at.index, at.siblings, toolNameCounts(at.siblings));
}

/** The key of the tool's member containing the offset (a cheap test before the tool is read). */
export function toolMemberAt(tool: SyntaxNode, offset: number): string | undefined {
  const member = childAt(tool, offset);
  if (member?.type !== 'property' || !contains(member, offset)) return undefined;
  const key = keyNodeOf(member)?.value;
  return typeof key === 'string' ? key : undefined;
}

export interface StepDeclarationAt {
  tool: Tool;
  example: Example;
  /** The step object (of any type, or none yet). */
  step: ObjectNode;
  /** The `declaration` property (it may lack a value while being typed). */
  property: PropertyNode;
  /** Where the offset is: on the key, on the value, or after the colon of a value not written yet. */
  part: 'key' | 'value' | 'missing-value';
  /** The value node, when there is one. */
  value?: ValueNode;
}

/** A `declaration` member of a step of one of the tool's examples, at the offset. */
export function stepDeclarationAt(document: NavigationDocument, offset: number): StepDeclarationAt | undefined {
  const at = toolAt(document, offset);
  if (!at || toolMemberAt(at.node, offset) !== 'interactionExamples') return undefined;
  const tool = readToolAt(at);
  const example = tool.examples.find((candidate) => contains(candidate.property, offset));
  const steps = example && memberOf(example.property.value, 'steps');
  if (!example || steps?.type !== 'array' || !contains(steps, offset)) return undefined;
  const step = childAt(steps, offset);
  if (step?.type !== 'object' || isAliasCopy(step)) return undefined;
  const member = childAt(step, offset);
  const property = member?.type === 'property' ? member : valuelessDeclarationBefore(step, offset);
  if (!property || property.key.value !== 'declaration') return undefined;
  const key = property.key;
  const base = { tool, example, step, property };
  if (contains(key, offset)) return { ...base, part: 'key' };
  const value = property.value;
  if (value && contains(value, offset) && !isEmptyValue(value)) return { ...base, part: 'value', value };
  const colon = property.colonOffset;
  if (colon !== undefined && offset > colon && (!value || offset <= value.offset || isEmptyValue(value))) {
    return value ? { ...base, part: 'missing-value', value } : { ...base, part: 'missing-value' };
  }
  return undefined;
}

/** A YAML `declaration:` with nothing after it reads as an empty null. */
function isEmptyValue(value: SyntaxNode): boolean {
  return value.type === 'null' && value.length === 0;
}

/**
 * While `"declaration": ` is being typed, JSON's parse may end the property before the cursor (at the
 * error). Found by its colon: the last such property whose colon precedes the offset.
 */
function valuelessDeclarationBefore(step: ObjectNode, offset: number): PropertyNode | undefined {
  let found: PropertyNode | undefined;
  for (const property of step.properties) {
    const value = property.value;
    const valueless = !value || isEmptyValue(value);
    if (
      property.key.value === 'declaration' &&
      valueless &&
      property.colonOffset !== undefined &&
      property.colonOffset < offset
    ) {
      found = property;
    }
  }
  return found;
}
