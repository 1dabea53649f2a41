// `$componentRef` values as links to the components they name (`#/components/NAMESPACE/NAME`, the one
// form MCP Description 0.8.0 allows: a local pointer two segments below `components`): from a
// reference to its component, from a component's key to every reference naming it, and a rename that
// edits both. Only references inside the same document root are followed, as the format resolves
// them; nothing is fetched.
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { childrenOf, keyNodeOf, memberOf, propertyOf, type MemberNode, type SyntaxNode } from '../syntax/tree';
import { contains } from './locate';
import { pathTo, rootAt } from './documentPath';
import type { NavigationDocument } from './types';

const REFERENCE = /^#\/components\/([^/]+)\/([^/]+)$/;

export interface ComponentName {
  namespace: string;
  name: string;
}

/** The namespace and name a reference names (pointer segments unescaped), if it has the one form. */
export function parseComponentRef(ref: string): ComponentName | undefined {
  const match = REFERENCE.exec(ref);
  if (!match) return undefined;
  const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
  return { namespace: unescape(match[1]), name: unescape(match[2]) };
}

export function componentRefText(component: ComponentName): string {
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
  return `#/components/${escape(component.namespace)}/${escape(component.name)}`;
}

/** The component's member (`NAME: {…}` under `components.NAMESPACE`), if the root has it. */
export function componentOf(root: SyntaxNode, component: ComponentName): MemberNode | undefined {
  return propertyOf(memberOf(memberOf(root, 'components'), component.namespace), component.name);
}

export interface ReferenceAt {
  root: SyntaxNode;
  /** The `$componentRef` string value. */
  node: SyntaxNode;
  ref: string;
  component?: ComponentName;
}

/** The `$componentRef` string under the cursor. */
export function referenceAt(document: NavigationDocument, offset: number): ReferenceAt | undefined {
  const root = rootAt(document, offset);
  if (!root) return undefined;
  const path = pathTo(root, offset);
  const node = path[path.length - 1];
  const property = path[path.length - 2];
  if (node.type !== 'string' || property?.type !== 'property' || property.value !== node) return undefined;
  if (property.key.value !== '$componentRef' || isAliasCopy(node)) return undefined;
  const component = parseComponentRef(node.value);
  return component ? { root, node, ref: node.value, component } : { root, node, ref: node.value };
}

export interface ComponentAt {
  root: SyntaxNode;
  component: ComponentName;
  /** The component's key. */
  key: SyntaxNode;
  property: MemberNode;
}

/** The component whose key is under the cursor (`components.NAMESPACE.NAME`). */
export function componentKeyAt(document: NavigationDocument, offset: number): ComponentAt | undefined {
  const root = rootAt(document, offset);
  const components = root && propertyOf(root, 'components');
  if (!root || !components || !contains(components, offset)) return undefined;
  const path = pathTo(root, offset);
  // root, components property, components object, namespace property, namespace object, component property, its key
  const [, first, , namespace, , property, key] = path;
  if (first !== components || namespace?.type !== 'property' || property?.type !== 'property' || key !== property.key)
    return undefined;
  if (isAliasCopy(key) || !property.value) return undefined;
  return {
    root,
    component: { namespace: String(namespace.key.value), name: String(property.key.value) },
    key,
    property: property as MemberNode,
  };
}

/** Every `$componentRef` string of the root naming the component, in document order. */
export function referencesTo(root: SyntaxNode, component: ComponentName): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'property') {
      const value = node.value;
      if (node.key.value === '$componentRef' && value?.type === 'string' && !isAliasCopy(value)) {
        const named = parseComponentRef(value.value);
        if (named && named.namespace === component.namespace && named.name === component.name) found.push(value);
      }
      if (value) stack.push(value);
      continue;
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** Every component's name in the root, by namespace, in document order. */
export function componentNames(root: SyntaxNode): ComponentName[] {
  const names: ComponentName[] = [];
  const components = memberOf(root, 'components');
  if (components?.type !== 'object') return names;
  for (const namespace of components.properties) {
    if (namespace.value?.type !== 'object') continue;
    for (const member of namespace.value.properties) {
      names.push({ namespace: String(namespace.key.value), name: String(keyNodeOf(member)?.value) });
    }
  }
  return names;
}
