// Find references: every elicitation step of the tool that names the declaration (in every example),
// and, when asked for, the keys that declare it (a name declared twice has two).
import { definitionOf } from '../yaml/yamlTreeNode';
import type { SyntaxNode } from '../tree';
import { keysOf, referencesTo } from './toolSymbols';
import { nameAt } from './nameAt';
import type { NavigationDocument, OffsetRange } from './types';

export function referencesAt(document: NavigationDocument, offset: number, includeDeclaration: boolean): OffsetRange[] | undefined {
  const at = nameAt(document, offset);
  if (!at) return undefined;
  const nodes: SyntaxNode[] = referencesTo(at.symbols, at.name).map((step) => step.declarationNode!);
  // A key behind a YAML alias is declared where the anchor is.
  if (includeDeclaration) nodes.push(...keysOf(at.symbols, at.name).map(definitionOf));
  const seen = new Set<number>();
  return nodes
    .sort((a, b) => a.offset - b.offset)
    // A YAML alias copy carries the alias's range; two copies behind one alias are one place.
    .filter((node) => !seen.has(node.offset) && !!seen.add(node.offset))
    .map((node) => ({ offset: node.offset, length: node.length }));
}
