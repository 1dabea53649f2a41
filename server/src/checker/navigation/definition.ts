// Go to definition: from a step's `declaration` string to the key that declares that name in the same
// tool (the last of duplicate keys, as the checker reads it). On a key, the definition is that key.
import { definitionOf } from '../yaml/yamlTreeNode';
import { definitionKeyOf } from './toolSymbols';
import { nameAt } from './nameAt';
import type { NavigationDocument, OffsetRange } from './types';

export function definitionAt(document: NavigationDocument, offset: number): OffsetRange | undefined {
  const at = nameAt(document, offset);
  if (!at) return undefined;
  const found = definitionKeyOf(at.symbols, at.name);
  // Behind a YAML alias, the key is written where the anchor is.
  const key = found && definitionOf(found);
  return key ? { offset: key.offset, length: key.length } : undefined;
}
