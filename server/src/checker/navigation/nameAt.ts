// The declaration name under the cursor, from either side: a key in `elicitations` or an elicitation
// step's `declaration` string. Definition, references, rename and hover all start here.
import type { SyntaxNode } from '../tree';
import { locate, type ToolAt } from './locate';
import { readToolSymbols, type ToolSymbols } from './toolSymbols';
import type { NavigationDocument } from './types';

export interface NameAt {
  name: string;
  /** The node under the cursor: the key or the step's string value. */
  node: SyntaxNode;
  side: 'declaration' | 'reference';
  toolAt: ToolAt;
  symbols: ToolSymbols;
}

export function nameAt(document: NavigationDocument, offset: number): NameAt | undefined {
  const location = locate(document, offset);
  if (!location) return undefined;
  if (location.kind === 'declaration-key') {
    const symbols = readToolSymbols(location.tool.node, location.tool.index);
    return { name: location.name, node: location.key, side: 'declaration', toolAt: location.tool, symbols };
  }
  const { value } = location;
  if (location.part !== 'value' || !value || value.type !== 'string' || typeof value.value !== 'string') return undefined;
  // Only what the checker reads is a reference: the effective member of an elicitation step.
  if (!location.isElicitation || !location.isEffective) return undefined;
  const symbols = readToolSymbols(location.tool.node, location.tool.index);
  return { name: value.value, node: value, side: 'reference', toolAt: location.tool, symbols };
}
