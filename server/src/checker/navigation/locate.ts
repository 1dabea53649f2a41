// What sits at an offset, in the terms navigation cares about: a declaration's key in a tool's
// `elicitations`, or an elicitation step's `declaration` member. The walk goes down the one path that
// contains the offset, so it costs the depth of the document, not its size.
import { isAliasCopy } from '../yaml/yamlTreeNode';
import { keyNodeOf, propertyOf, stringOf, memberOf, type SyntaxNode } from '../tree';
import type { NavigationDocument } from './types';

export interface ToolAt {
  node: SyntaxNode;
  /** Position in `tools` (for the tool's label when it has no name). */
  index: number;
}

export type Location =
  | {
      kind: 'declaration-key';
      tool: ToolAt;
      /** The key node (for a name declared twice, possibly a shadowed one). */
      key: SyntaxNode;
      name: string;
    }
  | {
      kind: 'step-declaration';
      tool: ToolAt;
      step: SyntaxNode;
      /** The `declaration` property (it may lack a value while being typed). */
      property: SyntaxNode;
      /** Where the offset is: on the key, on the value, or after the colon of a value not written yet. */
      part: 'key' | 'value' | 'missing-value';
      /** The value node when part is 'value'. */
      value?: SyntaxNode;
      /** Whether the step's `type` is "elicitation" (the checker reads only those). */
      isElicitation: boolean;
      /** Whether this `declaration` member is the one that counts (the last of duplicates). */
      isEffective: boolean;
    };

function contains(node: SyntaxNode, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/**
 * The child containing the offset. Ends are inclusive (a cursor right after a name is on it); when
 * two children touch, the one that really contains the offset wins.
 */
export function childAt(node: SyntaxNode | undefined, offset: number): SyntaxNode | undefined {
  const children = node?.children;
  if (!children) return undefined;
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

/** The effective member `key` of `object`, when its property is `property` (shadowed duplicates do not count). */
function isEffectiveMember(object: SyntaxNode, property: SyntaxNode, key: string): boolean {
  return keyNodeOf(property)?.value === key && propertyOf(object, key) === property;
}

function toolAt(document: NavigationDocument, offset: number): ToolAt | undefined {
  const root = document.roots.find((candidate) => contains(candidate, offset));
  if (root?.type !== 'object') return undefined;
  const toolsProperty = childAt(root, offset);
  if (!toolsProperty || !isEffectiveMember(root, toolsProperty, 'tools')) return undefined;
  const tools = toolsProperty.children![1];
  if (tools.type !== 'array' || !contains(tools, offset)) return undefined;
  const node = childAt(tools, offset);
  if (node?.type !== 'object' || isAliasCopy(node)) return undefined;
  return { node, index: tools.children!.indexOf(node) };
}

export function locate(document: NavigationDocument, offset: number): Location | undefined {
  const tool = toolAt(document, offset);
  if (!tool) return undefined;
  const member = childAt(tool.node, offset);
  if (!member || member.type !== 'property' || !contains(member, offset)) return undefined;
  const name = keyNodeOf(member)?.value;
  if (name === 'elicitations' && isEffectiveMember(tool.node, member, 'elicitations')) {
    return locateInElicitations(tool, member.children![1], offset);
  }
  if (name === 'interactionExamples' && isEffectiveMember(tool.node, member, 'interactionExamples')) {
    return locateInExamples(tool, member.children![1], offset);
  }
  return undefined;
}

function locateInElicitations(tool: ToolAt, elicitations: SyntaxNode, offset: number): Location | undefined {
  if (elicitations.type !== 'object') return undefined;
  const property = childAt(elicitations, offset);
  const key = keyNodeOf(property);
  if (!key || !property?.children?.[1] || typeof key.value !== 'string' || !contains(key, offset) || isAliasCopy(key)) return undefined;
  return { kind: 'declaration-key', tool, key, name: key.value };
}

function locateInExamples(tool: ToolAt, examples: SyntaxNode, offset: number): Location | undefined {
  if (examples.type !== 'object') return undefined;
  const example = childAt(examples, offset);
  const exampleName = keyNodeOf(example)?.value;
  if (!example?.children?.[1] || typeof exampleName !== 'string' || !isEffectiveMember(examples, example, exampleName)) return undefined;
  const body = example.children[1];
  if (body.type !== 'object') return undefined;
  const stepsProperty = childAt(body, offset);
  if (!stepsProperty || !isEffectiveMember(body, stepsProperty, 'steps')) return undefined;
  const steps = stepsProperty.children![1];
  if (steps.type !== 'array' || !contains(steps, offset)) return undefined;
  const step = childAt(steps, offset);
  if (step?.type !== 'object' || isAliasCopy(step)) return undefined;
  return locateInStep(tool, step, offset);
}

function locateInStep(tool: ToolAt, step: SyntaxNode, offset: number): Location | undefined {
  const property = childAt(step, offset) ?? valuelessDeclarationBefore(step, offset);
  const key = keyNodeOf(property);
  if (!property || key?.value !== 'declaration') return undefined;
  const isElicitation = stringOf(memberOf(step, 'type')) === 'elicitation';
  const isEffective = propertyOf(step, 'declaration') === property;
  const base = { kind: 'step-declaration' as const, tool, step, property, isElicitation, isEffective };
  if (contains(key, offset)) return { ...base, part: 'key' };
  const value = property.children?.[1];
  if (value && contains(value, offset) && !isEmptyValue(value)) return { ...base, part: 'value', value };
  const colon = property.colonOffset;
  if (colon !== undefined && offset > colon && (!value || offset <= value.offset || isEmptyValue(value))) {
    return { ...base, part: 'missing-value', value };
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
function valuelessDeclarationBefore(step: SyntaxNode, offset: number): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  for (const property of step.children ?? []) {
    const value = property.children?.[1];
    const valueless = !value || isEmptyValue(value);
    if (keyNodeOf(property)?.value === 'declaration' && valueless && property.colonOffset !== undefined && property.colonOffset < offset) {
      found = property;
    }
  }
  return found;
}
