// The lines a quick-fix has to touch, worked out from the `yaml` package's own parse of the text (not
// from the checker's tree): the node the fix rewrites, the member it removes, or the flow collection
// it adds to. A fix that touches any other line has changed something it did not need to.
import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  parseAllDocuments,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { Diagnostic } from '../../../server/src/checker';
import { linesOf } from './lineLocality';

type AnyNode = Node | Pair;

interface Ancestor {
  node: Node;
  /** The key this node is the value of, when its parent is a mapping. */
  key?: string;
  pair?: Pair;
}

function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) ? String(pair.key.value) : undefined;
}

function isEmptyValue(node: unknown): boolean {
  return isScalar(node) && node.source === '' && node.value === null;
}

/** [start, end) of a node's own text (block collections end with their last entry; block scalars with their last non-blank line). */
export function extentOf(text: string, node: AnyNode): [number, number] {
  if (isPair(node)) {
    const start = (node.key as Node).range?.[0] ?? 0;
    if (node.value && !isEmptyValue(node.value)) return [start, extentOf(text, node.value as Node)[1]];
    const keyEnd = extentOf(text, node.key as Node)[1];
    return [start, text.indexOf(':', keyEnd) + 1];
  }
  const range = node.range as [number, number, number];
  if (isAlias(node)) return [range[0], range[1]];
  if (isScalar(node)) {
    if (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') return [range[0], range[1]];
    const body = text.slice(range[0], range[1]).replace(/[ \t]*(\r\n|\r|\n)[\s]*$/, '');
    return [range[0], range[0] + body.length];
  }
  if (isCollection(node)) {
    if (node.flow) return [range[0], range[1]];
    const last = node.items[node.items.length - 1] as AnyNode | undefined;
    return last ? [range[0], extentOf(text, last)[1]] : [range[0], range[1]];
  }
  return [range[0], range[1]];
}

function contains(text: string, node: AnyNode, offset: number): boolean {
  const [start, end] = extentOf(text, node);
  return start <= offset && (offset < end || (start === end && offset === start));
}

/** The chain of nodes below `collection` down to the deepest one holding `offset`. */
function ancestorsBelow(text: string, collection: Node, offset: number): Ancestor[] {
  const chain: Ancestor[] = [];
  let node: Node | undefined = collection;
  while (node && isCollection(node)) {
    let next: Ancestor | undefined;
    if (isMap(node)) {
      const pair: Pair | undefined = (node.items as Pair[]).find((candidate) => contains(text, candidate, offset));
      const value = pair?.value as Node | null | undefined;
      if (pair && value && contains(text, value, offset)) next = { node: value, key: keyOf(pair), pair };
    } else {
      const item: Node | undefined = (node.items as Node[]).find((candidate) => candidate && contains(text, candidate, offset));
      if (item) next = { node: item };
    }
    if (!next) break;
    chain.push(next);
    node = next.node;
  }
  return chain;
}

function documentAt(text: string, offset: number): Document | undefined {
  const documents = parseAllDocuments(text, { merge: true, uniqueKeys: false });
  if (!Array.isArray(documents)) return undefined;
  return documents.find((document) => {
    const [start, , end] = document.range;
    return start <= offset && offset <= end;
  });
}

function lineRange(text: string, [start, end]: [number, number]): number[] {
  const lines = linesOf(text);
  const first = lines.findIndex((line) => start <= line.end);
  let last = first;
  while (last + 1 < lines.length && lines[last + 1].start < end) last++;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function mapOf(node: Node | undefined): YAMLMap | undefined {
  return node && isMap(node) ? node : undefined;
}

function memberOf(map: YAMLMap | undefined, key: string): Pair | undefined {
  return (map?.items as Pair[] | undefined)?.filter((pair) => keyOf(pair) === key).pop();
}

/**
 * The zero-based lines the fix titled `title` for `diagnostic` may touch. Undefined when the fix is
 * not one of the spec's five kinds.
 */
export function linesAFixMayTouch(text: string, diagnostic: Diagnostic, title: string): number[] | undefined {
  const offset = diagnostic.data.offset;
  const document = documentAt(text, offset);
  if (!document) return undefined;
  const root = document.contents as Node;
  const chain = [{ node: root } as Ancestor, ...ancestorsBelow(text, root, offset)];
  const allowed = new Set<number>();
  const add = (node: AnyNode | undefined): void => {
    if (node) for (const line of lineRange(text, extentOf(text, node))) allowed.add(line);
  };
  const addIfFlow = (node: Node | undefined): void => {
    if (node && isCollection(node) && node.flow) add(node);
  };
  const toolIndex = chain.findIndex((ancestor) => ancestor.key === 'tools') + 1;
  const stepIndex = chain.findIndex((ancestor) => ancestor.key === 'steps') + 1;
  const tool = toolIndex > 0 ? chain[toolIndex]?.node : undefined;
  const step = stepIndex > 0 ? chain[stepIndex]?.node : undefined;

  if (title.startsWith('Change to ')) {
    for (const line of lineRange(text, [offset, offset + diagnostic.data.length])) allowed.add(line);
  } else if (title.startsWith('Declare elicitation ')) {
    const elicitations = memberOf(mapOf(tool), 'elicitations');
    if (elicitations) {
      addIfFlow(elicitations.value as Node);
      if (!isCollection(elicitations.value)) add(elicitations); // `elicitations:` or a scalar becomes a sequence
    }
    addIfFlow(tool);
  } else if (title === 'Remove content') {
    const response = memberOf(mapOf(step), 'response');
    const content = memberOf(mapOf(response?.value as Node), 'content');
    if (!response || !content) return undefined;
    add(content);
    const members = (response.value as YAMLMap).items;
    if (members.length === 1) add(response); // the last member leaves `response: {}`
    addIfFlow(response.value as Node);
  } else if (title === 'Add content') {
    const response = memberOf(mapOf(step), 'response');
    if (!response) return undefined;
    addIfFlow(response.value as Node);
  } else if (title.startsWith('Use the request of declaration ')) {
    const request = memberOf(mapOf(step), 'request');
    if (request) add(request);
    else addIfFlow(step);
  } else {
    return undefined;
  }
  return [...allowed].sort((a, b) => a - b);
}
