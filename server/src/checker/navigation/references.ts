// Find references: every elicitation step of the tool object that names the declaration (in every
// example), and, when asked for, the `name` values that declare it: the declaration's and those of
// its later duplicates (they spell the same name in the same `elicitations`; rename edits them too).
import { definitionOf } from '../syntax/yaml/yamlTreeNode';
import type { SyntaxNode } from '../syntax/tree';
import { componentKeyAt, componentOf, referenceAt, referencesTo, type ComponentName } from './componentLinks';
import { nameAt, nameNodesOf, stepsNaming } from './nameAt';
import type { NavigationDocument, OffsetRange } from './types';

export function referencesAt(
  document: NavigationDocument,
  offset: number,
  includeDeclaration: boolean,
): OffsetRange[] | undefined {
  const at = nameAt(document, offset);
  if (!at) return componentReferencesAt(document, offset, includeDeclaration);
  const nodes: SyntaxNode[] = stepsNaming(at.tool, at.name).map((step) => step.declarationNode!);
  // A name behind a YAML alias is declared where the anchor is.
  if (includeDeclaration) for (const node of nameNodesOf(at.tool, at.name)) nodes.push(definitionOf(node));
  const seen = new Set<number>();
  return (
    nodes
      .sort((a, b) => a.offset - b.offset)
      // A YAML alias copy carries the alias's range; two copies behind one alias are one place.
      .filter((node) => !seen.has(node.offset) && !!seen.add(node.offset))
      .map((node) => ({ offset: node.offset, length: node.length }))
  );
}

/** On a `$componentRef` or a component's key: every reference naming the component, and its key when asked. */
function componentReferencesAt(
  document: NavigationDocument,
  offset: number,
  includeDeclaration: boolean,
): OffsetRange[] | undefined {
  const found = componentUnder(document, offset);
  if (!found) return undefined;
  const nodes = referencesTo(found.root, found.component);
  const key = componentOf(found.root, found.component)?.key;
  if (includeDeclaration && key) nodes.unshift(definitionOf(key));
  return nodes.sort((a, b) => a.offset - b.offset).map((node) => ({ offset: node.offset, length: node.length }));
}

export function componentUnder(
  document: NavigationDocument,
  offset: number,
): { root: SyntaxNode; component: ComponentName } | undefined {
  const key = componentKeyAt(document, offset);
  if (key) return key;
  const reference = referenceAt(document, offset);
  return reference?.component ? { root: reference.root, component: reference.component } : undefined;
}
