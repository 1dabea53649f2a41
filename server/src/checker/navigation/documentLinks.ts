// `$componentRef` values as document links: each reference that resolves to a component of its own
// root links to that component's key, so a click (or Ctrl+click) in any editor goes there, as
// definition does from the cursor. A reference that resolves to nothing gets no link (its diagnostic
// says why). The walk stops at a limit, as the outline's does, so a huge document answers at once.
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { childrenOf, keyNodeOf, type StringNode, type SyntaxNode } from '../syntax/tree';
import { componentOf, parseComponentRef } from './componentLinks';
import { nameRange } from './scalarText';
import type { DocumentLinkResult, NavigationDocument } from './types';

export const DEFAULT_LINK_LIMIT = 5000;

export function documentLinks(document: NavigationDocument, limit = DEFAULT_LINK_LIMIT): DocumentLinkResult[] {
  const links: DocumentLinkResult[] = [];
  for (const root of document.roots) {
    if (links.length >= limit) break;
    collectLinks(document.text, root, links, limit);
  }
  return links;
}

function collectLinks(text: string, root: SyntaxNode, links: DocumentLinkResult[], limit: number): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0 && links.length < limit) {
    const node = stack.pop()!;
    if (node.type === 'property') {
      const value = node.value;
      if (node.key.value === '$componentRef' && value?.type === 'string' && !isAliasCopy(value)) {
        const link = linkOf(text, root, value);
        if (link) links.push(link);
      } else if (value) stack.push(value);
      continue;
    }
    const children = childrenOf(node);
    // Pushed last to first, so the links come in document order.
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
}

function linkOf(text: string, root: SyntaxNode, value: StringNode): DocumentLinkResult | undefined {
  const named = parseComponentRef(value.value);
  const target = named && componentOf(root, named);
  const key = keyNodeOf(target);
  if (!named || !key) return undefined;
  return {
    range: nameRange(text, value),
    target: { offset: key.offset, length: key.length },
    tooltip: `Go to components.${named.namespace}.${named.name}`,
  };
}
