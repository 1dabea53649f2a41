// Go to definition: from a step's `declaration` string to the `name` value of the declaration it finds
// in the same tool object (the first element with that name). On a declaration's own `name` value,
// the definition is that value, a later duplicate's included (it is where that element is named).
import { definitionOf } from '../syntax/yaml/yamlTreeNode';
import { componentOf, referenceAt } from './componentLinks';
import { nameAt } from './nameAt';
import type { NavigationDocument, OffsetRange } from './types';

export function definitionAt(document: NavigationDocument, offset: number): OffsetRange | undefined {
  const at = nameAt(document, offset);
  if (!at) return componentDefinitionAt(document, offset);
  const nameNode = at.side === 'declaration' ? at.node : at.declaration?.nameNode;
  // Behind a YAML alias, the name is written where the anchor is.
  const written = nameNode && definitionOf(nameNode);
  return written ? { offset: written.offset, length: written.length } : undefined;
}

/** From a `$componentRef` string to the key of the component it names. */
function componentDefinitionAt(document: NavigationDocument, offset: number): OffsetRange | undefined {
  const reference = referenceAt(document, offset);
  const target = reference?.component && componentOf(reference.root, reference.component);
  const key = target && definitionOf(target.key);
  return key ? { offset: key.offset, length: key.length } : undefined;
}
