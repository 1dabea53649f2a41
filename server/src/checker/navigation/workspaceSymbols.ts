// What a file contributes to the editor's workspace symbols ("Go to Symbol in Workspace"): its tools,
// by name, and its components, by namespace and name, each where its name is written. Computed where
// the file is checked (an open document's check, or a closed file's in the check worker) and sent as
// plain data in LSP positions, so the server keeps names and positions only, never a tree. A file
// contributes at most a limit of symbols, so a generated 10 MB document costs what its limit costs.
import type { LineIndex } from '../syntax/lineIndex';
import { keyNodeOf, memberOf, stringOf, type SyntaxNode } from '../syntax/tree';
import { toolsArrayOf } from '../model/documentModel';
import type { Range } from '../types';
import type { NavigationDocument } from './types';

export const FILE_SYMBOL_LIMIT = 10_000;

export interface FileSymbol {
  name: string;
  kind: 'tool' | 'component';
  /** The server's `info.name` for a tool; `components.NAMESPACE` for a component. */
  containerName?: string;
  /** The name as written: a tool's `name` value, a component's key. */
  range: Range;
}

export function fileSymbols(
  document: NavigationDocument & { readonly lines: LineIndex },
  limit = FILE_SYMBOL_LIMIT,
): FileSymbol[] {
  const symbols: FileSymbol[] = [];
  const add = (name: string, kind: FileSymbol['kind'], node: SyntaxNode, containerName: string | undefined): boolean => {
    if (symbols.length >= limit) return false;
    const symbol: FileSymbol = {
      name: name.length > 0 ? name : '""',
      kind,
      range: document.lines.rangeOf(node.offset, node.length),
    };
    if (containerName !== undefined) symbol.containerName = containerName;
    symbols.push(symbol);
    return true;
  };
  for (const root of document.roots) {
    const server = stringOf(memberOf(memberOf(root, 'info'), 'name'));
    for (const tool of toolsArrayOf(root)?.items ?? []) {
      const nameNode = memberOf(tool, 'name');
      const name = stringOf(nameNode);
      if (name !== undefined && nameNode && !add(name, 'tool', nameNode, server)) return symbols;
    }
    const components = memberOf(root, 'components');
    if (components?.type !== 'object') continue;
    for (const namespace of components.properties) {
      if (namespace.value?.type !== 'object') continue;
      for (const component of namespace.value.properties) {
        const key = keyNodeOf(component)!;
        if (!add(String(key.value), 'component', key, `components.${String(namespace.key.value)}`)) return symbols;
      }
    }
  }
  return symbols;
}

/**
 * Whether `name` matches what was typed in the symbol picker: the query's characters in order, case
 * ignored (as editors match), every character when the query is empty.
 */
export function matchesSymbolQuery(name: string, query: string): boolean {
  const lowerName = name.toLowerCase();
  let from = 0;
  for (const character of query.toLowerCase()) {
    if (/\s/.test(character)) continue;
    const at = lowerName.indexOf(character, from);
    if (at < 0) return false;
    from = at + character.length;
  }
  return true;
}
